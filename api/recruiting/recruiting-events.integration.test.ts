import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test-support/test-app';
import { seedSchool, seedTeam, seedUser, sessionCookie, type SeededUser } from '../test-support/seed-school';
import { startWorkflowTestEnv, type WorkflowTestEnv } from '../../workflows/testing/test-env';
import { until } from '../../workflows/testing/worker-process';
import { addDays, mondayOfWeek } from '../../scripts/test-harness/test-clock';
import { psaProfile } from './psa-profile';
import { findPsa } from './psas.repository';

let t: TestApp;
let env: WorkflowTestEnv;
let admin: string;
let adminUser: SeededUser;
let coach: string;
let otherCoach: string;
let otherAdmin: string;
let coachUser: SeededUser;
let hostId: string;
let host: string;
let teamAthlete: string;
let teamId: string;
let otherTeamId: string;
let psaIds: string[] = [];
let schoolId: string;

beforeAll(async () => {
  // Decisions go through the calendar's approval process: the real worker and Temporal.
  env = await startWorkflowTestEnv('recruiting-events');
  t = await createTestApp({ temporal: env.client, taskQueue: env.taskQueue, database: env.database });
  const db = t.database.db;
  const school = await seedSchool(db);
  schoolId = school.id;
  teamId = await seedTeam(db, school.id, 'Football');
  otherTeamId = await seedTeam(db, school.id, 'Soccer');
  adminUser = await seedUser(db, school.id);
  admin = await sessionCookie(db, adminUser);
  coachUser = await seedUser(db, school.id, {
    roles: [{ role: 'COACH', titleGroup: 'HEAD_COACH' }],
    sportTeamId: teamId,
    firstName: 'Casey',
  });
  coach = await sessionCookie(db, coachUser);
  otherCoach = await sessionCookie(
    db,
    await seedUser(db, school.id, { roles: [{ role: 'COACH', titleGroup: 'HEAD_COACH' }], sportTeamId: otherTeamId }),
  );
  const hostUser = await seedUser(db, school.id, { roles: [{ role: 'STUDENT_ATHLETE' }], sportTeamId: teamId });
  hostId = hostUser.id;
  host = await sessionCookie(db, hostUser);
  teamAthlete = await sessionCookie(
    db,
    await seedUser(db, school.id, { roles: [{ role: 'STUDENT_ATHLETE' }], sportTeamId: teamId }),
  );
  const rows = await db
    .insertInto('psas')
    .values(
      Array.from({ length: 22 }, (_, i) => ({
        school_id: school.id,
        first_name: 'Pat',
        last_name: `Prospect ${String(i).padStart(2, '0')}`,
        graduation_year: 2028,
      })),
    )
    .returning('id')
    .execute();
  psaIds = rows.map((r) => r.id);
  const other = await seedSchool(db);
  otherAdmin = await sessionCookie(db, await seedUser(db, other.id));
});
afterAll(async () => {
  await t.close();
  await env.close();
});

function call(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, cookie: string, payload?: unknown) {
  return t.app.inject({ method, url: `/api/v1${url}`, headers: { cookie }, ...(payload ? { payload } : {}) });
}

/**
 * A two-day official visit, Friday and Saturday five weeks ahead (its calendar event may not start in the past), in
 * Chicago with one prospect, one host athlete and the coach.
 */
const visitDay = (days: number) => addDays(mondayOfWeek(5), 4 + days);

const visit = (extra: Record<string, unknown> = {}) => ({
  name: 'Official visit weekend',
  kind: 'OFFICIAL_VISIT',
  sportTeamId: teamId,
  description: 'Campus tour, practice and dinner with the team',
  notes: null,
  location: 'Field house',
  timeZone: 'America/Chicago',
  startDate: visitDay(0),
  startTime: '09:00',
  endDate: visitDay(1),
  endTime: '17:00',
  hostAthleteIds: [hostId],
  psaIds: [psaIds[0]],
  coachIds: [coachUser.id],
  ...extra,
});

/** The "submitted for approval" notifications of one event. */
const submittedNotes = (eventId: string) =>
  t.database.db
    .selectFrom('notifications')
    .select(['user_id', 'module', 'status', 'body', 'payload'])
    .where('title', '=', 'Recruiting event submitted')
    .where(sql<boolean>`payload->'featureData'->>'eventId' = ${eventId}`)
    .execute();

const errorOf = (res: { json: () => { error: { code: string; message: string } } }) => res.json().error;

describe('recruiting events', () => {
  let pendingId: string;

  it('refuses the spec limits in its words', async () => {
    const tooLong = await call('POST', '/recruiting-events', coach, visit({ endDate: visitDay(3) }));
    expect(tooLong.statusCode).toBe(400);
    expect(errorOf(tooLong)).toMatchObject({ code: 'RECRUITING_EVENT_TOO_LONG', message: 'Event at most 3 days.' });
    const evaluation = await call(
      'POST',
      '/recruiting-events',
      coach,
      visit({ kind: 'EVALUATION', endDate: visitDay(14) }),
    );
    expect(errorOf(evaluation).message).toBe('Evaluation range max 14 days.');
    const okEvaluation = await call(
      'POST',
      '/recruiting-events',
      coach,
      visit({ kind: 'EVALUATION', endDate: visitDay(13), name: 'Two weeks evaluation' }),
    );
    expect(okEvaluation.statusCode).toBe(201);
    const name = await call('POST', '/recruiting-events', coach, visit({ name: 'a b c d e f g h i j k' }));
    expect(errorOf(name).message).toBe('Event name max 10 words.');
    const description = await call('POST', '/recruiting-events', coach, visit({ description: 'w '.repeat(21) }));
    expect(errorOf(description).message).toBe('Event description max 20 words.');
    const psas = await call('POST', '/recruiting-events', coach, visit({ psaIds: psaIds.slice(0, 21) }));
    expect(errorOf(psas).message).toBe('Max 20 PSAs per event selection.');
    const backwards = await call('POST', '/recruiting-events', coach, visit({ endDate: visitDay(-1) }));
    expect(errorOf(backwards).message).toBe('Start date not after end date.');
    const kind = await call('POST', '/recruiting-events', coach, visit({ kind: 'PARTY' }));
    expect(kind.statusCode).toBe(400);
    expect(errorOf(kind).code).toBe('RECRUITING_EVENT_FIELDS_REQUIRED');
  });

  it("puts a coach's event up for approval, with an admin task in My Tasks that opens the event", async () => {
    const res = await call('POST', '/recruiting-events', coach, visit({ psaIds: psaIds.slice(0, 20) }));
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body).toMatchObject({
      status: 'PENDING',
      kind: 'OFFICIAL_VISIT',
      sportTeamName: 'Football',
      startDate: visitDay(0),
      startTime: '09:00',
      endDate: visitDay(1),
      canEdit: true,
      canDecide: false,
    });
    expect(body.psas).toHaveLength(20);
    expect(body.hostAthletes.map((p: { id: string }) => p.id)).toEqual([hostId]);
    expect(body.coaches.map((p: { name: string }) => p.name)[0]).toMatch(/^Casey /);
    pendingId = body.id;

    const task = await until(
      async () => {
        const mine = (await call('GET', '/tasks/mine', admin)).json();
        return (mine.items as Array<{ title: string; url: string }>).find(
          (i) => i.url === `/recruitmentEvents/${pendingId}`,
        );
      },
      15_000,
      'the approval task',
    );
    expect(task.title).toBe('Approve recruiting event Official visit weekend (Football)');

    const audit = await t.database.db
      .selectFrom('audit_events')
      .select('action')
      .where('target_id', '=', pendingId)
      .execute();
    expect(audit.map((a) => a.action)).toContain('recruiting-event.created');

    // The calendar tells nobody of a pending event, so the school's admins get a recruiting notification.
    const notes = await submittedNotes(pendingId);
    expect(notes).toHaveLength(1);
    expect(notes[0]).toMatchObject({
      user_id: adminUser.id,
      module: 'recruiting',
      status: 'init',
      payload: { eventId: pendingId, featureData: { eventId: pendingId, isRecruitment: true } },
    });
    expect(notes[0]!.body).toMatch(
      new RegExp(`^Casey .+ submitted "Official visit weekend" \\(Football, ${visitDay(0)}\\) for approval\\.$`),
    );
  });

  it('lets only admins decide, requires a reason to reject, and refuses a second decision', async () => {
    const byCoach = await call('POST', `/recruiting-events/${pendingId}/decision`, coach, { decision: 'APPROVE' });
    expect(byCoach.statusCode).toBe(403);
    const noReason = await call('POST', `/recruiting-events/${pendingId}/decision`, admin, { decision: 'REJECT' });
    expect(errorOf(noReason)).toMatchObject({
      code: 'EVENT_REJECT_REASON_REQUIRED',
      message: 'Reject reason is required, max 50 words.',
    });
    const longReason = await call('POST', `/recruiting-events/${pendingId}/decision`, admin, {
      decision: 'REJECT',
      reason: 'w '.repeat(51),
    });
    expect(longReason.statusCode).toBe(400);

    const approved = await call('POST', `/recruiting-events/${pendingId}/decision`, admin, { decision: 'APPROVE' });
    expect(approved.statusCode).toBe(200);
    expect(approved.json().status).toBe('APPROVED');
    const again = await call('POST', `/recruiting-events/${pendingId}/decision`, admin, {
      decision: 'REJECT',
      reason: 'Too late',
    });
    expect(again.statusCode).toBe(409);
    expect(errorOf(again).code).toBe('EVENT_ALREADY_DECIDED');

    const task = await t.database.db
      .selectFrom('tasks')
      .select('status')
      .where('url', '=', `/recruitmentEvents/${pendingId}`)
      .executeTakeFirstOrThrow();
    expect(task.status).toBe('DONE');
  });

  it('shows the approved event on the calendar with the Recruiting category and on the prospect profile', async () => {
    const calendar = await call('GET', `/events?from=${visitDay(-2)}T00:00:00Z&to=${visitDay(7)}T00:00:00Z`, coach);
    const hit = (calendar.json().items as Array<{ id: string; category: string; status: string }>).find(
      (o) => o.id === pendingId,
    );
    expect(hit).toMatchObject({ category: 'RECRUITING', status: 'APPROVED' });
    const profile = await call('GET', `/psas/${psaIds[0]}`, coach);
    expect(profile.statusCode).toBe(200);
    expect(profile.json().recruitingEvents).toEqual([
      expect.objectContaining({ id: pendingId, name: 'Official visit weekend', status: 'APPROVED' }),
    ]);
    // The answer names every property the profile holds (the response schema drops what it does not name).
    const db = t.database.db;
    const stored = await psaProfile(db, schoolId, (await findPsa(db, schoolId, psaIds[0]!))!);
    expect(profile.json()).toEqual(JSON.parse(JSON.stringify(stored)));
    // Recruiting is staff-only: the host athlete is named on the event, but no athlete is told of it.
    const invites = await t.database.db
      .selectFrom('notifications')
      .select('status')
      .where('user_id', '=', hostId)
      .where('module', '=', 'calendar')
      .execute();
    expect(invites).toEqual([]);
  });

  it('hides recruiting events and prospects from athletes: the host and a teammate, on every route and feed', async () => {
    const range = `from=${visitDay(-2)}T00:00:00Z&to=${visitDay(7)}T00:00:00Z`;
    for (const athlete of [host, teamAthlete]) {
      const calendar = await call('GET', `/events?${range}`, athlete);
      expect(calendar.statusCode).toBe(200);
      expect(calendar.json().items.filter((o: { category: string }) => o.category === 'RECRUITING')).toEqual([]);
      expect((await call('GET', `/events/${pendingId}`, athlete)).statusCode).toBe(404);
      expect((await call('GET', `/events/${pendingId}/ics`, athlete)).statusCode).toBe(404);
      for (const url of [
        '/recruiting-events',
        `/recruiting-events/${pendingId}`,
        '/recruiting-events/options',
        '/psas',
        `/psas/${psaIds[0]}`,
        '/psas/board',
      ]) {
        expect([url, (await call('GET', url, athlete)).statusCode]).toEqual([url, 403]);
      }
      const feed = await call('POST', '/calendar-feed', athlete);
      expect(feed.statusCode).toBe(200);
      const path = new URL(feed.json().url).pathname;
      const ics = await t.app.inject({ method: 'GET', url: path });
      expect(ics.statusCode).toBe(200);
      expect(ics.body).not.toContain('Official visit weekend');
    }
    // The coach still sees it on the calendar.
    const staffView = await call('GET', `/events?${range}`, coach);
    expect(staffView.json().items.map((o: { id: string }) => o.id)).toContain(pendingId);
  });

  it('rejects with the reason kept, and a rejected event cannot be changed', async () => {
    const res = await call('POST', '/recruiting-events', coach, visit({ name: 'Camp day', psaIds: [psaIds[1]] }));
    const id = res.json().id;
    const rejected = await call('POST', `/recruiting-events/${id}/decision`, admin, {
      decision: 'REJECT',
      reason: 'Dead period that weekend',
    });
    expect(rejected.json()).toMatchObject({ status: 'REJECTED', rejectReason: 'Dead period that weekend' });
    const edit = await call('PUT', `/recruiting-events/${id}`, coach, visit({ name: 'Camp day again' }));
    expect(edit.statusCode).toBe(409);
    expect(errorOf(edit).code).toBe('RECRUITING_EVENT_REJECTED');
    const rejectedList = await call('GET', '/recruiting-events?status=REJECTED', coach);
    expect(rejectedList.json().items.map((e: { id: string }) => e.id)).toEqual([id]);
  });

  it("approves an admin's own event at once", async () => {
    const res = await call(
      'POST',
      '/recruiting-events',
      admin,
      visit({ name: 'Junior day', kind: 'UNOFFICIAL_VISIT' }),
    );
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ status: 'APPROVED', canDecide: false });
    expect(await submittedNotes(res.json().id)).toEqual([]);
  });

  it("keeps a coach to their teams' events and a school to its own", async () => {
    const foreignTeam = await call('POST', '/recruiting-events', coach, visit({ sportTeamId: otherTeamId }));
    expect(errorOf(foreignTeam).code).toBe('TEAM_NOT_YOURS');
    expect((await call('GET', `/recruiting-events/${pendingId}`, otherCoach)).statusCode).toBe(404);
    expect((await call('GET', '/recruiting-events', otherCoach)).json().total).toBe(0);
    const edit = await call('PUT', `/recruiting-events/${pendingId}`, otherCoach, visit());
    expect(edit.statusCode).toBe(404);

    expect((await call('GET', `/recruiting-events/${pendingId}`, otherAdmin)).statusCode).toBe(404);
    expect((await call('GET', '/recruiting-events', otherAdmin)).json().total).toBe(0);
    const decide = await call('POST', `/recruiting-events/${pendingId}/decision`, otherAdmin, { decision: 'APPROVE' });
    expect(decide.statusCode).toBe(404);
    // Another school's admin cannot name this school's team, athletes or prospects.
    const foreign = await call('POST', '/recruiting-events', otherAdmin, visit());
    expect(foreign.statusCode).toBe(404);
  });

  it('refuses attendees that are not the school’s prospects, athletes or coaches', async () => {
    const res = await call('POST', '/recruiting-events', coach, visit({ hostAthleteIds: [coachUser.id] }));
    expect(res.statusCode).toBe(400);
    expect(errorOf(res).code).toBe('RECRUITING_EVENT_ATTENDEES_INVALID');
  });

  it('edits an event (the prospects replaced) and cancels it, each audited', async () => {
    const edit = await call(
      'PUT',
      `/recruiting-events/${pendingId}`,
      coach,
      visit({ name: 'Official visit weekend', psaIds: [psaIds[2]], location: 'Stadium' }),
    );
    expect(edit.statusCode).toBe(200);
    expect(edit.json()).toMatchObject({ location: 'Stadium', status: 'APPROVED' });
    expect(edit.json().psas.map((p: { id: string }) => p.id)).toEqual([psaIds[2]]);

    const viaCalendar = await call('DELETE', `/events/${pendingId}`, coach);
    expect(errorOf(viaCalendar).code).toBe('RECRUITING_EVENT_ON_ITS_PAGE');

    const list = await call(
      'GET',
      `/recruiting-events?sportTeamId=${teamId}&from=${visitDay(-2)}&to=${visitDay(28)}`,
      admin,
    );
    expect(list.json().total).toBeGreaterThanOrEqual(3);
    expect((await call('GET', `/recruiting-events?from=${visitDay(28)}&to=${visitDay(-2)}`, admin)).statusCode).toBe(
      400,
    );

    expect((await call('DELETE', `/recruiting-events/${pendingId}`, coach)).statusCode).toBe(204);
    expect((await call('GET', `/recruiting-events/${pendingId}`, coach)).statusCode).toBe(404);
    const audit = await t.database.db
      .selectFrom('audit_events')
      .select('action')
      .where('target_id', '=', pendingId)
      .execute();
    expect(audit.map((a) => a.action)).toEqual(
      expect.arrayContaining([
        'recruiting-event.created',
        'recruiting-event.approved',
        'recruiting-event.updated',
        'recruiting-event.cancelled',
      ]),
    );
  });

  it('offers the pickers: teams, athletes and coaches in scope, and the prospects', async () => {
    const options = (await call('GET', '/recruiting-events/options', coach)).json();
    expect(options.teams.map((t: { name: string }) => t.name)).toEqual(['Football']);
    // The coach's own primary team is marked: the form starts on it when they coach several.
    expect(options.teams.map((t: { primary?: boolean }) => t.primary)).toEqual([true]);
    // The team's two athletes: the host and a teammate.
    expect(options.hostAthletes.map((p: { id: string }) => p.id)).toHaveLength(2);
    expect(options.hostAthletes.map((p: { id: string }) => p.id)).toContain(hostId);
    expect(options.psas).toHaveLength(22);
  });
});

describe('official visits (one per school per prospect, at most 2 nights)', () => {
  it('flags a second official visit on the event, on the prospect and in its activity log, wherever each was recorded', async () => {
    const db = t.database.db;
    const { school_id: schoolId } = await db
      .selectFrom('psas')
      .select('school_id')
      .where('id', '=', psaIds[0]!)
      .executeTakeFirstOrThrow();
    const psa = await db
      .insertInto('psas')
      .values({ school_id: schoolId, first_name: 'Vic', last_name: 'Visitor', graduation_year: 2028 })
      .returning('id')
      .executeTakeFirstOrThrow();
    const first = await call('POST', '/recruiting-events', admin, visit({ psaIds: [psa.id] }));
    expect(first.statusCode).toBe(201);
    expect(first.json().visitFlags).toEqual([]);
    const second = await call(
      'POST',
      '/recruiting-events',
      admin,
      visit({ psaIds: [psa.id], name: 'Second official visit', startDate: visitDay(7), endDate: visitDay(8) }),
    );
    expect(second.statusCode).toBe(201);
    expect(second.json().visitFlags).toEqual(['Vic Visitor: More than one official visit to this school.']);
    const listed = await call('GET', '/recruiting-events?kind=OFFICIAL_VISIT&limit=100', admin);
    const byId = new Map(listed.json().items.map((e: { id: string; visitFlags: string[] }) => [e.id, e.visitFlags]));
    expect(byId.get(first.json().id)).toEqual([]);
    expect(byId.get(second.json().id)).toEqual(['Vic Visitor: More than one official visit to this school.']);

    // The activity log counts the events' visits too: a third visit of 3 nights carries both flags.
    const logged = await call('POST', `/psas/${psa.id}/activities`, admin, {
      kind: 'OFFICIAL_VISIT',
      occurredAt: new Date(`${visitDay(14)}T15:00:00Z`).toISOString(),
      nights: 3,
    });
    expect(logged.statusCode).toBe(201);
    const profile = (await call('GET', `/psas/${psa.id}`, admin)).json();
    expect(profile.activities[0].flags).toEqual([
      'More than one official visit to this school.',
      'Official visit over 2 nights.',
    ]);
    const events = new Map(
      profile.recruitingEvents.map((e: { id: string; flags: string[] }) => [e.id, e.flags] as const),
    );
    expect(events.get(first.json().id)).toEqual([]);
    expect(events.get(second.json().id)).toEqual(['More than one official visit to this school.']);
  });
});
