import { Context } from '@temporalio/activity';
import { WorkflowExecutionAlreadyStartedError, type Client } from '@temporalio/client';
import type { Kysely } from 'kysely';
import { loadSubmissionBase, type SendTiming } from '../../api/packets/send-plan';
import { forEachConcurrently } from '../../domain/concurrency';
import { firstTaskDelayMs, type PacketSubmissionInput } from '../../domain/packets';
import { firstPhaseOf, orderPacketSteps, type StepRunState, waitingOnOf } from '../../domain/packet-workflow';
import type { Database } from '../../migrations/database';
import { processSearchAttributes, stepSearchAttributes } from '../../domain/search-attributes';
import type { OpenPhaseInput } from './packet-submission.activities';

/** The submission workflow's type, started by name: activities never import a workflow (workflows/packets). */
const PACKET_SUBMISSION_WORKFLOW = 'packetSubmissionWorkflow';

/** Workflow starts in flight per batch (the workflow runs a few batches at once). */
export const PACKET_SEND_STARTS_IN_FLIGHT = 8;

/**
 * The packet-send workflow's batch: starts the submission workflows of up to `limit` recipients of one send (on the
 * task queue this activity runs on, each told its first step is opened for it), then opens those first steps in one
 * transaction (the submission activities' openFirstPhases: the rows and keys each workflow would write itself). In
 * that order, a task is never listed before its workflow runs. Safe to retry at any point: a workflow already
 * started is left as it is, and a submission someone has acted on is not opened again. A large send starts its runs
 * with their first workflow task deferred (`firstTaskDelayMs`).
 */
export function createPacketSendActivities(deps: {
  db: Kysely<Database>;
  temporal?: Client;
  openFirstPhases(input: { schoolId: string; phases: OpenPhaseInput[] }): Promise<void>;
}) {
  const { db } = deps;
  return {
    async startSendBatch(input: {
      schoolId: string;
      sentPacketId: string;
      offset: number;
      limit: number;
      timing: SendTiming;
    }): Promise<number> {
      const temporal = deps.temporal;
      if (!temporal) throw new Error('The packet-send activities need a Temporal client');
      const plan = await loadSubmissionBase(db, input.schoolId, input.sentPacketId, input.timing);
      if (!plan) return 0;
      const submissions = await db
        .selectFrom('packet_submissions')
        .select(['id', 'recipient_user_id', 'workflow_id'])
        .where('school_id', '=', input.schoolId)
        .where('sent_packet_id', '=', input.sentPacketId)
        .orderBy('id')
        .offset(input.offset)
        .limit(input.limit)
        .execute();

      const { base, expiresAt } = plan;
      const startDelayMs = input.timing.firstTaskDelayMs ?? firstTaskDelayMs(plan.recipientCount);
      const since = new Date().toISOString();
      const ordered = orderPacketSteps(base.workflow);
      // One start per submission: its workflow's id and input, and the step the batch opens for it (if any).
      const starts: Array<{
        workflowId: string;
        input: PacketSubmissionInput;
        first: ReturnType<typeof firstPhaseOf>;
      }> = [];
      const phases: OpenPhaseInput[] = [];
      for (const s of submissions) {
        const first = firstPhaseOf(base.workflow, s.recipient_user_id);
        starts.push({
          workflowId: s.workflow_id,
          first,
          input: {
            ...base,
            submissionId: s.id,
            recipientUserId: s.recipient_user_id,
            ...(first ? { firstPhaseOpened: { stepId: first.step.id, since } } : {}),
          },
        });
        if (!first) continue;
        // The state the workflow holds once it has opened its first step (packet-submission.workflow.ts).
        const steps: StepRunState[] = ordered.map((step) =>
          step.id === first.step.id
            ? { stepId: step.id, status: 'ACTIVE', since, waitingOn: first.slots.map((slot) => slot.label) }
            : { stepId: step.id, status: 'PENDING' },
        );
        phases.push({
          schoolId: input.schoolId,
          submissionId: s.id,
          workflowId: s.workflow_id,
          sentPacketId: input.sentPacketId,
          packetName: base.packetName,
          recipientUserId: s.recipient_user_id,
          phaseKey: `${first.step.id}#0`,
          stepId: first.step.id,
          stepName: first.step.name,
          stepKind: first.step.kind,
          slots: first.slots,
          round: 0,
          status: 'PENDING',
          steps,
          expiresAt: expiresAt.toISOString(),
          notify: base.notify,
          changeRequest: null,
          recordSent: true,
        });
      }
      const context = Context.current();
      const taskQueue = context.info.taskQueue;
      let started = 0;
      // Workflows first, then the rows that show the task: nobody can act on a submission whose workflow is not running.
      await forEachConcurrently(starts, PACKET_SEND_STARTS_IN_FLIGHT, async ({ workflowId, input: one, first }) => {
        try {
          await temporal.workflow.start(PACKET_SUBMISSION_WORKFLOW, {
            workflowId,
            taskQueue,
            ...(startDelayMs > 0 ? { startDelay: startDelayMs } : {}),
            args: [one],
            typedSearchAttributes: [
              ...processSearchAttributes({
                schoolId: one.schoolId,
                module: 'packet-submission',
                entityId: one.submissionId,
              }),
              // The step the batch opens for it, so the run's first workflow task has no search attribute to write.
              ...(first ? stepSearchAttributes(first.step.name, waitingOnOf(first.slots)) : []),
            ],
          });
        } catch (err) {
          if (!(err instanceof WorkflowExecutionAlreadyStartedError)) throw err;
        }
        started += 1;
        context.heartbeat(started);
      });
      await deps.openFirstPhases({ schoolId: input.schoolId, phases });
      return started;
    },
  };
}

export type PacketSendActivities = ReturnType<typeof createPacketSendActivities>;
