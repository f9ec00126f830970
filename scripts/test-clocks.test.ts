import { describe, expect, it } from 'vitest';
import { otherClocks } from './test-clocks';
import { weekdayOf } from './test-harness/test-clock';

// fixed-date fixture: otherClocks takes today as its input, so these days mean the same whenever the test runs.
describe('the four other clocks', () => {
  it('are the next Sunday, Monday, 31 December and America/Chicago clock change, all after today', () => {
    expect(otherClocks('2026-12-01').map((c) => c.day)).toEqual([
      '2026-12-06',
      '2026-12-07',
      '2026-12-31',
      '2027-03-14',
    ]);
    expect(otherClocks('2027-03-14').map((c) => c.day)).toEqual([
      '2027-03-21',
      '2027-03-15',
      '2027-12-31',
      '2027-11-07',
    ]);
    expect(otherClocks('2026-12-31').map((c) => c.day)).toEqual([
      '2027-01-03',
      '2027-01-04',
      '2027-12-31',
      '2027-03-14',
    ]);
    for (const { day } of otherClocks('2028-10-30')) expect(day > '2028-10-30').toBe(true);
    expect(weekdayOf(otherClocks('2028-10-30')[3]!.day)).toBe(0);
    expect(otherClocks('2028-10-30')[3]!.day).toBe('2028-11-05');
  });
});
