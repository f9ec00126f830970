import type { Kysely } from 'kysely';
import { jsonArrayFrom } from 'kysely/helpers/postgres';
import type { RoleGrant } from '../../domain/roles';
import type { Database, UserStatus } from '../../migrations/database';
import { grantsOf } from '../users/role-grants.repository';

/** Server-side sessions; `id` is the SHA-256 of the cookie token, so a database leak yields no usable cookies. */
export interface NewSession {
  id: string;
  userId: string;
  portal: string | null;
  ip: string | null;
  userAgent: string | null;
  expiresAt: Date;
}

export async function insertSession(db: Kysely<Database>, schoolId: string, s: NewSession): Promise<void> {
  await db
    .insertInto('sessions')
    .values({
      id: s.id,
      user_id: s.userId,
      school_id: schoolId,
      portal: s.portal,
      ip: s.ip,
      user_agent: s.userAgent,
      expires_at: s.expiresAt,
    })
    .execute();
}

export interface SessionRow {
  id: string;
  schoolId: string;
  userId: string;
  portal: string | null;
  lastSeenAt: Date;
  expiresAt: Date;
  email: string;
  firstName: string;
  lastName: string;
  status: UserStatus;
  schoolName: string;
  plan: 'COMPLIANCE' | 'CONNECT';
  kind: 'SCHOOL' | 'PROVIDER';
  /** The school's IANA time zone (form dates count from its local midnight). */
  timeZone: string;
  /** The user's role grants in the session's school, in ROLES order. */
  grants: RoleGrant[];
}

/**
 * The one lookup that starts without a school: the session id (a hash of a secret cookie) identifies the tenant.
 * Only unexpired sessions are returned.
 */
export async function findLiveSession(db: Kysely<Database>, sessionId: string): Promise<SessionRow | null> {
  const row = await db
    .selectFrom('sessions as s')
    .innerJoin('users as u', (j) => j.onRef('u.id', '=', 's.user_id').onRef('u.school_id', '=', 's.school_id'))
    .innerJoin('schools as sc', 'sc.id', 's.school_id')
    .select([
      's.id',
      's.school_id',
      's.user_id',
      's.portal',
      's.last_seen_at',
      's.expires_at',
      'u.email',
      'u.first_name',
      'u.last_name',
      'u.status',
      'sc.name as school_name',
      'sc.plan',
      'sc.kind',
      'sc.time_zone',
      // The grants in the same round trip: every signed-in request needs them.
      (eb) =>
        jsonArrayFrom(
          eb
            .selectFrom('user_roles as ur')
            .select(['ur.role', 'ur.title_group', 'ur.compliance'])
            .whereRef('ur.school_id', '=', 's.school_id')
            .whereRef('ur.user_id', '=', 's.user_id'),
        ).as('grants'),
    ])
    .where('s.id', '=', sessionId)
    .where('s.expires_at', '>', new Date())
    .executeTakeFirst();
  if (!row) return null;
  return {
    id: row.id,
    schoolId: row.school_id,
    userId: row.user_id,
    portal: row.portal,
    lastSeenAt: row.last_seen_at,
    expiresAt: row.expires_at,
    email: row.email,
    firstName: row.first_name,
    lastName: row.last_name,
    status: row.status,
    schoolName: row.school_name,
    plan: row.plan,
    kind: row.kind,
    timeZone: row.time_zone,
    grants: grantsOf(row.grants),
  };
}

/** Records that a user was just active (a login counts: the sliding touch below only runs a minute later). */
export async function markUserActive(db: Kysely<Database>, schoolId: string, userId: string): Promise<void> {
  await db
    .updateTable('users')
    .set({ last_active_at: new Date() })
    .where('id', '=', userId)
    .where('school_id', '=', schoolId)
    .execute();
}

/** Slides the session forward and records the user as active. */
export async function touchSession(
  db: Kysely<Database>,
  schoolId: string,
  sessionId: string,
  userId: string,
  expiresAt: Date,
): Promise<void> {
  const now = new Date();
  await db.transaction().execute(async (trx) => {
    await trx
      .updateTable('sessions')
      .set({ last_seen_at: now, expires_at: expiresAt })
      .where('id', '=', sessionId)
      .where('school_id', '=', schoolId)
      .execute();
    await trx
      .updateTable('users')
      .set({ last_active_at: now })
      .where('id', '=', userId)
      .where('school_id', '=', schoolId)
      .execute();
  });
}

export async function updateSessionPortal(
  db: Kysely<Database>,
  schoolId: string,
  sessionId: string,
  portal: string,
): Promise<void> {
  await db
    .updateTable('sessions')
    .set({ portal })
    .where('id', '=', sessionId)
    .where('school_id', '=', schoolId)
    .execute();
}

export async function deleteSession(db: Kysely<Database>, schoolId: string, sessionId: string): Promise<void> {
  await db.deleteFrom('sessions').where('id', '=', sessionId).where('school_id', '=', schoolId).execute();
}

export async function deleteUserSessions(db: Kysely<Database>, schoolId: string, userId: string): Promise<void> {
  await db.deleteFrom('sessions').where('user_id', '=', userId).where('school_id', '=', schoolId).execute();
}

/** Expired sessions are useless; a user's are cleared whenever they sign in again, keeping the table small. */
export async function deleteExpiredUserSessions(db: Kysely<Database>, schoolId: string, userId: string): Promise<void> {
  await db
    .deleteFrom('sessions')
    .where('user_id', '=', userId)
    .where('school_id', '=', schoolId)
    .where('expires_at', '<=', new Date())
    .execute();
}
