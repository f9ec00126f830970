import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database, RolloverStatus } from '../../migrations/database';
import { fullName, fullNameOrNull } from '../shared/people-names';

type Db = Kysely<Database> | Transaction<Database>;

export interface RosterRow {
  id: string;
  school_id: string;
  sport_team_id: string;
  academic_year_id: string;
  source_academic_year_id: string | null;
  rollover_status: RolloverStatus;
  review_comment: string | null;
  invite_new_athletes: boolean | null;
  workflow_id: string | null;
  submitted_at: Date | null;
  completed_at: Date | null;
  teamName: string;
  startYear: number;
  endYear: number;
  isCurrent: boolean;
}

/** One roster of the school with its team and year; null when it is not the school's. */
export async function findRoster(
  db: Db,
  schoolId: string,
  ref: { teamId: string; academicYearId: string } | { rosterId: string },
): Promise<RosterRow | null> {
  let q = db
    .selectFrom('rosters as r')
    .innerJoin('sport_teams as t', 't.id', 'r.sport_team_id')
    .innerJoin('academic_years as y', 'y.id', 'r.academic_year_id')
    .where('r.school_id', '=', schoolId)
    .selectAll('r')
    .select(['t.name as teamName', 'y.start_year as startYear', 'y.end_year as endYear', 'y.is_current as isCurrent']);
  q =
    'rosterId' in ref
      ? q.where('r.id', '=', ref.rosterId)
      : q.where('r.sport_team_id', '=', ref.teamId).where('r.academic_year_id', '=', ref.academicYearId);
  return ((await q.executeTakeFirst()) as RosterRow | undefined) ?? null;
}

export interface RosterEntryRecord {
  athleteUserId: string;
  firstName: string;
  lastName: string;
  email: string;
  userStatus: string;
  rosterStatus: 'OFFICIAL' | 'UNOFFICIAL';
  athleteStatus: string;
  isNew: boolean;
  addedAt: Date;
  addedByName: string | null;
  classYear: string | null;
  position: string | null;
}

export async function listRosterEntries(db: Db, schoolId: string, rosterId: string): Promise<RosterEntryRecord[]> {
  return db
    .selectFrom('roster_entries as e')
    .innerJoin('users as u', 'u.id', 'e.athlete_user_id')
    .leftJoin('users as a', 'a.id', 'e.added_by')
    .leftJoin('athlete_profiles as p', 'p.user_id', 'e.athlete_user_id')
    .where('e.school_id', '=', schoolId)
    .where('e.roster_id', '=', rosterId)
    .select([
      'e.athlete_user_id as athleteUserId',
      'u.first_name as firstName',
      'u.last_name as lastName',
      'u.email',
      'u.status as userStatus',
      'e.roster_status as rosterStatus',
      'e.athlete_status as athleteStatus',
      'e.is_new as isNew',
      'e.added_at as addedAt',
      fullNameOrNull('a').as('addedByName'),
      'p.class_year as classYear',
      'p.position',
    ])
    .orderBy('u.last_name')
    .orderBy('u.first_name')
    .execute();
}

export interface ChangeRequestRecord {
  id: string;
  kind: 'ADD' | 'REMOVE' | 'STATUS_CHANGE';
  athleteUserId: string;
  athleteName: string;
  athleteStatus: string | null;
  rosterStatus: string | null;
  status: 'PENDING' | 'APPROVED' | 'DENIED';
  requestedByName: string | null;
  requestedAt: Date;
  decidedAt: Date | null;
  comment: string | null;
}

export async function listChangeRequests(db: Db, schoolId: string, rosterId: string): Promise<ChangeRequestRecord[]> {
  return db
    .selectFrom('roster_change_requests as c')
    .innerJoin('users as u', 'u.id', 'c.athlete_user_id')
    .leftJoin('users as b', 'b.id', 'c.requested_by')
    .where('c.school_id', '=', schoolId)
    .where('c.roster_id', '=', rosterId)
    .select([
      'c.id',
      'c.kind',
      'c.athlete_user_id as athleteUserId',
      fullName('u').as('athleteName'),
      'c.athlete_status as athleteStatus',
      'c.roster_status as rosterStatus',
      'c.status',
      fullNameOrNull('b').as('requestedByName'),
      'c.requested_at as requestedAt',
      'c.decided_at as decidedAt',
      'c.comment',
    ])
    .orderBy('c.requested_at', 'desc')
    .execute();
}

export async function listSchoolAdmins(db: Db, schoolId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('user_roles as r')
    .innerJoin('users as u', 'u.id', 'r.user_id')
    .where('u.school_id', '=', schoolId)
    .where('r.role', '=', 'SCHOOL_ADMIN')
    .where('u.status', '=', 'ACTIVE')
    .select('u.id')
    .distinct()
    .execute();
  return rows.map((r) => r.id);
}

/** The latest earlier year of the school that has a roster for the team: what a rollover copies. */
export async function findSourceRoster(
  db: Db,
  schoolId: string,
  teamId: string,
  academicYearId: string,
): Promise<{ rosterId: string; academicYearId: string } | null> {
  const row = await db
    .selectFrom('rosters as r')
    .innerJoin('academic_years as y', 'y.id', 'r.academic_year_id')
    .where('r.school_id', '=', schoolId)
    .where('r.sport_team_id', '=', teamId)
    .where(
      'y.start_year',
      '<',
      db
        .selectFrom('academic_years')
        .select('start_year')
        .where('id', '=', academicYearId)
        .where('school_id', '=', schoolId),
    )
    .orderBy('y.start_year', 'desc')
    .select(['r.id as rosterId', 'r.academic_year_id as academicYearId'])
    .executeTakeFirst();
  return row ?? null;
}

/** Per team of the school: its roster for the year (if any) with counts and pending change requests. */
export async function listYearRosters(db: Db, schoolId: string, academicYearId: string, teamIds: string[] | null) {
  let q = db
    .selectFrom('sport_teams as t')
    .leftJoin('rosters as r', (j) =>
      j.onRef('r.sport_team_id', '=', 't.id').on('r.academic_year_id', '=', academicYearId),
    )
    .where('t.school_id', '=', schoolId)
    .select([
      't.id as teamId',
      't.name as teamName',
      't.sport',
      'r.id as rosterId',
      'r.rollover_status as rolloverStatus',
      'r.submitted_at as submittedAt',
      'r.completed_at as completedAt',
      sql<number>`(select count(*) from roster_entries e where e.roster_id = r.id and e.roster_status = 'OFFICIAL' and e.athlete_status not in ('GRADUATED','TRANSFERRED_OUT','QUIT_TEAM','CUT_FROM_TEAM','ELIGIBILITY_EXHAUSTED','WITHDREW','INELIGIBLE_DUE_TO_VIOLATION'))::int`.as(
        'official',
      ),
      sql<number>`(select count(*) from roster_entries e where e.roster_id = r.id and e.roster_status = 'UNOFFICIAL' and e.athlete_status not in ('GRADUATED','TRANSFERRED_OUT','QUIT_TEAM','CUT_FROM_TEAM','ELIGIBILITY_EXHAUSTED','WITHDREW','INELIGIBLE_DUE_TO_VIOLATION'))::int`.as(
        'unofficial',
      ),
      sql<number>`(select count(*) from roster_entries e where e.roster_id = r.id)::int`.as('total'),
      sql<number>`(select count(*) from roster_change_requests c where c.roster_id = r.id and c.status = 'PENDING')::int`.as(
        'pendingRequests',
      ),
    ])
    .orderBy('t.name');
  if (teamIds) q = teamIds.length ? q.where('t.id', 'in', teamIds) : q.where(sql<boolean>`false`);
  return q.execute();
}

/** School athletes not on the roster yet, for the coach's "add athletes" picker. */
export async function listAddableAthletes(db: Db, schoolId: string, rosterId: string, search: string | null) {
  let q = db
    .selectFrom('users as u')
    .innerJoin('user_roles as r', (j) => j.onRef('r.user_id', '=', 'u.id').on('r.role', '=', 'STUDENT_ATHLETE'))
    .leftJoin('athlete_profiles as p', 'p.user_id', 'u.id')
    .leftJoin('sport_teams as t', 't.id', 'p.sport_team_id')
    .where('u.school_id', '=', schoolId)
    .where('u.status', '!=', 'INACTIVE')
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('roster_entries as e')
            .select('e.id')
            .whereRef('e.athlete_user_id', '=', 'u.id')
            .where('e.roster_id', '=', rosterId),
        ),
      ),
    )
    .select(['u.id', 'u.first_name as firstName', 'u.last_name as lastName', 'u.email', 't.name as teamName'])
    .distinct()
    .orderBy('u.last_name')
    .orderBy('u.first_name')
    .limit(50);
  if (search) {
    const like = `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    q = q.where((eb) =>
      eb.or([eb('u.first_name', 'ilike', like), eb('u.last_name', 'ilike', like), eb('u.email', 'ilike', like)]),
    );
  }
  return q.execute();
}

/** The school's academic years, newest first, as the roster screens pick one (a chosen id, else the current). */
export async function listSchoolYears(db: Db, schoolId: string) {
  return db
    .selectFrom('academic_years')
    .selectAll()
    .where('school_id', '=', schoolId)
    .orderBy('start_year', 'desc')
    .execute();
}

/** Which of the given athletes are on the roster. */
export async function athletesOnRoster(db: Db, rosterId: string, athleteUserIds: string[]): Promise<string[]> {
  if (athleteUserIds.length === 0) return [];
  const rows = await db
    .selectFrom('roster_entries')
    .select('athlete_user_id')
    .where('roster_id', '=', rosterId)
    .where('athlete_user_id', 'in', athleteUserIds)
    .execute();
  return rows.map((r) => r.athlete_user_id);
}

/** Whether the user is a student-athlete of the school. */
export async function isSchoolAthlete(db: Db, schoolId: string, userId: string): Promise<boolean> {
  const row = await db
    .selectFrom('user_roles')
    .select('user_id')
    .where('school_id', '=', schoolId)
    .where('user_id', '=', userId)
    .where('role', '=', 'STUDENT_ATHLETE')
    .executeTakeFirst();
  return row !== undefined;
}

export async function yearHasTerms(db: Db, schoolId: string, academicYearId: string): Promise<boolean | null> {
  const year = await db
    .selectFrom('academic_years')
    .where('school_id', '=', schoolId)
    .where('id', '=', academicYearId)
    .select((eb) =>
      eb
        .selectFrom('academic_terms')
        .whereRef('academic_year_id', '=', 'academic_years.id')
        .select(sql<number>`count(*)::int`.as('n'))
        .as('terms'),
    )
    .executeTakeFirst();
  if (!year) return null;
  return (year.terms ?? 0) > 0;
}

/** Creates the roster row (not started) for a team and year; an existing one is returned as it is. */
export async function ensureRosterRow(
  db: Db,
  schoolId: string,
  input: {
    teamId: string;
    academicYearId: string;
    sourceAcademicYearId: string | null;
    startedBy: string;
    workflowId: string;
  },
): Promise<string> {
  await db
    .insertInto('rosters')
    .values({
      school_id: schoolId,
      sport_team_id: input.teamId,
      academic_year_id: input.academicYearId,
      source_academic_year_id: input.sourceAcademicYearId,
      started_by: input.startedBy,
      workflow_id: input.workflowId,
    })
    .onConflict((oc) => oc.columns(['sport_team_id', 'academic_year_id']).doNothing())
    .execute();
  const row = await db
    .selectFrom('rosters')
    .select('id')
    .where('school_id', '=', schoolId)
    .where('sport_team_id', '=', input.teamId)
    .where('academic_year_id', '=', input.academicYearId)
    .executeTakeFirstOrThrow();
  return row.id;
}
