import { randomUUID } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import { hashToken, signLinkToken } from '../../domain/signed-links';
import { workflowIds } from '../../domain/workflows';
import type { Database } from '../../migrations/database';
import { findSchoolSettings } from '../school/school.repository';
import { invitationTiming } from '../school/school.service';
import { insertInvitations } from './invitations.repository';
import { setUserStatus } from './users.repository';

/** The invitation workflow's input (the same shape as `InvitationInput`, kept here so activities need no workflow). */
export interface InvitationStart {
  invitationId: string;
  schoolId: string;
  userId: string;
  reminderAfterMs: number;
  expireAfterMs: number;
}

/**
 * Writes a PENDING invitation for a user (timing from the school's settings, else INVITATION_DEFAULTS) and marks
 * the user INVITED. The row keeps only the hash of the mailed token. Returns the workflow input; the caller starts
 * the workflow once this transaction has committed.
 */
export async function writeInvitation(
  trx: Transaction<Database> | Kysely<Database>,
  appSecret: string,
  invite: { schoolId: string; userId: string; email: string; invitedBy: string | null },
): Promise<InvitationStart> {
  const [input] = await writeInvitations(trx, appSecret, invite.schoolId, invite.invitedBy, [invite]);
  await setUserStatus(trx, invite.schoolId, invite.userId, 'INVITED');
  return input!;
}

/**
 * writeInvitation for many users of one school in one statement (bulk upload). The users must already be INVITED
 * (the caller inserts them so). Inputs come back in the order of `users`. With a `batchId`, the rows carry it and
 * the invitation-batch workflow (`workflowIds.invitationBatch(batchId)`) starts their processes durably.
 */
export async function writeInvitations(
  trx: Transaction<Database> | Kysely<Database>,
  appSecret: string,
  schoolId: string,
  invitedBy: string | null,
  users: readonly { userId: string; email: string }[],
  batchId: string | null = null,
): Promise<InvitationStart[]> {
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
      batchId,
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
