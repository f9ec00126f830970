import type { Client } from '@temporalio/client';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { seedForm, shortText } from '../../api/test-support/forms';
import { seedSchool, seedUser, sessionCookie, type SeededUser } from '../../api/test-support/seed-school';
import { createTestApp, type TestApp } from '../../api/test-support/test-app';
import type { FormElement } from '../../form-engine/form-definition';
import { testTemporalClient, uniqueTaskQueue } from '../../scripts/test-harness/context';
import { until, workerProcess } from '../testing/worker-process';

/**
 * Crash safety of packet submissions on the real stack: the worker runs in a child process and is killed with
 * SIGKILL (no shutdown, activities cut mid-way) while 200 workflows open their first step, and again while a batch
 * of people act through the API. After each restart every workflow must reach the expected step, each e-mail must
 * exist once in the outbox (the dev mailbox) and each audit event once per workflow.
 *
 * The same drill at the size of a whole school is opt-in (too slow for `npm test`):
 * `WORKER_KILL_RECIPIENTS=10000 npx vitest run --project integration workflows/packets/worker-kill.integration.test.ts`.
 */
const RECIPIENTS = Number(process.env.WORKER_KILL_RECIPIENTS ?? 200);
/** Waits allow for a shared, loaded machine; they grow with the size of the send. */
const WAIT_MS = 300_000 + RECIPIENTS * 30;
/** The first kill comes once this many first tasks are listed: mid-send. */
const KILL_AT_TASKS = Math.max(30, Math.floor(RECIPIENTS * 0.15));
const SUBMITTERS = 40;
const APPROVALS = 20;

let t: TestApp;
let temporal: Client;
let closeTemporal: () => Promise<void>;
const taskQueue = uniqueTaskQueue('worker-kill');
const worker = workerProcess(taskQueue);

let owner: SeededUser;
let ownerCookie: string;
const athletes: SeededUser[] = [];
let formId: string;

function call(cookie: string, method: 'GET' | 'POST', url: string, payload?: Record<string, unknown>) {
  return t.app.inject({ method, url: `/api/v1${url}`, headers: { cookie }, ...(payload ? { payload } : {}) });
}

beforeAll(async () => {
  const client = await testTemporalClient();
  temporal = client.client;
  closeTemporal = client.close;
  t = await createTestApp({ temporal, taskQueue });
  // Short durations: an activity cut by the kill is retried after 5 s instead of a minute.
  t.app.deps.packetTiming = { reminderEveryMs: null, expireAfterMs: 3_600_000, activityTimeoutMs: 5_000 };
  const db = t.database.db;
  const schoolId = (await seedSchool(db)).id;
  owner = await seedUser(db, schoolId, { firstName: 'Olive', password: null });
  ownerCookie = await sessionCookie(db, owner);
  for (let i = 0; i < RECIPIENTS; i += 20) {
    athletes.push(
      ...(await Promise.all(
        Array.from({ length: Math.min(20, RECIPIENTS - i) }, (_, j) =>
          seedUser(db, schoolId, { roles: [{ role: 'STUDENT_ATHLETE' }], firstName: `Ath${i + j}`, password: null }),
        ),
      )),
    );
  }
  formId = (
    await seedForm(db, schoolId, owner.id, {
      published: true,
      elements: [shortText('name', { required: true } as Partial<FormElement>)],
    })
  ).formId;
});

afterAll(async () => {
  await worker.kill();
  await t?.close();
  await closeTemporal?.();
});

/** On a stall, prints what Temporal knows of one workflow (pending task, last events) before failing. */
async function diagnoseOnTimeout<T>(workflowId: string, wait: () => Promise<T>): Promise<T> {
  try {
    return await wait();
  } catch (err) {
    const handle = temporal.workflow.getHandle(workflowId);
    const described = await handle.describe().catch((e: unknown) => e);
    const history = await handle.fetchHistory().catch(() => null);
    const events = (history?.events ?? [])
      .slice(-12)
      .map((e) => `${String(e.eventId)} ${String(e.eventType)} @${String(e.eventTime?.seconds)}`);
    console.log(
      `worker-kill: diagnosis of ${workflowId}:`,
      JSON.stringify((described as { raw?: { pendingWorkflowTask?: unknown } }).raw?.pendingWorkflowTask ?? described),
      JSON.stringify(events),
    );
    throw err;
  }
}

async function rowsOf(sentPacketId: string) {
  return t.database.db
    .selectFrom('packet_submissions')
    .select(['id', 'workflow_id', 'recipient_user_id', 'status', 'active_step_id'])
    .where('sent_packet_id', '=', sentPacketId)
    .execute();
}

async function countWhere(sentPacketId: string, table: 'events' | 'tasks', kind: string): Promise<number> {
  const db = t.database.db;
  if (table === 'events') {
    const row = await db
      .selectFrom('packet_submission_events as e')
      .innerJoin('packet_submissions as s', 's.id', 'e.submission_id')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('s.sent_packet_id', '=', sentPacketId)
      .where('e.kind', '=', kind)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }
  const row = await db
    .selectFrom('tasks as k')
    .innerJoin('packet_submissions as s', 's.workflow_id', 'k.workflow_id')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('s.sent_packet_id', '=', sentPacketId)
    .where('k.step_id', 'like', `${kind}#%`)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

it(
  'survives SIGKILLed workers: every workflow at its step, each mail and audit event exactly once',
  async () => {
    const started = Date.now();
    const phases: Record<string, number> = {};
    const mark = (name: string) => {
      phases[name] = Math.round((Date.now() - started) / 100) / 10;
      console.log(`worker-kill: ${name} at ${phases[name]} s`);
    };
    await worker.start();
    mark('first worker ready');

    const created = await call(ownerCookie, 'POST', '/packets', {
      name: 'Crash drill',
      description: 'Clearance paperwork',
      formIds: [formId],
      workflow: {
        steps: [
          {
            id: 'fill',
            kind: 'SUBMITTER',
            name: 'Fill in',
            actors: [{ kind: 'RECIPIENT' }],
            questionIds: [`${formId}:name`],
          },
          {
            id: 'review',
            kind: 'APPROVER',
            name: 'Review',
            actors: [{ kind: 'USER', userId: owner.id }],
            questionIds: [],
          },
        ],
        edges: [{ id: 'e1', from: 'fill', to: 'review' }],
      },
      senders: { userIds: [owner.id], groups: [] },
    });
    expect(created.statusCode, created.body).toBe(201);
    const packetId = created.json().id as string;
    expect((await call(ownerCookie, 'POST', `/packets/${packetId}/publish`)).statusCode).toBe(200);
    const sent = await call(ownerCookie, 'POST', `/packets/${packetId}/send`, {
      recipients: { userIds: athletes.map((a) => a.id), teamIds: [], groups: [] },
      notify: true,
    });
    expect(sent.statusCode, sent.body).toBe(201);
    const sentPacketId = sent.json().sentPacketId as string;
    mark('sent');

    // Kill 1: while the workflows open their first step (tasks, notifications, mails).
    const openedAtKill = await until(
      async () => {
        const n = await countWhere(sentPacketId, 'tasks', 'fill');
        return n >= KILL_AT_TASKS ? n : null;
      },
      WAIT_MS,
      'first tasks opened',
    );
    await worker.kill();
    const afterKill = await countWhere(sentPacketId, 'tasks', 'fill');
    mark('kill 1');
    await worker.start();
    mark('second worker ready');

    await until(
      async () => {
        const rows = await rowsOf(sentPacketId);
        const mails = await countWhere(sentPacketId, 'events', 'EMAILED');
        return rows.length === RECIPIENTS && rows.every((r) => r.active_step_id === 'fill') && mails === RECIPIENTS;
      },
      WAIT_MS,
      `all ${RECIPIENTS} at their first step`,
    );
    mark('all at first step');

    // Kill 2: while athletes submit and the owner approves through the API (Workflow Updates).
    const rows = await rowsOf(sentPacketId);
    const byRecipient = new Map(rows.map((r) => [r.recipient_user_id, r]));
    const submitters = athletes.slice(0, SUBMITTERS);
    const cookies = await Promise.all(submitters.map((a) => sessionCookie(t.database.db, a)));
    const submitOne = async (i: number) => {
      const row = byRecipient.get(submitters[i]!.id)!;
      const res = await call(cookies[i]!, 'POST', `/packet-submissions/${row.id}/actions`, {
        stepId: 'fill',
        action: 'SUBMIT',
        answers: { [formId]: { name: `Athlete ${i}` } },
      });
      return { i, status: res.statusCode, body: res.body };
    };
    const submits = Array.from({ length: SUBMITTERS }, (_, i) => submitOne(i));
    const approveOne = async (i: number) => {
      const row = byRecipient.get(submitters[i]!.id)!;
      // A refused submission (listed with its answer among the submits) is not waited on until the time is up.
      if ((await submits[i]!).status !== 200) return { i, status: 0, body: 'not approved: its submission was refused' };
      await diagnoseOnTimeout(row.workflow_id, () =>
        until(
          async () =>
            (
              await t.database.db
                .selectFrom('packet_submissions')
                .select('active_step_id')
                .where('id', '=', row.id)
                .executeTakeFirstOrThrow()
            ).active_step_id === 'review',
          WAIT_MS,
          `submission ${i} at review`,
        ),
      );
      const res = await call(ownerCookie, 'POST', `/packet-submissions/${row.id}/actions`, {
        stepId: 'review',
        action: 'APPROVE',
      });
      return { i, status: res.statusCode, body: res.body };
    };
    let settled: Array<{ i: number; status: number; body: string }> | null = null;
    const acting = Promise.all([...submits, ...Array.from({ length: APPROVALS }, (_, i) => approveOne(i))]).then(
      (r) => (settled = r),
    );
    const submittedAtKill = await diagnoseOnTimeout(byRecipient.get(submitters[0]!.id)!.workflow_id, () =>
      until(
        async () => {
          if (settled) throw new Error(`actions answered before the kill: ${JSON.stringify(settled.slice(0, 3))}`);
          const n = await countWhere(sentPacketId, 'events', 'SUBMITTED');
          return n >= 5 ? n : null;
        },
        WAIT_MS,
        'first submissions recorded',
      ),
    );
    await worker.kill();
    mark('kill 2');
    await worker.start();
    mark('third worker ready');
    const results = await acting;
    mark('all actions answered');
    expect(results.filter((r) => r.status !== 200)).toEqual([]);

    // Final state: 20 approved and complete, 20 waiting on the reviewer, 160 still at the first step.
    await until(
      async () => {
        const now = await rowsOf(sentPacketId);
        return now.filter((r) => r.status === 'APPROVED' && r.active_step_id === null).length === APPROVALS;
      },
      WAIT_MS,
      'approved submissions complete',
    );
    mark('settled');
    const final = await rowsOf(sentPacketId);
    const expected = new Map<string, { status: string; step: string | null; stage: 0 | 1 | 2 }>();
    athletes.forEach((a, i) => {
      const stage = i < APPROVALS ? 2 : i < SUBMITTERS ? 1 : 0;
      expected.set(a.id, {
        status: ['PENDING', 'SUBMITTED', 'APPROVED'][stage]!,
        step: [`fill`, 'review', null][stage] ?? null,
        stage,
      });
    });
    for (const row of final) {
      const want = expected.get(row.recipient_user_id)!;
      expect({ status: row.status, step: row.active_step_id }, row.workflow_id).toEqual({
        status: want.status,
        step: want.step,
      });
    }
    for (const row of final.filter((r) => expected.get(r.recipient_user_id)!.stage === 2)) {
      expect(await temporal.workflow.getHandle(row.workflow_id).result()).toBe('APPROVED');
    }

    const db = t.database.db;
    // Mails: the outbox (the dev mailbox) holds each mail once, all sent: one per athlete, one to the reviewer per
    // submission.
    const outbox = await db
      .selectFrom('outbox')
      .select(['idempotency_key', 'to_address', 'status'])
      .where('idempotency_key', 'like', `mail:packet-submission:${sentPacketId}:%`)
      .execute();
    expect(new Set(outbox.map((m) => m.idempotency_key)).size).toBe(outbox.length);
    expect(outbox.filter((m) => m.status !== 'SENT')).toEqual([]);
    const mailsPerWorkflow = new Map<string, { athlete: number; reviewer: number }>();
    for (const row of final) mailsPerWorkflow.set(row.workflow_id, { athlete: 0, reviewer: 0 });
    const athleteEmail = new Map(athletes.map((a) => [a.id, a.email]));
    const rowOfWorkflow = new Map(final.map((r) => [r.workflow_id, r]));
    for (const m of outbox) {
      // `mail:packet-submission:<sentPacketId>:<recipientId>:<event>`
      const row = rowOfWorkflow.get(m.idempotency_key.split(':').slice(1, 4).join(':'))!;
      const counts = mailsPerWorkflow.get(row.workflow_id)!;
      if (m.to_address === athleteEmail.get(row.recipient_user_id)) counts.athlete += 1;
      else if (m.to_address === owner.email) counts.reviewer += 1;
      else throw new Error(`unexpected mail to ${m.to_address}`);
    }
    for (const row of final) {
      const stage = expected.get(row.recipient_user_id)!.stage;
      expect(mailsPerWorkflow.get(row.workflow_id), row.workflow_id).toEqual({
        athlete: 1,
        reviewer: stage >= 1 ? 1 : 0,
      });
    }
    expect(outbox).toHaveLength(RECIPIENTS + SUBMITTERS);

    // Audit trail: every event kind exactly as often as the process went through it, per workflow.
    const events = await db
      .selectFrom('packet_submission_events as e')
      .innerJoin('packet_submissions as s', 's.id', 'e.submission_id')
      .select(['s.recipient_user_id', 'e.kind'])
      .where('s.sent_packet_id', '=', sentPacketId)
      .execute();
    const perWorkflow = new Map<string, Record<string, number>>();
    for (const e of events) {
      const counts = perWorkflow.get(e.recipient_user_id) ?? {};
      counts[e.kind] = (counts[e.kind] ?? 0) + 1;
      perWorkflow.set(e.recipient_user_id, counts);
    }
    for (const [recipient, want] of expected) {
      const kinds: Record<string, number> = { SENT: 1, EMAILED: want.stage >= 1 ? 2 : 1 };
      if (want.stage >= 1) kinds.SUBMITTED = 1;
      if (want.stage >= 2) Object.assign(kinds, { APPROVED: 1, COMPLETED: 1 });
      expect(perWorkflow.get(recipient), recipient).toEqual(kinds);
    }

    // Inbox: one task per step reached, open only where the process waits.
    const tasks = await db
      .selectFrom('tasks as k')
      .innerJoin('packet_submissions as s', 's.workflow_id', 'k.workflow_id')
      .select(['s.recipient_user_id', 'k.step_id', 'k.status'])
      .where('s.sent_packet_id', '=', sentPacketId)
      .execute();
    const tasksOf = new Map<string, string[]>();
    for (const k of tasks) {
      tasksOf.set(k.recipient_user_id, [
        ...(tasksOf.get(k.recipient_user_id) ?? []),
        `${k.step_id.split('#')[0]}:${k.status}`,
      ]);
    }
    for (const [recipient, want] of expected) {
      const mine = (tasksOf.get(recipient) ?? []).sort();
      const wanted = [['fill:OPEN'], ['fill:DONE', 'review:OPEN'], ['fill:DONE', 'review:DONE']][want.stage]!;
      expect(mine, recipient).toEqual(wanted);
    }

    console.log(
      `worker-kill: kill 1 with ${openedAtKill}→${afterKill}/${RECIPIENTS} first tasks open, kill 2 with ` +
        `${submittedAtKill}/${SUBMITTERS} submissions recorded; timeline (s): ${JSON.stringify(phases)}`,
    );
  },
  900_000 + RECIPIENTS * 150,
);
