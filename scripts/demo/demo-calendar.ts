import type { Transaction } from 'kysely';
import type { Weekday } from '../../domain/calendar';
import { buildRRule, localToInstant, reminderOffset } from '../../domain/calendar-events';
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

interface SegmentSeed {
  season_type: 'IN_SEASON' | 'OUT_OF_SEASON';
  segment_type: 'PRESEASON' | 'CHAMPIONSHIP' | 'POSTSEASON' | 'NONCHAMPIONSHIP';
  start_date: string;
  end_date: string;
}

/** Fall sports play their championship segment in the fall and train out of season in the spring; others the reverse. */
const FALL_SPORTS = new Set(['Football', 'Soccer', 'Volleyball']);

function seasonFor(sport: string): SegmentSeed[] {
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

interface DemoEvent {
  team: string;
  name: string;
  category: string;
  caraCategory: string | null;
  location: string;
  date: string;
  start: string;
  endDate?: string;
  end: string;
  weekdays?: Weekday[];
  until?: string;
}

/** Home games on these Saturdays, away games on the others (the team travels the Friday before). */
const FOOTBALL_GAMES: Array<{ date: string; home: boolean; opponent: string }> = [
  { date: '2026-09-05', home: true, opponent: 'Central Tech' },
  { date: '2026-09-12', home: false, opponent: 'Lakeside' },
  { date: '2026-09-19', home: true, opponent: 'Northern State' },
  { date: '2026-10-03', home: false, opponent: 'Pine Valley' },
  { date: '2026-10-10', home: true, opponent: 'Eastfield' },
  { date: '2026-10-24', home: false, opponent: 'Riverside A&M' },
  { date: '2026-11-07', home: true, opponent: 'Coastal' },
  { date: '2026-11-21', home: false, opponent: 'Mountain West' },
  { date: '2026-11-28', home: true, opponent: 'Capital City' },
];

function dayBefore(date: string): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
}

function fallSchedule(): DemoEvent[] {
  const events: DemoEvent[] = [
    {
      team: 'Football',
      name: 'Team practice',
      category: 'CARA',
      caraCategory: 'PRACTICE',
      location: 'Practice field',
      date: '2026-09-07',
      start: '15:30',
      end: '18:00',
      weekdays: ['MONDAY', 'TUESDAY', 'WEDNESDAY', 'THURSDAY'],
      until: '2026-12-10',
    },
    {
      team: 'Football',
      name: 'Film review',
      category: 'CARA',
      caraCategory: 'FILM_REVIEW',
      location: 'Team meeting room',
      date: '2026-09-06',
      start: '14:00',
      end: '15:30',
      weekdays: ['SUNDAY'],
      until: '2026-12-06',
    },
    {
      team: 'Football',
      name: 'Strength and conditioning',
      category: 'CARA',
      caraCategory: 'STRENGTH_AND_CONDITIONING',
      location: 'Weight room',
      date: '2026-09-11',
      start: '07:00',
      end: '08:00',
      weekdays: ['FRIDAY'],
      until: '2026-12-11',
    },
    {
      team: "Men's Soccer",
      name: 'Team practice',
      category: 'CARA',
      caraCategory: 'PRACTICE',
      location: 'Soccer complex',
      date: '2026-09-01',
      start: '16:00',
      end: '18:00',
      weekdays: ['TUESDAY', 'WEDNESDAY', 'THURSDAY'],
      until: '2026-11-19',
    },
    {
      team: "Women's Volleyball",
      name: 'Team practice',
      category: 'CARA',
      caraCategory: 'PRACTICE',
      location: 'Arena court',
      date: '2026-09-01',
      start: '13:00',
      end: '15:30',
      weekdays: ['MONDAY', 'TUESDAY', 'THURSDAY'],
      until: '2026-11-24',
    },
    {
      team: "Women's Basketball",
      name: 'Conditioning',
      category: 'CARA',
      caraCategory: 'STRENGTH_AND_CONDITIONING',
      location: 'Weight room',
      date: '2026-09-02',
      start: '06:30',
      end: '07:30',
      weekdays: ['WEDNESDAY'],
      until: '2026-10-28',
    },
    {
      team: "Women's Basketball",
      name: 'Study hall',
      category: 'ACADEMIC',
      caraCategory: null,
      location: 'Library room 204',
      date: '2026-09-01',
      start: '19:00',
      end: '21:00',
      weekdays: ['TUESDAY'],
      until: '2026-12-08',
    },
    {
      team: "Men's Soccer",
      name: 'Home match vs Lakeside',
      category: 'HOME_COMPETITION',
      caraCategory: 'COMPETITION',
      location: 'Soccer complex',
      date: '2026-09-18',
      start: '19:00',
      end: '21:00',
    },
    {
      team: "Men's Soccer",
      name: 'Away match at Coastal',
      category: 'AWAY_COMPETITION',
      caraCategory: 'COMPETITION',
      location: 'Coastal stadium',
      date: '2026-10-02',
      start: '18:00',
      end: '20:00',
    },
    {
      team: "Women's Volleyball",
      name: 'Home match vs Eastfield',
      category: 'HOME_COMPETITION',
      caraCategory: 'COMPETITION',
      location: 'Arena',
      date: '2026-10-09',
      start: '18:30',
      end: '20:30',
    },
    {
      team: 'Football',
      name: 'NCAA compliance meeting',
      category: 'ADMINISTRATIVE',
      caraCategory: null,
      location: 'Auditorium',
      date: '2026-08-27',
      start: '12:00',
      end: '13:00',
    },
  ];
  for (const game of FOOTBALL_GAMES) {
    if (game.home) {
      events.push({
        team: 'Football',
        name: `Home game vs ${game.opponent}`,
        category: 'HOME_COMPETITION',
        caraCategory: 'COMPETITION',
        location: 'Demo State Stadium',
        date: game.date,
        start: '18:00',
        end: '21:30',
      });
    } else {
      const friday = dayBefore(game.date);
      events.push({
        team: 'Football',
        name: `Travel to ${game.opponent}`,
        category: 'TRAVEL',
        caraCategory: null,
        location: 'Team buses from the stadium',
        date: friday,
        start: '12:00',
        end: '17:00',
      });
      events.push({
        team: 'Football',
        name: `Away game at ${game.opponent}`,
        category: 'AWAY_COMPETITION',
        caraCategory: 'COMPETITION',
        location: `${game.opponent} stadium`,
        date: game.date,
        start: '14:00',
        end: '17:30',
      });
    }
  }
  return events;
}

/**
 * A realistic fall in-season schedule: practices, film, lifting, games, travel and meetings in the school's time
 * zone. Direct inserts, approved (the demo starts with a settled calendar).
 */
export async function insertDemoEvents(
  trx: Transaction<Database>,
  schoolId: string,
  createdBy: string | null,
): Promise<void> {
  const school = await trx
    .selectFrom('schools')
    .select('time_zone')
    .where('id', '=', schoolId)
    .executeTakeFirstOrThrow();
  const zone = school.time_zone ?? 'America/Chicago';
  const teams = new Map(
    (await trx.selectFrom('sport_teams').select(['id', 'name']).where('school_id', '=', schoolId).execute()).map(
      (t) => [t.name, t.id],
    ),
  );
  const rows = fallSchedule().flatMap((e) => {
    const teamId = teams.get(e.team);
    if (!teamId) return [];
    const rrule = e.weekdays
      ? buildRRule({ repeat: 'WEEKLY', startDate: e.date, weekdays: e.weekdays, repeatUntil: e.until ?? null })
      : null;
    return [
      {
        school_id: schoolId,
        sport_team_id: teamId,
        name: e.name,
        category: e.category,
        cara_category: e.caraCategory,
        attendee_team_ids: [teamId],
        location: e.location,
        time_zone: zone,
        starts_at: localToInstant(e.date, e.start, zone),
        ends_at: localToInstant(e.endDate ?? e.date, e.end, zone),
        repeat: rrule ? 'WEEKLY' : 'NEVER',
        rrule,
        repeat_until: rrule ? (e.until ?? null) : null,
        reminder_minutes: reminderOffset({ category: e.category, caraCategory: e.caraCategory }),
        status: 'APPROVED' as const,
        created_by: createdBy,
      },
    ];
  });
  if (rows.length > 0) await trx.insertInto('calendar_events').values(rows).execute();
}
