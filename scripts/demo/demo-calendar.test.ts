import { describe, expect, it } from 'vitest';
import { validateTerms } from '../../api/academic-years/validate-terms';
import { academicYearSpan, checkSegment, segmentOn } from '../../domain/calendar';
import { demoAcademicYear, demoNextAcademicYear, demoSegments } from './demo-calendar';
import { ANCHORED_BUSY_WEEK, ANCHORED_LOG_WEEKS } from './demo-cara';
import { addDays, DEMO_ANCHOR, demoDates } from './demo-dates';

// fixed-date fixture: the demo calendar is built from the day it is given (demoDates(today)) around its fixed anchor day.

/** Every fifth day for two and a half years from the anchor, plus a few named ones (a leap day among them). */
const TODAYS = [
  ...Array.from({ length: 183 }, (_, i) => addDays(DEMO_ANCHOR, i * 5)),
  '2027-03-10',
  '2027-08-20',
  '2028-01-01',
  '2028-02-29',
];

function asTerms(year: ReturnType<typeof demoAcademicYear>) {
  return year.terms.map((t) => ({
    term: t.term,
    startDate: t.start,
    finalsStartDate: t.finals,
    endDate: t.end,
    vacations: t.vacations,
  }));
}

describe('the demo calendar moved to today', () => {
  it('is the 2026-2027 calendar with its holidays on the anchor day', () => {
    const year = demoAcademicYear(demoDates(DEMO_ANCHOR));
    expect(year.startYear).toBe(2026);
    expect(year.endYear).toBe(2027);
    expect(year.terms.map((t) => [t.term, t.start, t.end])).toEqual([
      ['FALL', '2026-08-24', '2026-12-16'],
      ['SPRING', '2027-01-19', '2027-05-12'],
      ['SUMMER', '2027-06-01', '2027-08-06'],
    ]);
    expect(year.terms.flatMap((t) => t.vacations.map((v) => v.name))).toEqual([
      'Labor Day',
      'Thanksgiving break',
      'Spring break',
      'Independence Day',
    ]);
  });

  it('keeps holiday names only where the dates still suit them', () => {
    const march = demoAcademicYear(demoDates('2027-03-10'));
    const names = march.terms.flatMap((t) => t.vacations.map((v) => v.name));
    expect(names).not.toContain('Thanksgiving break');
    expect(names).not.toContain('Labor Day');
    expect(names).toContain('Academic break');
    expect(names).toContain('Campus holiday');
    // A year on (52 weeks: one or two days earlier), Thanksgiving still falls on the fourth Thursday of November.
    const nextYear = demoAcademicYear(demoDates('2027-11-26'));
    const thanksgiving = nextYear.terms.flatMap((t) => t.vacations).find((v) => v.name === 'Thanksgiving break');
    expect(thanksgiving).toEqual({ name: 'Thanksgiving break', startDate: '2027-11-24', endDate: '2027-11-26' });
  });

  it.each(TODAYS)('on %s: valid terms, a term in progress, Football in season for the next three weeks', (today) => {
    const dates = demoDates(today);
    const year = demoAcademicYear(dates);
    expect(validateTerms(year.startYear, asTerms(year))).toEqual([]);
    expect(new Set(year.terms.map((t) => t.term)).size).toBe(3);
    expect(year.terms.some((t) => t.start <= today && today <= t.end)).toBe(true);

    const span = academicYearSpan(asTerms(year))!;
    for (const sport of ['Football', 'Soccer', 'Volleyball', 'Basketball']) {
      const segments = demoSegments(sport, dates).map((s) => ({
        seasonType: s.season_type,
        segmentType: s.segment_type,
        startDate: s.start_date,
        endDate: s.end_date,
      }));
      segments.forEach((segment, i) => {
        expect(checkSegment(segment, span, segments.slice(0, i))).toBeNull();
      });
      if (sport === 'Football') {
        for (let day = 1; day <= 21; day++) {
          expect(segmentOn(segments, addDays(today, day))?.seasonType, `${sport} on today + ${day}`).toBe('IN_SEASON');
        }
        // The CARA weeks lie behind today, in season too (the logs are kept for in-season weeks).
        for (const anchored of [...ANCHORED_BUSY_WEEK, ANCHORED_LOG_WEEKS.regular]) {
          const day = dates.date(anchored);
          expect(day < today).toBe(true);
          expect(segmentOn(segments, day)?.seasonType).toBe('IN_SEASON');
        }
      }
    }

    const next = demoNextAcademicYear(dates);
    expect(next.startYear).toBe(year.startYear + 1);
    expect(validateTerms(next.startYear, asTerms(next))).toEqual([]);
    expect(next.terms[0]!.start > year.terms[2]!.end).toBe(true);
  });
});
