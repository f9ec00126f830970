import { dayNumber, dayString } from '../../domain/bylaw17/engine';

/**
 * Calendar fixtures written in one year (e.g. the fall of 2027) and checked against the clock (new events may not
 * start in the past) move to the first year from which they are still ahead of today by `aheadDays`, among the years
 * whose days from March on fall on the same weekdays, so weekly repeats and the daylight-saving changes (second
 * Sunday of March, first Sunday of November) land where the fixtures expect them. Today that is the written year.
 */
export function fixtureYear(written: number, firstFixture: string, now: Date = new Date(), aheadDays = 30): number {
  const weekdayOfMarch = (year: number) => new Date(Date.UTC(year, 2, 1)).getUTCDay();
  const earliest = now.getTime() + aheadDays * 86_400_000;
  for (let year = written; ; year++) {
    if (weekdayOfMarch(year) !== weekdayOfMarch(written)) continue;
    if (Date.parse(`${year}-${firstFixture}T00:00:00Z`) >= earliest) return year;
  }
}

/**
 * The Monday six days before the end of daylight saving time in the US (the first Sunday of November), as
 * YYYY-MM-DD, in the first fall whose Monday a week earlier is still `aheadDays` ahead of today. The year is this one
 * or the next, so fixtures built around it (a weekly series from the Monday before to a few weeks after) also stay
 * within a window around today, as the calendar feed's (90 days back, two years ahead), which a fixtureYear jump of up
 * to eleven years would leave.
 */
export function mondayBeforeFallBack(now: Date = new Date(), aheadDays = 30): string {
  const earliest = dayNumber(now.toISOString().slice(0, 10)) + aheadDays + 7;
  for (let year = now.getUTCFullYear(); ; year++) {
    const novemberFirst = dayNumber(`${year}-11-01`);
    const weekday = new Date(Date.UTC(year, 10, 1)).getUTCDay();
    const monday = novemberFirst + ((7 - weekday) % 7) - 6;
    if (monday >= earliest) return dayString(monday);
  }
}
