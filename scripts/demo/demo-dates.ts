import { dayNumber, dayString } from '../../domain/bylaw17/engine';

/**
 * The demo's clock. The demo data is written as it stood on its anchor day, 26 November 2026 (a fall term in
 * progress, Football weeks from the end of its season, a busy CARA week just past), and every one of its dates is
 * moved by the whole number of weeks between the anchor and today, so weekdays stay weekdays and `npm start` gives
 * the same picture on any day. `DEMO_TODAY=YYYY-MM-DD` makes the demo as if today were that day (read only here, by
 * the demo scripts and the tests that check them; the platform itself always uses the real clock).
 */
export const DEMO_ANCHOR = '2026-11-26';

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** A YYYY-MM-DD date moved by whole days (negative: back). */
export function addDays(date: string, days: number): string {
  return dayString(dayNumber(date) + days);
}

/** Whole days from `from` to `to` (negative when `to` is earlier). */
export function daysBetween(from: string, to: string): number {
  return dayNumber(to) - dayNumber(from);
}

/** Today for the demo: DEMO_TODAY when set, else the real UTC date. A malformed DEMO_TODAY stops the demo. */
export function demoToday(env: Record<string, string | undefined> = process.env, now: Date = new Date()): string {
  const fixed = env.DEMO_TODAY?.trim();
  if (!fixed) return now.toISOString().slice(0, 10);
  if (!ISO_DATE.test(fixed) || new Date(`${fixed}T00:00:00Z`).toISOString().slice(0, 10) !== fixed) {
    throw new Error(`DEMO_TODAY must be a date written YYYY-MM-DD, not "${fixed}".`);
  }
  return fixed;
}

export interface DemoDates {
  /** The day the demo is made as of (YYYY-MM-DD). */
  today: string;
  /** Whole weeks between the anchor and today: the anchor's week is the week holding today. */
  weeks: number;
  /** A date written as of the anchor (YYYY-MM-DD), moved to today's demo. */
  date(anchored: string): string;
}

/** The demo's dates for a day: the anchor moved back to the last same weekday on or before `today`. */
export function demoDates(today: string = demoToday()): DemoDates {
  const weeks = Math.floor(daysBetween(DEMO_ANCHOR, today) / 7);
  return {
    today,
    weeks,
    date: (anchored) => addDays(anchored, weeks * 7),
  };
}
