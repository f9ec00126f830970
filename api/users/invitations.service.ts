import { WorkflowNotFoundError } from '@temporalio/common';
import { WorkflowExecutionAlreadyStartedError, type Client } from '@temporalio/client';
import { AppError } from '../../domain/errors';
import { workflowIds } from '../../domain/workflows';
import {
  invitationWorkflow,
  resendInvitationSignal,
  revokeInvitationSignal,
  type InvitationInput,
} from '../../workflows/invitations/invitation.workflow';
import {
  invitationBatchWorkflow,
  type InvitationBatchInput,
} from '../../workflows/invitations/invitation-batch.workflow';
import { taskQueueOf } from '../shared/workflow-client';
import type { ServerDeps } from '../types';

export { writeInvitation, writeInvitations } from './write-invitation';

/** Starts the invitation process (id = the invitation's business key, so a retry never starts a second one). */
export async function startInvitationWorkflow(
  deps: Pick<ServerDeps, 'taskQueue'>,
  temporal: Client,
  input: InvitationInput,
): Promise<void> {
  await temporal.workflow.start(invitationWorkflow, {
    workflowId: workflowIds.invitation(input.invitationId),
    taskQueue: taskQueueOf(deps),
    args: [input],
  });
}

/**
 * Starts the durable process that starts the invitations written under `batchId` (keyed by the batch, so a retried
 * call joins the running one; running a finished batch again is harmless, each invitation's process starts once).
 */
export async function startInvitationBatch(
  deps: Pick<ServerDeps, 'taskQueue'>,
  temporal: Client,
  input: InvitationBatchInput,
): Promise<void> {
  try {
    await temporal.workflow.start(invitationBatchWorkflow, {
      workflowId: workflowIds.invitationBatch(input.batchId),
      taskQueue: taskQueueOf(deps),
      args: [input],
    });
  } catch (err) {
    if (err instanceof WorkflowExecutionAlreadyStartedError) return;
    throw new AppError('WORKFLOW_UNAVAILABLE');
  }
}

/** Asks a running invitation process to mail again; false when that process no longer runs. */
export async function signalResend(temporal: Client, invitationId: string): Promise<boolean> {
  try {
    await temporal.workflow.getHandle(workflowIds.invitation(invitationId)).signal(resendInvitationSignal);
    return true;
  } catch (err) {
    if (err instanceof WorkflowNotFoundError) return false;
    throw new AppError('WORKFLOW_UNAVAILABLE');
  }
}

/** Best effort: the database already says REVOKED; a process that is gone or unreachable changes nothing. */
export async function signalRevoke(temporal: Client | null, workflowId: string): Promise<void> {
  if (!temporal) return;
  await temporal.workflow
    .getHandle(workflowId)
    .signal(revokeInvitationSignal)
    .catch(() => undefined);
}
