import type { Transaction } from 'kysely';
import type { Database, TermName } from '../../migrations/database';

/** The 2026-2027 academic calendar of a typical semester school: fall, spring and a summer session. */
const TERMS: Array<{
  term: TermName;
  start: string;
  finals: string;
  end: string;
  vacations: Array<{ name: string; startDate: string; endDate: string }>;
}> = [
  {
    term: 'FALL',
    start: '2026-08-24',
    finals: '2026-12-07',
    end: '2026-12-16',
    vacations: [
      { name: 'Labor Day', startDate: '2026-09-07', endDate: '2026-09-07' },
      { name: 'Thanksgiving break', startDate: '2026-11-25', endDate: '2026-11-27' },
    ],
  },
  {
    term: 'SPRING',
    start: '2027-01-19',
    finals: '2027-05-03',
    end: '2027-05-12',
    vacations: [{ name: 'Spring break', startDate: '2027-03-15', endDate: '2027-03-19' }],
  },
  {
    term: 'SUMMER',
    start: '2027-06-01',
    finals: '2027-07-29',
    end: '2027-08-06',
    vacations: [{ name: 'Independence Day', startDate: '2027-07-05', endDate: '2027-07-05' }],
  },
];

export async function insertAcademicYear(trx: Transaction<Database>, schoolId: string): Promise<void> {
  const { id } = await trx
    .insertInto('academic_years')
    .values({ school_id: schoolId, start_year: 2026, end_year: 2027, is_current: true })
    .returning('id')
    .executeTakeFirstOrThrow();
  await trx
    .insertInto('academic_terms')
    .values(
      TERMS.map((t) => ({
        school_id: schoolId,
        academic_year_id: id,
        term: t.term,
        start_date: t.start,
        finals_start_date: t.finals,
        end_date: t.end,
        vacations: JSON.stringify(t.vacations),
      })),
    )
    .execute();
}

type SegmentSeed = Pick<
  Database['sport_segments'],
  'season_type' | 'segment_type' | 'start_date' | 'end_date' | 'start_day_of_week'
>;

/** Fall sports play their championship segment in the fall and train out of season in the spring; others the reverse. */
const FALL_SPORTS = new Set(['Football', 'Soccer', 'Volleyball']);

function seasonFor(sport: string): Array<Omit<SegmentSeed, 'start_day_of_week'>> {
  if (FALL_SPORTS.has(sport))
    return [
      { season_type: 'IN_SEASON', segment_type: 'PRESEASON', start_date: '2026-08-24', end_date: '2026-09-04' },
      { season_type: 'IN_SEASON', segment_type: 'CHAMPIONSHIP', start_date: '2026-09-05', end_date: '2026-11-28' },
      { season_type: 'IN_SEASON', segment_type: 'POSTSEASON', start_date: '2026-11-29', end_date: '2026-12-16' },
      {
        season_type: 'OUT_OF_SEASON',
        segment_type: 'NONCHAMPIONSHIP',
        start_date: '2027-01-19',
        end_date: '2027-04-30',
      },
    ];
  return [
    { season_type: 'OUT_OF_SEASON', segment_type: 'NONCHAMPIONSHIP', start_date: '2026-08-24', end_date: '2026-10-31' },
    { season_type: 'IN_SEASON', segment_type: 'CHAMPIONSHIP', start_date: '2026-11-01', end_date: '2027-03-14' },
    { season_type: 'IN_SEASON', segment_type: 'POSTSEASON', start_date: '2027-03-15', end_date: '2027-04-10' },
  ];
}

/** Sport segments of the school's current year for every team (direct inserts: the demo needs no approvals). */
export async function insertDemoSegments(trx: Transaction<Database>, schoolId: string): Promise<void> {
  const year = await trx
    .selectFrom('academic_years')
    .select('id')
    .where('school_id', '=', schoolId)
    .where('is_current', '=', true)
    .executeTakeFirstOrThrow();
  const teams = await trx.selectFrom('sport_teams').select(['id', 'sport']).where('school_id', '=', schoolId).execute();
  const rows = teams.flatMap((team) =>
    seasonFor(team.sport).map((s) => ({
      ...s,
      school_id: schoolId,
      sport_team_id: team.id,
      academic_year_id: year.id,
      start_day_of_week: 'MONDAY' as const,
    })),
  );
  if (rows.length > 0) await trx.insertInto('sport_segments').values(rows).execute();
}
