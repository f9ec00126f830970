/**
 * Calendar-date helpers on ISO `YYYY-MM-DD` strings. No Date objects or clocks: the form-filling date is always
 * passed in, so results are identical in the browser, on the server and in replayed workflows.
 */
import type { DateFormat } from './element-types';

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

export function isLeapYear(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}

export function daysInMonth(year: number, month: number): number {
  if (month === 2) return isLeapYear(year) ? 29 : 28;
  return [4, 6, 9, 11].includes(month) ? 30 : 31;
}

export function parseIsoDate(value: string): { year: number; month: number; day: number } | null {
  const match = ISO_DATE.exec(value);
  if (!match) return null;
  const year = Number(match[1]);
  const month = Number(match[2]);
  const day = Number(match[3]);
  if (month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) return null;
  return { year, month, day };
}

export function isIsoDate(value: unknown): value is string {
  return typeof value === 'string' && parseIsoDate(value) !== null;
}

function pad(value: number, width: number): string {
  return String(value).padStart(width, '0');
}

/**
 * The same calendar day `years` earlier; 29 February becomes 28 February in a common year, so someone born on
 * 29 February 2008 is 18 from 1 March 2026 (the day after "today minus 18 years" = 28 February 2008).
 */
export function subtractYears(iso: string, years: number): string {
  const parsed = parseIsoDate(iso);
  if (!parsed) throw new RangeError(`Not an ISO date: ${iso}`);
  const year = parsed.year - years;
  const day = Math.min(parsed.day, daysInMonth(year, parsed.month));
  return `${pad(year, 4)}-${pad(parsed.month, 2)}-${pad(day, 2)}`;
}

/** The spec's rule: a DOB meets "at least N years old" when it is on or before the form-filling date minus N years. */
export function isAtLeastAge(dob: string, today: string, years: number): boolean {
  return isIsoDate(dob) && dob <= subtractYears(today, years);
}

/** Renders an ISO date in a display format; an invalid date is returned unchanged so nothing is lost on screen. */
export function formatIsoDate(iso: string, format: DateFormat): string {
  const parsed = parseIsoDate(iso);
  if (!parsed) return iso;
  const { year, month, day } = parsed;
  switch (format) {
    case 'MM/DD/YYYY':
      return `${pad(month, 2)}/${pad(day, 2)}/${pad(year, 4)}`;
    case 'DD/MM/YYYY':
      return `${pad(day, 2)}/${pad(month, 2)}/${pad(year, 4)}`;
    case 'YYYY-MM-DD':
      return iso;
    case 'MMM D, YYYY':
      return `${MONTHS[month - 1]} ${day}, ${pad(year, 4)}`;
  }
}
