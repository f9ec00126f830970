import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitFor } from '../../activities/testing/fixtures';
import { workflowIds } from '../../domain/workflows';
import { startAppWithWorker, type AppWithWorker } from '../test-support/app-with-worker';
import { seedSchool, seedUser, sessionCookie, type SeededUser } from '../test-support/seed-school';
import { academicStartYear, testToday } from '../../scripts/test-harness/test-clock';

/** The current academic year is the one holding today; rollovers go to the next one. */
const thisYear = academicStartYear(testToday());

/**
 * The roster-rollover workflow driven through the API on the real Temporal server and PostgreSQL: rollover,
 * marking a graduate, adding a newcomer, submit, request changes, resubmit, approve with invitations, and change
 * requests after completion approved and denied in bulk; plus who may see and act (a coach of another team, or
 * another school, gets 404).
 */
let t: AppWithWorker;
let schoolId: string;
let teamA: string;
let teamB: string;
let currentYear: string;
let nextYear: string;
let yearAfter: string;
let admin: SeededUser;
let coachA: SeededUser;
let coachB: SeededUser;
let outsider: SeededUser;
const athletes: SeededUser[] = [];
let spare: SeededUser;
const cookies = new Map<string, string>();

async function call(user: SeededUser, method: 'GET' | 'POST', url: string, payload?: unknown) {
  const res = await t.app.inject({
    method,
    url: `/api/v1${url}`,
    headers: { cookie: cookies.get(user.id)! },
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
  return { status: res.statusCode, body: res.json() };
}

beforeAll(async () => {
  t = await startAppWithWorker('rosters');
  const db = t.database.db;
  schoolId = (await seedSchool(db)).id;
  const team = (name: string) =>
    db
      .insertInto('sport_teams')
      .values({ school_id: schoolId, name, sport: name })
      .returning('id')
      .executeTakeFirstOrThrow()
      .then((r) => r.id);
  teamA = await team('Soccer');
  teamB = await team('Tennis');
  const year = async (start: number, current: boolean, terms: boolean) => {
    const id = (
      await db
        .insertInto('academic_years')
        .values({ school_id: schoolId, start_year: start, end_year: start + 1, is_current: current })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
    if (terms) {
      await db
        .insertInto('academic_terms')
        .values({
          school_id: schoolId,
          academic_year_id: id,
          term: 'FALL',
          start_date: `${start}-08-20`,
          end_date: `${start}-12-15`,
          vacations: JSON.stringify([]),
        })
        .execute();
    }
    return id;
  };
  currentYear = await year(thisYear, true, true);
  nextYear = await year(thisYear + 1, false, true);
  yearAfter = await year(thisYear + 2, false, false);
  admin = await seedUser(db, schoolId, { roles: [{ role: 'SCHOOL_ADMIN', compliance: true }] });
  coachA = await seedUser(db, schoolId, { roles: [{ role: 'COACH', titleGroup: 'HEAD_COACH' }], sportTeamId: teamA });
  coachB = await seedUser(db, schoolId, { roles: [{ role: 'COACH', titleGroup: 'HEAD_COACH' }], sportTeamId: teamB });
  for (let i = 0; i < 3; i++) {
    athletes.push(await seedUser(db, schoolId, { roles: [{ role: 'STUDENT_ATHLETE' }], sportTeamId: teamA }));
  }
  spare = await seedUser(db, schoolId, { roles: [{ role: 'STUDENT_ATHLETE' }], sportTeamId: teamB });
  outsider = await seedUser(db, (await seedSchool(db)).id);
  // Last year's declared roster of team A.
  const roster = await db
    .insertInto('rosters')
    .values({ school_id: schoolId, sport_team_id: teamA, academic_year_id: currentYear, rollover_status: 'COMPLETED' })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('roster_entries')
    .values(athletes.map((a) => ({ school_id: schoolId, roster_id: roster.id, athlete_user_id: a.id })))
    .execute();
  for (const u of [admin, coachA, coachB, outsider]) cookies.set(u.id, await sessionCookie(db, u));
}, 120_000);

afterAll(async () => {
  await t?.close();
});

const path = (y = nextYear) => `/rosters/${teamA}/${y}`;

describe('roster rollover', () => {
  it('hides a team from a coach of another team and from another school, and needs a configured year', async () => {
    expect((await call(coachB, 'GET', path())).status).toBe(404);
    expect((await call(coachB, 'POST', `${path()}/rollover`)).status).toBe(404);
    expect((await call(outsider, 'GET', path())).status).toBe(404);
    const noTerms = await call(coachA, 'POST', `${path(yearAfter)}/rollover`);
    expect(noTerms.status).toBe(409);
    expect(noTerms.body.error.code).toBe('ACADEMIC_TERM_NOT_CONFIGURED');
    const list = await call(coachB, 'GET', `/rosters?academicYearId=${nextYear}`);
    expect(list.body.teams.map((r: { teamId: string }) => r.teamId)).toEqual([teamB]);
  });

  it('runs rollover, submit, request changes, resubmit and approval with invitations', async () => {
    const started = await call(coachA, 'POST', `${path()}/rollover`);
    expect(started.status).toBe(200);
    const rolled = await waitFor(async () => {
      const r = await call(coachA, 'GET', path());
      return r.body.entries.length === 3 ? r.body : undefined;
    }, 30_000);
    expect(rolled.rolloverStatus).toBe('NOT_STARTED');
    expect(rolled.sourceYearLabel).toBe(`${thisYear}-${thisYear + 1}`);
    const db = t.database.db;
    const coachTask = await waitFor(() =>
      db
        .selectFrom('tasks')
        .selectAll()
        .where('assignee_user_id', '=', coachA.id)
        .where('status', '=', 'OPEN')
        .where('module', '=', 'roster-rollover')
        .executeTakeFirst(),
    );
    expect(coachTask.url).toBe(`/individualRoster/${teamA}/${nextYear}`);

    // The admin cannot decide before the coach has submitted.
    const early = await call(admin, 'POST', `${path()}/review`, { decision: 'APPROVE' });
    expect(early.body.error.code).toBe('ROSTER_NOT_EDITABLE');

    const graduated = await call(coachA, 'POST', `${path()}/statuses`, {
      athleteUserIds: [athletes[0]!.id],
      athleteStatus: 'GRADUATED',
    });
    expect(graduated.status).toBe(200);
    expect(
      graduated.body.entries.find((e: { athleteUserId: string }) => e.athleteUserId === athletes[0]!.id).athleteStatus,
    ).toBe('GRADUATED');
    const added = await call(coachA, 'POST', `${path()}/athletes`, {
      newAthlete: { email: 'newcomer-roster@test.example', firstName: 'Nia', lastName: 'Newcomer' },
    });
    expect(added.status).toBe(200);
    const newcomer = added.body.entries.find((e: { isNew: boolean }) => e.isNew);
    expect(newcomer.name).toBe('Nia Newcomer');
    expect(newcomer.accountStatus).toBe('NOT_INVITED');

    expect((await call(coachA, 'POST', `${path()}/submit`)).body.rolloverStatus).toBe('READY_FOR_REVIEW');
    const locked = await call(coachA, 'POST', `${path()}/statuses`, {
      athleteUserIds: [athletes[1]!.id],
      rosterStatus: 'UNOFFICIAL',
    });
    expect(locked.status).toBe(409);
    expect(locked.body.error.code).toBe('ROSTER_NOT_EDITABLE');
    expect((await call(coachA, 'POST', `${path()}/review`, { decision: 'APPROVE' })).status).toBe(403);

    const noComment = await call(admin, 'POST', `${path()}/review`, { decision: 'REQUEST_CHANGES' });
    expect(noComment.body.error.code).toBe('ROSTER_COMMENT_REQUIRED');
    const sentBack = await call(admin, 'POST', `${path()}/review`, {
      decision: 'REQUEST_CHANGES',
      comment: 'Mark the third athlete unofficial.',
    });
    expect(sentBack.body.rolloverStatus).toBe('NOT_STARTED');
    expect(sentBack.body.reviewComment).toBe('Mark the third athlete unofficial.');

    await call(coachA, 'POST', `${path()}/statuses`, { athleteUserIds: [athletes[2]!.id], rosterStatus: 'UNOFFICIAL' });
    expect((await call(coachA, 'POST', `${path()}/submit`)).body.rolloverStatus).toBe('READY_FOR_REVIEW');
    const approved = await call(admin, 'POST', `${path()}/review`, { decision: 'APPROVE', inviteNewAthletes: true });
    expect(approved.body.rolloverStatus).toBe('COMPLETED');
    const twice = await call(admin, 'POST', `${path()}/review`, { decision: 'APPROVE', inviteNewAthletes: true });
    expect(twice.body.error.code).toBe('ALREADY_DECIDED');

    const mails = await waitFor(async () => {
      const rows = await db
        .selectFrom('outbox')
        .select('id')
        .where('to_address', '=', 'newcomer-roster@test.example')
        .execute();
      return rows.length > 0 ? rows : undefined;
    }, 30_000);
    expect(mails).toHaveLength(1);
    // Only the newcomer is invited; the returning athletes are not.
    const invited = await db.selectFrom('invitations').select('user_id').where('school_id', '=', schoolId).execute();
    expect(invited.map((r) => r.user_id)).toEqual([newcomer.athleteUserId]);
    const openTasks = await db
      .selectFrom('tasks')
      .select('id')
      .where('workflow_id', '=', `roster-rollover:${teamA}:${nextYear}`)
      .where('status', '=', 'OPEN')
      .execute();
    expect(openTasks).toHaveLength(0);
  }, 120_000);

  it('takes change requests after completion and decides them in bulk', async () => {
    const status = await call(coachA, 'POST', `${path()}/change-requests`, {
      kind: 'STATUS_CHANGE',
      athleteUserId: athletes[1]!.id,
      athleteStatus: 'REDSHIRT',
    });
    expect(status.status).toBe(200);
    await call(coachA, 'POST', `${path()}/change-requests`, {
      kind: 'REMOVE',
      athleteUserId: athletes[2]!.id,
      athleteStatus: 'QUIT_TEAM',
    });
    const add = await call(coachA, 'POST', `${path()}/change-requests`, { kind: 'ADD', athleteUserId: spare.id });
    expect(add.body.changeRequests).toHaveLength(3);
    const dup = await call(coachA, 'POST', `${path()}/change-requests`, {
      kind: 'ADD',
      athleteUserId: athletes[1]!.id,
    });
    expect(dup.body.error.code).toBe('ROSTER_ATHLETE_ON_ROSTER');
    expect(
      (
        await call(coachA, 'POST', `${path()}/change-requests/decide`, {
          requestIds: [add.body.changeRequests[0].id],
          decision: 'APPROVE',
        })
      ).status,
    ).toBe(403);

    const byKind = (kind: string) => add.body.changeRequests.find((c: { kind: string }) => c.kind === kind).id;
    const approved = await call(admin, 'POST', `${path()}/change-requests/decide`, {
      requestIds: [byKind('STATUS_CHANGE'), byKind('REMOVE')],
      decision: 'APPROVE',
    });
    expect(approved.status).toBe(200);
    const denied = await call(admin, 'POST', `${path()}/change-requests/decide`, {
      requestIds: [byKind('ADD')],
      decision: 'DENY',
      comment: 'Not this season.',
    });
    const entry = (id: string) => denied.body.entries.find((e: { athleteUserId: string }) => e.athleteUserId === id);
    expect(entry(athletes[1]!.id).athleteStatus).toBe('REDSHIRT');
    expect(entry(athletes[2]!.id).athleteStatus).toBe('QUIT_TEAM');
    expect(entry(spare.id)).toBeUndefined();
    expect(denied.body.changeRequests.map((c: { status: string }) => c.status).sort()).toEqual([
      'APPROVED',
      'APPROVED',
      'DENIED',
    ]);
    const again = await call(admin, 'POST', `${path()}/change-requests/decide`, {
      requestIds: [byKind('ADD')],
      decision: 'APPROVE',
    });
    expect(again.body.error.code).toBe('ROSTER_NO_PENDING_REQUESTS');
    const list = await call(admin, 'GET', `/rosters?academicYearId=${nextYear}`);
    const soccer = list.body.teams.find((r: { teamId: string }) => r.teamId === teamA);
    expect(soccer).toMatchObject({ rolloverStatus: 'COMPLETED', official: 2, unofficial: 0, pendingRequests: 0 });
  }, 120_000);

  it('invites an athlete without an account once an admin approves adding them', async () => {
    const db = t.database.db;
    const latecomer = await seedUser(db, schoolId, {
      roles: [{ role: 'STUDENT_ATHLETE' }],
      status: 'NOT_INVITED',
      password: null,
    });
    const invited = await seedUser(db, schoolId, { roles: [{ role: 'STUDENT_ATHLETE' }] });
    for (const athlete of [latecomer, invited]) {
      expect(
        (await call(coachA, 'POST', `${path()}/change-requests`, { kind: 'ADD', athleteUserId: athlete.id })).status,
      ).toBe(200);
    }
    const pending = (await call(admin, 'GET', path())).body.changeRequests.filter(
      (c: { status: string }) => c.status === 'PENDING',
    );
    expect(pending).toHaveLength(2);
    const approved = await call(admin, 'POST', `${path()}/change-requests/decide`, {
      requestIds: pending.map((c: { id: string }) => c.id),
      decision: 'APPROVE',
    });
    expect(approved.status).toBe(200);
    const invitation = await waitFor(
      () =>
        db
          .selectFrom('invitations')
          .select(['id', 'batch_id', 'status'])
          .where('user_id', '=', latecomer.id)
          .executeTakeFirst(),
      20_000,
    );
    expect(invitation.batch_id).toMatch(/^roster:/);
    const batch = await t.temporal.workflow.getHandle(workflowIds.invitationBatch(invitation.batch_id!)).result();
    expect(batch).toEqual({ total: 1, started: 1, finished: true });
    const mail = await waitFor(
      () =>
        db
          .selectFrom('outbox')
          .select('to_address')
          .where('to_address', '=', latecomer.email)
          .execute()
          .then((rows) => (rows.length ? rows : undefined)),
      20_000,
    );
    expect(mail).toHaveLength(1);
    const user = await db.selectFrom('users').select('status').where('id', '=', latecomer.id).executeTakeFirstOrThrow();
    expect(user.status).toBe('INVITED');
    // An athlete who already has an account is added without a new invitation.
    const none = await db.selectFrom('invitations').select('id').where('user_id', '=', invited.id).execute();
    expect(none).toHaveLength(0);
    const entry = await db
      .selectFrom('roster_entries')
      .select('invitation_id')
      .where('athlete_user_id', '=', latecomer.id)
      .executeTakeFirstOrThrow();
    expect(entry.invitation_id).toBe(invitation.id);
  }, 120_000);

  it('decides change requests on a roster declared before it had a process, in the process the decision starts', async () => {
    // Last year's roster was declared with no process; a pending request is on it. Deciding starts the process and
    // sends the Update at once, so the Update comes with the run's first workflow task, before the run has read the
    // roster: it must wait for that read rather than be refused for want of pending requests.
    const db = t.database.db;
    const roster = await db
      .selectFrom('rosters')
      .select('id')
      .where('sport_team_id', '=', teamA)
      .where('academic_year_id', '=', currentYear)
      .executeTakeFirstOrThrow();
    const request = await db
      .insertInto('roster_change_requests')
      .values({
        school_id: schoolId,
        roster_id: roster.id,
        kind: 'STATUS_CHANGE',
        athlete_user_id: athletes[0]!.id,
        athlete_status: 'REDSHIRT',
        roster_status: null,
        requested_by: coachA.id,
        comment: null,
        idempotency_key: `seeded-${roster.id}`,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const decided = await call(admin, 'POST', `${path(currentYear)}/change-requests/decide`, {
      requestIds: [request.id],
      decision: 'APPROVE',
    });
    expect(decided.status, JSON.stringify(decided.body)).toBe(200);
    expect(decided.body.changeRequests.map((c: { status: string }) => c.status)).toEqual(['APPROVED']);
    const entry = decided.body.entries.find((e: { athleteUserId: string }) => e.athleteUserId === athletes[0]!.id);
    expect(entry.athleteStatus).toBe('REDSHIRT');
  }, 120_000);
});
