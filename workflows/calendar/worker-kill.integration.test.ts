import type { Client } from '@temporalio/client';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { seedSchool, seedTeam, seedUser, sessionCookie, type SeededUser } from '../../api/test-support/seed-school';
import { createTestApp, type TestApp } from '../../api/test-support/test-app';
import { calendarEventWorkflowId } from '../../domain/calendar-workflow';
import { testTemporalClient, uniqueTaskQueue } from '../../scripts/test-harness/context';
import { until, workerProcess } from '../testing/worker-process';

/**
 * A worker killed (SIGKILL) while an admin's approval is inviting a team: after a new worker takes over, every
 * athlete has exactly one invitation notification, and the reminder that follows on its timer reaches each of them
 * exactly once, in the app and by e-mail.
 */
const ATHLETES = 20;
const taskQueue = uniqueTaskQueue('calendar-kill');
const worker = workerProcess(taskQueue);
let t: TestApp;
let temporal: Client;
let closeTemporal: () => Promise<void>;
let schoolId: string;
let teamId: string;
let adminCookie: string;
const athletes: SeededUser[] = [];

beforeAll(async () => {
  const client = await testTemporalClient();
  temporal = client.client;
  closeTemporal = client.close;
  t = await createTestApp({ temporal, taskQueue });
  const db = t.database.db;
  schoolId = (await seedSchool(db)).id;
  teamId = await seedTeam(db, schoolId, 'Swimming');
  adminCookie = await sessionCookie(db, await seedUser(db, schoolId));
  for (let i = 0; i < ATHLETES; i++)
    athletes.push(await seedUser(db, schoolId, { roles: [{ role: 'STUDENT_ATHLETE' }], sportTeamId: teamId }));
  await worker.start();
}, 120_000);

afterAll(async () => {
  await worker.kill();
  await t?.close();
  await closeTemporal?.();
});

it('invites and reminds each athlete exactly once when the worker dies mid-approval', async () => {
  const db = t.database.db;
  // A pending practice whose 5-minute reminder is due 8 seconds from now.
  const start = new Date(Date.now() + 5 * 60_000 + 8000);
  const { id } = await db
    .insertInto('calendar_events')
    .values({
      school_id: schoolId,
      sport_team_id: teamId,
      name: 'Morning swim',
      category: 'CARA',
      cara_category: 'PRACTICE',
      attendee_team_ids: [teamId],
      time_zone: 'America/New_York',
      starts_at: start,
      ends_at: new Date(start.getTime() + 5_400_000),
      reminder_minutes: 5,
      status: 'PENDING',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const ids = athletes.map((a) => a.id);
  const count = (status: string) =>
    db
      .selectFrom('notifications')
      .select('user_id')
      .where('user_id', 'in', ids)
      .where('status', '=', status)
      .where(({ ref }) => ref('payload', '->>').key('eventId'), '=', id)
      .execute();

  const approval = t.app.inject({
    method: 'POST',
    url: `/api/v1/events/${id}/decision`,
    headers: { cookie: adminCookie },
    payload: { decision: 'APPROVE' },
  });
  await until(async () => (await count('invite')).length > 0, 60_000, 'invitations started');
  await worker.kill();
  await worker.start();
  const decided = await approval;
  expect(decided.statusCode, decided.body).toBe(200);

  const invited = await until(
    async () => {
      const rows = await count('invite');
      return rows.length >= ATHLETES ? rows : null;
    },
    60_000,
    'every athlete invited',
  );
  expect(new Set(invited.map((r) => r.user_id)).size).toBe(ATHLETES);
  const handle = temporal.workflow.getHandle(calendarEventWorkflowId(id));
  expect(await handle.result()).toMatchObject({ status: 'APPROVED', remindersSent: 1 });
  // Give a duplicate, if one were coming, the time to appear.
  await new Promise((r) => setTimeout(r, 2000));
  expect(await count('invite')).toHaveLength(ATHLETES);
  expect(await count('init')).toHaveLength(ATHLETES);
  const mails = await db
    .selectFrom('outbox')
    .select('to_address')
    .where(
      'to_address',
      'in',
      athletes.map((a) => a.email),
    )
    .where('subject', 'like', 'Reminder: Morning swim%')
    .execute();
  expect(mails).toHaveLength(ATHLETES);
}, 300_000);
