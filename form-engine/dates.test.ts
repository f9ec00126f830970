import { describe, expect, it } from 'vitest';
import { formatIsoDate, isAtLeastAge, isIsoDate, parseIsoDate, subtractYears } from './dates';

// fixed-date fixture: date arithmetic and formats of the dates they are given.

describe('ISO dates', () => {
  it('accepts real calendar dates only', () => {
    expect(isIsoDate('2024-02-29')).toBe(true);
    expect(isIsoDate('2023-02-29')).toBe(false);
    expect(isIsoDate('2023-13-01')).toBe(false);
    expect(isIsoDate('2023-04-31')).toBe(false);
    expect(isIsoDate('2023-4-1')).toBe(false);
    expect(isIsoDate(20230401)).toBe(false);
    expect(parseIsoDate('1900-02-29')).toBeNull();
    expect(parseIsoDate('2000-02-29')).toEqual({ year: 2000, month: 2, day: 29 });
  });

  it('subtracts years keeping the calendar day, 29 February becoming 28 February', () => {
    expect(subtractYears('2026-03-15', 18)).toBe('2008-03-15');
    expect(subtractYears('2028-02-29', 18)).toBe('2010-02-28');
    expect(subtractYears('2028-02-29', 4)).toBe('2024-02-29');
    expect(() => subtractYears('nope', 1)).toThrow(RangeError);
  });

  it('is 18 exactly on the form-filling date minus 18 years, not the day before', () => {
    expect(isAtLeastAge('2008-03-15', '2026-03-15', 18)).toBe(true);
    expect(isAtLeastAge('2008-03-16', '2026-03-15', 18)).toBe(false);
    expect(isAtLeastAge('2008-03-14', '2026-03-15', 18)).toBe(true);
    // Born on 29 February: 18 from 1 March in a common year.
    expect(isAtLeastAge('2008-02-29', '2026-02-28', 18)).toBe(false);
    expect(isAtLeastAge('2008-02-29', '2026-03-01', 18)).toBe(true);
    expect(isAtLeastAge('not a date', '2026-03-01', 18)).toBe(false);
  });

  it('formats for display in every date format', () => {
    expect(formatIsoDate('2026-03-05', 'MM/DD/YYYY')).toBe('03/05/2026');
    expect(formatIsoDate('2026-03-05', 'DD/MM/YYYY')).toBe('05/03/2026');
    expect(formatIsoDate('2026-03-05', 'YYYY-MM-DD')).toBe('2026-03-05');
    expect(formatIsoDate('2026-03-05', 'MMM D, YYYY')).toBe('Mar 5, 2026');
    expect(formatIsoDate('garbage', 'MM/DD/YYYY')).toBe('garbage');
  });
});
