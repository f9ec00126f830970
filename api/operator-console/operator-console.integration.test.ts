import { randomUUID } from 'node:crypto';
import { resolve } from 'node:path';
import type { WorkflowHandle } from '@temporalio/client';
import type { Workflow } from '@temporalio/common';
import { bundleWorkflowCode, Worker } from '@temporalio/worker';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTaskActivities } from '../../activities/tasks/tasks.activities';
import { runInBackground } from '../../activities/testing/background-worker';
import { waitFor } from '../../activities/testing/fixtures';
import { testWorkerConnection, uniqueTaskQueue } from '../../scripts/test-harness/context';
import { startWorkflowTestEnv, type WorkflowTestEnv } from '../../workflows/testing/test-env';
import {
  assigneeQuery,
  brokenCodeFixture,
  flakyActivityFixture,
  humanStepFixture,
} from '../../workflows/testing/stuck-fixtures.workflow';
import { seedSchool, seedUser, sessionCookie, type SeededUser } from '../test-support/seed-school';
import { createTestApp, type TestApp } from '../test-support/test-app';

/**
 * The operator console against real stuck processes: a step failing until a switch flips, a human step past its
 * SLA, a workflow whose code throws, a queue whose worker stopped and an ended process with an open task. The
 * console must list each with the right reason, and retry, reassign and terminate must act and be audited.
 */
let env: WorkflowTestEnv;
let api: TestApp;
let fixtureQueue: string;
let stopFixtureWorker: () => Promise<void>;
let fixtureBundle: { code: string };
const flakySwitch = { fixed: false };

let operator: SeededUser;
let operatorCookie: string;
let schoolA: { id: string };
let adminA: SeededUser;
let adminACookie: string;
let adminBCookie: string;
let helperA: SeededUser;

beforeAll(async () => {
  env = await startWorkflowTestEnv('operator-console');
  fixtureBundle = await bundleWorkflowCode({
    workflowsPath: resolve(import.meta.dirname, '../../workflows/testing/stuck-fixtures.workflow.ts'),
    logger: { info() {}, warn() {}, error: console.error, debug() {}, trace() {}, log() {} } as never,
  });
  fixtureQueue = uniqueTaskQueue('stuck-fixtures');
  const connection = await testWorkerConnection();
  const worker = await Worker.create({
    connection,
    taskQueue: fixtureQueue,
    workflowBundle: fixtureBundle,
    activities: {
      ...createTaskActivities({ db: env.database.db }),
      async flakyStep() {
        if (!flakySwitch.fixed) throw new Error('Partner service refused the request (switch is off)');
        return 'fixed';
      },
    },
    shutdownGraceTime: 500,
  });
  const running = runInBackground(worker);
  stopFixtureWorker = async () => {
    await running.stop();
    await connection.close();
  };

  api = await createTestApp({
    temporal: env.client,
    database: env.database,
    taskQueue: env.taskQueue,
    stuckThresholds: { unpickedTaskMs: 1500, pollerSilenceMs: 90_000 },
  });
  const db = env.database.db;
  const provider = await seedSchool(db, { kind: 'PROVIDER' });
  operator = await seedUser(db, provider.id, { roles: [{ role: 'OPERATOR' }] });
  operatorCookie = await sessionCookie(db, operator);
  schoolA = await seedSchool(db);
  adminA = await seedUser(db, schoolA.id, { roles: [{ role: 'SCHOOL_ADMIN', compliance: true }] });
  adminACookie = await sessionCookie(db, adminA);
  helperA = await seedUser(db, schoolA.id, { roles: [{ role: 'SCHOOL_ADMIN', compliance: false }], firstName: 'Hana' });
  const schoolB = await seedSchool(db);
  const adminB = await seedUser(db, schoolB.id, { roles: [{ role: 'SCHOOL_ADMIN', compliance: true }] });
  adminBCookie = await sessionCookie(db, adminB);
}, 180_000);

afterAll(async () => {
  await stopFixtureWorker?.().catch(() => undefined);
  await api?.close();
  await env?.close();
});

interface StuckReasonDto {
  kind: string;
  reason: string;
  taskId?: string;
}
interface ItemDto {
  workflowId: string;
  status: string;
  module: string;
  schoolId: string;
  stuck: StuckReasonDto[];
}

async function get<T>(url: string, cookie = operatorCookie): Promise<{ status: number; body: T }> {
  const res = await api.app.inject({ method: 'GET', url: `/api/v1/operator-console${url}`, headers: { cookie } });
  return { status: res.statusCode, body: res.json() as T };
}

async function post<T>(url: string, payload: unknown, cookie = operatorCookie): Promise<{ status: number; body: T }> {
  const res = await api.app.inject({
    method: 'POST',
    url: `/api/v1/operator-console${url}`,
    headers: { cookie, origin: api.config.publicUrl },
    payload: payload as Record<string, unknown>,
  });
  return { status: res.statusCode, body: res.json() as T };
}

const path = (workflowId: string) => `/workflows/${encodeURIComponent(workflowId)}`;

/** Waits until the console reports a reason of this kind for the process. */
async function waitForStuck(workflowId: string, kind: string, timeoutMs = 20_000): Promise<StuckReasonDto> {
  return waitFor(
    async () => {
      const { body } = await get<{ items: ItemDto[] }>(`/workflows?stuckOnly=true&schoolId=${schoolA.id}&limit=100`);
      return body.items.find((i) => i.workflowId === workflowId)?.stuck.find((s) => s.kind === kind);
    },
    timeoutMs,
    300,
  );
}

async function auditEvents(action: string, workflowId: string) {
  return env.database.db
    .selectFrom('audit_events')
    .selectAll()
    .where('action', '=', action)
    .where('target_id', '=', workflowId)
    .execute();
}

async function startFixture<T extends Workflow>(
  fn: T,
  args: Parameters<T>,
  taskQueue = fixtureQueue,
): Promise<WorkflowHandle<T>> {
  return env.client.workflow.start(fn, {
    taskQueue,
    workflowId: `fixture:${fn.name}:${randomUUID()}`,
    args,
  } as never) as Promise<WorkflowHandle<T>>;
}

describe('operator console', () => {
  it('lists a step that keeps failing with its attempt and failure, and "retry now" runs it once fixed', async () => {
    flakySwitch.fixed = false;
    const handle = await startFixture(flakyActivityFixture, [{ schoolId: schoolA.id, entityId: 'flaky-1' }]);
    const reason = await waitForStuck(handle.workflowId, 'ACTIVITY_RETRYING');
    expect(reason.reason).toMatch(
      /^Step "Flaky step" keeps failing and is retrying \(attempt \d+\); last failure: Partner service refused the request \(switch is off\)/,
    );

    const detail = await get<{
      pendingActivities: Array<{ activityType: string; attempt: number; lastFailureMessage: string }>;
      timeline: Array<{ title: string }>;
      temporalUiUrl: string;
    }>(path(handle.workflowId));
    expect(detail.status).toBe(200);
    expect(detail.body.pendingActivities[0]).toMatchObject({
      activityType: 'flakyStep',
      lastFailureMessage: 'Partner service refused the request (switch is off)',
    });
    expect(detail.body.timeline.map((e) => e.title)).toEqual(
      expect.arrayContaining(['Process started (flakyActivityFixture)', 'Step "Flaky step" scheduled']),
    );
    expect(detail.body.temporalUiUrl).toBe(
      `http://localhost:8233/namespaces/default/workflows/${encodeURIComponent(handle.workflowId)}/${(await handle.describe()).runId}/history`,
    );

    // The reason is required (400 with the catalogue wording), then the fixed step runs at once.
    const noReason = await post<{ error: { code: string } }>(`${path(handle.workflowId)}/retry`, { reason: '' });
    expect(noReason.status).toBe(400);
    flakySwitch.fixed = true;
    const retried = await post<{ message: string }>(`${path(handle.workflowId)}/retry`, {
      reason: 'Partner fixed their API',
    });
    expect(retried.status).toBe(200);
    expect(retried.body.message).toBe('Retrying "Flaky step" now.');
    // The next automatic try would be a minute away; the retry makes it finish within seconds.
    await expect(withTimeout(handle.result(), 15_000)).resolves.toBe('fixed');
    const events = await auditEvents('workflow.retried', handle.workflowId);
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ school_id: schoolA.id, actor_user_id: operator.id });
    expect(events[0]!.details).toMatchObject({ reason: 'Partner fixed their API', how: 'activity' });
  });

  it('lists a human step past its SLA and reassigns it, telling the workflow and auditing it', async () => {
    const handle = await startFixture(humanStepFixture, [
      { schoolId: schoolA.id, entityId: 'human-1', assigneeUserId: adminA.id, dueInMs: 500 },
    ]);
    const reason = await waitForStuck(handle.workflowId, 'HUMAN_STEP_OVERDUE');
    expect(reason.reason).toMatch(
      /^"Review the assignment" has waited on Test User \S+ for \d+ s, \d+ s past its due time\.$/,
    );
    expect(reason.taskId).toBeTruthy();

    // Another school's admin cannot see or act on it; the school's own admin can.
    expect((await get(path(handle.workflowId), adminBCookie)).status).toBe(404);
    const moveByB = await post(
      `${path(handle.workflowId)}/reassign`,
      { taskId: reason.taskId, toUserId: helperA.id, reason: 'x' },
      adminBCookie,
    );
    expect(moveByB.status).toBe(404);
    const users = await get<Array<{ id: string }>>(`${path(handle.workflowId)}/assignable-users?q=Hana`, adminACookie);
    expect(users.body.map((u) => u.id)).toEqual([helperA.id]);

    const moved = await post<{ message: string }>(
      `${path(handle.workflowId)}/reassign`,
      { taskId: reason.taskId, toUserId: helperA.id, reason: 'Ada is on leave' },
      adminACookie,
    );
    expect(moved.status).toBe(200);
    expect(moved.body.message).toMatch(/^"Review the assignment" is now assigned to Hana /);
    const task = await env.database.db
      .selectFrom('tasks')
      .selectAll()
      .where('id', '=', reason.taskId!)
      .executeTakeFirstOrThrow();
    expect(task.assignee_user_id).toBe(helperA.id);
    await waitFor(async () => (await handle.query(assigneeQuery)) === helperA.id, 5000);
    const events = await auditEvents('workflow.task_reassigned', handle.workflowId);
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ school_id: schoolA.id, actor_user_id: adminA.id });
    expect(events[0]!.details).toMatchObject({
      reason: 'Ada is on leave',
      fromUserId: adminA.id,
      toUserId: helperA.id,
    });

    // Terminate ends the process, cancels its open task and is audited.
    const ended = await post(`${path(handle.workflowId)}/terminate`, { reason: 'Assignment withdrawn' });
    expect(ended.status).toBe(200);
    expect((await handle.describe()).status.name).toBe('TERMINATED');
    const after = await env.database.db
      .selectFrom('tasks')
      .select('status')
      .where('id', '=', reason.taskId!)
      .executeTakeFirstOrThrow();
    expect(after.status).toBe('CANCELLED');
    const terminated = await auditEvents('workflow.terminated', handle.workflowId);
    expect(terminated[0]!.details).toMatchObject({ reason: 'Assignment withdrawn', cancelledTasks: 1 });
    const again = await post<{ error: { code: string } }>(`${path(handle.workflowId)}/terminate`, { reason: 'again' });
    expect(again.status).toBe(409);
    expect(again.body.error.code).toBe('WORKFLOW_NOT_RUNNING');
  });

  it('explains workflow code that throws on every run, and "retry now" resets it', async () => {
    const handle = await startFixture(brokenCodeFixture, [{ schoolId: schoolA.id, entityId: 'broken-1' }]);
    const reason = await waitForStuck(handle.workflowId, 'WORKFLOW_TASK_FAILING', 30_000);
    expect(reason.reason).toMatch(
      /^The workflow code throws an error every time it runs \(attempt \d+\): Fixture bug: cannot read properties of undefined \(reading "packet"\)/,
    );
    const firstRun = (await handle.describe()).runId;
    const retried = await post<{ runId: string }>(`${path(handle.workflowId)}/retry`, { reason: 'Deployed the fix' });
    expect(retried.status).toBe(200);
    expect(retried.body.runId).not.toBe(firstRun);
    const events = await auditEvents('workflow.retried', handle.workflowId);
    expect(events[0]!.details).toMatchObject({ how: 'reset', newRunId: retried.body.runId });
    await env.client.workflow.getHandle(handle.workflowId).terminate('test over');
  });

  it('reports a queue whose worker stopped, and an ended process that left an open task', async () => {
    const queue = uniqueTaskQueue('stopped-worker');
    const connection = await testWorkerConnection();
    const worker = await Worker.create({
      connection,
      taskQueue: queue,
      workflowBundle: fixtureBundle,
      activities: createTaskActivities({ db: env.database.db }),
      shutdownGraceTime: 200,
    });
    const running = runInBackground(worker);
    const handle = await startFixture(
      humanStepFixture,
      [{ schoolId: schoolA.id, entityId: 'stopped-1', assigneeUserId: adminA.id, dueInMs: 3_600_000 }],
      queue,
    );
    await waitFor(async () => {
      const rows = await env.database.db
        .selectFrom('tasks')
        .select('id')
        .where('workflow_id', '=', handle.workflowId)
        .execute();
      return rows.length === 1;
    }, 10_000);
    await running.stop();
    await connection.close();
    await handle.signal('fixture.completeStep');
    const noWorker = await waitForStuck(handle.workflowId, 'NO_WORKER');
    expect(noWorker.reason).toContain(`on task queue "${queue}"`);
    expect(noWorker.reason).toMatch(/start a worker for it\.$/);

    // Ended outside the console (no clean-up ran): the open task now disagrees with the process.
    await handle.terminate('ended by hand');
    const mismatch = await waitForStuck(handle.workflowId, 'STATE_MISMATCH');
    expect(mismatch.reason).toMatch(
      /^The process is terminated but the inbox still shows an open task: "Review the assignment"/,
    );
  });

  it('counts per status, keeps school admins to their school and shows the health panel', async () => {
    const counts = await get<Record<string, number>>(`/counts?schoolId=${schoolA.id}`);
    expect(counts.status).toBe(200);
    expect(counts.body.total).toBeGreaterThanOrEqual(3);
    expect(counts.body.Terminated).toBeGreaterThanOrEqual(1);

    const own = await get<{ items: ItemDto[] }>('/workflows?limit=100', adminACookie);
    expect(own.body.items.length).toBeGreaterThan(0);
    expect(own.body.items.every((i) => i.schoolId === schoolA.id)).toBe(true);
    // A school admin asking for another school still gets their own only (the filter is forced server-side).
    const other = await get<{ items: ItemDto[] }>(`/workflows?schoolId=${schoolA.id}&limit=100`, adminBCookie);
    expect(other.body.items).toEqual([]);

    const health = await get<{
      queues: Array<{ name: string; kind: string; livePollers: number }>;
      outbox: { pending: number };
    }>('/health');
    expect(health.status).toBe(200);
    expect(health.body.queues).toEqual(
      expect.arrayContaining([expect.objectContaining({ name: env.taskQueue, kind: 'workflow', livePollers: 1 })]),
    );
    expect(health.body.outbox.pending).toBeGreaterThanOrEqual(0);
  });

  it('runs a bulk terminate over a filtered set with progress', async () => {
    const handles = await Promise.all(
      [1, 2].map(() =>
        startFixture(humanStepFixture, [
          { schoolId: schoolA.id, entityId: 'bulk', assigneeUserId: adminA.id, dueInMs: 3_600_000 },
        ]),
      ),
    );
    await waitFor(
      async () => {
        const { body } = await get<{ items: ItemDto[] }>(
          `/workflows?schoolId=${schoolA.id}&entityId=bulk&status=Running`,
        );
        return body.items.length === 2;
      },
      15_000,
      300,
    );
    const job = await post<{ id: string; total: number }>('/bulk', {
      action: 'terminate',
      reason: 'Cleaning up the bulk test',
      filter: { schoolId: schoolA.id, entityId: 'bulk' },
    });
    expect(job.status).toBe(202);
    expect(job.body.total).toBe(2);
    const done = await waitFor(
      async () => {
        const { body } = await get<{ state: string; done: number; failed: number }>(`/bulk/${job.body.id}`);
        return body.state === 'DONE' ? body : undefined;
      },
      15_000,
      200,
    );
    expect(done).toMatchObject({ done: 2, failed: 0 });
    for (const h of handles) expect((await h.describe()).status.name).toBe('TERMINATED');
    // The admin of another school cannot read the operator's job.
    expect((await get(`/bulk/${job.body.id}`, adminBCookie)).status).toBe(404);
  });
});

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return Promise.race([
    promise,
    new Promise<T>((_, reject) => setTimeout(() => reject(new Error(`Timed out after ${ms} ms`)), ms)),
  ]);
}
