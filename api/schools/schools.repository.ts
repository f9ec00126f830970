import type { Kysely, Transaction } from 'kysely';
import type { Plan } from '../../domain/plans';
import type { Database, UserStatus } from '../../migrations/database';
import { containsPattern } from '../shared/like-pattern';

type Db = Kysely<Database> | Transaction<Database>;

/**
 * The provider's cross-school listing. The one deliberate exception to school scoping: only routes guarded by
 * the operator-only permission `schools:operate` may call it.
 */
export async function listAllSchoolsForOperator(
  db: Kysely<Database>,
  page: { q?: string; limit: number; offset: number },
) {
  let base = db.selectFrom('schools as s');
  if (page.q) {
    const pattern = containsPattern(page.q);
    base = base.where((eb) => eb.or([eb('s.name', 'ilike', pattern), eb('s.slug', 'ilike', pattern)]));
  }
  const [rows, count] = await Promise.all([
    base
      .select((eb) => [
        's.id',
        's.name',
        's.slug',
        's.kind',
        's.plan',
        's.division',
        's.state',
        's.time_zone',
        's.created_at',
        eb
          .selectFrom('users as u')
          .whereRef('u.school_id', '=', 's.id')
          .select(eb.fn.countAll<string>().as('n'))
          .as('user_count'),
        eb
          .selectFrom('user_roles as r')
          .whereRef('r.school_id', '=', 's.id')
          .where('r.role', '=', 'STUDENT_ATHLETE')
          .select(eb.fn.countAll<string>().as('n'))
          .as('athlete_count'),
      ])
      .orderBy('s.name')
      .limit(page.limit)
      .offset(page.offset)
      .execute(),
    base.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}

/** Slugs are unique across the platform (they name the school in links), so this check is deliberately global. */
export async function isSlugTaken(db: Db, slug: string): Promise<boolean> {
  const row = await db.selectFrom('schools').select('id').where('slug', '=', slug).executeTakeFirst();
  return Boolean(row);
}

export interface NewSchool {
  name: string;
  slug: string;
  plan: Plan;
  division: string;
  state: string;
  timeZone: string;
}

/** Creates a school (kind SCHOOL) under an id the caller chose, so the rest of onboarding can address it. */
export async function insertSchool(db: Db, schoolId: string, school: NewSchool): Promise<void> {
  await db
    .insertInto('schools')
    .values({
      id: schoolId,
      name: school.name,
      slug: school.slug,
      kind: 'SCHOOL',
      plan: school.plan,
      division: school.division,
      state: school.state,
      time_zone: school.timeZone,
      settings: JSON.stringify({}),
    })
    .execute();
}

/**
 * Removes a school whose onboarding failed part-way. Only possible before anything was audited for it (the audit
 * log is append-only and keeps its school), which the onboarding service guarantees.
 */
export async function deleteSchool(db: Db, schoolId: string): Promise<void> {
  await db.deleteFrom('schools').where('id', '=', schoolId).execute();
}

/** Moves a school to a higher plan; false when it was no longer on `from` (a concurrent upgrade won). */
export async function upgradeSchoolPlan(db: Db, schoolId: string, from: Plan, to: Plan): Promise<boolean> {
  const rows = await db
    .updateTable('schools')
    .set({ plan: to })
    .where('id', '=', schoolId)
    .where('plan', '=', from)
    .returning('id')
    .execute();
  return rows.length > 0;
}

export interface SchoolCountsRow {
  users: number;
  activeUsers: number;
  invitedUsers: number;
  admins: number;
  coaches: number;
  athletes: number;
  teams: number;
}

/** Head counts for the provider's school profile, in one round trip. */
export async function countSchoolMembers(db: Db, schoolId: string): Promise<SchoolCountsRow> {
  const role = (name: string) =>
    db
      .selectFrom('user_roles')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('school_id', '=', schoolId)
      .where('role', '=', name);
  const users = (status?: UserStatus) => {
    let q = db
      .selectFrom('users')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('school_id', '=', schoolId);
    if (status) q = q.where('status', '=', status);
    return q;
  };
  const row = await db
    .selectNoFrom([
      users().as('users'),
      users('ACTIVE').as('active_users'),
      users('INVITED').as('invited_users'),
      role('SCHOOL_ADMIN').as('admins'),
      role('COACH').as('coaches'),
      role('STUDENT_ATHLETE').as('athletes'),
      db
        .selectFrom('sport_teams')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where('school_id', '=', schoolId)
        .as('teams'),
    ])
    .executeTakeFirstOrThrow();
  return {
    users: Number(row.users ?? 0),
    activeUsers: Number(row.active_users ?? 0),
    invitedUsers: Number(row.invited_users ?? 0),
    admins: Number(row.admins ?? 0),
    coaches: Number(row.coaches ?? 0),
    athletes: Number(row.athletes ?? 0),
    teams: Number(row.teams ?? 0),
  };
}

/** A school's admins, oldest first (the first one is usually the admin invited at onboarding). */
export async function listSchoolAdmins(db: Db, schoolId: string) {
  const rows = await db
    .selectFrom('users as u')
    .innerJoin('user_roles as r', (j) =>
      j.onRef('r.user_id', '=', 'u.id').on('r.school_id', '=', schoolId).on('r.role', '=', 'SCHOOL_ADMIN'),
    )
    .select([
      'u.id',
      'u.email',
      'u.first_name',
      'u.last_name',
      'u.status',
      'u.last_active_at',
      'u.created_at',
      'r.compliance',
    ])
    .where('u.school_id', '=', schoolId)
    .orderBy('u.created_at')
    .orderBy('u.id')
    .limit(50)
    .execute();
  return rows.map((r) => ({
    id: r.id,
    email: r.email,
    firstName: r.first_name,
    lastName: r.last_name,
    status: r.status,
    compliance: r.compliance,
    lastActiveAt: r.last_active_at,
  }));
}

/**
 * A school's teams by name. The operator's pickers get the active ones (an archived team is hidden from pickers,
 * issue 36); `includeArchived` is for checking ids that may name a team archived since it was chosen.
 */
export async function listSchoolTeamNames(
  db: Db,
  schoolId: string,
  { includeArchived = false }: { includeArchived?: boolean } = {},
): Promise<Array<{ id: string; name: string }>> {
  return db
    .selectFrom('sport_teams')
    .select(['id', 'name'])
    .where('school_id', '=', schoolId)
    .$if(!includeArchived, (q) => q.where('archived_at', 'is', null))
    .orderBy('name')
    .execute();
}

/**
 * The school a student-athlete belongs to, for the provider's profile of one athlete (/school/StudentAthleteProfile,
 * addressed by the athlete alone). Like the listing above, only routes guarded by `schools:operate` call it.
 */
export async function athleteSchoolForOperator(db: Db, athleteId: string) {
  const row = await db
    .selectFrom('athlete_profiles as a')
    .innerJoin('schools as s', 's.id', 'a.school_id')
    .select(['s.id', 's.name', 's.time_zone as timeZone'])
    .where('a.user_id', '=', athleteId)
    .executeTakeFirst();
  return row ?? null;
}
