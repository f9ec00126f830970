import type { Kysely } from 'kysely';
import {
  countabilityOf,
  createBylaw17Checker,
  COMPETITION_DAY_HOURS,
  type Bylaw17Violation,
  type Bylaw17Week,
} from '../../domain/bylaw17';
import type { Database } from '../../migrations/database';
import { academicYearOn, loadTeamSchedule } from './cara.schedule';

/**
 * What a log holds, frozen when it is generated (and again when the coach submits): the period's events, the engine's
 * weeks that overlap the period (hours per athlete against each limit) and their violations. The whole academic year
 * is checked so that a week straddling the period's edge counts every day.
 */
export interface CaraSnapshot {
  generatedAt: string;
  academicYearId: string | null;
  error: string | null;
  athleteNames: Record<string, string>;
  events: Array<{
    key: string;
    eventId: string;
    name: string;
    category: string;
    caraCategory: string | null;
    date: string;
    start: string;
    end: string;
    hours: number;
    countable: boolean;
    athleteIds: string[];
  }>;
  weeks: Bylaw17Week[];
  violations: Bylaw17Violation[];
  totalHours: number;
}

export async function buildCaraSnapshot(
  db: Kysely<Database>,
  schoolId: string,
  teamId: string,
  period: { start: string; end: string },
  now: Date,
): Promise<CaraSnapshot> {
  const empty: CaraSnapshot = {
    generatedAt: now.toISOString(),
    academicYearId: null,
    error: null,
    athleteNames: {},
    events: [],
    weeks: [],
    violations: [],
    totalHours: 0,
  };
  const year = await academicYearOn(db, schoolId, period.start);
  if (!year) return { ...empty, error: 'NO_ACADEMIC_YEAR' };
  const schedule = await loadTeamSchedule(db, schoolId, teamId, year.id);
  if (!schedule) return { ...empty, error: 'NO_ACADEMIC_YEAR' };
  const base = { ...empty, academicYearId: year.id, athleteNames: Object.fromEntries(schedule.athleteNames) };
  if (schedule.input.segments.length === 0) return { ...base, error: 'CARA_SEGMENT_NOT_CONFIGURED' };
  const result = createBylaw17Checker(schedule.input).result();
  if (!result.ok) return { ...base, error: result.error };
  const weeks = result.weeks.filter((w) => w.weekEnd >= period.start && w.weekStart <= period.end);
  const events = schedule.input.activities
    .filter((a) => a.start.slice(0, 10) >= period.start && a.start.slice(0, 10) <= period.end)
    .sort((a, b) => a.start.localeCompare(b.start))
    .map((a) => {
      const info = schedule.activities.get(a.id)!;
      const countability = countabilityOf(a.category, a.caraCategory);
      const minutes = (Date.parse(`${a.end}:00Z`) - Date.parse(`${a.start}:00Z`)) / 60_000;
      return {
        key: a.id,
        eventId: info.eventId,
        name: info.name,
        category: a.category,
        caraCategory: a.caraCategory ?? null,
        date: a.start.slice(0, 10),
        start: a.start,
        end: a.end,
        hours: countability === 'COMPETITION' ? COMPETITION_DAY_HOURS : Math.round((minutes / 60) * 100) / 100,
        countable: countability !== 'NOT_COUNTABLE',
        athleteIds: [...a.athleteIds],
      };
    });
  const totalHours = weeks.reduce(
    (sum, w) => sum + w.athletes.reduce((s, a) => s + a.hours, 0) / Math.max(1, w.athletes.length),
    0,
  );
  return {
    ...base,
    events,
    weeks,
    // The weeks' violations and those of days outside every segment (the exam blackout) in the period.
    violations: result.violations.filter((v) => v.weekEnd >= period.start && v.weekStart <= period.end),
    totalHours: Math.round(totalHours * 10) / 10,
  };
}
