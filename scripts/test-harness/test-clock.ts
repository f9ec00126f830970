/**
 * The tests' calendar: every date a test writes is counted from one "today" the test controls, never a literal
 * tied to a year. Today is `TEST_TODAY` (YYYY-MM-DD) when set, else the real UTC date, so a suite can be run as if
 * it were another day wherever the code under test takes its clock as an input. Pure helpers on YYYY-MM-DD strings.
 */
const DAY_MS = 86_400_000;
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** Today for the tests: TEST_TODAY when set (a malformed one stops the run), else the real UTC date. */
export function testToday(env: NodeJS.ProcessEnv = process.env, now: Date = new Date()): string {
  const fixed = env.TEST_TODAY?.trim();
  if (!fixed) return now.toISOString().slice(0, 10);
  if (!ISO_DATE.test(fixed) || Number.isNaN(Date.parse(`${fixed}T00:00:00Z`)))
    throw new Error(`TEST_TODAY must be a date written YYYY-MM-DD, not "${fixed}".`);
  return new Date(`${fixed}T00:00:00Z`).toISOString().slice(0, 10);
}

const dayNumber = (date: string) => Math.round(Date.parse(`${date}T00:00:00Z`) / DAY_MS);
const dayString = (day: number) => new Date(day * DAY_MS).toISOString().slice(0, 10);

/** A date moved by whole days. */
export function addDays(date: string, days: number): string {
  return dayString(dayNumber(date) + days);
}

/** Today moved by whole days (negative: back). */
export function daysFromToday(days: number, today: string = testToday()): string {
  return addDays(today, days);
}

/** 0 for Sunday … 6 for Saturday. */
export function weekdayOf(date: string): number {
  return new Date(`${date}T00:00:00Z`).getUTCDay();
}

/** The Monday of the week (Monday to Sunday) that holds the date. */
export function mondayOf(date: string): string {
  return addDays(date, -((weekdayOf(date) + 6) % 7));
}

/** The Monday `weeks` whole weeks from the week holding `today` (0: this week, -1: last week). */
export function mondayOfWeek(weeks: number, today: string = testToday()): string {
  return addDays(mondayOf(today), 7 * weeks);
}

/** The academic year (July to June) that holds the date, by its first calendar year. */
export function academicStartYear(date: string): number {
  const [year, month] = date.split('-').map(Number) as [number, number];
  return month >= 7 ? year : year - 1;
}

/** A date as the product writes it in sentences and on screens: "Nov 16, 2026" (en-US, medium). */
export function mediumDate(date: string): string {
  return new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' }).format(
    new Date(`${date}T00:00:00Z`),
  );
}
