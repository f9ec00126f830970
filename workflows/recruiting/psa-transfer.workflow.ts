import * as wf from '@temporalio/workflow';
import type { PsaTransferActivities } from '../../activities/recruiting/psa-transfer.activities';
import { ERRORS, type ErrorCode } from '../../domain/errors';
import { RECRUITING_LIMITS, type TransferStatus } from '../../domain/recruiting';
import { workflowIds } from '../../domain/workflows';
import type { invitationWorkflow } from '../invitations/invitation.workflow';
import { markStep, tagProcess } from '../shared/search-attributes';
import { BusyLock } from '../shared/busy-lock';

/**
 * A prospect's transfer to a roster (id `psa-transfer:<psaId>`): a coach requested it for a team and academic year
 * (the API wrote the request and started this process) → a school admin approves or rejects it as an Update whose
 * validator checks the actor and that it is still undecided → approval creates (or finds) the athlete, puts them on
 * that roster, carries the recruiting history over and marks the prospect "added to roster", all in one idempotent
 * transaction keyed by the transfer; then the invitation process starts under its own business key. A decided
 * transfer is final: nothing in this process undoes it, and a killed worker retried never makes two athletes.
 * A prospect archived while the transfer waits blocks it (`psaArchivedSignal`): the approval is refused with the
 * catalogue's PSA_ARCHIVED until the prospect is unarchived; a rejection is still allowed.
 */
export interface PsaTransferInput {
  schoolId: string;
  psaId: string;
  transferId: string;
}
export interface PsaTransferActor {
  userId: string;
  role: 'ADMIN';
}
export interface PsaTransferState {
  status: TransferStatus;
  athleteUserId: string | null;
  invitationStarted: boolean;
  /** The prospect is archived: the pending transfer cannot be approved until it is unarchived. */
  blocked: boolean;
}

export const decidePsaTransferUpdate = wf.defineUpdate<
  PsaTransferState,
  [{ actor: PsaTransferActor; decision: 'APPROVE' | 'REJECT'; reason?: string | null }]
>('decidePsaTransfer');
/** The prospect was archived (or unarchived): sent by the API after each change, and again before a decision. */
export const psaArchivedSignal = wf.defineSignal<[{ archived: boolean }]>('psaArchived');
export const psaTransferStateQuery = wf.defineQuery<PsaTransferState>('psaTransferState');

const records = wf.proxyActivities<PsaTransferActivities>({
  startToCloseTimeout: '30 seconds',
  retry: {
    initialInterval: '500 milliseconds',
    backoffCoefficient: 2,
    maximumInterval: '1 minute',
    nonRetryableErrorTypes: [
      'NOT_FOUND',
      'ALREADY_DECIDED',
      'PSA_ALREADY_ON_ROSTER',
      'PSA_EMAIL_BELONGS_TO_ANOTHER_USER',
      'PSA_TRANSFER_NEEDS_EMAIL',
      'PSA_ARCHIVED',
    ],
  },
});

function fail(code: ErrorCode): never {
  throw wf.ApplicationFailure.create({ type: code, message: ERRORS[code].message, nonRetryable: true });
}

export async function psaTransferWorkflow(input: PsaTransferInput): Promise<PsaTransferState> {
  let status = 'PENDING' as TransferStatus;
  let athleteUserId: string | null = null;
  let invitation = null as Awaited<ReturnType<PsaTransferActivities['approvePsaTransfer']>>['invitation'];
  let invitationStarted = false;
  const lock = new BusyLock();
  let blocked = false;
  const state = (): PsaTransferState => ({ status, athleteUserId, invitationStarted, blocked });
  wf.setHandler(psaTransferStateQuery, state);
  wf.setHandler(psaArchivedSignal, (s) => {
    blocked = s?.archived === true;
  });

  const guard = (actor: PsaTransferActor) => {
    if (!actor || typeof actor.userId !== 'string' || !actor.userId || actor.role !== 'ADMIN') fail('FORBIDDEN');
    if (status !== 'PENDING') fail('ALREADY_DECIDED');
  };

  wf.setHandler(
    decidePsaTransferUpdate,
    async (args) => {
      // One decision at a time: a second arriving while the first is written waits, then finds it decided.
      while (lock.busy) await lock.released();
      guard(args.actor);
      if (args.decision === 'APPROVE' && blocked) fail('PSA_ARCHIVED');
      await lock.hold(async () => {
        if (args.decision === 'APPROVE') {
          const result = await records.approvePsaTransfer({ ...input, actorUserId: args.actor.userId });
          athleteUserId = result.athleteUserId;
          invitation = result.invitation;
          status = 'APPROVED';
        } else {
          await records.rejectPsaTransfer({
            ...input,
            actorUserId: args.actor.userId,
            reason: (args.reason ?? '').trim(),
          });
          status = 'REJECTED';
        }
      });
      return state();
    },
    {
      validator: (args) => {
        guard(args.actor);
        if (lock.busy) fail('ALREADY_DECIDED');
        if (args.decision !== 'APPROVE' && args.decision !== 'REJECT') fail('VALIDATION_FAILED');
        if (args.decision === 'APPROVE' && blocked) fail('PSA_ARCHIVED');
        const reason = (args.reason ?? '').trim();
        if (args.decision === 'REJECT' && !reason) fail('PSA_REJECT_REASON_REQUIRED');
        if (reason.length > RECRUITING_LIMITS.rejectReasonMaxLength) fail('VALIDATION_FAILED');
      },
    },
  );

  tagProcess({ schoolId: input.schoolId, module: 'psa-transfer', entityId: input.psaId });
  // Each request (a rejected transfer may be requested again under the same id) has its own task.
  const stepId = `approve@${wf.workflowInfo().runId}`;
  await records.openPsaTransferTask({ ...input, stepId });
  markStep('approve', 'SCHOOL_ADMIN');
  await wf.condition(() => status !== 'PENDING' && !lock.busy);
  markStep(status === 'APPROVED' ? 'added-to-roster' : 'rejected', null);

  if (status === 'APPROVED' && invitation) {
    try {
      await wf.startChild<typeof invitationWorkflow>('invitationWorkflow', {
        workflowId: workflowIds.invitation(invitation.invitationId),
        args: [invitation],
        parentClosePolicy: wf.ParentClosePolicy.ABANDON,
      });
    } catch (err) {
      // Already started by an earlier run of this process: the invitation is on its way either way.
      if ((err as Error | null)?.name !== 'WorkflowExecutionAlreadyStartedError') throw err;
    }
    invitationStarted = true;
  }
  await wf.condition(wf.allHandlersFinished);
  return state();
}
