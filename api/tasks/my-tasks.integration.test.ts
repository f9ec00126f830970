import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAppWithWorker, type AppWithWorker } from '../test-support/app-with-worker';
import { seedSchool, seedUser, sessionCookie, type SeededUser } from '../test-support/seed-school';
import { ensureTasks } from './tasks.repository';
import { daysFromToday } from '../../scripts/test-harness/test-clock';

let t: AppWithWorker;
let schoolId: string;
let teamId: string;
let otherTeamId: string;
let reviewer: SeededUser;
let staffAdmin: SeededUser;
let athlete: SeededUser;
let coach: SeededUser;
let outsider: SeededUser;
const cookies = new Map<string, string>();

beforeAll(async () => {
  t = await startAppWithWorker('my-tasks');
  const db = t.database.db;
  schoolId = (await seedSchool(db)).id;
  const team = (name: string) =>
    db
      .insertInto('sport_teams')
      .values({ school_id: schoolId, name, sport: name })
      .returning('id')
      .executeTakeFirstOrThrow()
      .then((r) => r.id);
  teamId = await team('Volleyball');
  otherTeamId = await team('Rowing');
  reviewer = await seedUser(db, schoolId, { firstName: 'Rhea', roles: [{ role: 'SCHOOL_ADMIN', compliance: true }] });
  staffAdmin = await seedUser(db, schoolId, { firstName: 'Sam', roles: [{ role: 'SCHOOL_ADMIN', compliance: false }] });
  athlete = await seedUser(db, schoolId, {
    firstName: 'Quinn',
    roles: [{ role: 'STUDENT_ATHLETE' }],
    sportTeamId: teamId,
  });
  coach = await seedUser(db, schoolId, { roles: [{ role: 'COACH', titleGroup: 'HEAD_COACH' }], sportTeamId: teamId });
  const other = (await seedSchool(db)).id;
  outsider = await seedUser(db, other, { firstName: 'Quinn' });
  for (const u of [reviewer, staffAdmin, athlete, coach, outsider]) cookies.set(u.id, await sessionCookie(db, u));
});

afterAll(async () => {
  await t?.close();
});

function call(user: SeededUser, method: 'GET' | 'POST' | 'PATCH', url: string, payload?: unknown) {
  return t.app.inject({
    method,
    url: `/api/v1${url}`,
    headers: { cookie: cookies.get(user.id)! },
    ...(payload !== undefined ? { payload: payload as Record<string, unknown> } : {}),
  });
}

async function mine(user: SeededUser, query = '') {
  const res = await call(user, 'GET', `/tasks/mine${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as {
    total: number;
    items: Array<{
      module: string;
      title: string;
      url: string;
      overdue: boolean;
      assignedTo: string;
      team: { id: string } | null;
      subject: { name: string } | null;
    }>;
  };
}

describe('My Tasks', () => {
  it('follows a disclosure: the reviewers wait while it is pending, the athlete while changes are asked', async () => {
    const draft = await call(athlete, 'POST', '/disclosures', {
      type: 'SPONSORSHIP',
      dealType: 'INDIVIDUAL',
      companyName: 'Harbor Smoothies',
      startDate: daysFromToday(60),
      endDate: daysFromToday(90),
      location: 'Austin, TX',
      paymentType: 'MONETARY',
      amount: 300,
      pointOfContact: { name: 'Pat Contact', email: 'pat@harbor.example', phone: '5125550100' },
      website: 'https://harbor.example',
      notes: 'One post.',
    });
    expect(draft.statusCode, draft.body).toBe(201);
    const id = draft.json().id as string;
    expect((await call(athlete, 'POST', `/disclosures/${id}/submit`, {})).statusCode).toBe(200);

    const pending = await mine(reviewer, '?module=disclosure');
    expect(pending.total).toBe(1);
    expect(pending.items[0]).toMatchObject({
      module: 'disclosure',
      url: `/disclosuredetail?id=${id}`,
      assignedTo: 'me',
      team: { id: teamId },
    });
    expect(pending.items[0]!.title).toContain('Harbor Smoothies');
    // Only compliance reviewers review; nobody of another school sees anything.
    expect((await mine(staffAdmin)).total).toBe(0);
    expect((await mine(outsider)).total).toBe(0);
    expect((await mine(reviewer, `?teamId=${otherTeamId}`)).total).toBe(0);
    expect((await mine(reviewer, `?teamId=${teamId}&module=disclosure`)).total).toBe(1);

    const asked = await call(reviewer, 'POST', `/disclosures/${id}/review`, {
      decision: 'REQUEST_CHANGE',
      reason: 'Please attach the contract.',
    });
    expect(asked.statusCode, asked.body).toBe(200);
    expect((await mine(reviewer, '?module=disclosure')).total).toBe(0);
    const athleteTasks = await mine(athlete);
    expect(athleteTasks.total).toBe(1);
    expect(athleteTasks.items[0]!.title).toContain('Update your');

    const resub = await call(athlete, 'POST', `/disclosures/${id}/submit`, { changeReason: 'INFORMATION_CHANGED' });
    expect(resub.statusCode, resub.body).toBe(200);
    expect((await mine(athlete)).total).toBe(0);
    expect((await mine(reviewer, '?module=disclosure')).total).toBe(1);
    expect((await call(reviewer, 'POST', `/disclosures/${id}/review`, { decision: 'APPROVE' })).statusCode).toBe(200);
    expect((await mine(reviewer, '?module=disclosure')).total).toBe(0);
    const done = await t.database.db
      .selectFrom('tasks')
      .select(['status', 'completed_by'])
      .where('workflow_id', '=', `disclosure:${id}`)
      .where('step_id', 'like', 'review@%')
      .orderBy('created_at', 'desc')
      .executeTakeFirstOrThrow();
    expect(done).toEqual({ status: 'DONE', completed_by: reviewer.id });
  });

  it('filters by due window, sorts by due date or age, and counts what is overdue per module', async () => {
    const day = 86_400_000;
    const now = Date.now();
    // One at a time, so each has its own creation time (newest first is then well defined).
    for (const task of [
      {
        workflowId: 'test-wf:late',
        module: 'packet-submission',
        entityId: null,
        stepId: 's',
        stepName: 'Sign',
        assigneeUserId: coach.id,
        title: 'Late packet',
        dueAt: new Date(now - day),
      },
      {
        workflowId: 'test-wf:soon',
        module: 'packet-submission',
        entityId: null,
        stepId: 's',
        stepName: 'Sign',
        assigneeUserId: coach.id,
        title: 'Soon packet',
        dueAt: new Date(now + 3 * day),
      },
      {
        workflowId: 'test-wf:open',
        module: 'roster',
        entityId: null,
        stepId: 's',
        stepName: 'Approve',
        assigneeUserId: coach.id,
        title: 'Roster',
        dueAt: null,
      },
      {
        workflowId: 'test-wf:role',
        module: 'packet-submission',
        entityId: null,
        stepId: 's',
        stepName: 'Approve',
        assigneeRole: 'COACH',
        title: 'Any coach',
        dueAt: new Date(now + 20 * day),
      },
    ]) {
      await ensureTasks(t.database.db, schoolId, [task]);
    }
    const byDue = await mine(coach);
    expect(byDue.items.map((i) => i.title)).toEqual(['Late packet', 'Soon packet', 'Any coach', 'Roster']);
    expect(byDue.items.map((i) => i.overdue)).toEqual([true, false, false, false]);
    expect(byDue.items[2]!.assignedTo).toBe('role');
    expect((await mine(coach, '?sort=newest')).items[0]!.title).toBe('Any coach');
    expect((await mine(coach, '?due=overdue')).items.map((i) => i.title)).toEqual(['Late packet']);
    expect((await mine(coach, '?due=week')).items.map((i) => i.title)).toEqual(['Soon packet']);
    expect((await mine(coach, '?due=none')).items.map((i) => i.title)).toEqual(['Roster']);
    const counts = await call(coach, 'GET', '/tasks/mine/counts');
    expect(counts.json()).toEqual({ total: 4, overdue: 1, byModule: { 'packet-submission': 3, roster: 1 } });
    // A bad filter is a 400 in the one error shape, never a 500.
    const bad = await call(coach, 'GET', '/tasks/mine?due=yesterday');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.code).toBeDefined();
  });
});

describe("a team's tasks", () => {
  it('counts tasks about the team itself (CARA log, roster, event, transfer) on its card and under its filter', async () => {
    const db = t.database.db;
    const year = await db
      .insertInto('academic_years')
      .values({ school_id: schoolId, start_year: 2031, end_year: 2032 })
      .returning('id')
      .executeTakeFirstOrThrow();
    const entity = async (table: 'cara_logs' | 'rosters' | 'calendar_events' | 'psas', values: object) =>
      (
        await db
          .insertInto(table)
          .values({ school_id: schoolId, ...values } as never)
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id as string;
    const log = await entity('cara_logs', {
      sport_team_id: otherTeamId,
      period_start: '2031-09-01',
      period_end: '2031-09-07',
      due_at: new Date(),
      workflow_id: 'test-cara',
    });
    const roster = await entity('rosters', { sport_team_id: otherTeamId, academic_year_id: year.id });
    const event = await entity('calendar_events', {
      sport_team_id: otherTeamId,
      name: 'Scrimmage',
      category: 'CARA',
      time_zone: 'America/Chicago',
      starts_at: new Date('2031-09-10T17:00:00Z'),
      ends_at: new Date('2031-09-10T19:00:00Z'),
    });
    const psa = await entity('psas', { first_name: 'Dana', last_name: 'Prospect', sport_team_id: otherTeamId });
    await db
      .insertInto('psa_transfers')
      .values({
        school_id: schoolId,
        psa_id: psa,
        sport_team_id: otherTeamId,
        academic_year_id: year.id,
        workflow_id: 'test-transfer',
      })
      .execute();
    const open = (module: string, entityId: string, title: string) => ({
      workflowId: `test-team:${module}`,
      module,
      entityId,
      stepId: 's',
      stepName: 'Act',
      assigneeUserId: staffAdmin.id,
      title,
    });
    await ensureTasks(db, schoolId, [
      open('cara-log', log, 'Submit the Rowing CARA log'),
      open('roster-rollover', roster, 'Submit the Rowing roster'),
      open('calendar-event', event, 'Approve the scrimmage'),
      open('psa-transfer', psa, "Approve Dana Prospect's transfer"),
      open('expense-approval', psa, 'Approve an expense'),
    ]);

    const filtered = await mine(staffAdmin, `?teamId=${otherTeamId}`);
    expect(filtered.items.map((i) => i.title).sort()).toEqual([
      "Approve Dana Prospect's transfer",
      'Approve the scrimmage',
      'Submit the Rowing CARA log',
      'Submit the Rowing roster',
    ]);
    expect(filtered.items.every((i) => i.team?.id === otherTeamId)).toBe(true);
    // An expense is about nobody's team: listed, without a team.
    const all = await mine(staffAdmin);
    expect(all.items.find((i) => i.title === 'Approve an expense')?.team).toBeNull();
    expect((await mine(staffAdmin, `?teamId=${teamId}`)).total).toBe(0);

    // The coach's home counts them on the team's card.
    await db
      .insertInto('staff_teams')
      .values({ school_id: schoolId, user_id: staffAdmin.id, sport_team_id: otherTeamId })
      .execute();
    const cards = await call(staffAdmin, 'GET', '/tasks/mine/teams');
    expect(cards.statusCode, cards.body).toBe(200);
    expect(cards.json().items).toEqual([expect.objectContaining({ id: otherTeamId, name: 'Rowing', waiting: 4 })]);
  });
});

describe('search', () => {
  it('finds people, teams and disclosures by name within the school and the caller’s permissions', async () => {
    const hits = async (user: SeededUser, q: string) => {
      const res = await call(user, 'GET', `/search?q=${encodeURIComponent(q)}`);
      expect(res.statusCode, res.body).toBe(200);
      return res.json().items as Array<{ kind: string; label: string; url: string }>;
    };
    const people = await hits(reviewer, 'Quinn');
    // The athlete, and the disclosure a reviewer finds by its athlete's name.
    expect(people.map((h) => h.kind)).toEqual(['person', 'disclosure']);
    expect(people[0]!.url).toMatch(/^\/adminAthleteProfile\/[0-9a-f-]{36}$/);
    expect((await hits(reviewer, 'volley')).map((h) => [h.kind, h.url])).toEqual([['team', '/teams']]);
    expect((await hits(reviewer, 'harbor')).map((h) => h.kind)).toEqual(['disclosure']);
    // Staff without the compliance permission do not find disclosures; the athlete finds only their own.
    expect(await hits(staffAdmin, 'harbor')).toEqual([]);
    expect((await hits(athlete, 'harbor')).map((h) => h.kind)).toEqual(['disclosure']);
    expect(await hits(athlete, 'Quinn')).toEqual([]);
    // Another school finds nothing of this one (their own Quinn is not an athlete or staff member).
    expect(await hits(outsider, 'volley')).toEqual([]);
    expect(await hits(outsider, 'harbor')).toEqual([]);
    expect((await call(reviewer, 'GET', '/search?q=a')).statusCode).toBe(400);
  });
});
