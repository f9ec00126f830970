import { describe, expect, it } from 'vitest';
import { fixtureYear, mondayBeforeFallBack } from './fixture-year';

// fixed-date fixture: fixtureYear and mondayBeforeFallBack are given their now; the dates are their inputs and outputs.

describe('fixtureYear', () => {
  it('keeps the written year while its first fixture is a month or more ahead', () => {
    expect(fixtureYear(2027, '09-01', new Date('2026-11-26T10:00:00Z'))).toBe(2027);
    expect(fixtureYear(2027, '09-01', new Date('2027-07-31T10:00:00Z'))).toBe(2027);
  });

  it('then moves to the next year with the same weekdays from March on', () => {
    const year = fixtureYear(2027, '09-01', new Date('2027-08-15T10:00:00Z'));
    expect(year).toBe(2032);
    // Same weekday for a fall day and the same first Sunday of November (the end of daylight saving time).
    expect(new Date(`${year}-10-25T00:00:00Z`).getUTCDay()).toBe(new Date('2027-10-25T00:00:00Z').getUTCDay());
    expect(new Date(`${year}-11-07T00:00:00Z`).getUTCDay()).toBe(0);
  });
});

describe('mondayBeforeFallBack', () => {
  it('gives the Monday before the first Sunday of November, this fall or the next', () => {
    expect(mondayBeforeFallBack(new Date('2026-11-26T10:00:00Z'))).toBe('2027-11-01');
    expect(mondayBeforeFallBack(new Date('2027-08-15T10:00:00Z'))).toBe('2027-11-01');
    // The Monday a week earlier must be a month ahead: October is too late for this fall.
    expect(mondayBeforeFallBack(new Date('2027-10-01T10:00:00Z'))).toBe('2028-10-30');
    expect(mondayBeforeFallBack(new Date('2028-04-01T10:00:00Z'))).toBe('2028-10-30');
    for (const day of ['2027-11-01', '2028-10-30', '2029-10-29', '2030-10-28', '2031-10-27']) {
      const sunday = new Date(Date.parse(`${day}T00:00:00Z`) + 6 * 86_400_000);
      expect(sunday.getUTCDay()).toBe(0);
      expect(sunday.getUTCMonth()).toBe(10);
      expect(sunday.getUTCDate()).toBeLessThanOrEqual(7);
    }
  });
});
