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
import { insertInvitations } from './invitations.repository';
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
  const [input] = await writeInvitations(trx, appSecret, invite.schoolId, invite.invitedBy, [invite]);
  await setUserStatus(trx, invite.schoolId, invite.userId, 'INVITED');
  return input!;
}

/**
 * writeInvitation for many users of one school in one statement (bulk upload). The users must already be INVITED
 * (the caller inserts them so). Inputs come back in the order of `users`.
 */
export async function writeInvitations(
  trx: Transaction<Database> | Kysely<Database>,
  appSecret: string,
  schoolId: string,
  invitedBy: string | null,
  users: readonly { userId: string; email: string }[],
): Promise<InvitationInput[]> {
  const timing = invitationTiming(await findSchoolSettings(trx, schoolId));
  const expiresAt = new Date(Date.now() + timing.expiryHours * 3_600_000);
  const rows = users.map((u) => {
    const invitationId = randomUUID();
    return {
      id: invitationId,
      userId: u.userId,
      email: u.email.trim().toLowerCase(),
      tokenHash: hashToken(signLinkToken(appSecret, 'invitation', invitationId)),
      invitedBy,
      workflowId: workflowIds.invitation(invitationId),
      expiresAt,
    };
  });
  await insertInvitations(trx, schoolId, rows);
  return rows.map((r) => ({
    invitationId: r.id,
    schoolId,
    userId: r.userId,
    reminderAfterMs: timing.reminderAfterHours * 3_600_000,
    expireAfterMs: timing.expiryHours * 3_600_000,
  }));
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
