import { addDays, demoDates } from '../../scripts/demo/demo-dates';

/**
 * Dates for the tests, never fixed calendar days: the app refuses past dates, and the demo's calendar moves with
 * today (see scripts/demo/demo-dates.ts; DEMO_TODAY fakes the day for the demo and for these helpers alike).
 */
export const demo = demoDates();

/** The demo's today moved by whole days, YYYY-MM-DD. */
export function daysFromNow(days: number): string {
  return addDays(demo.today, days);
}

/** Monday to Sunday of the first whole week after today, YYYY-MM-DD. */
export function nextWeek(): string[] {
  const weekday = new Date(`${demo.today}T00:00:00Z`).getUTCDay();
  const monday = daysFromNow((8 - weekday) % 7 || 7);
  return [0, 1, 2, 3, 4, 5, 6].map((offset) => addDays(monday, offset));
}

/** A date as the screens show it ("May 1, 2027": medium style, en-US, the calendar day whatever the zone). */
export function screenDate(date: string): string {
  return new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' }).format(
    new Date(`${date}T00:00:00Z`),
  );
}
