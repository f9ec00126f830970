import type { Kysely, Transaction } from 'kysely';
import type { Database, InvitationStatus } from '../../migrations/database';

type Db = Kysely<Database> | Transaction<Database>;

export interface NewInvitation {
  id: string;
  userId: string;
  email: string;
  tokenHash: string;
  invitedBy: string | null;
  workflowId: string;
  expiresAt: Date;
  /** Written together with others under this key (the invitation-batch workflow starts them). */
  batchId?: string | null;
}

export async function insertInvitation(db: Db, schoolId: string, inv: NewInvitation): Promise<void> {
  await insertInvitations(db, schoolId, [inv]);
}

export async function insertInvitations(db: Db, schoolId: string, invs: readonly NewInvitation[]): Promise<void> {
  if (invs.length === 0) return;
  await db
    .insertInto('invitations')
    .values(
      invs.map((inv) => ({
        id: inv.id,
        school_id: schoolId,
        user_id: inv.userId,
        email: inv.email,
        token_hash: inv.tokenHash,
        invited_by: inv.invitedBy,
        workflow_id: inv.workflowId,
        expires_at: inv.expiresAt,
        batch_id: inv.batchId ?? null,
      })),
    )
    .execute();
}

export async function deleteInvitation(db: Db, schoolId: string, invitationId: string): Promise<void> {
  await db.deleteFrom('invitations').where('school_id', '=', schoolId).where('id', '=', invitationId).execute();
}

export async function findLatestInvitation(
  db: Db,
  schoolId: string,
  userId: string,
): Promise<{ id: string; status: InvitationStatus; expiresAt: Date; workflowId: string } | null> {
  const row = await db
    .selectFrom('invitations')
    .select(['id', 'status', 'expires_at', 'workflow_id'])
    .where('school_id', '=', schoolId)
    .where('user_id', '=', userId)
    .orderBy('created_at', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row ? { id: row.id, status: row.status, expiresAt: row.expires_at, workflowId: row.workflow_id } : null;
}

/** Marks a user's pending invitations REVOKED and returns their workflow ids (so the processes can be told). */
export async function revokePendingInvitations(db: Db, schoolId: string, userId: string): Promise<string[]> {
  const rows = await db
    .updateTable('invitations')
    .set({ status: 'REVOKED' })
    .where('school_id', '=', schoolId)
    .where('user_id', '=', userId)
    .where('status', '=', 'PENDING')
    .returning('workflow_id')
    .execute();
  return rows.map((r) => r.workflow_id);
}
