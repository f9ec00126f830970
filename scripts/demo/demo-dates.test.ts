import { describe, expect, it } from 'vitest';
import { addDays, daysBetween, DEMO_ANCHOR, demoDates, demoToday } from './demo-dates';

// fixed-date fixture: the demo clock is given its today and now; the anchor day is fixed by design.

describe('demoToday', () => {
  it('is the real UTC date unless DEMO_TODAY names one', () => {
    const now = new Date('2027-03-10T23:30:00Z');
    expect(demoToday({}, now)).toBe('2027-03-10');
    expect(demoToday({ DEMO_TODAY: '' }, now)).toBe('2027-03-10');
    expect(demoToday({ DEMO_TODAY: ' 2027-08-20 ' }, now)).toBe('2027-08-20');
  });

  it('refuses a DEMO_TODAY that is not a real YYYY-MM-DD date', () => {
    for (const bad of ['2027-3-10', '10/03/2027', '2027-02-30', 'tomorrow']) {
      expect(() => demoToday({ DEMO_TODAY: bad })).toThrow(
        `DEMO_TODAY must be a date written YYYY-MM-DD, not "${bad}".`,
      );
    }
  });
});

describe('demoDates', () => {
  it('leaves the anchored dates alone during the anchor week (Thursday to Wednesday)', () => {
    for (const today of [DEMO_ANCHOR, '2026-11-29', '2026-12-02']) {
      const dates = demoDates(today);
      expect(dates.weeks).toBe(0);
      expect(dates.date('2026-11-16')).toBe('2026-11-16');
    }
  });

  it('moves dates by whole weeks, so a Monday stays a Monday, forward and back', () => {
    expect(demoDates('2026-12-03').weeks).toBe(1);
    expect(demoDates('2026-12-03').date('2026-11-16')).toBe('2026-11-23');
    expect(demoDates('2027-03-10').weeks).toBe(14);
    expect(demoDates('2027-03-10').date('2026-11-16')).toBe('2027-02-22');
    expect(demoDates('2026-11-25').weeks).toBe(-1);
    for (const today of ['2027-03-10', '2027-08-20', '2028-02-29', '2026-01-05']) {
      const moved = demoDates(today).date('2026-11-16');
      expect(new Date(`${moved}T00:00:00Z`).getUTCDay()).toBe(1);
      // The anchor lands on the last Thursday on or before today.
      const anchor = demoDates(today).date(DEMO_ANCHOR);
      expect(daysBetween(anchor, today)).toBeGreaterThanOrEqual(0);
      expect(daysBetween(anchor, today)).toBeLessThan(7);
    }
  });

  it('adds days across months, years and leap days', () => {
    expect(addDays('2027-12-30', 3)).toBe('2028-01-02');
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
    expect(addDays('2027-03-01', -1)).toBe('2027-02-28');
    expect(daysBetween('2028-03-01', '2028-02-28')).toBe(-2);
  });
});
