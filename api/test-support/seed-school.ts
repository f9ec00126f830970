import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { RoleGrant } from '../../domain/roles';
import type { Database, UserStatus } from '../../migrations/database';
import { hashPassword } from '../auth/passwords';
import { createSessionToken, sessionExpiry } from '../auth/session-cookie';
import { insertSession } from '../auth/sessions.repository';
import { replaceRoleGrants } from '../users/role-grants.repository';
import { upsertPersonProfile } from '../users/person-profile.repository';

export const TEST_PASSWORD = 'Test-Pass-2026!';
let passwordHash: Promise<string> | null = null;

/** Short random text keeps rows of parallel test files apart in the one shared database. */
export function uniqueTag(): string {
  return randomUUID().slice(0, 8);
}

export async function seedSchool(
  db: Kysely<Database>,
  options: {
    plan?: 'COMPLIANCE' | 'CONNECT';
    kind?: 'SCHOOL' | 'PROVIDER';
    name?: string;
    settings?: Record<string, unknown>;
  } = {},
): Promise<{ id: string; name: string; tag: string }> {
  const tag = uniqueTag();
  const name = options.name ?? `School ${tag}`;
  const row = await db
    .insertInto('schools')
    .values({
      name,
      slug: `school-${tag}`,
      plan: options.plan ?? 'CONNECT',
      kind: options.kind ?? 'SCHOOL',
      settings: JSON.stringify(options.settings ?? {}),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id: row.id, name, tag };
}

export interface SeededUser {
  id: string;
  email: string;
  schoolId: string;
}

export async function seedUser(
  db: Kysely<Database>,
  schoolId: string,
  options: {
    roles?: RoleGrant[];
    status?: UserStatus;
    email?: string;
    password?: string | null;
    firstName?: string;
    sportTeamId?: string | null;
  } = {},
): Promise<SeededUser> {
  const email = (options.email ?? `user-${uniqueTag()}@test.example`).toLowerCase();
  passwordHash ??= hashPassword(TEST_PASSWORD);
  const hash =
    options.password === null ? null : options.password ? await hashPassword(options.password) : await passwordHash;
  const row = await db
    .insertInto('users')
    .values({
      school_id: schoolId,
      email,
      first_name: options.firstName ?? 'Test',
      last_name: `User ${uniqueTag()}`,
      status: options.status ?? 'ACTIVE',
      password_hash: hash,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const roles = options.roles ?? [{ role: 'SCHOOL_ADMIN', compliance: true }];
  await replaceRoleGrants(db, schoolId, row.id, roles);
  await upsertPersonProfile(db, schoolId, row.id, roles, options.sportTeamId ?? null);
  return { id: row.id, email, schoolId };
}

/** A session straight in the database (skips the login route and its rate limit); returns the Cookie header. */
export async function sessionCookie(db: Kysely<Database>, user: SeededUser, ttlHours = 12): Promise<string> {
  const { token, sessionId } = createSessionToken();
  await insertSession(db, user.schoolId, {
    id: sessionId,
    userId: user.id,
    portal: null,
    ip: null,
    userAgent: null,
    expiresAt: sessionExpiry({ sessionTtlHours: ttlHours }),
  });
  return `sid=${token}`;
}

/** A sport team of the school (name and sport alike); returns its id. */
export async function seedTeam(db: Kysely<Database>, schoolId: string, name: string): Promise<string> {
  const row = await db
    .insertInto('sport_teams')
    .values({ school_id: schoolId, name, sport: name })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}
