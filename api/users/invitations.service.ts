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
 * Starts many invitation processes with a bounded number of calls in flight (a bulk upload's 1,000 would otherwise
 * be 1,000 round trips one after another). Reports progress; returns how many started. A start that fails leaves
 * its invitation PENDING without a process, which "resend" on the user list restarts.
 */
export async function startInvitationWorkflows(
  deps: Pick<ServerDeps, 'taskQueue'>,
  temporal: Client,
  inputs: readonly InvitationInput[],
  onProgress: (done: number) => Promise<void> | void,
  inFlight = 32,
): Promise<{ started: number; failed: number }> {
  let next = 0;
  let started = 0;
  let failed = 0;
  const worker = async () => {
    while (next < inputs.length) {
      const input = inputs[next++]!;
      try {
        await startInvitationWorkflow(deps, temporal, input);
        started++;
      } catch {
        failed++;
      }
      if ((started + failed) % 50 === 0) await onProgress(started + failed);
    }
  };
  await Promise.all(Array.from({ length: Math.min(inFlight, inputs.length) }, worker));
  return { started, failed };
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
