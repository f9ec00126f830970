import { createServer } from 'node:net';
import { Client, Connection, WorkflowNotFoundError } from '@temporalio/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitFor } from '../../activities/testing/fixtures';
import { instantToLocal } from '../../domain/calendar-events';
import { calendarEventWorkflowId } from '../../domain/calendar-workflow';
import { insertDemoEvents } from '../../scripts/demo/demo-calendar';
import { startDemoCalendarSeries } from '../../scripts/demo/demo-calendar-processes';
import { calendarEventStateQuery } from '../../workflows/calendar/calendar-event.workflow';
import { startWorkflowTestEnv, type WorkflowTestEnv } from '../../workflows/testing/test-env';
import { seedSchool, seedTeam, seedUser, sessionCookie } from '../test-support/seed-school';
import { createTestApp, type TestApp } from '../test-support/test-app';
import { reconcileCalendarWorkflows } from './calendar-reconcile';

/**
 * Series processes that never go missing, against real PostgreSQL and Temporal: an event saved while the workflow
 * service is down (a real client whose server does not answer) is stored and marked, the operator console lists
 * it, and the reconciler starts its process, whose reminder then fires. The demo's inserted schedule gets its
 * processes the same way. And the provider's read-only view of a school's events list.
 */
let env: WorkflowTestEnv;
let live: TestApp;
let down: TestApp;
let downConnection: Connection;
let schoolId: string;
let teamId: string;
let athleteId: string;
let adminCookie: string;
let otherAdminCookie: string;
let operatorCookie: string;

/** A port nothing listens on: taken from the system, then released. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

beforeAll(async () => {
  env = await startWorkflowTestEnv('calendar-reconcile');
  live = await createTestApp({ temporal: env.client, taskQueue: env.taskQueue, database: env.database });
  downConnection = Connection.lazy({ address: `127.0.0.1:${await closedPort()}`, connectTimeout: '1 second' });
  const downClient = new Client({ connection: downConnection, namespace: env.config.temporalNamespace });
  down = await createTestApp({ temporal: downClient, taskQueue: env.taskQueue, database: env.database });
  const db = env.database.db;
  schoolId = (await seedSchool(db)).id;
  teamId = await seedTeam(db, schoolId, 'Volleyball');
  adminCookie = await sessionCookie(db, await seedUser(db, schoolId));
  athleteId = (await seedUser(db, schoolId, { roles: [{ role: 'STUDENT_ATHLETE' }], sportTeamId: teamId })).id;
  const other = await seedSchool(db);
  otherAdminCookie = await sessionCookie(db, await seedUser(db, other.id));
  const provider = await seedSchool(db, { kind: 'PROVIDER' });
  operatorCookie = await sessionCookie(db, await seedUser(db, provider.id, { roles: [{ role: 'OPERATOR' }] }));
}, 60_000);
afterAll(async () => {
  await down?.close();
  await downConnection?.close().catch(() => undefined);
  await live?.close();
  await env?.close();
});

const get = (app: TestApp, url: string, cookie: string) =>
  app.app.inject({ method: 'GET', url: `/api/v1${url}`, headers: { cookie } });

const mark = (id: string) =>
  env.database.db
    .selectFrom('calendar_events')
    .select('workflow_needed_at')
    .where('id', '=', id)
    .executeTakeFirstOrThrow()
    .then((r) => r.workflow_needed_at);

describe('an event saved while the workflow service is down', () => {
  it('is stored and marked, listed as stuck, and the reconciler starts its process: the reminder fires', async () => {
    // Starts two to three minutes from now; its 15-minute reminder is due at once when its process runs.
    const startAt = new Date(Math.ceil((Date.now() + 120_000) / 60_000) * 60_000);
    const local = instantToLocal(startAt, 'America/Chicago');
    const end = instantToLocal(new Date(startAt.getTime() + 3_600_000), 'America/Chicago');
    const res = await down.app.inject({
      method: 'POST',
      url: '/api/v1/events',
      headers: { cookie: adminCookie },
      payload: {
        name: 'Film while Temporal is down',
        category: 'CARA',
        caraCategory: 'FILM_REVIEW',
        sportTeamId: teamId,
        attendeeTeamIds: [teamId],
        attendeeUserIds: [],
        timeZone: 'America/Chicago',
        startDate: local.date,
        startTime: local.time,
        endDate: end.date,
        endTime: end.time,
        repeat: 'NEVER',
        reminderMinutes: 15,
      },
    });
    expect(res.statusCode).toBe(201);
    const eventId = res.json<{ id: string; status: string }>().id;
    expect(res.json<{ status: string }>().status).toBe('APPROVED');
    expect(await mark(eventId)).toBeInstanceOf(Date);
    await expect(env.client.workflow.getHandle(calendarEventWorkflowId(eventId)).describe()).rejects.toBeInstanceOf(
      WorkflowNotFoundError,
    );

    // The operator console's health panel (the school admin's own scope) lists it as waiting.
    const health = await get(live, '/operator-console/health', adminCookie);
    expect(health.statusCode).toBe(200);
    const waiting = health.json<{
      calendarWaiting: { count: number; items: Array<{ eventId: string; schoolId: string }> };
    }>().calendarWaiting;
    expect(waiting.count).toBe(1);
    expect(waiting.items).toEqual([
      expect.objectContaining({ eventId, schoolId, name: 'Film while Temporal is down' }),
    ]);
    // Another school's admin does not see it.
    const elsewhere = await get(live, '/operator-console/health', otherAdminCookie);
    expect(elsewhere.json<{ calendarWaiting: { count: number } }>().calendarWaiting.count).toBe(0);

    const result = await reconcileCalendarWorkflows({
      db: env.database.db,
      temporal: env.client,
      taskQueue: env.taskQueue,
      schoolId,
    });
    expect(result).toEqual({ started: 1, failed: 0 });
    expect(await mark(eventId)).toBeNull();

    const reminder = await waitFor(
      () =>
        env.database.db
          .selectFrom('notifications')
          .select(['user_id', 'title'])
          .where('school_id', '=', schoolId)
          .where('user_id', '=', athleteId)
          .where('status', '=', 'init')
          .where(({ ref }) => ref('payload', '->>').key('eventId'), '=', eventId)
          .executeTakeFirst(),
      20_000,
    );
    expect(reminder.title).toBe('Reminder: Film while Temporal is down');
    // The process counts it once the activity's result is in (a moment after the notification row).
    const handle = env.client.workflow.getHandle(calendarEventWorkflowId(eventId));
    await waitFor(async () => (await handle.query(calendarEventStateQuery)).remindersSent === 1, 20_000);
    const after = await get(live, '/operator-console/health', adminCookie);
    expect(after.json<{ calendarWaiting: { count: number } }>().calendarWaiting.count).toBe(0);
  }, 60_000);

  it('keeps the mark while the service is still down, and the next pass once it answers clears it', async () => {
    const db = env.database.db;
    const { id } = await db
      .insertInto('calendar_events')
      .values({
        school_id: schoolId,
        sport_team_id: teamId,
        name: 'Marked practice',
        category: 'CARA',
        cara_category: 'PRACTICE',
        attendee_team_ids: [teamId],
        time_zone: 'America/Chicago',
        starts_at: new Date(Date.now() + 30 * 86_400_000),
        ends_at: new Date(Date.now() + 30 * 86_400_000 + 3_600_000),
        reminder_minutes: 60,
        status: 'APPROVED',
        workflow_needed_at: new Date(),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const failing = await reconcileCalendarWorkflows({
      db,
      temporal: down.app.deps.temporal!,
      taskQueue: env.taskQueue,
      schoolId,
    });
    expect(failing).toEqual({ started: 0, failed: 1 });
    expect(await mark(id)).toBeInstanceOf(Date);
    await reconcileCalendarWorkflows({ db, temporal: env.client, taskQueue: env.taskQueue, schoolId });
    expect(await mark(id)).toBeNull();
    const handle = env.client.workflow.getHandle(calendarEventWorkflowId(id));
    const planned = await waitFor(async () => (await handle.query(calendarEventStateQuery)).nextReminderAt ?? false);
    expect(Date.parse(planned)).toBeGreaterThan(Date.now());
  }, 60_000);
});

describe("the provider's view of a school's events", () => {
  it('lets an operator read school X, read only, with an audit event; a school admin of Y cannot', async () => {
    const res = await get(live, `/schools/${schoolId}/event-list?limit=100`, operatorCookie);
    expect(res.statusCode).toBe(200);
    const page = res.json<{ items: Array<{ name: string; canEdit: boolean; canDecide: boolean }>; total: number }>();
    expect(page.items.map((e) => e.name)).toContain('Film while Temporal is down');
    expect(page.items.every((e) => !e.canEdit && !e.canDecide)).toBe(true);
    // Read twice on the same day: one audit event in the school's log, the operator as actor.
    await get(live, `/schools/${schoolId}/event-list`, operatorCookie);
    const audit = await env.database.db
      .selectFrom('audit_events')
      .select(['school_id', 'target_id'])
      .where('action', '=', 'calendar-event.operator-viewed')
      .where('school_id', '=', schoolId)
      .execute();
    expect(audit).toEqual([{ school_id: schoolId, target_id: schoolId }]);

    const denied = await get(live, `/schools/${schoolId}/event-list`, otherAdminCookie);
    expect(denied.statusCode).toBe(403);
    // The school's own list of Y's admin holds none of X's events.
    const own = await get(live, '/event-list?limit=100', otherAdminCookie);
    expect(own.json<{ items: Array<{ name: string }> }>().items.map((e) => e.name)).not.toContain(
      'Film while Temporal is down',
    );
    const unknown = await get(live, `/schools/00000000-0000-4000-8000-000000000000/event-list`, operatorCookie);
    expect(unknown.statusCode).toBe(404);
  });
});

describe("the demo's fall schedule", () => {
  it('gets a series process for every inserted event, each planning its next reminder', async () => {
    const db = env.database.db;
    const demoSchool = (await seedSchool(db)).id;
    for (const team of ['Football', "Men's Soccer", "Women's Volleyball", "Women's Basketball"])
      await seedTeam(db, demoSchool, team);
    await db.transaction().execute((trx) => insertDemoEvents(trx, demoSchool, null));
    const rows = await db
      .selectFrom('calendar_events')
      .select(['id', 'starts_at', 'rrule', 'repeat_until', 'workflow_needed_at'])
      .where('school_id', '=', demoSchool)
      .execute();
    expect(rows.length).toBeGreaterThan(10);
    expect(rows.every((r) => r.workflow_needed_at !== null)).toBe(true);

    const started = await startDemoCalendarSeries({ db, temporal: env.client, taskQueue: env.taskQueue }, demoSchool);
    expect(started).toBe(rows.length);
    const left = await db
      .selectFrom('calendar_events')
      .select('id')
      .where('school_id', '=', demoSchool)
      .where('workflow_needed_at', 'is not', null)
      .execute();
    expect(left).toEqual([]);
    for (const row of rows) {
      const handle = env.client.workflow.getHandle(calendarEventWorkflowId(row.id));
      expect((await handle.describe()).workflowId).toBe(calendarEventWorkflowId(row.id));
    }
    // A series with occurrences still ahead sleeps until its next reminder, at the occurrence's real time.
    const ahead =
      rows.find((r) => r.rrule && r.starts_at.getTime() > Date.now() + 86_400_000) ??
      rows.find((r) => r.starts_at.getTime() > Date.now() + 86_400_000);
    if (ahead) {
      const handle = env.client.workflow.getHandle(calendarEventWorkflowId(ahead.id));
      const next = await waitFor(async () => (await handle.query(calendarEventStateQuery)).nextReminderAt ?? false);
      expect(Date.parse(next)).toBeGreaterThan(Date.now());
      expect(Date.parse(next)).toBeLessThan(ahead.starts_at.getTime());
    }
  }, 120_000);
});
