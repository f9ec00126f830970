import { describe, expect, it } from 'vitest';
import {
  academicStartYear,
  addDays,
  daysFromToday,
  mediumDate,
  mondayOf,
  mondayOfWeek,
  testToday,
  weekdayOf,
} from './test-clock';

describe("the tests' clock", () => {
  it('is TEST_TODAY when set, else the real UTC date, and refuses a malformed one', () => {
    const now = new Date('2031-07-04T23:30:00Z');
    expect(testToday({}, now)).toBe('2031-07-04');
    expect(testToday({ TEST_TODAY: ' 2032-02-29 ' }, now)).toBe('2032-02-29');
    for (const bad of ['2031-7-4', '04/07/2031', 'tomorrow'])
      expect(() => testToday({ TEST_TODAY: bad }, now)).toThrow();
  });

  it('moves dates by days across months, years and leap days', () => {
    expect(addDays('2028-12-31', 1)).toBe('2029-01-01');
    expect(addDays('2028-03-01', -1)).toBe('2028-02-29');
    expect(daysFromToday(-30, '2029-01-15')).toBe('2028-12-16');
  });

  it('finds the Monday of a week, Monday to Sunday', () => {
    // 5 March 2028 is a Sunday, 6 March a Monday.
    expect(weekdayOf('2028-03-05')).toBe(0);
    expect(mondayOf('2028-03-05')).toBe('2028-02-28');
    expect(mondayOf('2028-03-06')).toBe('2028-03-06');
    expect(mondayOfWeek(-1, '2028-03-06')).toBe('2028-02-28');
    expect(mondayOfWeek(2, '2028-03-05')).toBe('2028-03-13');
  });

  it('names the academic year (July to June) and writes dates as the screens do', () => {
    expect(academicStartYear('2028-06-30')).toBe(2028 - 1);
    expect(academicStartYear('2028-07-01')).toBe(2028);
    expect(mediumDate('2028-11-06')).toBe('Nov 6, 2028');
  });

  it("keeps this run's weeks around its today, whatever day TEST_TODAY makes it", () => {
    const today = testToday();
    const monday = mondayOfWeek(0);
    expect(weekdayOf(monday)).toBe(1);
    expect(monday <= today && today < addDays(monday, 7)).toBe(true);
    expect(addDays(mondayOfWeek(-1), 7)).toBe(monday);
    expect(daysFromToday(0)).toBe(today);
    const year = academicStartYear(today);
    expect(`${year}-07-01` <= today && today < `${year + 1}-07-01`).toBe(true);
  });
});
