import { sql, type Expression, type Kysely, type SqlBool, type Transaction } from 'kysely';
import type { AthleteListColumn } from '../../domain/athlete-profiles';
import type { Database, UserStatus } from '../../migrations/database';
import { containsPattern } from '../shared/like-pattern';
import { PROFILE_COLUMNS, type ProfileColumn } from './athlete-fields';
import { fullName, fullNameOrNull } from '../shared/people-names';

type Db = Kysely<Database> | Transaction<Database>;

export interface AthleteRecord {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  middleName: string | null;
  phoneNumber: string | null;
  status: UserStatus;
  sportTeamName: string | null;
  academicAdvisorName: string | null;
  /** Tag names of the current academic year (and tags given before any year was set up). */
  tags: string[];
  updatedAt: Date;
  columns: Record<ProfileColumn, unknown>;
  data: Record<string, unknown>;
}

/** Tags shown now: those of the school's current academic year, and those assigned when it had none. */
const currentTags = (schoolId: string) => sql<string[]>`coalesce((
  select array_agg(g.name order by lower(g.name))
  from athlete_tag_assignments x join athlete_tags g on g.id = x.tag_id
  where x.school_id = ${schoolId} and x.athlete_user_id = u.id
    and (x.academic_year_id is null or x.academic_year_id = (
      select y.id from academic_years y where y.school_id = ${schoolId} and y.is_current limit 1))
), '{}')`;

function athletesQuery(db: Db, schoolId: string) {
  return db
    .selectFrom('athlete_profiles as a')
    .innerJoin('users as u', (j) => j.onRef('u.id', '=', 'a.user_id').on('u.school_id', '=', schoolId))
    .leftJoin('sport_teams as t', (j) => j.onRef('t.id', '=', 'a.sport_team_id').on('t.school_id', '=', schoolId))
    .leftJoin('users as adv', (j) => j.onRef('adv.id', '=', 'a.academic_advisor_id').on('adv.school_id', '=', schoolId))
    .where('a.school_id', '=', schoolId)
    .select([
      'u.id',
      'u.email',
      'u.first_name',
      'u.last_name',
      'u.middle_name',
      'u.phone_number',
      'u.status',
      't.name as team_name',
      fullNameOrNull('adv').as('advisor_name'),
      'a.updated_at',
      'a.data',
      currentTags(schoolId).as('tag_names'),
    ])
    .select(PROFILE_COLUMNS.map((c) => sql.ref(`a.${c}`).as(c)) as never[]);
}

function toRecord(r: Record<string, unknown>): AthleteRecord {
  const columns = Object.fromEntries(PROFILE_COLUMNS.map((c) => [c, r[c] ?? null])) as Record<ProfileColumn, unknown>;
  return {
    id: r.id as string,
    email: r.email as string,
    firstName: r.first_name as string,
    lastName: r.last_name as string,
    middleName: (r.middle_name as string | null) ?? null,
    phoneNumber: (r.phone_number as string | null) ?? null,
    status: r.status as UserStatus,
    sportTeamName: (r.team_name as string | null) ?? null,
    academicAdvisorName: (r.advisor_name as string | null) ?? null,
    tags: (r.tag_names as string[] | null) ?? [],
    updatedAt: r.updated_at as Date,
    data: (r.data as Record<string, unknown>) ?? {},
    columns,
  };
}

export interface AthleteListFilter {
  teamId?: string;
  teamIds?: string[];
  q?: string;
  rosterStatus?: string;
  athleteStatus?: string;
  accountStatus?: string;
  residencyStatus?: string;
  classYear?: string;
  aidType?: string;
  eligibilityType?: string;
  tagId?: string;
  isAtRisk?: boolean;
  isTransferStudent?: boolean;
  sortBy?: AthleteListColumn;
  sortDir?: 'asc' | 'desc';
}

/** The SQL each sortable list column orders by (the export sorts the same way). */
const SORT_EXPRESSION: Record<AthleteListColumn, string> = {
  athletName: "lower(u.last_name || ' ' || u.first_name)",
  studentEmail: 'lower(u.email)',
  dob: 'a.date_of_birth',
  residencyStatus: 'a.residency_status',
  studentRollNumber: 'a.student_id_number',
  position: 'lower(a.position)',
  sportTeamName: 'lower(t.name)',
  userStatus: 'u.status',
  eligibility: 'cardinality(a.eligibility_types)',
  tags: 'tag_names',
  phoneNumber: 'u.phone_number',
  classYear: 'a.class_year',
  cumulativeGPA: 'a.cumulative_gpa',
  isAtRisk: 'a.is_at_risk',
  isTransferStudent: 'a.is_transfer_student',
  enrollmentAtThisInstitution: 'a.enrollment_year_this_institution',
  enrollmentAtAnyInstitution: 'a.enrollment_year',
  isEnrolledFullTime: 'a.is_enrolled_full_time',
  rosterStatus: 'a.roster_status',
  aidType: 'a.aid_status',
  athleticGrantAmount: 'a.athletic_grant_amount',
  totalAidPercentage: 'a.total_aid_percentage',
  totalAidAmount: 'a.total_aid_amount',
};

function filtered(db: Db, schoolId: string, f: AthleteListFilter) {
  let q = athletesQuery(db, schoolId);
  const eq = <V>(value: V | undefined, where: (v: V) => Expression<SqlBool>) => {
    if (value !== undefined) q = q.where(() => where(value));
  };
  if (f.teamIds) q = f.teamIds.length ? q.where('a.sport_team_id', 'in', f.teamIds) : q.where(sql<boolean>`false`);
  eq(f.teamId, (v) => sql<SqlBool>`a.sport_team_id = ${v}`);
  eq(f.rosterStatus, (v) => sql<SqlBool>`a.roster_status = ${v}`);
  eq(f.athleteStatus, (v) => sql<SqlBool>`a.athlete_status = ${v}`);
  eq(f.accountStatus, (v) => sql<SqlBool>`u.status = ${v}`);
  eq(f.residencyStatus, (v) => sql<SqlBool>`a.residency_status = ${v}`);
  eq(f.classYear, (v) => sql<SqlBool>`a.class_year = ${v}`);
  eq(f.aidType, (v) => sql<SqlBool>`a.aid_status = ${v}`);
  eq(f.eligibilityType, (v) => sql<SqlBool>`${v} = any(a.eligibility_types)`);
  eq(f.isAtRisk, (v) => sql<SqlBool>`a.is_at_risk is ${sql.raw(v ? 'true' : 'not true')}`);
  eq(f.isTransferStudent, (v) => sql<SqlBool>`a.is_transfer_student is ${sql.raw(v ? 'true' : 'not true')}`);
  eq(
    f.tagId,
    (v) => sql<SqlBool>`exists (select 1 from athlete_tag_assignments x
      where x.school_id = ${schoolId} and x.athlete_user_id = u.id and x.tag_id = ${v})`,
  );
  if (f.q) {
    const pattern = containsPattern(f.q);
    q = q.where((eb) =>
      eb.or([
        eb('u.email', 'ilike', pattern),
        eb(fullName('u'), 'ilike', pattern),
        eb('a.student_id_number', 'ilike', pattern),
      ]),
    );
  }
  return q;
}

/** One page of the filtered list, sorted by the chosen column (nulls last), then by name and id so pages are stable. */
export async function listAthletes(
  db: Db,
  schoolId: string,
  filter: AthleteListFilter & { limit: number; offset: number },
): Promise<{ rows: AthleteRecord[]; total: number }> {
  const q = filtered(db, schoolId, filter);
  const dir = sql.raw(filter.sortDir === 'desc' ? 'desc' : 'asc');
  const by = sql.raw(SORT_EXPRESSION[filter.sortBy ?? 'athletName']);
  const [rows, count] = await Promise.all([
    q
      .orderBy(sql`${by} ${dir} nulls last`)
      .orderBy(sql`u.last_name`)
      .orderBy(sql`u.first_name`)
      .orderBy(sql`u.id`)
      .limit(filter.limit)
      .offset(filter.offset)
      .execute(),
    q
      .clearSelect()
      .select(sql<string>`count(*)`.as('n'))
      .executeTakeFirstOrThrow() as Promise<{ n: string }>,
  ]);
  return { rows: rows.map((r) => toRecord(r as Record<string, unknown>)), total: Number(count.n) };
}

export async function findAthlete(db: Db, schoolId: string, userId: string): Promise<AthleteRecord | null> {
  const row = await athletesQuery(db, schoolId).where('u.id', '=', userId).executeTakeFirst();
  return row ? toRecord(row as Record<string, unknown>) : null;
}

/** The athlete, their profile row locked for the rest of the transaction (edits of one profile take turns). */
export async function lockAthlete(
  trx: Transaction<Database>,
  schoolId: string,
  userId: string,
): Promise<AthleteRecord | null> {
  const locked = await trx
    .selectFrom('athlete_profiles')
    .select('user_id')
    .where('school_id', '=', schoolId)
    .where('user_id', '=', userId)
    .forUpdate()
    .executeTakeFirst();
  return locked ? findAthlete(trx, schoolId, userId) : null;
}

/** Whether the user is staff of the school (a coach or a school admin): who may be an academic advisor. */
export async function isStaffOfSchool(db: Db, schoolId: string, userId: string): Promise<boolean> {
  const row = await db
    .selectFrom('user_roles')
    .select('user_id')
    .where('school_id', '=', schoolId)
    .where('user_id', '=', userId)
    .where('role', 'in', ['COACH', 'SCHOOL_ADMIN'])
    .executeTakeFirst();
  return !!row;
}

/** The social links other athletes of the school use (as stored), to check that each link belongs to one user. */
export async function socialLinksOfOthers(db: Db, schoolId: string, userId: string | null): Promise<string[]> {
  const rows = await sql<{ link: string }>`
    select v.value #>> '{}' as link
    from athlete_profiles a, jsonb_each(case when jsonb_typeof(a.data->'socialMedia') = 'object'
      then a.data->'socialMedia' else '{}'::jsonb end) v
    where a.school_id = ${schoolId} and ${userId}::uuid is distinct from a.user_id
      and jsonb_typeof(v.value) = 'string'`.execute(db);
  return rows.rows.map((r) => r.link);
}

export async function insertAthleteProfile(
  db: Db,
  schoolId: string,
  userId: string,
  columns: Partial<Record<ProfileColumn, unknown>>,
  data: Record<string, unknown>,
): Promise<void> {
  await insertAthleteProfiles(db, schoolId, [{ userId, columns, data }]);
}

/** Inserts many profiles in one statement (every row names the same columns; absent ones are null). */
export async function insertAthleteProfiles(
  db: Db,
  schoolId: string,
  profiles: readonly {
    userId: string;
    columns: Partial<Record<ProfileColumn, unknown>>;
    data: Record<string, unknown>;
  }[],
): Promise<void> {
  if (profiles.length === 0) return;
  const names = [...new Set(profiles.flatMap((p) => Object.keys(p.columns)))] as ProfileColumn[];
  await db
    .insertInto('athlete_profiles')
    .values(
      profiles.map((p) => ({
        ...(Object.fromEntries(names.map((n) => [n, p.columns[n] ?? null])) as Record<string, never>),
        user_id: p.userId,
        school_id: schoolId,
        data: JSON.stringify(p.data),
      })),
    )
    .execute();
}

/** Updates the given columns and merges `data` keys into the stored document. */
export async function updateAthleteProfile(
  db: Db,
  schoolId: string,
  userId: string,
  columns: Partial<Record<ProfileColumn, unknown>>,
  data: Record<string, unknown>,
): Promise<void> {
  await db
    .updateTable('athlete_profiles')
    .set({
      ...(columns as Record<string, never>),
      data: sql<Record<string, unknown>>`data || ${JSON.stringify(data)}::jsonb`,
      updated_at: new Date(),
    })
    .where('school_id', '=', schoolId)
    .where('user_id', '=', userId)
    .execute();
}
