import type { Client } from '@temporalio/client';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestConfig } from '../../activities/testing/fixtures';
import { actorFor } from '../../api/contracts/contracts.fixtures';
import { signAgentLinkToken } from '../../api/partners/agent-links';
import { decideAgent, inviteAgent, provideAgentInfo } from '../../api/partners/agents.service';
import type { PartnerDeps } from '../../api/partners/partner-deps';
import { seedSchool, seedUser, type SeededUser } from '../../api/test-support/seed-school';
import { createTestApp, type TestApp } from '../../api/test-support/test-app';
import { daysFromToday } from '../../scripts/test-harness/test-clock';
import { testTemporalClient, uniqueTaskQueue } from '../../scripts/test-harness/context';
import { until, workerProcess } from '../testing/worker-process';

/**
 * A worker killed (SIGKILL) three times in one agent's life: while the reminder comes due (its timer fires with no
 * worker), while the agent's details arrive (the signal waits in the history), and while compliance's confirmation is
 * being written. After new workers take over, the invitation and the reminder are each mailed once, the confirm task
 * and the admins' notification exist once, the confirmation is audited once and the registration then expires once.
 */
const taskQueue = uniqueTaskQueue('agent-kill');
const worker = workerProcess(taskQueue);
let t: TestApp;
let temporal: Client;
let closeTemporal: () => Promise<void>;
let schoolId: string;
let admin: SeededUser;
let athlete: SeededUser;
/** The worker process signs links with the activities' test config; the API side here uses the same secret. */
const WORKER_SECRET = createTestConfig().appSecret;
const ADMIN = [{ role: 'SCHOOL_ADMIN' as const, compliance: true }];

beforeAll(async () => {
  const client = await testTemporalClient();
  temporal = client.client;
  closeTemporal = client.close;
  t = await createTestApp({ temporal, taskQueue });
  const db = t.database.db;
  schoolId = (await seedSchool(db)).id;
  admin = await seedUser(db, schoolId, { roles: ADMIN });
  athlete = await seedUser(db, schoolId, { roles: [{ role: 'STUDENT_ATHLETE' }] });
  await worker.start();
}, 120_000);

afterAll(async () => {
  await worker.kill();
  await t?.close();
  await closeTemporal?.();
});

it('mails, asks and records each step of an agent once when the worker dies throughout', async () => {
  const db = t.database.db;
  const deps: PartnerDeps = { db, temporal, now: () => new Date(), taskQueue, appSecret: WORKER_SECRET };
  const email = `kill.drill.${Date.now()}@agents.test`;
  const mine = await inviteAgent(
    deps,
    actorFor(athlete, schoolId, [{ role: 'STUDENT_ATHLETE' }]),
    { type: 'SOCIAL_MEDIA_MANAGER', firstName: 'Kit', lastName: 'Drill', email },
    { remindAfterMs: 1_500, linkTtlMs: 120_000, expiryAfterMs: 2_000 },
  );
  const agentId = mine.items.find((a) => a.email === email)!.id;
  const mails = () => db.selectFrom('outbox').select('subject').where('to_address', '=', email).execute();
  await until(async () => ((await mails()).length === 1 ? true : undefined), 30_000, 'invitation mailed');

  // Killed while the reminder comes due.
  await worker.kill();
  await new Promise((r) => setTimeout(r, 2_000));
  await worker.start();
  await until(async () => ((await mails()).length === 2 ? true : undefined), 30_000, 'reminder mailed');

  // Killed while the details arrive: the signal waits for the next worker.
  await worker.kill();
  const token = signAgentLinkToken(WORKER_SECRET, agentId, 1);
  await provideAgentInfo(deps, { ip: null, userAgent: null }, token, {
    type: 'SOCIAL_MEDIA_MANAGER',
    firstName: 'Kit',
    lastName: 'Drill',
    agency: 'Drill Social',
    registrationState: 'CA',
    registrationNumber: 'CA-778',
    registrationExpiresOn: daysFromToday(90),
  });
  await worker.start();
  const task = await until(
    () =>
      db
        .selectFrom('tasks')
        .select(['id', 'status'])
        .where('workflow_id', '=', `agent:${agentId}`)
        .where('status', '=', 'OPEN')
        .executeTakeFirst(),
    30_000,
    'confirm task',
  );

  // Killed while the confirmation is being written.
  const adminActor = actorFor(admin, schoolId, ADMIN);
  const confirm = async () => {
    for (;;) {
      try {
        return await decideAgent(deps, adminActor, { agentId, decision: 'CONFIRM' });
      } catch (err) {
        const code = (err as { code?: string }).code;
        if (code === 'AGENT_NOT_PENDING') return null;
        if (code !== 'WORKFLOW_UNAVAILABLE') throw err;
        await new Promise((r) => setTimeout(r, 200));
      }
    }
  };
  const inFlight = confirm();
  await until(
    async () => {
      const history = await temporal.workflow.getHandle(`agent:${agentId}`).fetchHistory();
      return history.events?.some((e) => e.workflowExecutionUpdateAcceptedEventAttributes);
    },
    30_000,
    'confirmation accepted',
  );
  await worker.kill();
  await worker.start();
  await inFlight;

  expect(await temporal.workflow.getHandle(`agent:${agentId}`).result()).toBe('EXPIRED');
  expect((await mails()).map((m) => m.subject.startsWith('Reminder:'))).toEqual([false, true]);
  const tasks = await db.selectFrom('tasks').select('status').where('workflow_id', '=', `agent:${agentId}`).execute();
  expect(tasks).toEqual([{ status: 'DONE' }]);
  expect(task.id).toBeTruthy();
  const told = await db
    .selectFrom('notifications')
    .select('id')
    .where('user_id', '=', admin.id)
    .where('title', '=', 'Agent to confirm')
    .execute();
  expect(told).toHaveLength(1);
  const actions = await db
    .selectFrom('audit_events')
    .select('action')
    .where('target_id', '=', agentId)
    .orderBy('created_at')
    .execute();
  expect(actions.map((a) => a.action)).toEqual([
    'agent.invited',
    'agent.info_provided',
    'agent.confirmed',
    'agent.registration_expired',
  ]);
  const row = await db.selectFrom('agents').select('status').where('id', '=', agentId).executeTakeFirstOrThrow();
  expect(row.status).toBe('EXPIRED');
}, 300_000);
