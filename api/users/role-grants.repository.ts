import type { Kysely, Transaction } from 'kysely';
import { ROLES, type Role, type RoleGrant, type CoachTitleGroup } from '../../domain/roles';
import type { Database } from '../../migrations/database';

type Db = Kysely<Database> | Transaction<Database>;

function toGrant(row: { role: string; title_group: string | null; compliance: boolean }): RoleGrant | null {
  if (!(ROLES as readonly string[]).includes(row.role)) return null;
  const role = row.role as Role;
  const grant: RoleGrant = { role };
  if (role === 'COACH') grant.titleGroup = (row.title_group as CoachTitleGroup | null) ?? null;
  if (role === 'SCHOOL_ADMIN') grant.compliance = row.compliance;
  return grant;
}

/** Stored role rows as grants, in ROLES order (unknown roles left out). */
export function grantsOf(
  rows: ReadonlyArray<{ role: string; title_group: string | null; compliance: boolean }>,
): RoleGrant[] {
  return sortGrants(rows.map(toGrant).filter((g): g is RoleGrant => g !== null));
}

/** Role grants in ROLES order, so the portal a user lands in does not depend on insertion order. */
export async function findRoleGrants(db: Db, schoolId: string, userId: string): Promise<RoleGrant[]> {
  const rows = await db
    .selectFrom('user_roles')
    .select(['role', 'title_group', 'compliance'])
    .where('school_id', '=', schoolId)
    .where('user_id', '=', userId)
    .execute();
  return grantsOf(rows);
}

export async function findRoleGrantsByUser(
  db: Db,
  schoolId: string,
  userIds: string[],
): Promise<Map<string, RoleGrant[]>> {
  const out = new Map<string, RoleGrant[]>();
  if (userIds.length === 0) return out;
  const rows = await db
    .selectFrom('user_roles')
    .select(['user_id', 'role', 'title_group', 'compliance'])
    .where('school_id', '=', schoolId)
    .where('user_id', 'in', userIds)
    .execute();
  for (const row of rows) {
    const grant = toGrant(row);
    if (!grant) continue;
    out.set(row.user_id, [...(out.get(row.user_id) ?? []), grant]);
  }
  for (const [id, grants] of out) out.set(id, sortGrants(grants));
  return out;
}

/** Replaces a user's grants (one row per role). */
export async function replaceRoleGrants(
  db: Db,
  schoolId: string,
  userId: string,
  grants: readonly RoleGrant[],
): Promise<void> {
  await db.deleteFrom('user_roles').where('school_id', '=', schoolId).where('user_id', '=', userId).execute();
  await insertRoleGrants(
    db,
    schoolId,
    grants.map((grant) => ({ userId, grant })),
  );
}

/** Adds grants to users who have none of those roles yet (new users), in one statement. */
export async function insertRoleGrants(
  db: Db,
  schoolId: string,
  rows: readonly { userId: string; grant: RoleGrant }[],
): Promise<void> {
  if (rows.length === 0) return;
  await db
    .insertInto('user_roles')
    .values(
      rows.map(({ userId, grant: g }) => ({
        user_id: userId,
        school_id: schoolId,
        role: g.role,
        title_group: g.role === 'COACH' ? (g.titleGroup ?? null) : null,
        compliance: g.role === 'SCHOOL_ADMIN' ? Boolean(g.compliance) : false,
      })),
    )
    .execute();
}

export function sortGrants(grants: RoleGrant[]): RoleGrant[] {
  return [...grants].sort((a, b) => ROLES.indexOf(a.role) - ROLES.indexOf(b.role));
}
