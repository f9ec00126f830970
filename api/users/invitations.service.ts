import { randomUUID } from 'node:crypto';
import { WorkflowNotFoundError } from '@temporalio/common';
import type { Client } from '@temporalio/client';
import type { Kysely, Transaction } from 'kysely';
import { AppError } from '../../domain/errors';
import { hashToken, signLinkToken } from '../../domain/signed-links';
import { workflowIds } from '../../domain/workflows';
import type { Database } from '../../migrations/database';
import {
  invitationWorkflow,
  resendInvitationSignal,
  revokeInvitationSignal,
  type InvitationInput,
} from '../../workflows/invitations/invitation.workflow';
import { findSchoolSettings } from '../school/school.repository';
import { invitationTiming } from '../school/school.service';
import { taskQueueOf } from '../shared/workflow-client';
import type { ServerDeps } from '../types';
import { insertInvitation } from './invitations.repository';
import { setUserStatus } from './users.repository';

/**
 * Writes a PENDING invitation for a user (timing from the school's settings, else INVITATION_DEFAULTS) and marks
 * the user INVITED. The row keeps only the hash of the mailed token. Returns the workflow input; the caller starts
 * the workflow once this transaction has committed.
 */
export async function writeInvitation(
  trx: Transaction<Database> | Kysely<Database>,
  appSecret: string,
  invite: { schoolId: string; userId: string; email: string; invitedBy: string | null },
): Promise<InvitationInput> {
  const timing = invitationTiming(await findSchoolSettings(trx, invite.schoolId));
  const invitationId = randomUUID();
  await insertInvitation(trx, invite.schoolId, {
    id: invitationId,
    userId: invite.userId,
    email: invite.email.trim().toLowerCase(),
    tokenHash: hashToken(signLinkToken(appSecret, 'invitation', invitationId)),
    invitedBy: invite.invitedBy,
    workflowId: workflowIds.invitation(invitationId),
    expiresAt: new Date(Date.now() + timing.expiryHours * 3_600_000),
  });
  await setUserStatus(trx, invite.schoolId, invite.userId, 'INVITED');
  return {
    invitationId,
    schoolId: invite.schoolId,
    userId: invite.userId,
    reminderAfterMs: timing.reminderAfterHours * 3_600_000,
    expireAfterMs: timing.expiryHours * 3_600_000,
  };
}

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
