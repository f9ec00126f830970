import type { Kysely, Transaction } from 'kysely';
import { workflowIds } from '../../domain/workflows';
import type { Database } from '../../migrations/database';

type Db = Kysely<Database> | Transaction<Database>;

export async function insertEmailChange(
  db: Db,
  schoolId: string,
  change: {
    id: string;
    userId: string;
    oldEmail: string;
    newEmail: string;
    tokenHash: string;
    requestedBy: string;
    expiresAt: Date;
  },
): Promise<void> {
  await db
    .insertInto('email_changes')
    .values({
      id: change.id,
      school_id: schoolId,
      user_id: change.userId,
      old_email: change.oldEmail,
      new_email: change.newEmail,
      token_hash: change.tokenHash,
      requested_by: change.requestedBy,
      expires_at: change.expiresAt,
    })
    .execute();
}

export async function deleteEmailChange(db: Db, schoolId: string, id: string): Promise<void> {
  await db.deleteFrom('email_changes').where('school_id', '=', schoolId).where('id', '=', id).execute();
}

/** Earlier unconfirmed changes of a user stop working once a newer one is mailed: only the latest link confirms. */
export async function expireOtherEmailChanges(db: Db, schoolId: string, userId: string, keepId: string, now: Date) {
  await db
    .updateTable('email_changes')
    .set({ expires_at: now })
    .where('school_id', '=', schoolId)
    .where('user_id', '=', userId)
    .where('id', '<>', keepId)
    .where('confirmed_at', 'is', null)
    .where('expires_at', '>', now)
    .execute();
}

/** The change a link names, locked for its confirmation (any school: the link itself carries no session). */
export async function lockEmailChange(trx: Transaction<Database>, id: string, tokenHash: string) {
  return trx
    .selectFrom('email_changes')
    .selectAll()
    .where('id', '=', id)
    .where('token_hash', '=', tokenHash)
    .forUpdate()
    .executeTakeFirst();
}

export async function markEmailChangeConfirmed(db: Db, schoolId: string, id: string, now: Date): Promise<void> {
  await db
    .updateTable('email_changes')
    .set({ confirmed_at: now })
    .where('school_id', '=', schoolId)
    .where('id', '=', id)
    .execute();
}

/**
 * Moves a user's login and everything still waiting to reach them to the new address: the user row, their pending
 * invitations, and the undelivered mail of those invitations' processes (the outbox row is what a retry sends, so a
 * bounced welcome letter retried after this goes to the new address). Returns how many mails were readdressed.
 */
export async function readdressUser(
  db: Db,
  schoolId: string,
  userId: string,
  change: { from: string; to: string },
): Promise<number> {
  await db
    .updateTable('users')
    .set({ email: change.to })
    .where('school_id', '=', schoolId)
    .where('id', '=', userId)
    .execute();
  const pending = await db
    .updateTable('invitations')
    .set({ email: change.to })
    .where('school_id', '=', schoolId)
    .where('user_id', '=', userId)
    .where('status', '=', 'PENDING')
    .returning('id')
    .execute();
  if (pending.length === 0) return 0;
  const moved = await db
    .updateTable('outbox')
    .set({ to_address: change.to })
    .where('school_id', '=', schoolId)
    .where('status', '<>', 'SENT')
    .where((eb) => eb(eb.fn('lower', ['to_address']), '=', change.from.toLowerCase()))
    .where(
      'workflow_id',
      'in',
      pending.map((p) => workflowIds.invitation(p.id)),
    )
    .executeTakeFirst();
  return Number(moved.numUpdatedRows);
}

/** An e-mail change as its confirmation mail needs it: the new address, its person and school. */
export interface EmailChangeMailing {
  id: string;
  to: string;
  expiresAt: Date;
  confirmedAt: Date | null;
  firstName: string;
  schoolName: string;
  timeZone: string;
}

export async function findEmailChangeMailing(
  db: Db,
  schoolId: string,
  changeId: string,
): Promise<EmailChangeMailing | undefined> {
  return db
    .selectFrom('email_changes as c')
    .innerJoin('users as u', 'u.id', 'c.user_id')
    .innerJoin('schools as s', 's.id', 'c.school_id')
    .select([
      'c.id',
      'c.new_email as to',
      'c.expires_at as expiresAt',
      'c.confirmed_at as confirmedAt',
      'u.first_name as firstName',
      's.name as schoolName',
      's.time_zone as timeZone',
    ])
    .where('c.id', '=', changeId)
    .where('c.school_id', '=', schoolId)
    .executeTakeFirst();
}
