import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedSchool, seedTeam, seedUser, sessionCookie } from '../../api/test-support/seed-school';
import { createTestApp, type TestApp } from '../../api/test-support/test-app';
import { waitFor } from '../../activities/testing/fixtures';
import { calendarEventWorkflowId } from '../../domain/calendar-workflow';
import { startWorkflowTestEnv, type WorkflowTestEnv } from '../testing/test-env';
import { calendarEventStateQuery, calendarEventWorkflow } from './calendar-event.workflow';
import { fixtureYear } from '../../api/test-support/fixture-year';

/** The fixtures are written for the fall of 2027; they move to a year still ahead of today (test-support). */
const Y = fixtureYear(2027, '09-01');

/**
 * The series process against real PostgreSQL and Temporal: a reminder fires on its durable timer (notification and
 * e-mail, once), moves and cancellations re-plan it, an admin approves through the Update (task done, attendees
 * invited) or rejects with a reason (the creator hears it, the process ends).
 */
let env: WorkflowTestEnv;
let t: TestApp;
let schoolId: string;
let teamId: string;
let adminCookie: string;
let coachCookie: string;
let coachId: string;
let athleteId: string;

beforeAll(async () => {
  env = await startWorkflowTestEnv('calendar-event');
  t = await createTestApp({ temporal: env.client, taskQueue: env.taskQueue, database: env.database });
  const db = env.database.db;
  schoolId = (await seedSchool(db)).id;
  teamId = await seedTeam(db, schoolId, 'Volleyball');
  adminCookie = await sessionCookie(db, await seedUser(db, schoolId));
  const coach = await seedUser(db, schoolId, {
    roles: [{ role: 'COACH', titleGroup: 'HEAD_COACH' }],
    sportTeamId: teamId,
  });
  coachId = coach.id;
  coachCookie = await sessionCookie(db, coach);
  athleteId = (await seedUser(db, schoolId, { roles: [{ role: 'STUDENT_ATHLETE' }], sportTeamId: teamId })).id;
});
afterAll(async () => {
  await t.close();
  await env.close();
});

/** An approved single event of the team starting `inMs` from now with a 5-minute reminder, stored directly. */
async function seedEvent(inMs: number, extra: Record<string, unknown> = {}): Promise<string> {
  const start = new Date(Date.now() + inMs);
  const row = await env.database.db
    .insertInto('calendar_events')
    .values({
      school_id: schoolId,
      sport_team_id: teamId,
      name: 'Film session',
      category: 'CARA',
      cara_category: 'FILM_REVIEW',
      attendee_team_ids: [teamId],
      time_zone: 'America/Chicago',
      starts_at: start,
      ends_at: new Date(start.getTime() + 3_600_000),
      reminder_minutes: 5,
      status: 'APPROVED',
      ...extra,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

const start = (eventId: string) =>
  env.client.workflow.start(calendarEventWorkflow, {
    workflowId: calendarEventWorkflowId(eventId),
    taskQueue: env.taskQueue,
    args: [{ schoolId, eventId }],
  });

const reminders = (eventId: string) =>
  env.database.db
    .selectFrom('notifications')
    .select(['user_id', 'status', 'title'])
    .where('school_id', '=', schoolId)
    .where('status', '=', 'init')
    .where(({ ref }) => ref('payload', '->>').key('eventId'), '=', eventId)
    .execute();

/** With RECORD_HISTORIES=1, writes the run's history for the replay test (workflows/replay.integration.test.ts). */
async function record(name: string, handle: { fetchHistory(): Promise<unknown> }): Promise<void> {
  if (!process.env.RECORD_HISTORIES) return;
  const history = await handle.fetchHistory();
  writeFileSync(join(import.meta.dirname, 'histories', `${name}.json`), JSON.stringify(history, null, 2) + '\n');
}

const call = (method: 'POST' | 'PATCH' | 'DELETE', url: string, cookie: string, payload?: unknown) =>
  t.app.inject({ method, url: `/api/v1${url}`, headers: { cookie }, ...(payload ? { payload } : {}) });

describe('calendar series process', () => {
  it('sends the reminder on its timer as a notification and an e-mail, once, then ends', async () => {
    // Starts in 5 minutes and 2 seconds: the 5-minute reminder is due in about 2 seconds.
    const eventId = await seedEvent(5 * 60_000 + 2000);
    const handle = await start(eventId);
    await waitFor(async () => (await handle.query(calendarEventStateQuery)).nextReminderAt ?? false);
    const state = await handle.result();
    expect(state).toMatchObject({ status: 'APPROVED', remindersSent: 1 });
    const sent = await reminders(eventId);
    expect(sent).toEqual(
      expect.arrayContaining([{ user_id: athleteId, status: 'init', title: 'Reminder: Film session' }]),
    );
    expect(sent.filter((n) => n.user_id === athleteId)).toHaveLength(1);
    expect(env.mailer.sent.filter((m) => m.subject.startsWith('Reminder: Film session')).length).toBe(sent.length);
    await record('calendar-event-reminded', handle);
  });

  it('re-plans the reminder when the event moves, and sends none once it is cancelled', async () => {
    const eventId = await seedEvent(60 * 60_000);
    const handle = await start(eventId);
    const first = await waitFor(async () => (await handle.query(calendarEventStateQuery)).nextReminderAt ?? false);
    // Moved one day later through the API: the process hears of it and plans the new reminder.
    const row = await env.database.db
      .selectFrom('calendar_events')
      .selectAll()
      .where('id', '=', eventId)
      .executeTakeFirstOrThrow();
    const later = new Date(row.starts_at.getTime() + 86_400_000);
    // An hour long: the end's own date, since an event starting after 23:00 UTC ends on the next day.
    const laterEnd = new Date(later.getTime() + 3_600_000);
    const moved = await call('PATCH', `/events/${eventId}`, adminCookie, {
      name: 'Film session',
      category: 'CARA',
      caraCategory: 'FILM_REVIEW',
      sportTeamId: teamId,
      attendeeTeamIds: [teamId],
      attendeeUserIds: [],
      timeZone: 'UTC',
      startDate: later.toISOString().slice(0, 10),
      startTime: later.toISOString().slice(11, 16),
      endDate: laterEnd.toISOString().slice(0, 10),
      endTime: laterEnd.toISOString().slice(11, 16),
      repeat: 'NEVER',
      reminderMinutes: 5,
      scope: 'ALL',
    });
    expect(moved.statusCode, moved.body).toBe(200);
    const second = await waitFor(async () => {
      const next = (await handle.query(calendarEventStateQuery)).nextReminderAt;
      return next && next !== first ? next : false;
    });
    expect(Date.parse(second) - Date.parse(first)).toBeGreaterThan(23 * 3_600_000);
    expect((await call('DELETE', `/events/${eventId}`, adminCookie)).statusCode).toBe(204);
    const end = await handle.result();
    expect(end).toMatchObject({ remindersSent: 0, nextReminderAt: null });
    expect(await reminders(eventId)).toEqual([]);
  });

  it("waits for an admin's approval in My Tasks, then invites the team", async () => {
    const created = await call('POST', '/events', coachCookie, {
      name: 'Weekly practice',
      category: 'CARA',
      caraCategory: 'PRACTICE',
      sportTeamId: teamId,
      attendeeTeamIds: [teamId],
      attendeeUserIds: [],
      timeZone: 'America/Chicago',
      startDate: `${Y}-09-06`,
      startTime: '15:00',
      endDate: `${Y}-09-06`,
      endTime: '17:00',
      repeat: 'WEEKLY',
      weekdays: ['MONDAY', 'THURSDAY'],
      repeatUntil: `${Y}-10-28`,
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().id as string;
    const task = await waitFor(async () =>
      env.database.db
        .selectFrom('tasks')
        .select(['status', 'assignee_role', 'title', 'url'])
        .where('workflow_id', '=', calendarEventWorkflowId(id))
        .executeTakeFirst(),
    );
    expect(task).toMatchObject({
      status: 'OPEN',
      assignee_role: 'SCHOOL_ADMIN',
      title: 'Approve Weekly practice (Volleyball)',
    });
    // The validator refuses what no handler should see: a coach deciding, a reject without a reason.
    expect((await call('POST', `/events/${id}/decision`, coachCookie, { decision: 'APPROVE' })).statusCode).toBe(403);
    const approved = await call('POST', `/events/${id}/decision`, adminCookie, { decision: 'APPROVE' });
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json().status).toBe('APPROVED');
    const again = await call('POST', `/events/${id}/decision`, adminCookie, { decision: 'APPROVE' });
    expect(again.statusCode).toBe(409);
    const done = await env.database.db
      .selectFrom('tasks')
      .select('status')
      .where('workflow_id', '=', calendarEventWorkflowId(id))
      .executeTakeFirstOrThrow();
    expect(done.status).toBe('DONE');
    const state = await env.client.workflow.getHandle(calendarEventWorkflowId(id)).query(calendarEventStateQuery);
    expect(state.status).toBe('APPROVED');
    // The decision answers once the event is approved; the workflow then asks for the next reminder (an activity).
    await expect
      .poll(
        async () =>
          (await env.client.workflow.getHandle(calendarEventWorkflowId(id)).query(calendarEventStateQuery))
            .nextReminderAt,
        { timeout: 15_000 },
      )
      .toBe(`${Y}-09-06T19:00:00.000Z`);
    const invites = await env.database.db
      .selectFrom('notifications')
      .select('status')
      .where('user_id', '=', athleteId)
      .where(({ ref }) => ref('payload', '->>').key('eventId'), '=', id)
      .execute();
    expect(invites).toEqual([{ status: 'invite' }]);
    await call('DELETE', `/events/${id}`, adminCookie);
    const handle = env.client.workflow.getHandle(calendarEventWorkflowId(id));
    // Cancelled: the series is gone, so is its status; no reminder was sent.
    expect(await handle.result()).toMatchObject({ status: null, remindersSent: 0, nextReminderAt: null });
    await record('calendar-event-approved-cancelled', handle);
  });

  it('rejects with a reason: the creator is told why and the process ends', async () => {
    const created = await call('POST', '/events', coachCookie, {
      name: 'Extra practice',
      category: 'CARA',
      caraCategory: 'PRACTICE',
      sportTeamId: teamId,
      attendeeTeamIds: [teamId],
      attendeeUserIds: [],
      timeZone: 'America/Chicago',
      startDate: `${Y}-09-12`,
      startTime: '09:00',
      endDate: `${Y}-09-12`,
      endTime: '11:00',
      repeat: 'NEVER',
    });
    const id = created.json().id as string;
    const noReason = await call('POST', `/events/${id}/decision`, adminCookie, { decision: 'REJECT', reason: ' ' });
    expect(noReason.json().error.message).toBe('Reject reason is required, max 50 words.');
    const rejected = await call('POST', `/events/${id}/decision`, adminCookie, {
      decision: 'REJECT',
      reason: 'Sunday is the day off this week',
    });
    expect(rejected.json()).toMatchObject({ status: 'REJECTED', rejectReason: 'Sunday is the day off this week' });
    const handle = env.client.workflow.getHandle(calendarEventWorkflowId(id));
    expect(await handle.result()).toMatchObject({ status: 'REJECTED', remindersSent: 0 });
    const told = await env.database.db
      .selectFrom('notifications')
      .select(['title', 'body'])
      .where('user_id', '=', coachId)
      .where('dedupe_key', '=', `calendar:rejected:${id}`)
      .executeTakeFirstOrThrow();
    expect(told).toEqual({ title: 'Event rejected: Extra practice', body: 'Sunday is the day off this week' });
    const audit = await env.database.db
      .selectFrom('audit_events')
      .select('action')
      .where('target_id', '=', id)
      .where('action', '=', 'calendar-event.rejected')
      .execute();
    expect(audit).toHaveLength(1);
  });
});
