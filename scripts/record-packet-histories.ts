/**
 * Records the packet submission workflow's histories into workflows/packets/histories/ for the replay test, like
 * scripts/record-histories.ts does for the other workflows (kept apart so each feature re-records only its own):
 *   npx tsx scripts/record-packet-histories.ts [scenario-name…]
 */
import { recordHistories } from './test-harness/recorder';
import { Client, type WorkflowHandle } from '@temporalio/client';
import { waitFor } from '../activities/testing/fixtures';
import { seedPacketSubmission } from '../activities/testing/packet-fixtures';
import { type DatabaseHandle } from '../migrations/connect';
import { packetWorkflowIds } from '../domain/packets';
import { RESEND_STEP_NOTIFICATION_SIGNAL, TASK_REASSIGNED_SIGNAL } from '../domain/workflows';
import {
  actOnStepUpdate,
  packetSubmissionWorkflow,
  resendSubmissionSignal,
  submissionStateQuery,
  voidSubmissionSignal,
} from '../workflows/packets/packet-submission.workflow';
import { bulkVoidWorkflow } from '../workflows/packets/bulk-void.workflow';
import { packetSendWorkflow } from '../workflows/packets/packet-send.workflow';

const TASK_QUEUE = 'record-packet-histories';
const TODAY = '2026-11-23';

type Ctx = { client: Client; database: DatabaseHandle };

async function start(ctx: Ctx, timing: { reminderEveryMs: number | null; expireAfterMs: number }) {
  const seeded = await seedPacketSubmission(ctx.database.db, timing);
  const handle = await ctx.client.workflow.start(packetSubmissionWorkflow, {
    taskQueue: TASK_QUEUE,
    workflowId: seeded.workflowId,
    args: [seeded.input],
  });
  await waitFor(async () => (await handle.query(submissionStateQuery)).activeStepId === 'submit', 20_000, 100);
  return { handle, ...seeded };
}

/**
 * A send through the packet-send workflow: the batch opens the first step, then starts the submission workflow
 * (with its first workflow task deferred by `firstTaskDelayMs`, if given).
 */
async function sendBatch(ctx: Ctx, firstTaskDelayMs?: number) {
  const seeded = await seedPacketSubmission(ctx.database.db, { reminderEveryMs: null, expireAfterMs: 600_000 });
  await ctx.database.db
    .updateTable('packet_submissions')
    .set({ active_step_id: null, active_step_name: null })
    .where('id', '=', seeded.input.submissionId)
    .execute();
  const send = await ctx.client.workflow.start(packetSendWorkflow, {
    taskQueue: TASK_QUEUE,
    workflowId: packetWorkflowIds.send(seeded.input.sentPacketId),
    args: [
      {
        schoolId: seeded.input.schoolId,
        sentPacketId: seeded.input.sentPacketId,
        total: 1,
        ...(firstTaskDelayMs !== undefined ? { timing: { firstTaskDelayMs } } : {}),
      },
    ],
  });
  await send.result();
  const submission = ctx.client.workflow.getHandle(seeded.workflowId);
  // A deferred run answers no query before its first workflow task.
  if (firstTaskDelayMs === undefined) {
    await waitFor(async () => (await submission.query(submissionStateQuery)).activeStepId !== null, 20_000, 100);
  }
  return { send, submission, ...seeded };
}

/** The athlete fills in the seeded packet's first step. */
function submitAnswers(
  handle: WorkflowHandle,
  s: { recipientId: string; input: { forms: Array<{ formId: string }> } },
) {
  return handle.executeUpdate(actOnStepUpdate, {
    args: [
      {
        stepId: 'submit',
        action: 'SUBMIT',
        actor: { userId: s.recipientId, name: 'Athlete' },
        answers: { [s.input.forms[0]!.formId]: { q1: 'yes' } },
        today: TODAY,
      },
    ],
  });
}

const SCENARIOS: Array<{ name: string; run: (ctx: Ctx) => Promise<WorkflowHandle> }> = [
  {
    name: 'packet-send-batch',
    async run(ctx) {
      return (await sendBatch(ctx)).send;
    },
  },
  {
    name: 'packet-preopened-voided',
    async run(ctx) {
      const s = await sendBatch(ctx);
      await s.submission.signal(voidSubmissionSignal, { reason: 'Sent by mistake', byUserId: null, byName: 'Owner' });
      await s.submission.result();
      return s.submission;
    },
  },
  {
    // The submission comes with the deferred run's first workflow task, before the workflow has opened its step
    // (the send's default workflow: one step, filled in by the recipient).
    name: 'packet-deferred-submitted',
    async run(ctx) {
      const s = await sendBatch(ctx, 60_000);
      await submitAnswers(s.submission, s);
      await s.submission.result();
      return s.submission;
    },
  },
  {
    name: 'packet-submitted-approved',
    async run(ctx) {
      const s = await start(ctx, { reminderEveryMs: null, expireAfterMs: 600_000 });
      await submitAnswers(s.handle, s);
      await s.handle.executeUpdate(actOnStepUpdate, {
        args: [
          { stepId: 'approve', action: 'APPROVE', actor: { userId: s.approverId, name: 'Approver' }, today: TODAY },
        ],
      });
      await s.handle.result();
      return s.handle;
    },
  },
  {
    name: 'packet-change-requested-resubmitted-voided',
    async run(ctx) {
      const s = await start(ctx, { reminderEveryMs: null, expireAfterMs: 600_000 });
      const formId = s.input.forms[0]!.formId;
      const submit = () => submitAnswers(s.handle, s);
      await submit();
      await s.handle.executeUpdate(actOnStepUpdate, {
        args: [
          {
            stepId: 'approve',
            action: 'REQUEST_CHANGE',
            actor: { userId: s.approverId, name: 'Approver' },
            comment: 'Please check q1.',
            questionIds: [`${formId}:q1`],
            today: TODAY,
          },
        ],
      });
      await submit();
      await s.handle.signal(resendSubmissionSignal);
      await s.handle.signal(voidSubmissionSignal, { reason: 'Sent by mistake.', byUserId: null, byName: 'Sender' });
      await s.handle.result();
      return s.handle;
    },
  },
  {
    name: 'packet-bulk-voided',
    async run(ctx) {
      const s = await start(ctx, { reminderEveryMs: null, expireAfterMs: 600_000 });
      await ctx.database.db
        .updateTable('sent_packets')
        .set({ voided_at: new Date(), void_reason: 'Wrong season.' })
        .where('id', '=', s.input.sentPacketId)
        .execute();
      const handle = await ctx.client.workflow.start(bulkVoidWorkflow, {
        taskQueue: TASK_QUEUE,
        workflowId: `bulk-void:${s.input.sentPacketId}`,
        args: [
          {
            schoolId: s.input.schoolId,
            sentPacketId: s.input.sentPacketId,
            void: { reason: 'Wrong season.', byUserId: s.approverId, byName: 'Approver' },
            requestedByUserId: s.approverId,
          },
        ],
      });
      await handle.result();
      await s.handle.result();
      return handle;
    },
  },
  {
    // The operator console's signals (patched 'operator-console-signals'): the approver's task is handed to a
    // deputy, the step's mail is sent again, the deputy approves.
    name: 'packet-operator-reassigned-resent',
    async run(ctx) {
      const s = await start(ctx, { reminderEveryMs: null, expireAfterMs: 600_000 });
      await submitAnswers(s.handle, s);
      const deputy = await ctx.database.db
        .insertInto('users')
        .values({
          school_id: s.input.schoolId,
          email: `deputy-${Date.now()}@test.edu`,
          first_name: 'Deputy',
          last_name: 'Tester',
          status: 'ACTIVE',
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await s.handle.signal(TASK_REASSIGNED_SIGNAL, {
        taskId: '00000000-0000-4000-8000-000000000000',
        stepId: `approve#0@user:${s.approverId}`,
        fromUserId: s.approverId,
        toUserId: deputy.id,
        toName: 'Deputy Tester',
      });
      await waitFor(
        async () =>
          (await s.handle.query(submissionStateQuery)).steps.some((st) => st.waitingOn?.[0] === 'Deputy Tester'),
        20_000,
        100,
      );
      await s.handle.signal(RESEND_STEP_NOTIFICATION_SIGNAL, { stepName: 'Approve' });
      await s.handle.executeUpdate(actOnStepUpdate, {
        args: [{ stepId: 'approve', action: 'APPROVE', actor: { userId: deputy.id, name: 'Deputy' }, today: TODAY }],
      });
      await s.handle.result();
      return s.handle;
    },
  },
  {
    name: 'packet-reminded-then-expired',
    async run(ctx) {
      const s = await start(ctx, { reminderEveryMs: 500, expireAfterMs: 2_500 });
      await s.handle.result();
      return s.handle;
    },
  },
];

// `npx tsx scripts/record-packet-histories.ts <name>…` records only those scenarios (older files stay as recorded).
recordHistories(TASK_QUEUE, async ({ client, database, write }) => {
  const only = process.argv.slice(2);
  for (const scenario of SCENARIOS.filter((sc) => only.length === 0 || only.includes(sc.name))) {
    await write(await scenario.run({ client, database }), 'packets', scenario.name);
  }
});
