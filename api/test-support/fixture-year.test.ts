import { describe, expect, it } from 'vitest';
import { fixtureYear } from './fixture-year';

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
