import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitFor } from '../../activities/testing/fixtures';
import { ensureCaraLogWorkflow } from '../cara/cara-logs.service';
import { startAppWithWorker, type AppWithWorker } from '../test-support/app-with-worker';
import { seedSchool, seedUser, sessionCookie, type SeededUser } from '../test-support/seed-school';
import { academicStartYear, addDays, mondayOfWeek } from '../../scripts/test-harness/test-clock';

/**
 * The live graphs of a roster rollover and a CARA log, started and moved on through the real workflows: the
 * operator console's detail and the record's own graph route read where each stands (who it waits on, who did the
 * last step, how often it was sent back) from PostgreSQL, and another school never sees them.
 */
let t: AppWithWorker;
let schoolId: string;
let team: string;
let currentYear: string;
let nextYear: string;

/**
 * The CARA log's week is last week (ended, so its log can be generated), inside an in-season segment of twelve weeks
 * and a term around it; the current academic year is the one the segment starts in, the rollover goes to the next.
 */
const logWeek = mondayOfWeek(-1);
const segmentStart = addDays(logWeek, -84);
const thisYear = academicStartYear(segmentStart);
let operator: SeededUser;
let admin: SeededUser;
let coach: SeededUser;
let outsider: SeededUser;
const cookies = new Map<string, string>();

interface Graph {
  kind: string;
  status: string;
  waitingOn: string[];
  submittedBy: string | null;
  decidedBy: string | null;
  decision: string | null;
  loopsTaken: number;
  followUp: string;
  survey: { open: boolean; athletes: number; answered: number; disputed: number } | null;
}

async function call(user: SeededUser, method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown) {
  const res = await t.app.inject({
    method,
    url: `/api/v1${url}`,
    headers: { cookie: cookies.get(user.id)!, origin: t.config.publicUrl },
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
  return { status: res.statusCode, body: res.json() };
}

async function consoleGraph(workflowId: string): Promise<{ graph: Graph; recordPath: string | null }> {
  const res = await call(operator, 'GET', `/operator-console/workflows/${encodeURIComponent(workflowId)}`);
  expect(res.status).toBe(200);
  return { graph: res.body.graph as Graph, recordPath: res.body.recordPath as string | null };
}

beforeAll(async () => {
  t = await startAppWithWorker('process-graphs');
  const db = t.database.db;
  const provider = await seedSchool(db, { kind: 'PROVIDER' });
  operator = await seedUser(db, provider.id, { roles: [{ role: 'OPERATOR' }] });
  schoolId = (await seedSchool(db)).id;
  team = (
    await db
      .insertInto('sport_teams')
      .values({ school_id: schoolId, name: 'Soccer', sport: 'Soccer' })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
  const year = async (
    start: number,
    current: boolean,
    term = { start: `${start}-08-20`, end: `${start}-12-18`, finals: `${start}-12-14` },
  ) => {
    const id = (
      await db
        .insertInto('academic_years')
        .values({ school_id: schoolId, start_year: start, end_year: start + 1, is_current: current })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
    await db
      .insertInto('academic_terms')
      .values({
        school_id: schoolId,
        academic_year_id: id,
        term: 'FALL',
        start_date: term.start,
        end_date: term.end,
        finals_start_date: term.finals,
        vacations: JSON.stringify([]),
      })
      .execute();
    return id;
  };
  currentYear = await year(thisYear, true, {
    start: addDays(segmentStart, -4),
    end: addDays(logWeek, 25),
    finals: addDays(logWeek, 21),
  });
  nextYear = await year(thisYear + 1, false);
  admin = await seedUser(db, schoolId, { roles: [{ role: 'SCHOOL_ADMIN', compliance: true }], firstName: 'Dana' });
  coach = await seedUser(db, schoolId, {
    roles: [{ role: 'COACH', titleGroup: 'HEAD_COACH' }],
    sportTeamId: team,
    firstName: 'Casey',
  });
  const athletes: SeededUser[] = [];
  for (let i = 0; i < 2; i++)
    athletes.push(await seedUser(db, schoolId, { roles: [{ role: 'STUDENT_ATHLETE' }], sportTeamId: team }));
  outsider = await seedUser(db, (await seedSchool(db)).id, { roles: [{ role: 'SCHOOL_ADMIN', compliance: true }] });
  for (const u of [operator, admin, coach, outsider]) cookies.set(u.id, await sessionCookie(db, u));
  const lastYear = await db
    .insertInto('rosters')
    .values({ school_id: schoolId, sport_team_id: team, academic_year_id: currentYear, rollover_status: 'COMPLETED' })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('roster_entries')
    .values(athletes.map((a) => ({ school_id: schoolId, roster_id: lastYear.id, athlete_user_id: a.id })))
    .execute();
}, 120_000);

afterAll(async () => {
  await t?.close();
});

describe('live graph of a roster rollover', () => {
  it('follows the roster from the coach to the admin, back along the loop, and to approval', async () => {
    const path = `/rosters/${team}/${nextYear}`;
    const workflowId = `roster-rollover:${team}:${nextYear}`;
    expect((await call(coach, 'POST', `${path}/rollover`)).status).toBe(200);
    await waitFor(async () => ((await call(coach, 'GET', path)).body.entries.length === 2 ? true : undefined), 30_000);

    const declaring = await consoleGraph(workflowId);
    expect(declaring.recordPath).toBe(`/individualRoster/${team}/${nextYear}`);
    expect(declaring.graph).toMatchObject({
      kind: 'roster-rollover',
      status: 'NOT_STARTED',
      waitingOn: [expect.stringMatching(/^Casey /)],
      decision: null,
      loopsTaken: 0,
      followUp: 'PENDING',
    });

    expect((await call(coach, 'POST', `${path}/submit`)).body.rolloverStatus).toBe('READY_FOR_REVIEW');
    expect((await consoleGraph(workflowId)).graph).toMatchObject({
      status: 'READY_FOR_REVIEW',
      waitingOn: ['SCHOOL_ADMIN'],
      submittedBy: expect.stringMatching(/^Casey /),
    });

    const sentBack = await call(admin, 'POST', `${path}/review`, { decision: 'REQUEST_CHANGES', comment: 'Fix one.' });
    expect(sentBack.body.rolloverStatus).toBe('NOT_STARTED');
    const back = await consoleGraph(workflowId);
    expect(back.graph).toMatchObject({
      status: 'NOT_STARTED',
      decision: 'SENT_BACK',
      decidedBy: expect.stringMatching(/^Dana /),
      loopsTaken: 1,
      waitingOn: [expect.stringMatching(/^Casey /)],
    });
    // The roster's own page reads the same graph, for the team's coach; another school's admin gets 404.
    const own = await call(coach, 'GET', `${path}/graph`);
    expect(own.status).toBe(200);
    expect(own.body.graph).toEqual(back.graph);
    expect((await call(outsider, 'GET', `${path}/graph`)).status).toBe(404);

    await call(coach, 'POST', `${path}/submit`);
    const approved = await call(admin, 'POST', `${path}/review`, { decision: 'APPROVE', inviteNewAthletes: false });
    expect(approved.body.rolloverStatus).toBe('COMPLETED');
    expect((await consoleGraph(workflowId)).graph).toMatchObject({
      status: 'COMPLETED',
      decision: 'APPROVED',
      loopsTaken: 1,
      waitingOn: [],
      followUp: 'SKIPPED',
    });
  }, 90_000);
});

describe('live graph of a CARA log', () => {
  it('shows the log waiting on its submitter with the survey open, then rejected back to the coach', async () => {
    const db = t.database.db;
    await db
      .insertInto('sport_segments')
      .values({
        school_id: schoolId,
        sport_team_id: team,
        academic_year_id: currentYear,
        season_type: 'IN_SEASON',
        segment_type: 'CHAMPIONSHIP',
        start_date: segmentStart,
        end_date: addDays(logWeek, 20),
        start_day_of_week: 'MONDAY',
      })
      .execute();
    for (const d of [logWeek, addDays(logWeek, 1)])
      await db
        .insertInto('calendar_events')
        .values({
          school_id: schoolId,
          sport_team_id: team,
          name: `Practice ${d}`,
          category: 'CARA',
          cara_category: 'PRACTICE',
          attendee_team_ids: [team],
          attendee_user_ids: [],
          time_zone: 'America/Chicago',
          starts_at: new Date(`${d}T13:00:00-06:00`),
          ends_at: new Date(`${d}T16:00:00-06:00`),
          status: 'APPROVED',
        })
        .execute();
    const settings = await call(admin, 'PUT', `/cara/teams/${team}/settings`, {
      loggingEnabled: true,
      frequency: 'WEEKLY',
      dueDays: 3,
      reminderDays: 1,
      submitterIds: [coach.id],
      viewerIds: [],
      reviewerIds: [admin.id],
      surveyEnabled: true,
      surveyExpiryDays: 7,
    });
    expect(settings.status).toBe(200);
    const now = Date.now();
    const at = (ms: number) => new Date(now + ms).toISOString();
    const started = await ensureCaraLogWorkflow(t.app.deps, t.temporal, schoolId, team, addDays(logWeek, 2), {
      generateAt: at(300),
      remindAt: null,
      dueAt: at(3_600_000),
      surveyExpiresAt: at(3_600_000),
    });
    const log = await waitFor(() =>
      db
        .selectFrom('cara_logs')
        .select('id')
        .where('workflow_id', '=', started.workflowId)
        .where('status', '=', 'READY')
        .executeTakeFirst(),
    );

    const ready = await consoleGraph(started.workflowId);
    expect(ready.recordPath).toBe(`/cara/details/${log.id}`);
    expect(ready.graph).toMatchObject({
      kind: 'cara-log',
      status: 'READY',
      waitingOn: [expect.stringMatching(/^Casey /)],
      loopsTaken: 0,
      survey: { open: true, athletes: 2, answered: 0, disputed: 0 },
    });

    expect((await call(coach, 'POST', `/cara/logs/${log.id}/submit`, {})).body.status).toBe('SUBMITTED');
    expect((await consoleGraph(started.workflowId)).graph).toMatchObject({
      status: 'SUBMITTED',
      submittedBy: expect.stringMatching(/^Casey /),
      waitingOn: [expect.stringMatching(/^Dana /)],
    });
    const rejected = await call(admin, 'POST', `/cara/logs/${log.id}/review`, { decision: 'REJECT', notes: 'Fix it.' });
    expect(rejected.body.status).toBe('REJECTED');
    const back = await consoleGraph(started.workflowId);
    expect(back.graph).toMatchObject({
      status: 'REJECTED',
      decision: 'REJECTED',
      decidedBy: expect.stringMatching(/^Dana /),
      loopsTaken: 1,
      waitingOn: [expect.stringMatching(/^Casey /)],
    });
    const own = await call(coach, 'GET', `/cara/logs/${log.id}/graph`);
    expect(own.status).toBe(200);
    expect(own.body.graph).toEqual(back.graph);
    expect((await call(outsider, 'GET', `/cara/logs/${log.id}/graph`)).status).toBe(404);
  }, 90_000);
});
