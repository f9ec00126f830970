import { describe, expect, it } from 'vitest';
import {
  academicYearReach,
  academicYearSpan,
  checkSegment,
  formatDay,
  formatClockTime,
  formatDayRange,
  rangesOverlap,
  segmentOn,
  type SegmentInput,
} from './calendar';

// fixed-date fixture: checkSegment compares the segment with the year and segments it is given.

const year = { startDate: '2026-08-24', endDate: '2027-08-06' };
const fall: SegmentInput = {
  seasonType: 'IN_SEASON',
  segmentType: 'CHAMPIONSHIP',
  startDate: '2026-08-24',
  endDate: '2026-12-05',
};

describe('sport segment rules', () => {
  it('spans an academic year from its first term start to its last term end, or nothing without terms', () => {
    expect(
      academicYearSpan([
        { startDate: '2027-01-19', endDate: '2027-05-12' },
        { startDate: '2026-08-24', endDate: '2026-12-16' },
        { startDate: '2027-06-01', endDate: '2027-08-06' },
      ]),
    ).toEqual(year);
    expect(academicYearSpan([])).toBeNull();
  });

  it('accepts a segment inside the year that overlaps no other', () => {
    expect(checkSegment(fall, year, [{ startDate: '2027-01-19', endDate: '2027-04-30' }])).toBeNull();
  });

  it('needs start and end filled and different, and the end after the start', () => {
    expect(checkSegment({ ...fall, endDate: '' }, year, [])).toBe('SEGMENT_DATES_REQUIRED');
    expect(checkSegment({ ...fall, endDate: fall.startDate }, year, [])).toBe('SEGMENT_DATES_REQUIRED');
    expect(checkSegment({ ...fall, endDate: '2026-08-20' }, year, [])).toBe('SEGMENT_END_BEFORE_START');
  });

  it('keeps the segment type within its season type', () => {
    expect(checkSegment({ ...fall, segmentType: 'NONCHAMPIONSHIP' }, year, [])).toBe('SEGMENT_TYPE_MISMATCH');
    expect(checkSegment({ ...fall, seasonType: 'OUT_OF_SEASON', segmentType: 'PRESEASON' }, year, [])).toBe(
      'SEGMENT_TYPE_MISMATCH',
    );
    expect(checkSegment({ ...fall, seasonType: 'OUT_OF_SEASON', segmentType: 'NONCHAMPIONSHIP' }, year, [])).toBeNull();
  });

  it('refuses dates outside the academic year, by a single day on either side', () => {
    const offSeason = { ...fall, seasonType: 'OUT_OF_SEASON' as const, segmentType: 'NONCHAMPIONSHIP' as const };
    expect(checkSegment({ ...offSeason, startDate: '2026-08-23' }, year, [])).toBe('SEGMENT_OUTSIDE_YEAR');
    expect(checkSegment({ ...fall, startDate: '2027-06-01', endDate: '2027-08-07' }, year, [])).toBe(
      'SEGMENT_OUTSIDE_YEAR',
    );
  });

  it('lets a championship segment start before the first class day (its preseason), if it runs into the year', () => {
    expect(checkSegment({ ...fall, startDate: '2026-08-03' }, year, [])).toBeNull();
    expect(checkSegment({ ...fall, segmentType: 'PRESEASON', startDate: '2026-08-03' }, year, [])).toBeNull();
    expect(checkSegment({ ...fall, startDate: '2026-07-01', endDate: '2026-08-20' }, year, [])).toBe(
      'SEGMENT_OUTSIDE_YEAR',
    );
  });

  it('reaches back to the earliest segment that starts before the first class day', () => {
    const terms = [{ startDate: '2026-08-24', endDate: '2026-12-16' }];
    expect(academicYearReach(terms, [{ startDate: '2026-08-03' }, { startDate: '2026-09-01' }])).toEqual({
      startDate: '2026-08-03',
      endDate: '2026-12-16',
    });
    expect(academicYearReach(terms, [])).toEqual({ startDate: '2026-08-24', endDate: '2026-12-16' });
    expect(academicYearReach([], [{ startDate: '2026-08-03' }])).toBeNull();
  });

  it('refuses segments of one team that share a day, but allows back-to-back ones', () => {
    expect(checkSegment(fall, year, [{ startDate: '2026-12-05', endDate: '2027-01-10' }])).toBe('SEGMENT_OVERLAP');
    expect(checkSegment(fall, year, [{ startDate: '2026-09-01', endDate: '2026-09-10' }])).toBe('SEGMENT_OVERLAP');
    expect(checkSegment(fall, year, [{ startDate: '2026-12-06', endDate: '2027-01-10' }])).toBeNull();
  });

  it('finds the segment that holds a day', () => {
    const segments = [
      { id: 'a', startDate: '2026-08-24', endDate: '2026-12-05' },
      { id: 'b', startDate: '2027-01-19', endDate: '2027-04-30' },
    ];
    expect(segmentOn(segments, '2026-12-05')?.id).toBe('a');
    expect(segmentOn(segments, '2026-12-25')).toBeNull();
    expect(rangesOverlap(segments[0]!, segments[1]!)).toBe(false);
  });
});

describe('days as people read them', () => {
  it('writes a day and a period the way the screens do, the day unshifted by any time zone', () => {
    expect(formatDay('2026-11-09')).toBe('Nov 9, 2026');
    expect(formatDay('2026-12-31T23:00:00Z')).toBe('Dec 31, 2026');
    expect(formatDayRange('2026-12-28', '2027-01-03')).toBe('Dec 28, 2026 to Jan 3, 2027');
    expect(formatDay('not a day')).toBe('not a day');
  });

  it('writes a wall-clock time in twelve hours', () => {
    expect(formatClockTime('02:30')).toBe('2:30 AM');
    expect(formatClockTime('14:05')).toBe('2:05 PM');
    expect(formatClockTime('00:00')).toBe('12:00 AM');
    expect(formatClockTime('later')).toBe('later');
  });
});
