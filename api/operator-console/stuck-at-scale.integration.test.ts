import { randomUUID } from 'node:crypto';
import { resolve } from 'node:path';
import { bundleWorkflowCode, Worker } from '@temporalio/worker';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTaskActivities } from '../../activities/tasks/tasks.activities';
import { runInBackground } from '../../activities/testing/background-worker';
import { waitFor } from '../../activities/testing/fixtures';
import { forEachConcurrently } from '../../domain/concurrency';
import { testWorkerConnection, uniqueTaskQueue } from '../../scripts/test-harness/context';
import { startWorkflowTestEnv, type WorkflowTestEnv } from '../../workflows/testing/test-env';
import { humanStepFixture } from '../../workflows/testing/stuck-fixtures.workflow';
import { seedSchool, seedUser, sessionCookie, type SeededUser } from '../test-support/seed-school';
import { createTestApp, type TestApp } from '../test-support/test-app';

/**
 * Issue 35: the Stuck tab said "Nothing is stuck" while the health cards showed a task overdue and a failed mail,
 * because it judged only the newest few hundred running processes. Here the two stuck processes are the oldest of
 * more than that many running ones, and the Stuck tab must still list both, unfiltered.
 */
const NEWER_RUNNING = 330;

let env: WorkflowTestEnv;
let api: TestApp;
let queue: string;
let stopWorker: () => Promise<void>;
let school: { id: string };
let admin: SeededUser;
let adminCookie: string;

beforeAll(async () => {
  env = await startWorkflowTestEnv('operator-console-scale');
  const bundle = await bundleWorkflowCode({
    workflowsPath: resolve(import.meta.dirname, '../../workflows/testing/stuck-fixtures.workflow.ts'),
    logger: { info() {}, warn() {}, error: console.error, debug() {}, trace() {}, log() {} } as never,
  });
  queue = uniqueTaskQueue('stuck-scale');
  const connection = await testWorkerConnection();
  const worker = await Worker.create({
    connection,
    taskQueue: queue,
    workflowBundle: bundle,
    activities: createTaskActivities({ db: env.database.db }),
    shutdownGraceTime: 500,
  });
  const running = runInBackground(worker);
  stopWorker = async () => {
    await running.stop();
    await connection.close();
  };
  api = await createTestApp({ temporal: env.client, database: env.database, taskQueue: env.taskQueue });
  const db = env.database.db;
  school = await seedSchool(db);
  admin = await seedUser(db, school.id, { roles: [{ role: 'SCHOOL_ADMIN', compliance: true }] });
  adminCookie = await sessionCookie(db, admin);
}, 180_000);

afterAll(async () => {
  await stopWorker?.().catch(() => undefined);
  await api?.close();
  await env?.close();
});

function startHumanStep(entityId: string, dueInMs: number) {
  return env.client.workflow.start(humanStepFixture, {
    taskQueue: queue,
    workflowId: `fixture:scale:${entityId}:${randomUUID()}`,
    args: [{ schoolId: school.id, entityId, assigneeUserId: admin.id, dueInMs }],
  });
}

async function openTaskCount(workflowIds: string[]): Promise<number> {
  const row = await env.database.db
    .selectFrom('tasks')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('workflow_id', 'in', workflowIds)
    .where('status', '=', 'OPEN')
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

interface ItemDto {
  workflowId: string;
  stuck: Array<{ kind: string; reason: string }>;
}

describe('the Stuck tab with many running processes', () => {
  it('lists an old overdue step and an old failed mail behind hundreds of newer running processes', async () => {
    const overdue = await startHumanStep('old-overdue', 200);
    const mailed = await startHumanStep('old-mail', 7 * 24 * 3_600_000);
    await waitFor(async () => (await openTaskCount([overdue.workflowId, mailed.workflowId])) === 2, 20_000);
    await env.database.db
      .insertInto('outbox')
      .values({
        school_id: school.id,
        idempotency_key: `mail:${mailed.workflowId}:invite`,
        to_address: 'jordan.lee@example.edu',
        subject: 'Your paperwork is ready',
        text_body: 'Hello',
        status: 'FAILED',
        attempts: 3,
        last_error: 'connect ECONNREFUSED 127.0.0.1:25',
        workflow_id: mailed.workflowId,
      })
      .execute();

    const newer: string[] = [];
    await forEachConcurrently(
      Array.from({ length: NEWER_RUNNING }, (_, i) => i),
      16,
      async (i) => {
        newer.push((await startHumanStep(`newer-${i}`, 7 * 24 * 3_600_000)).workflowId);
      },
    );
    await waitFor(async () => (await openTaskCount(newer)) === NEWER_RUNNING, 120_000, 500);

    // Visibility catches up asynchronously; wait until it lists every process, then ask the Stuck tab once.
    await waitFor(async () => {
      const counts = await api.app.inject({
        method: 'GET',
        url: `/api/v1/operator-console/counts`,
        headers: { cookie: adminCookie },
      });
      return (counts.json() as { Running: number }).Running >= NEWER_RUNNING + 2;
    }, 30_000);
    // One newer process ends by hand and leaves its task open: with this many open tasks, the console reads the
    // processes that ended since the oldest open task, not every open task's process (issue 35), and must find it.
    const ended = newer[NEWER_RUNNING - 1]!;
    await env.client.workflow.getHandle(ended).terminate('ended by hand');
    await waitFor(async () => {
      const { count } = await env.client.workflow.count(`WorkflowId = '${ended}' AND ExecutionStatus = 'Terminated'`);
      return count === 1;
    }, 30_000);
    const res = await api.app.inject({
      method: 'GET',
      url: '/api/v1/operator-console/workflows?stuckOnly=true&limit=25',
      headers: { cookie: adminCookie },
    });
    expect(res.statusCode).toBe(200);
    const body = res.json() as { items: ItemDto[]; total: number };
    expect(body.items.map((i) => i.workflowId).sort()).toEqual([overdue.workflowId, mailed.workflowId, ended].sort());
    expect(body.total).toBe(3);
    expect(body.items.find((i) => i.workflowId === ended)!.stuck.map((s) => s.kind)).toEqual(['STATE_MISMATCH']);
    const byId = new Map(body.items.map((i) => [i.workflowId, i]));
    expect(byId.get(overdue.workflowId)!.stuck.map((s) => s.kind)).toEqual(['HUMAN_STEP_OVERDUE']);
    const mail = byId.get(mailed.workflowId)!.stuck;
    expect(mail.map((s) => s.kind)).toEqual(['MAIL_FAILED']);
    expect(mail[0]!.reason).toBe(
      'The mail "Your paperwork is ready" to jordan.lee@example.edu could not be sent (3 attempts): connect ECONNREFUSED 127.0.0.1:25. Fix the address or the mail server, then resend it.',
    );
  }, 240_000);
});
