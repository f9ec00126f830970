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
