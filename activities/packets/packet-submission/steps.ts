import type { Transaction } from 'kysely';
import { cancelWorkflowTasks, ensureTasks } from '../../../api/tasks/tasks.repository';
import type { StepRunState } from '../../../domain/packet-workflow';
import type { Database } from '../../../migrations/database';
import type { ActionWriter } from './actions';
import { reachSlot, sendMails, type PendingMail } from './reach';
import {
  appendEvent,
  loadContext,
  submissionState,
  taskStepId,
  workflowId,
  type OpenPhaseInput,
  type PacketActivityDeps,
  type SubmissionContext,
  type SubmissionRef,
  type StepActionRecord,
  type SubmissionState,
} from './records';

/** The step activities: the SENT event, a step opened, the state written, a step's open tasks cancelled. */

/** What a step's first mail says, by the step's kind and whether it answers a change request. */
function openingWords(input: OpenPhaseInput): { heading: string; intro: string; status: string } {
  const fresh = input.round === 0 && input.stepKind === 'SUBMITTER';
  const heading =
    input.changeRequest && input.stepKind === 'SUBMITTER'
      ? 'Changes requested'
      : input.stepKind === 'SUBMITTER'
        ? 'Please fill in and submit'
        : input.stepKind === 'EXTERNAL_SIGNER'
          ? 'Please review and sign'
          : 'Please review';
  const intro =
    input.changeRequest && input.stepKind === 'SUBMITTER'
      ? `Comment: ${input.changeRequest.comment}`
      : `It is your turn at "${input.stepName}".`;
  return { heading, intro, status: fresh ? 'init' : input.changeRequest ? 'comment' : 'assigned' };
}

/** The rows of one opened step, written with the caller's transaction; returns the mails to send after commit. */
export async function writePhase(
  deps: PacketActivityDeps,
  trx: Transaction<Database>,
  input: OpenPhaseInput,
  ctx: SubmissionContext,
  opts: { onlyIfUnopened?: boolean } = {},
): Promise<PendingMail[]> {
  const wfId = workflowId(input);
  const { heading, intro, status } = openingWords(input);
  if (input.recordSent) await appendEvent(trx, input, { key: 'sent', kind: 'SENT' });
  let row = trx
    .updateTable('packet_submissions')
    .set(submissionState({ ...input, activeStepId: input.stepId, activeStepName: input.stepName }))
    .where('id', '=', input.submissionId)
    .where('school_id', '=', input.schoolId);
  // A retried batch must not move back a submission whose workflow has since moved on.
  if (opts.onlyIfUnopened) {
    row = row.where('active_step_id', 'is', null).where('round', '=', 0).where('status', '=', 'PENDING');
  }
  await row.execute();
  await ensureTasks(
    trx,
    input.schoolId,
    input.slots.map((slot) => ({
      workflowId: wfId,
      module: 'packet-submission',
      entityId: input.submissionId,
      stepId: taskStepId(input.phaseKey, slot.key),
      stepName: input.stepName,
      assigneeUserId: slot.userId ?? null,
      assigneeRole: slot.role ?? null,
      assigneeEmail: slot.email ?? null,
      title: `${input.packetName}: ${input.stepName}`,
      url: slot.kind === 'EXTERNAL' ? null : `/sprySign/actionRequired?submission=${input.submissionId}`,
      dueAt: new Date(input.expiresAt),
    })),
  );
  const pending: PendingMail[] = [];
  for (const slot of input.slots) {
    pending.push(
      ...(await reachSlot(deps, trx, input, ctx, slot, {
        phaseKey: input.phaseKey,
        stepId: input.stepId,
        stepName: input.stepName,
        round: input.round,
        expiresAt: input.expiresAt,
        status,
        raw: `open:${input.phaseKey}`,
        heading,
        intro,
      })),
    );
  }
  return pending;
}

export function createStepActivities(deps: PacketActivityDeps, writer: ActionWriter) {
  const { db } = deps;
  return {
    async startSubmission(input: SubmissionRef & { steps: StepRunState[] }): Promise<void> {
      await db
        .updateTable('packet_submissions')
        .set({ steps: JSON.stringify(input.steps), updated_at: new Date() })
        .where('id', '=', input.submissionId)
        .where('school_id', '=', input.schoolId)
        .where('status', '=', 'PENDING')
        .where('round', '=', 0)
        .where('active_step_id', 'is', null)
        .execute();
      await appendEvent(db, input, { key: 'sent', kind: 'SENT' });
    },

    /**
     * Opens one step for its actors: the submission row, each actor's task and notification (and signer link) in one
     * transaction, then their mails through the outbox. The first phase of a new submission also records the SENT
     * event (`recordSent`), so a send costs each workflow one activity before it waits on people. The actions that
     * moved the submission on are written first, in the same transaction: one commit for the whole move.
     */
    async openPhase(input: OpenPhaseInput): Promise<void> {
      const ctx = await loadContext(db, input);
      const mails = await db.transaction().execute(async (trx) => {
        await writer.writeActions(trx, input.actions, { touchSubmission: false });
        return writePhase(deps, trx, input, ctx);
      });
      await sendMails(deps, input, mails);
    },

    async updateSubmission(
      input: SubmissionRef &
        SubmissionState & {
          event?: { kind: string; key: string; stepId?: string; details?: Record<string, unknown> };
          actions?: StepActionRecord[];
        },
    ): Promise<void> {
      await db.transaction().execute(async (trx) => {
        await writer.writeActions(trx, input.actions, { touchSubmission: false });
        await trx
          .updateTable('packet_submissions')
          .set(submissionState(input))
          .where('id', '=', input.submissionId)
          .where('school_id', '=', input.schoolId)
          .execute();
        if (input.event) {
          await appendEvent(trx, input, {
            key: input.event.key,
            kind: input.event.kind,
            stepId: input.event.stepId ?? null,
            details: input.event.details ?? {},
          });
        }
      });
    },

    async cancelPhaseTasks(input: SubmissionRef & { phaseKey: string; slotKeys: string[] }): Promise<void> {
      for (const slotKey of input.slotKeys) {
        await cancelWorkflowTasks(db, input.schoolId, {
          workflowId: workflowId(),
          stepId: taskStepId(input.phaseKey, slotKey),
        });
      }
      const [stepId, round] = input.phaseKey.split('#');
      await db
        .updateTable('packet_signer_links')
        .set({ revoked_at: new Date() })
        .where('submission_id', '=', input.submissionId)
        .where('step_id', '=', stepId!)
        .where('round', '=', Number(round))
        .where('revoked_at', 'is', null)
        .execute();
    },
  };
}
