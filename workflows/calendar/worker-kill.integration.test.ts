import { spawn, type ChildProcess } from 'node:child_process';
import { resolve } from 'node:path';
import type { Client } from '@temporalio/client';
import { afterAll, beforeAll, expect, inject, it } from 'vitest';
import { seedSchool, seedTeam, seedUser, sessionCookie, type SeededUser } from '../../api/test-support/seed-school';
import { createTestApp, type TestApp } from '../../api/test-support/test-app';
import { calendarEventWorkflowId } from '../../domain/calendar-workflow';
import { testTemporalClient, uniqueTaskQueue, workflowBundle } from '../../scripts/test-harness/context';

/**
 * A worker killed (SIGKILL) while an admin's approval is inviting a team: after a new worker takes over, every
 * athlete has exactly one invitation notification, and the reminder that follows on its timer reaches each of them
 * exactly once, in the app and by e-mail.
 */
const ATHLETES = 20;
const WORKER_SCRIPT = resolve(import.meta.dirname, '../../activities/testing/worker-process.ts');
const taskQueue = uniqueTaskQueue('calendar-kill');
let t: TestApp;
let temporal: Client;
let closeTemporal: () => Promise<void>;
let worker: ChildProcess | null = null;
let schoolId: string;
let teamId: string;
let adminCookie: string;
const athletes: SeededUser[] = [];

function startWorker(): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', WORKER_SCRIPT], {
    env: {
      ...process.env,
      TEST_DATABASE_URL: inject('databaseUrl'),
      TEST_TEMPORAL_ADDRESS: inject('temporalAddress'),
      TEST_TASK_QUEUE: taskQueue,
      TEST_WORKFLOW_BUNDLE: workflowBundle().codePath,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stderr!.resume();
  return new Promise((ready, reject) => {
    child.once('exit', (code) => reject(new Error(`worker exited (${code}) before it was ready`)));
    child.stdout!.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes('worker-ready')) ready(child);
    });
  });
}

async function killWorker(): Promise<void> {
  const child = worker;
  worker = null;
  if (!child || child.exitCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGKILL');
  await exited;
}

async function until<T>(probe: () => Promise<T | null | undefined | false>, ms: number, what: string): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > end) throw new Error(`${what}: not reached within ${ms} ms`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

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
  worker = await startWorker();
}, 120_000);

afterAll(async () => {
  await killWorker();
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
  await killWorker();
  worker = await startWorker();
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
