import { cancelWorkflowTasks } from '../../../api/tasks/tasks.repository';
import type { StepRunState } from '../../../domain/packet-workflow';
import type { ActingPerson, SubmissionStatus, VoidSubmissionInput } from '../../../domain/packets';
import type { ActionWriter } from './actions';
import { notify } from './reach';
import {
  appendEvent,
  loadContext,
  workflowId,
  type Executor,
  type PacketActivityDeps,
  type StepActionRecord,
  type SubmissionRef,
} from './records';

/** The ending: the outcome written, what is left open cancelled, the recipient and the sender told. */

export interface FinishInput extends SubmissionRef {
  outcome: 'COMPLETED' | 'VOIDED' | 'EXPIRED' | 'REJECTED';
  status: SubmissionStatus;
  steps: StepRunState[];
  packetName: string;
  void?: VoidSubmissionInput;
  actions?: StepActionRecord[];
}

export function createEndingActivities(deps: PacketActivityDeps, writer: ActionWriter) {
  const { db } = deps;
  return {
    async finishSubmission(input: FinishInput): Promise<void> {
      // The actions that ended it first: their tasks are done before the ending cancels what is left open. One
      // transaction for all of it: the ending commits whole or not at all.
      await db.transaction().execute(async (trx) => {
        await writer.writeActions(trx, input.actions, { touchSubmission: false });
        const now = new Date();
        await trx
          .updateTable('packet_submissions')
          .set({
            status: input.status,
            steps: JSON.stringify(input.steps),
            active_step_id: null,
            active_step_name: null,
            updated_at: now,
            ...(input.outcome === 'COMPLETED' || input.outcome === 'REJECTED' ? { completed_at: now } : {}),
            // A completed submission has no open change request (its last step may be the resubmission itself).
            ...(input.outcome === 'COMPLETED' ? { change_request: null } : {}),
            ...(input.outcome === 'EXPIRED' ? { expired_at: now } : {}),
            ...(input.outcome === 'VOIDED' ? { voided_at: now, void_reason: input.void?.reason ?? null } : {}),
          })
          .where('id', '=', input.submissionId)
          .where('school_id', '=', input.schoolId)
          .execute();
        await cancelWorkflowTasks(trx, input.schoolId, { workflowId: workflowId() });
        await trx
          .updateTable('packet_signer_links')
          .set({ revoked_at: now })
          .where('submission_id', '=', input.submissionId)
          .where('revoked_at', 'is', null)
          .execute();
        await appendEvent(trx, input, {
          key: `finish:${input.outcome}`,
          kind: input.outcome,
          actor: voidActorOf(input),
          details: { status: input.status, ...(input.void ? { reason: input.void.reason } : {}) },
        });
        await notifyEnding(trx, input);
      });
    },
  };
}

function voidActorOf(input: FinishInput): ActingPerson | null {
  return input.void
    ? {
        ...(input.void.byUserId ? { userId: input.void.byUserId } : {}),
        name: input.void.byName,
        ip: input.void.ip ?? null,
        userAgent: input.void.userAgent ?? null,
      }
    : null;
}

/** The recipient's notification of the outcome (none for a rejection, told at the action) and the sender's. */
async function notifyEnding(trx: Executor, input: FinishInput): Promise<void> {
  const ctx = await loadContext(trx, input);
  const note: Record<FinishInput['outcome'], [string, string] | null> = {
    COMPLETED: ['accepted', `${input.packetName} is complete`],
    VOIDED: ['rejected', `${input.packetName} was voided by the sender`],
    EXPIRED: ['rejected', `${input.packetName} expired`],
    REJECTED: null,
  };
  const entry = note[input.outcome];
  if (entry) {
    await notify(trx, input, ctx, {
      userId: ctx.recipient_id,
      status: entry[0],
      title: entry[1],
      raw: `finish:${input.outcome}`,
    });
  }
  if (ctx.sent_by && input.outcome !== 'VOIDED') {
    await notify(trx, input, ctx, {
      userId: ctx.sent_by,
      status: input.outcome === 'COMPLETED' ? 'accepted' : 'rejected',
      title: `${input.packetName} for ${ctx.recipient_first} ${ctx.recipient_last}: ${input.status.toLowerCase().replace(/_/g, ' ')}`,
      raw: `finish-sender:${input.outcome}`,
    });
  }
}
