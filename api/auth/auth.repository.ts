import type { Kysely, Transaction } from 'kysely';
import type { Database, InvitationStatus, UserStatus } from '../../migrations/database';

type Db = Kysely<Database> | Transaction<Database>;

export interface CredentialRow {
  id: string;
  schoolId: string;
  email: string;
  status: UserStatus;
  passwordHash: string | null;
}

/**
 * Signing in starts from an e-mail alone (e-mails are unique across schools), so this lookup has no school
 * argument; everything after it is scoped to the school it returns.
 */
export async function findCredentialsByEmail(db: Db, email: string): Promise<CredentialRow | null> {
  const row = await db
    .selectFrom('users')
    .select(['id', 'school_id', 'email', 'status', 'password_hash'])
    .where((eb) => eb(eb.fn('lower', ['email']), '=', email.trim().toLowerCase()))
    .executeTakeFirst();
  return row
    ? { id: row.id, schoolId: row.school_id, email: row.email, status: row.status, passwordHash: row.password_hash }
    : null;
}

export async function insertPasswordReset(
  db: Db,
  schoolId: string,
  reset: { id: string; userId: string; tokenHash: string; expiresAt: Date },
): Promise<void> {
  await db
    .insertInto('password_resets')
    .values({
      id: reset.id,
      school_id: schoolId,
      user_id: reset.userId,
      token_hash: reset.tokenHash,
      expires_at: reset.expiresAt,
    })
    .execute();
}

export async function deletePasswordReset(db: Db, schoolId: string, resetId: string): Promise<void> {
  await db.deleteFrom('password_resets').where('id', '=', resetId).where('school_id', '=', schoolId).execute();
}

/**
 * A reset link identifies its row by id and the hash of the whole token; locked so two uses of one link cannot
 * both succeed. Tenant-free by nature: the secret link is the only thing the visitor has.
 */
export async function lockPasswordReset(trx: Transaction<Database>, resetId: string, tokenHash: string) {
  return trx
    .selectFrom('password_resets')
    .select(['id', 'school_id', 'user_id', 'expires_at', 'used_at'])
    .where('id', '=', resetId)
    .where('token_hash', '=', tokenHash)
    .forUpdate()
    .executeTakeFirst();
}

/**
 * Uses up the user's open reset links, so an older mailed link cannot be used: every one after a reset, or, given
 * the link just issued, those issued before it (so only the latest mailed link works, and two links requested at
 * once never revoke each other both).
 */
export async function markPasswordResetsUsed(
  db: Db,
  schoolId: string,
  userId: string,
  issuedBefore?: string,
): Promise<void> {
  let update = db
    .updateTable('password_resets')
    .set({ used_at: new Date() })
    .where('school_id', '=', schoolId)
    .where('user_id', '=', userId)
    .where('used_at', 'is', null);
  if (issuedBefore) {
    update = update
      .where('id', '!=', issuedBefore)
      .where('created_at', '<', (eb) =>
        eb.selectFrom('password_resets').select('created_at').where('id', '=', issuedBefore),
      );
  }
  await update.execute();
}

/** Whose password a reset link would set: the account's e-mail and name, which the new password must not contain. */
export async function findPasswordResetPerson(
  db: Db,
  resetId: string,
  tokenHash: string,
): Promise<{ email: string; firstName: string; lastName: string } | null> {
  const row = await db
    .selectFrom('password_resets as r')
    .innerJoin('users as u', (j) => j.onRef('u.id', '=', 'r.user_id').onRef('u.school_id', '=', 'r.school_id'))
    .select(['u.email', 'u.first_name', 'u.last_name'])
    .where('r.id', '=', resetId)
    .where('r.token_hash', '=', tokenHash)
    .executeTakeFirst();
  return row ? { email: row.email, firstName: row.first_name, lastName: row.last_name } : null;
}

export async function setPasswordHash(db: Db, schoolId: string, userId: string, passwordHash: string): Promise<void> {
  await db
    .updateTable('users')
    .set({ password_hash: passwordHash, updated_at: new Date() })
    .where('id', '=', userId)
    .where('school_id', '=', schoolId)
    .execute();
}

export interface InvitationLookup {
  id: string;
  schoolId: string;
  userId: string;
  status: InvitationStatus;
  expiresAt: Date;
  email: string;
  firstName: string;
  lastName: string;
  userStatus: UserStatus;
  schoolName: string;
}

/** The invitation behind a create-password link (id plus hash of the whole token; tenant-free like reset links). */
export async function findInvitationByToken(
  db: Db,
  invitationId: string,
  tokenHash: string,
): Promise<InvitationLookup | null> {
  const row = await db
    .selectFrom('invitations as i')
    .innerJoin('users as u', (j) => j.onRef('u.id', '=', 'i.user_id').onRef('u.school_id', '=', 'i.school_id'))
    .innerJoin('schools as s', 's.id', 'i.school_id')
    .select([
      'i.id',
      'i.school_id',
      'i.user_id',
      'i.status',
      'i.expires_at',
      'u.email',
      'u.first_name',
      'u.last_name',
      'u.status as user_status',
      's.name as school_name',
    ])
    .where('i.id', '=', invitationId)
    .where('i.token_hash', '=', tokenHash)
    .executeTakeFirst();
  if (!row) return null;
  return {
    id: row.id,
    schoolId: row.school_id,
    userId: row.user_id,
    status: row.status,
    expiresAt: row.expires_at,
    email: row.email,
    firstName: row.first_name,
    lastName: row.last_name,
    userStatus: row.user_status,
    schoolName: row.school_name,
  };
}

/** Accepting an invitation: the invitation is ACCEPTED and the user ACTIVE with the chosen password, together. */
export async function activateInvitedUser(
  trx: Transaction<Database>,
  schoolId: string,
  accept: { invitationId: string; userId: string; passwordHash: string },
): Promise<void> {
  const now = new Date();
  await trx
    .updateTable('invitations')
    .set((eb) => ({ status: 'ACCEPTED', accepted_at: eb.fn.coalesce('accepted_at', eb.val(now)) }))
    .where('id', '=', accept.invitationId)
    .where('school_id', '=', schoolId)
    .execute();
  await trx
    .updateTable('users')
    .set({ status: 'ACTIVE', password_hash: accept.passwordHash, updated_at: now })
    .where('id', '=', accept.userId)
    .where('school_id', '=', schoolId)
    .execute();
}

/** A password reset as its mail needs it: the person's address and name, their school. */
export interface PasswordResetMailing {
  id: string;
  to: string;
  expiresAt: Date;
  usedAt: Date | null;
  firstName: string;
  schoolName: string;
  timeZone: string;
}

export async function findPasswordResetMailing(
  db: Db,
  schoolId: string,
  resetId: string,
): Promise<PasswordResetMailing | undefined> {
  return db
    .selectFrom('password_resets as r')
    .innerJoin('users as u', 'u.id', 'r.user_id')
    .innerJoin('schools as s', 's.id', 'r.school_id')
    .select([
      'r.id',
      'u.email as to',
      'r.expires_at as expiresAt',
      'r.used_at as usedAt',
      'u.first_name as firstName',
      's.name as schoolName',
      's.time_zone as timeZone',
    ])
    .where('r.id', '=', resetId)
    .where('r.school_id', '=', schoolId)
    .executeTakeFirst();
}
