import { WorkflowNotFoundError } from '@temporalio/common';
import type { Client } from '@temporalio/client';
import { AppError } from '../../domain/errors';
import { workflowIds } from '../../domain/workflows';
import {
  invitationWorkflow,
  resendInvitationSignal,
  revokeInvitationSignal,
  type InvitationInput,
} from '../../workflows/invitations/invitation.workflow';
import { taskQueueOf } from '../shared/workflow-client';
import type { ServerDeps } from '../types';

export { writeInvitation } from './write-invitation';

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
