import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database, UserStatus } from '../../migrations/database';
import { containsPattern } from '../shared/like-pattern';
import type { ProfileColumn } from './athlete-fields';
import { pageByPersonName } from '../shared/page-by-person-name';

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
  updatedAt: Date;
  columns: Record<ProfileColumn, unknown>;
  data: Record<string, unknown>;
}

function athletesQuery(db: Db, schoolId: string) {
  return db
    .selectFrom('athlete_profiles as a')
    .innerJoin('users as u', (j) => j.onRef('u.id', '=', 'a.user_id').on('u.school_id', '=', schoolId))
    .leftJoin('sport_teams as t', (j) => j.onRef('t.id', '=', 'a.sport_team_id').on('t.school_id', '=', schoolId))
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
      'a.updated_at',
      'a.data',
      'a.sport_team_id',
      'a.date_of_birth',
      'a.student_id_number',
      'a.gender',
      'a.class_year',
      'a.major',
      'a.residency_status',
      'a.aid_status',
      'a.enrollment_term',
      'a.enrollment_year',
      'a.graduation_year',
      'a.position',
      'a.roster_status',
      'a.athlete_status',
    ]);
}

type AthleteQueryRow = Awaited<ReturnType<ReturnType<typeof athletesQuery>['execute']>>[number];

function toRecord(r: AthleteQueryRow): AthleteRecord {
  return {
    id: r.id,
    email: r.email,
    firstName: r.first_name,
    lastName: r.last_name,
    middleName: r.middle_name,
    phoneNumber: r.phone_number,
    status: r.status,
    sportTeamName: r.team_name ?? null,
    updatedAt: r.updated_at,
    data: r.data ?? {},
    columns: {
      sport_team_id: r.sport_team_id,
      date_of_birth: r.date_of_birth,
      student_id_number: r.student_id_number,
      gender: r.gender,
      class_year: r.class_year,
      major: r.major,
      residency_status: r.residency_status,
      aid_status: r.aid_status,
      enrollment_term: r.enrollment_term,
      enrollment_year: r.enrollment_year,
      graduation_year: r.graduation_year,
      position: r.position,
      roster_status: r.roster_status,
      athlete_status: r.athlete_status,
    },
  };
}

export async function listAthletes(
  db: Db,
  schoolId: string,
  filter: { teamId?: string; q?: string; limit: number; offset: number },
): Promise<{ rows: AthleteRecord[]; total: number }> {
  let q = athletesQuery(db, schoolId);
  if (filter.teamId) q = q.where('a.sport_team_id', '=', filter.teamId);
  if (filter.q) {
    const pattern = containsPattern(filter.q);
    q = q.where((eb) =>
      eb.or([
        eb('u.email', 'ilike', pattern),
        eb(sql<string>`u.first_name || ' ' || u.last_name`, 'ilike', pattern),
        eb('a.student_id_number', 'ilike', pattern),
      ]),
    );
  }
  const { rows, total } = await pageByPersonName(q, filter);
  return { rows: rows.map(toRecord), total };
}

export async function findAthlete(db: Db, schoolId: string, userId: string): Promise<AthleteRecord | null> {
  const row = await athletesQuery(db, schoolId).where('u.id', '=', userId).executeTakeFirst();
  return row ? toRecord(row) : null;
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
