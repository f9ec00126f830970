import type { Transaction } from 'kysely';
import type { Weekday } from '../../domain/calendar';
import { buildRRule, localToInstant, reminderOffset } from '../../domain/calendar-events';
import type { Database, TermName } from '../../migrations/database';
import { addDays, daysBetween, demoDates, type DemoDates } from './demo-dates';

type DemoTermName = Extract<TermName, 'FALL' | 'SPRING' | 'SUMMER'>;

interface DemoVacation {
  name: string;
  startDate: string;
  endDate: string;
}

interface AnchoredVacation extends DemoVacation {
  /** Whether moved dates still suit the holiday's name (Thanksgiving stays in late November). */
  fits: (moved: DemoVacation) => boolean;
}

const month = (date: string) => Number(date.slice(5, 7));
const dayOfMonth = (date: string) => Number(date.slice(8, 10));
const weekday = (date: string) => new Date(`${date}T00:00:00Z`).getUTCDay();

/**
 * The 2026-2027 academic calendar of a typical semester school as it stands on the demo's anchor day (fall,
 * spring and a summer session, in that order); the demo moves it by whole weeks to today.
 */
const ANCHORED_TERMS: Array<{ start: string; finals: string; end: string; vacations: AnchoredVacation[] }> = [
  {
    start: '2026-08-24',
    finals: '2026-12-07',
    end: '2026-12-16',
    vacations: [
      {
        name: 'Labor Day',
        startDate: '2026-09-07',
        endDate: '2026-09-07',
        fits: (v) => month(v.startDate) === 9 && weekday(v.startDate) === 1 && dayOfMonth(v.startDate) <= 7,
      },
      {
        name: 'Thanksgiving break',
        startDate: '2026-11-25',
        endDate: '2026-11-27',
        // Wednesday to Friday around the fourth Thursday of November.
        fits: (v) => {
          const thursday = addDays(v.startDate, 1);
          return month(thursday) === 11 && dayOfMonth(thursday) >= 22 && dayOfMonth(thursday) <= 28;
        },
      },
    ],
  },
  {
    start: '2027-01-19',
    finals: '2027-05-03',
    end: '2027-05-12',
    vacations: [
      {
        name: 'Spring break',
        startDate: '2027-03-15',
        endDate: '2027-03-19',
        fits: (v) => month(v.startDate) === 3,
      },
    ],
  },
  {
    start: '2027-06-01',
    finals: '2027-07-29',
    end: '2027-08-06',
    vacations: [
      {
        name: 'Independence Day',
        startDate: '2027-07-05',
        endDate: '2027-07-05',
        fits: (v) => month(v.startDate) === 7 && dayOfMonth(v.startDate) >= 3 && dayOfMonth(v.startDate) <= 5,
      },
    ],
  },
];

/** The order the anchored terms come in, and the day of the year each kind of term usually starts (MM-DD). */
const TERM_CYCLE: readonly DemoTermName[] = ['FALL', 'SPRING', 'SUMMER'];
const USUAL_START: Record<DemoTermName, string> = { FALL: '08-24', SPRING: '01-19', SUMMER: '06-01' };

/** Days between two days of the year, around the year's end (Dec 30 and Jan 2 are 3 days apart). */
function daysApartInYear(date: string, monthDay: string): number {
  const apart = Math.abs(daysBetween(`${date.slice(0, 4)}-${monthDay}`, date)) % 365;
  return Math.min(apart, 365 - apart);
}

export interface DemoAcademicYear {
  startYear: number;
  endYear: number;
  terms: Array<{ term: DemoTermName; start: string; finals: string; end: string; vacations: DemoVacation[] }>;
}

/**
 * The demo's current academic year, moved to today: the anchored terms shifted by whole weeks, named after the
 * season they now fall in (the three names keep their cycle, so each is used once), holidays that no longer fit
 * their dates given a neutral name, and the year named from its first term's start.
 */
export function demoAcademicYear(dates: DemoDates = demoDates()): DemoAcademicYear {
  const moved = ANCHORED_TERMS.map((t) => ({
    start: dates.date(t.start),
    finals: dates.date(t.finals),
    end: dates.date(t.end),
    vacations: t.vacations.map(({ fits, ...v }) => {
      const shifted = { ...v, startDate: dates.date(v.startDate), endDate: dates.date(v.endDate) };
      if (fits(shifted)) return shifted;
      return { ...shifted, name: shifted.startDate === shifted.endDate ? 'Campus holiday' : 'Academic break' };
    }),
  }));
  const nameAt = (rotation: number, i: number) => TERM_CYCLE[(i + rotation) % TERM_CYCLE.length]!;
  const misfit = (rotation: number) =>
    moved.reduce((sum, t, i) => sum + daysApartInYear(t.start, USUAL_START[nameAt(rotation, i)]), 0);
  const rotation = [0, 1, 2].reduce((best, r) => (misfit(r) < misfit(best) ? r : best), 0);
  const startYear = Number(moved[0]!.start.slice(0, 4));
  return { startYear, endYear: startYear + 1, terms: moved.map((t, i) => ({ term: nameAt(rotation, i), ...t })) };
}

/**
 * The academic year after the demo's current one (the roster rollover's target): the same calendar a year on,
 * 52 weeks later, or 53 when 52 would leave it in the same year.
 */
export function demoNextAcademicYear(dates: DemoDates = demoDates()): DemoAcademicYear {
  const current = demoAcademicYear(dates);
  for (const weeks of [52, 53]) {
    const next = demoAcademicYear(demoDates(addDays(dates.today, weeks * 7)));
    if (next.startYear === current.startYear + 1) return next;
  }
  throw new Error('The demo found no academic year after the current one.');
}

export async function insertAcademicYear(trx: Transaction<Database>, schoolId: string): Promise<void> {
  const year = demoAcademicYear();
  const { id } = await trx
    .insertInto('academic_years')
    .values({ school_id: schoolId, start_year: year.startYear, end_year: year.endYear, is_current: true })
    .returning('id')
    .executeTakeFirstOrThrow();
  await trx
    .insertInto('academic_terms')
    .values(
      year.terms.map((t) => ({
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

export interface SegmentSeed {
  season_type: 'IN_SEASON' | 'OUT_OF_SEASON';
  segment_type: 'PRESEASON' | 'CHAMPIONSHIP' | 'POSTSEASON' | 'NONCHAMPIONSHIP';
  start_date: string;
  end_date: string;
}

/** Fall sports play their championship segment in the fall and train out of season in the spring; others the reverse. */
const FALL_SPORTS = new Set(['Football', 'Soccer', 'Volleyball']);

/**
 * A sport's segments as of the anchor day. Football's postseason runs through the bowl games to 11 January, so the
 * three weeks after the demo's today are always in its championship segment (the CARA walkthrough schedules them).
 */
function anchoredSeason(sport: string): SegmentSeed[] {
  if (FALL_SPORTS.has(sport))
    return [
      { season_type: 'IN_SEASON', segment_type: 'PRESEASON', start_date: '2026-08-24', end_date: '2026-09-04' },
      { season_type: 'IN_SEASON', segment_type: 'CHAMPIONSHIP', start_date: '2026-09-05', end_date: '2026-11-28' },
      {
        season_type: 'IN_SEASON',
        segment_type: 'POSTSEASON',
        start_date: '2026-11-29',
        end_date: sport === 'Football' ? '2027-01-11' : '2026-12-16',
      },
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

/** A sport's segments in the demo's current year, moved to today. */
export function demoSegments(sport: string, dates: DemoDates = demoDates()): SegmentSeed[] {
  return anchoredSeason(sport).map((s) => ({
    ...s,
    start_date: dates.date(s.start_date),
    end_date: dates.date(s.end_date),
  }));
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
  const dates = demoDates();
  const rows = teams.flatMap((team) =>
    demoSegments(team.sport, dates).map((s) => ({
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

/** Home games on these Saturdays (as of the anchor day), away games on the others (the team travels the Friday before). */
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

/** The fall schedule as of the anchor day; the demo moves it to today. */
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
      const friday = addDays(game.date, -1);
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
 * zone. Direct inserts, approved (the demo starts with a settled calendar), each marked as needing its series
 * process: once the worker is up, startDemoCalendarSeries starts them the way the API does.
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
  const dates = demoDates();
  const rows = fallSchedule().flatMap((anchored) => {
    const e = {
      ...anchored,
      date: dates.date(anchored.date),
      endDate: anchored.endDate && dates.date(anchored.endDate),
      until: anchored.until && dates.date(anchored.until),
    };
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
        // Each series gets its process (reminders, history) once the worker is up: startDemoCalendarSeries.
        workflow_needed_at: new Date(),
      },
    ];
  });
  if (rows.length > 0) await trx.insertInto('calendar_events').values(rows).execute();
}
