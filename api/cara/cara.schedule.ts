import type { Kysely } from 'kysely';
import { academicYearReach, type DateRange } from '../../domain/calendar';
import { expandOccurrences, instantToLocal } from '../../domain/calendar-events';
import type { Bylaw17Activity, Bylaw17Input, ExemptPeriod } from '../../domain/bylaw17';
import type { Database } from '../../migrations/database';

/**
 * Loads what the Bylaw 17 engine reads for one team and academic year: its segments, the year's terms (first class
 * days, final exams, vacations), the team's athletes and every approved or pending event of the team expanded into
 * occurrences, each with the athletes it concerns (the whole team when the team is invited, else the invited
 * athletes of the team). Times become the event's local wall clock.
 */
export interface ActivityInfo {
  eventId: string;
  name: string;
  category: string;
  caraCategory: string | null;
  start: string;
  end: string;
  status: string;
}

export interface TeamSchedule {
  academicYearId: string;
  yearSpan: { startDate: string; endDate: string };
  input: Bylaw17Input;
  athleteNames: Map<string, string>;
  activities: Map<string, ActivityInfo>;
  teamName: string;
}

export function activityId(eventId: string, start: Date, repeating: boolean): string {
  return repeating ? `${eventId}@${start.toISOString()}` : eventId;
}

/**
 * The academic year whose reach holds a day: its terms' span, reaching back to a segment that starts before the first
 * class day (a preseason). Null when none does (the engine's "no academic calendar year").
 */
export async function academicYearOn(
  db: Kysely<Database>,
  schoolId: string,
  date: string,
): Promise<{ id: string; startDate: string; endDate: string } | null> {
  const [terms, segments] = await Promise.all([
    db
      .selectFrom('academic_terms')
      .select(['academic_year_id', 'start_date', 'end_date'])
      .where('school_id', '=', schoolId)
      .execute(),
    db
      .selectFrom('sport_segments')
      .select(['academic_year_id', 'start_date'])
      .where('school_id', '=', schoolId)
      .where('start_date', '<=', date)
      .execute(),
  ]);
  const byYear = new Map<string, DateRange[]>();
  for (const t of terms) {
    const list = byYear.get(t.academic_year_id) ?? [];
    list.push({ startDate: t.start_date, endDate: t.end_date });
    byYear.set(t.academic_year_id, list);
  }
  for (const [id, list] of byYear) {
    const own = segments.filter((s) => s.academic_year_id === id).map((s) => ({ startDate: s.start_date }));
    const span = academicYearReach(list, own)!;
    if (span.startDate <= date && date <= span.endDate) return { id, ...span };
  }
  return null;
}

export async function loadTeamSchedule(
  db: Kysely<Database>,
  schoolId: string,
  teamId: string,
  academicYearId: string,
): Promise<TeamSchedule | null> {
  const [team, terms, segments, athletes] = await Promise.all([
    db
      .selectFrom('sport_teams')
      .select('name')
      .where('school_id', '=', schoolId)
      .where('id', '=', teamId)
      .executeTakeFirst(),
    db
      .selectFrom('academic_terms')
      .selectAll()
      .where('school_id', '=', schoolId)
      .where('academic_year_id', '=', academicYearId)
      .execute(),
    db
      .selectFrom('sport_segments')
      .selectAll()
      .where('school_id', '=', schoolId)
      .where('sport_team_id', '=', teamId)
      .where('academic_year_id', '=', academicYearId)
      .orderBy('start_date')
      .execute(),
    db
      .selectFrom('athlete_profiles as p')
      .innerJoin('users as u', (j) => j.onRef('u.id', '=', 'p.user_id').onRef('u.school_id', '=', 'p.school_id'))
      .select(['u.id', 'u.first_name', 'u.last_name'])
      .where('p.school_id', '=', schoolId)
      .where('p.sport_team_id', '=', teamId)
      .execute(),
  ]);
  if (!team) return null;
  // The team's preseason can start before the first class day: the engine's days reach back to it.
  const span = academicYearReach(
    terms.map((t) => ({ startDate: t.start_date, endDate: t.end_date })),
    segments.map((s) => ({ startDate: s.start_date })),
  );
  if (!span) return null;
  const athleteNames = new Map(athletes.map((a) => [a.id, `${a.first_name} ${a.last_name}`.trim()]));
  const teamAthletes = [...athleteNames.keys()];

  const from = new Date(`${span.startDate}T00:00:00Z`);
  const to = new Date(new Date(`${span.endDate}T00:00:00Z`).getTime() + 2 * 86_400_000);
  const rows = await db
    .selectFrom('calendar_events')
    .selectAll()
    .where('school_id', '=', schoolId)
    .where('cancelled_at', 'is', null)
    .where('status', '!=', 'REJECTED')
    .where((eb) => eb.or([eb('sport_team_id', '=', teamId), eb(eb.val(teamId), '=', eb.fn.any('attendee_team_ids'))]))
    .where('starts_at', '<', to)
    .execute();

  const activities: Bylaw17Activity[] = [];
  const info = new Map<string, ActivityInfo>();
  for (const row of rows) {
    const attendees = toActivityAthletes(row, teamId, teamAthletes);
    const occurrences = expandOccurrences(
      {
        startsAt: row.starts_at,
        endsAt: row.ends_at,
        timeZone: row.time_zone,
        rrule: row.rrule,
        exdates: row.exdates as string[],
      },
      from,
      to,
    );
    for (const o of occurrences) {
      const id = activityId(row.id, o.start, !!row.rrule);
      const s = instantToLocal(o.start, row.time_zone);
      const e = instantToLocal(o.end, row.time_zone);
      const activity: Bylaw17Activity = {
        id,
        start: `${s.date}T${s.time}`,
        end: `${e.date}T${e.time}`,
        category: row.category,
        caraCategory: row.cara_category,
        athleteIds: attendees,
      };
      activities.push(activity);
      info.set(id, {
        eventId: row.id,
        name: row.name,
        category: row.category,
        caraCategory: row.cara_category,
        start: activity.start,
        end: activity.end,
        status: row.status,
      });
    }
  }

  const exemptPeriods: ExemptPeriod[] = terms.flatMap((t) =>
    (t.vacations ?? []).map((v) => ({ startDate: v.startDate, endDate: v.endDate, kind: 'VACATION' as const })),
  );
  // Days between two terms are exempt too.
  const sorted = [...terms].sort((a, b) => (a.start_date < b.start_date ? -1 : 1));
  for (let i = 1; i < sorted.length; i++) {
    const gapStart = nextDay(sorted[i - 1]!.end_date);
    const gapEnd = previousDay(sorted[i]!.start_date);
    if (gapStart <= gapEnd) exemptPeriods.push({ startDate: gapStart, endDate: gapEnd, kind: 'BETWEEN_TERMS' });
  }
  return {
    academicYearId,
    yearSpan: span,
    teamName: team.name,
    athleteNames,
    activities: info,
    input: {
      segments: segments.map((s) => ({
        startDate: s.start_date,
        endDate: s.end_date,
        seasonType: s.season_type,
        segmentType: s.segment_type,
        startDayOfWeek: s.start_day_of_week ?? null,
        exemptWeekBeforeFirstContest: s.exempt_week_before_first_contest,
      })),
      calendar: {
        classesStart: terms.map((t) => t.start_date),
        finalExams: terms.flatMap((t) =>
          t.finals_start_date ? [{ startDate: t.finals_start_date, endDate: t.end_date }] : [],
        ),
        exemptPeriods,
      },
      activities,
      athleteIds: teamAthletes,
    },
  };
}

/** The team's athletes an event concerns: all of them when the team is invited, else those invited by name. */
export function toActivityAthletes(
  row: { sport_team_id: string; attendee_team_ids: string[]; attendee_user_ids: string[] },
  teamId: string,
  teamAthletes: readonly string[],
): string[] {
  if (row.attendee_team_ids.includes(teamId)) return [...teamAthletes];
  const named = new Set(row.attendee_user_ids);
  return teamAthletes.filter((a) => named.has(a));
}

function shift(date: string, days: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}
const nextDay = (date: string) => shift(date, 1);
const previousDay = (date: string) => shift(date, -1);
