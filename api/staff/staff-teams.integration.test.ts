import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitFor } from '../../activities/testing/fixtures';
import { startAppWithWorker, type AppWithWorker } from '../test-support/app-with-worker';
import { seedSchool, seedUser, sessionCookie, type SeededUser } from '../test-support/seed-school';
import { coachTeamIds, listTeamCoaches } from './staff-teams.repository';
import { academicStartYear, addDays, mondayOfWeek } from '../../scripts/test-harness/test-clock';

/** Each team's practice is on this week's Wednesday, in this week's CARA log, due the Wednesday after. */
const logWeek = mondayOfWeek(0);

/**
 * Issue 15: a coach may be on the staff of several teams. An admin gives a coach teams A and B through the staff
 * API (audited); the coach then sees athletes, rosters, calendar events and CARA logs of both and nothing of team C;
 * a roster's declaration task goes to every coach of the team, the one who coaches it as a second team included;
 * and a team of another school cannot be given.
 */
let t: AppWithWorker;
let schoolId: string;
let teamA: string;
let teamB: string;
let teamC: string;
let foreignTeam: string;
let year: string;
let admin: SeededUser;
let coach: SeededUser;
let coachB: SeededUser;
const athleteOf = new Map<string, SeededUser>();
const cookies = new Map<string, string>();

async function call(user: SeededUser, method: 'GET' | 'POST' | 'PATCH', url: string, payload?: unknown) {
  const res = await t.app.inject({
    method,
    url: `/api/v1${url}`,
    headers: { cookie: cookies.get(user.id)! },
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
  return { status: res.statusCode, body: res.json() };
}

beforeAll(async () => {
  t = await startAppWithWorker('coach-teams');
  const db = t.database.db;
  schoolId = (await seedSchool(db)).id;
  const otherSchool = (await seedSchool(db)).id;
  const team = (school: string, name: string) =>
    db
      .insertInto('sport_teams')
      .values({ school_id: school, name, sport: name })
      .returning('id')
      .executeTakeFirstOrThrow()
      .then((r) => r.id);
  teamA = await team(schoolId, 'Alpha Soccer');
  teamB = await team(schoolId, 'Bravo Tennis');
  teamC = await team(schoolId, 'Charlie Golf');
  foreignTeam = await team(otherSchool, 'Elsewhere Rugby');
  year = (
    await db
      .insertInto('academic_years')
      .values({
        school_id: schoolId,
        start_year: academicStartYear(logWeek),
        end_year: academicStartYear(logWeek) + 1,
        is_current: false,
      })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
  await db
    .insertInto('academic_terms')
    .values({
      school_id: schoolId,
      academic_year_id: year,
      term: 'FALL',
      start_date: addDays(logWeek, -10),
      end_date: addDays(logWeek, 107),
      vacations: JSON.stringify([]),
    })
    .execute();
  admin = await seedUser(db, schoolId, { roles: [{ role: 'SCHOOL_ADMIN', compliance: true }] });
  // The coach starts with team A only (their primary team); coach B is team B's head coach.
  coach = await seedUser(db, schoolId, { roles: [{ role: 'COACH', titleGroup: 'HEAD_COACH' }], sportTeamId: teamA });
  coachB = await seedUser(db, schoolId, { roles: [{ role: 'COACH', titleGroup: 'HEAD_COACH' }], sportTeamId: teamB });
  for (const id of [teamA, teamB, teamC]) {
    athleteOf.set(id, await seedUser(db, schoolId, { roles: [{ role: 'STUDENT_ATHLETE' }], sportTeamId: id }));
  }
  const now = new Date(`${addDays(logWeek, 2)}T15:00:00Z`);
  for (const id of [teamA, teamB, teamC]) {
    await db
      .insertInto('calendar_events')
      .values({
        school_id: schoolId,
        sport_team_id: id,
        name: `Practice ${id}`,
        category: 'CARA',
        cara_category: 'PRACTICE',
        attendee_team_ids: [id],
        time_zone: 'America/Chicago',
        starts_at: now,
        ends_at: new Date(now.getTime() + 3_600_000),
        exdates: JSON.stringify([]),
        status: 'APPROVED',
      })
      .execute();
    await db
      .insertInto('cara_logs')
      .values({
        school_id: schoolId,
        sport_team_id: id,
        academic_year_id: year,
        period_start: logWeek,
        period_end: addDays(logWeek, 6),
        due_at: new Date(`${addDays(logWeek, 9)}T00:00:00Z`),
        workflow_id: `cara-log-test:${id}`,
        snapshot: JSON.stringify({}),
      })
      .execute();
  }
  for (const u of [admin, coach, coachB]) cookies.set(u.id, await sessionCookie(db, u));
}, 120_000);

afterAll(async () => {
  await t?.close();
});

describe("a coach's teams", () => {
  it('copies the primary team into staff_teams when the profile is made', async () => {
    expect(await coachTeamIds(t.database.db, schoolId, coach.id)).toEqual([teamA]);
  });

  it('refuses a team of another school, or one team twice, in the spec wording', async () => {
    const foreign = await call(admin, 'PATCH', `/staff/${coach.id}`, {
      teams: [{ sportTeamId: teamA }, { sportTeamId: foreignTeam }],
    });
    expect(foreign.status).toBe(400);
    expect(foreign.body.error).toMatchObject({
      code: 'VALIDATION_FAILED',
      message: 'Some fields are missing or invalid.',
      details: [{ field: 'teams', message: 'Unknown sport team.' }],
    });
    const twice = await call(admin, 'PATCH', `/staff/${coach.id}`, {
      teams: [{ sportTeamId: teamA }, { sportTeamId: teamA }],
    });
    expect(twice.status).toBe(400);
    expect(twice.body.error.details).toEqual([{ field: 'teams', message: 'Each team can be chosen once.' }]);
    const primaryElsewhere = await call(admin, 'PATCH', `/staff/${coach.id}`, {
      sportTeamId: foreignTeam,
    });
    expect(primaryElsewhere.status).toBe(400);
    // Nothing changed, and a coach cannot change staff at all.
    expect(await coachTeamIds(t.database.db, schoolId, coach.id)).toEqual([teamA]);
    expect((await call(coach, 'PATCH', `/staff/${coach.id}`, { teams: [] })).status).toBe(403);
  });

  it('lets an admin give the coach teams A and B with a title on each, audited, shown in the staff list', async () => {
    const saved = await call(admin, 'PATCH', `/staff/${coach.id}`, {
      teams: [
        { sportTeamId: teamA, titleGroup: 'HEAD_COACH' },
        { sportTeamId: teamB, titleGroup: 'ASSISTANT_COACH' },
      ],
    });
    expect(saved.status).toBe(200);
    expect(saved.body.sportTeamId).toBe(teamA);
    expect(saved.body.teams).toEqual([
      { id: teamA, name: 'Alpha Soccer', titleGroup: 'HEAD_COACH' },
      { id: teamB, name: 'Bravo Tennis', titleGroup: 'ASSISTANT_COACH' },
    ]);
    const byTeam = await call(admin, 'GET', `/staff?teamId=${teamB}`);
    expect(byTeam.body.items.map((s: { id: string }) => s.id).sort()).toEqual([coach.id, coachB.id].sort());
    const audit = await t.database.db
      .selectFrom('audit_events')
      .select(['action', 'actor_user_id', 'details'])
      .where('school_id', '=', schoolId)
      .where('target_id', '=', coach.id)
      .where('action', 'like', 'staff.%')
      .execute();
    expect(audit).toEqual([
      {
        action: 'staff.team_assigned',
        actor_user_id: admin.id,
        details: { sportTeamId: teamB, teamName: 'Bravo Tennis', titleGroup: 'ASSISTANT_COACH' },
      },
    ]);
  });

  it('shows the coach the athletes, rosters, calendar and CARA logs of A and B and nothing of C', async () => {
    const athletes = await call(coach, 'GET', '/athletes?limit=100');
    expect(athletes.status).toBe(200);
    expect(athletes.body.items.map((a: { id: string }) => a.id).sort()).toEqual(
      [athleteOf.get(teamA)!.id, athleteOf.get(teamB)!.id].sort(),
    );
    expect((await call(coach, 'GET', `/athletes/${athleteOf.get(teamC)!.id}`)).status).toBe(404);

    const rosters = await call(coach, 'GET', `/rosters?academicYearId=${year}`);
    expect(rosters.body.teams.map((r: { teamId: string }) => r.teamId).sort()).toEqual([teamA, teamB].sort());
    expect((await call(coach, 'GET', `/rosters/${teamC}/${year}`)).status).toBe(404);

    const teams = await call(coach, 'GET', '/calendar/teams');
    expect(teams.body.items.map((x: { id: string }) => x.id).sort()).toEqual([teamA, teamB].sort());
    // The primary team is marked, so forms preselect it among the coach's several teams.
    expect(teams.body.items.find((x: { primary?: boolean }) => x.primary).id).toBe(teamA);
    const events = await call(coach, 'GET', '/event-list?limit=100');
    expect(events.status).toBe(200);
    expect(events.body.items.map((e: { sportTeamId: string }) => e.sportTeamId).sort()).toEqual([teamA, teamB].sort());

    const logs = await call(coach, 'GET', '/cara/logs');
    expect(logs.status).toBe(200);
    expect(logs.body.items.map((l: { teamId: string }) => l.teamId).sort()).toEqual([teamA, teamB].sort());
    expect((await call(coach, 'GET', `/cara/logs?teamId=${teamC}`)).body.items).toEqual([]);
  });

  it("sends a roster's declaration task to every coach of the team, its second-team coach included", async () => {
    expect(await listTeamCoaches(t.database.db, schoolId, teamB)).toEqual([coach.id, coachB.id].sort());
    const started = await call(coachB, 'POST', `/rosters/${teamB}/${year}/rollover`);
    expect(started.status).toBe(200);
    const db = t.database.db;
    const tasks = await waitFor(async () => {
      const rows = await db
        .selectFrom('tasks')
        .select(['assignee_user_id', 'url'])
        .where('school_id', '=', schoolId)
        .where('module', '=', 'roster-rollover')
        .where('status', '=', 'OPEN')
        .execute();
      return rows.length >= 2 ? rows : undefined;
    }, 30_000);
    expect(tasks.map((r) => r.assignee_user_id).sort()).toEqual([coach.id, coachB.id].sort());
    expect(new Set(tasks.map((r) => r.url))).toEqual(new Set([`/individualRoster/${teamB}/${year}`]));
  });

  it('removes a team (audited) and the coach no longer sees it; the primary team moves to one that remains', async () => {
    const saved = await call(admin, 'PATCH', `/staff/${coach.id}`, {
      teams: [{ sportTeamId: teamB, titleGroup: 'HEAD_COACH' }],
    });
    expect(saved.status).toBe(200);
    expect(saved.body.sportTeamId).toBe(teamB);
    expect(saved.body.teams).toEqual([{ id: teamB, name: 'Bravo Tennis', titleGroup: 'HEAD_COACH' }]);
    const actions = await t.database.db
      .selectFrom('audit_events')
      .select(['action', 'details'])
      .where('target_id', '=', coach.id)
      .where('action', 'in', ['staff.team_removed', 'staff.team_title_changed'])
      .orderBy('action')
      .execute();
    expect(actions).toEqual([
      {
        action: 'staff.team_removed',
        details: { sportTeamId: teamA, teamName: 'Alpha Soccer', titleGroup: 'HEAD_COACH' },
      },
      {
        action: 'staff.team_title_changed',
        details: { sportTeamId: teamB, teamName: 'Bravo Tennis', from: 'ASSISTANT_COACH', to: 'HEAD_COACH' },
      },
    ]);
    const athletes = await call(coach, 'GET', '/athletes?limit=100');
    expect(athletes.body.items.map((a: { id: string }) => a.id)).toEqual([athleteOf.get(teamB)!.id]);
  });
});
