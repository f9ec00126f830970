import type { Kysely, Transaction } from 'kysely';
import type { Database, SportSegmentsTable } from '../../migrations/database';
import { listStaffOfTeams } from '../staff/staff-teams.repository';

type Db = Kysely<Database> | Transaction<Database>;

export interface SegmentRow {
  id: string;
  sportTeamId: string;
  sportTeamName: string;
  academicYearId: string;
  seasonType: SportSegmentsTable['season_type'];
  segmentType: SportSegmentsTable['segment_type'];
  startDate: string;
  endDate: string;
  startDayOfWeek: SportSegmentsTable['start_day_of_week'];
  exemptWeekBeforeFirstContest: boolean;
  updatedAt: Date;
}

export interface SegmentValues {
  seasonType: SegmentRow['seasonType'];
  segmentType: SegmentRow['segmentType'];
  startDate: string;
  endDate: string;
  startDayOfWeek: SegmentRow['startDayOfWeek'];
  exemptWeekBeforeFirstContest: boolean;
}

/** Segments of a school, optionally of one year and limited to some teams (null: all teams), in date order. */
export async function listSegments(
  db: Db,
  schoolId: string,
  filter: { academicYearId?: string; sportTeamId?: string; teamIds: string[] | null },
): Promise<SegmentRow[]> {
  if (filter.teamIds !== null && filter.teamIds.length === 0) return [];
  let q = db
    .selectFrom('sport_segments as s')
    .innerJoin('sport_teams as t', (j) =>
      j.onRef('t.id', '=', 's.sport_team_id').onRef('t.school_id', '=', 's.school_id'),
    )
    .where('s.school_id', '=', schoolId);
  if (filter.academicYearId) q = q.where('s.academic_year_id', '=', filter.academicYearId);
  if (filter.sportTeamId) q = q.where('s.sport_team_id', '=', filter.sportTeamId);
  if (filter.teamIds) q = q.where('s.sport_team_id', 'in', filter.teamIds);
  const rows = await q
    .select([
      's.id',
      's.sport_team_id',
      't.name as team_name',
      's.academic_year_id',
      's.season_type',
      's.segment_type',
      's.start_date',
      's.end_date',
      's.start_day_of_week',
      's.exempt_week_before_first_contest',
      's.updated_at',
    ])
    .orderBy('t.name')
    .orderBy('s.start_date')
    .execute();
  return rows.map((r) => ({
    id: r.id,
    sportTeamId: r.sport_team_id,
    sportTeamName: r.team_name,
    academicYearId: r.academic_year_id,
    seasonType: r.season_type,
    segmentType: r.segment_type,
    startDate: r.start_date,
    endDate: r.end_date,
    startDayOfWeek: r.start_day_of_week,
    exemptWeekBeforeFirstContest: r.exempt_week_before_first_contest,
    updatedAt: r.updated_at,
  }));
}

export async function findSegment(db: Db, schoolId: string, id: string): Promise<SegmentRow | null> {
  const row = await db
    .selectFrom('sport_segments')
    .select(['id', 'sport_team_id', 'academic_year_id'])
    .where('school_id', '=', schoolId)
    .where('id', '=', id)
    .executeTakeFirst();
  if (!row) return null;
  const rows = await listSegments(db, schoolId, {
    academicYearId: row.academic_year_id,
    sportTeamId: row.sport_team_id,
    teamIds: null,
  });
  return rows.find((r) => r.id === id) ?? null;
}

/** Serialises segment writes of one team (the overlap check reads, then writes). */
export async function lockTeam(trx: Transaction<Database>, schoolId: string, teamId: string): Promise<void> {
  await trx
    .selectFrom('sport_teams')
    .select('id')
    .where('school_id', '=', schoolId)
    .where('id', '=', teamId)
    .forUpdate()
    .execute();
}

export async function insertSegment(
  db: Db,
  schoolId: string,
  values: SegmentValues & { sportTeamId: string; academicYearId: string; createdBy: string },
): Promise<string> {
  const row = await db
    .insertInto('sport_segments')
    .values({
      school_id: schoolId,
      sport_team_id: values.sportTeamId,
      academic_year_id: values.academicYearId,
      season_type: values.seasonType,
      segment_type: values.segmentType,
      start_date: values.startDate,
      end_date: values.endDate,
      start_day_of_week: values.startDayOfWeek,
      exempt_week_before_first_contest: values.exemptWeekBeforeFirstContest,
      created_by: values.createdBy,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function updateSegment(db: Db, schoolId: string, id: string, values: SegmentValues): Promise<void> {
  await db
    .updateTable('sport_segments')
    .set({
      season_type: values.seasonType,
      segment_type: values.segmentType,
      start_date: values.startDate,
      end_date: values.endDate,
      start_day_of_week: values.startDayOfWeek,
      exempt_week_before_first_contest: values.exemptWeekBeforeFirstContest,
      updated_at: new Date(),
    })
    .where('school_id', '=', schoolId)
    .where('id', '=', id)
    .execute();
}

export async function deleteSegment(db: Db, schoolId: string, id: string): Promise<boolean> {
  const res = await db
    .deleteFrom('sport_segments')
    .where('school_id', '=', schoolId)
    .where('id', '=', id)
    .executeTakeFirst();
  return Number(res.numDeletedRows) > 0;
}

/** The team's coaches and staff: they hear about its segments (notification module "segment"). */
export async function listTeamStaffIds(db: Db, schoolId: string, teamId: string): Promise<string[]> {
  return listStaffOfTeams(db, schoolId, [teamId]);
}
