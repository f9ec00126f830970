import type { Kysely, Transaction } from 'kysely';
import type { Role } from '../../domain/roles';
import type { Database, InvitationStatus, UserStatus } from '../../migrations/database';
import { containsPattern } from '../shared/like-pattern';
import { pageByPersonName } from '../shared/page-by-person-name';
import { fullName } from '../shared/people-names';

type Db = Kysely<Database> | Transaction<Database>;

export async function findUserSummary(db: Db, schoolId: string, userId: string) {
  const row = await db
    .selectFrom('users')
    .select(['id', 'email', 'first_name', 'last_name', 'status'])
    .where('school_id', '=', schoolId)
    .where('id', '=', userId)
    .executeTakeFirst();
  return row
    ? { id: row.id, email: row.email, firstName: row.first_name, lastName: row.last_name, status: row.status }
    : null;
}

export interface UserRow {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  middleName: string | null;
  phoneNumber: string | null;
  status: UserStatus;
  hasPassword: boolean;
  sportTeamId: string | null;
  sportTeamName: string | null;
  lastActiveAt: Date | null;
  createdAt: Date;
  invitation: { id: string; status: InvitationStatus; expiresAt: Date; createdAt: Date } | null;
}

function usersQuery(db: Db, schoolId: string) {
  return db
    .selectFrom('users as u')
    .leftJoin('athlete_profiles as ap', (j) => j.onRef('ap.user_id', '=', 'u.id').on('ap.school_id', '=', schoolId))
    .leftJoin('staff_profiles as sp', (j) => j.onRef('sp.user_id', '=', 'u.id').on('sp.school_id', '=', schoolId))
    .leftJoin('sport_teams as t', (j) =>
      j
        .on((eb) => eb('t.id', '=', eb.fn.coalesce('ap.sport_team_id', 'sp.sport_team_id')))
        .on('t.school_id', '=', schoolId),
    )
    .leftJoinLateral(
      (eb) =>
        eb
          .selectFrom('invitations as i')
          .select(['i.id', 'i.status', 'i.expires_at', 'i.created_at'])
          .whereRef('i.user_id', '=', 'u.id')
          .where('i.school_id', '=', schoolId)
          .orderBy('i.created_at', 'desc')
          .limit(1)
          .as('inv'),
      (j) => j.onTrue(),
    )
    .where('u.school_id', '=', schoolId)
    .select([
      'u.id',
      'u.email',
      'u.first_name',
      'u.last_name',
      'u.middle_name',
      'u.phone_number',
      'u.status',
      'u.password_hash',
      'u.last_active_at',
      'u.created_at',
      't.id as team_id',
      't.name as team_name',
      'inv.id as invitation_id',
      'inv.status as invitation_status',
      'inv.expires_at as invitation_expires_at',
      'inv.created_at as invitation_created_at',
    ]);
}

type UsersQueryRow = Awaited<ReturnType<ReturnType<typeof usersQuery>['execute']>>[number];

function toUserRow(r: UsersQueryRow): UserRow {
  return {
    id: r.id,
    email: r.email,
    firstName: r.first_name,
    lastName: r.last_name,
    middleName: r.middle_name,
    phoneNumber: r.phone_number,
    status: r.status,
    hasPassword: r.password_hash !== null,
    sportTeamId: r.team_id ?? null,
    sportTeamName: r.team_name ?? null,
    lastActiveAt: r.last_active_at,
    createdAt: r.created_at,
    invitation:
      r.invitation_id && r.invitation_status && r.invitation_expires_at && r.invitation_created_at
        ? {
            id: r.invitation_id,
            status: r.invitation_status,
            expiresAt: r.invitation_expires_at,
            createdAt: r.invitation_created_at,
          }
        : null,
  };
}

export interface UserFilter {
  role?: Role;
  status?: UserStatus;
  q?: string;
  limit: number;
  offset: number;
}

export async function listUsers(
  db: Db,
  schoolId: string,
  filter: UserFilter,
): Promise<{ rows: UserRow[]; total: number }> {
  let q = usersQuery(db, schoolId);
  if (filter.role) {
    const role = filter.role;
    q = q.where((eb) =>
      eb.exists(
        eb
          .selectFrom('user_roles as r')
          .select('r.user_id')
          .whereRef('r.user_id', '=', 'u.id')
          .where('r.role', '=', role),
      ),
    );
  }
  if (filter.status) q = q.where('u.status', '=', filter.status);
  if (filter.q) {
    const pattern = containsPattern(filter.q);
    q = q.where((eb) =>
      eb.or([
        eb('u.email', 'ilike', pattern),
        eb('u.first_name', 'ilike', pattern),
        eb('u.last_name', 'ilike', pattern),
        eb(fullName('u'), 'ilike', pattern),
      ]),
    );
  }
  const { rows, total } = await pageByPersonName(q, filter);
  return { rows: rows.map(toUserRow), total };
}

export async function findUser(db: Db, schoolId: string, userId: string): Promise<UserRow | null> {
  const row = await usersQuery(db, schoolId).where('u.id', '=', userId).executeTakeFirst();
  return row ? toUserRow(row) : null;
}

export async function isEmailTaken(db: Db, email: string): Promise<boolean> {
  // E-mails are unique across all schools (one login per address), so this check is deliberately global.
  const row = await db
    .selectFrom('users')
    .select('id')
    .where((eb) => eb(eb.fn('lower', ['email']), '=', email.trim().toLowerCase()))
    .executeTakeFirst();
  return Boolean(row);
}

export interface NewUserInput {
  email: string;
  firstName: string;
  lastName: string;
  middleName?: string | null;
  phoneNumber?: string | null;
  status: UserStatus;
}

export async function insertUser(db: Db, schoolId: string, user: NewUserInput): Promise<string> {
  const [id] = await insertUsers(db, schoolId, [user]);
  return id!;
}

/** Inserts many users in one statement; the ids come back in the order of `users`. */
export async function insertUsers(db: Db, schoolId: string, users: readonly NewUserInput[]): Promise<string[]> {
  if (users.length === 0) return [];
  const rows = await db
    .insertInto('users')
    .values(
      users.map((user) => ({
        school_id: schoolId,
        email: user.email.trim().toLowerCase(),
        first_name: user.firstName.trim(),
        last_name: user.lastName.trim(),
        middle_name: user.middleName ?? null,
        phone_number: user.phoneNumber ?? null,
        status: user.status,
      })),
    )
    .returning(['id', 'email'])
    .execute();
  const idByEmail = new Map(rows.map((r) => [r.email, r.id]));
  return users.map((u) => idByEmail.get(u.email.trim().toLowerCase())!);
}

/** The given e-mails (any case) that already belong to a user of any school, lower-cased. */
export async function findTakenEmails(db: Db, emails: readonly string[]): Promise<Set<string>> {
  if (emails.length === 0) return new Set();
  const rows = await db
    .selectFrom('users')
    .select((eb) => eb.fn<string>('lower', ['email']).as('email'))
    .where((eb) =>
      eb(
        eb.fn('lower', ['email']),
        'in',
        emails.map((e) => e.trim().toLowerCase()),
      ),
    )
    .execute();
  return new Set(rows.map((r) => r.email));
}

export async function updateUserFields(
  db: Db,
  schoolId: string,
  userId: string,
  changes: Partial<Pick<NewUserInput, 'email' | 'firstName' | 'lastName' | 'middleName' | 'phoneNumber'>>,
): Promise<void> {
  const set: Record<string, unknown> = {};
  if (changes.email !== undefined) set.email = changes.email.trim().toLowerCase();
  if (changes.firstName !== undefined) set.first_name = changes.firstName.trim();
  if (changes.lastName !== undefined) set.last_name = changes.lastName.trim();
  if (changes.middleName !== undefined) set.middle_name = changes.middleName;
  if (changes.phoneNumber !== undefined) set.phone_number = changes.phoneNumber;
  if (Object.keys(set).length === 0) return;
  set.updated_at = new Date();
  await db.updateTable('users').set(set).where('school_id', '=', schoolId).where('id', '=', userId).execute();
}

export async function setUserStatus(db: Db, schoolId: string, userId: string, status: UserStatus): Promise<void> {
  await db
    .updateTable('users')
    .set({ status, updated_at: new Date() })
    .where('school_id', '=', schoolId)
    .where('id', '=', userId)
    .execute();
}

/**
 * Sets a status unless the user already has it; true when it changed. Conditional in one statement, so of two
 * requests racing to deactivate the same person exactly one changes (and audits) it.
 */
export async function changeUserStatus(db: Db, schoolId: string, userId: string, status: UserStatus): Promise<boolean> {
  const row = await db
    .updateTable('users')
    .set({ status, updated_at: new Date() })
    .where('school_id', '=', schoolId)
    .where('id', '=', userId)
    .where('status', '<>', status)
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

export async function deleteUser(db: Db, schoolId: string, userId: string): Promise<void> {
  await db.deleteFrom('users').where('school_id', '=', schoolId).where('id', '=', userId).execute();
}
