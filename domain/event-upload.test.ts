import { describe, expect, it } from 'vitest';
import { mapEventHeaders, parseDate, parseEventRows, parseTime } from './event-upload';

// fixed-date fixture: the parser reads the cells it is given; the upload context carries its own now.

describe('event upload parsing', () => {
  it('reads times and dates the ways people write them', () => {
    expect(parseTime('4:30 PM')).toBe('16:30');
    expect(parseTime('12:00 am')).toBe('00:00');
    expect(parseTime('1630')).toBe('16:30');
    expect(parseTime('25:00')).toBeNull();
    expect(parseDate('9/4/2027')).toBe('2027-09-04');
    expect(parseDate('2027-09-04')).toBe('2027-09-04');
    expect(parseDate('Sept 4')).toBeNull();
  });

  it('maps headers by name or synonym, once each', () => {
    expect(mapEventHeaders(['Event name', 'Sport', 'Type', 'Date', 'From', 'To', 'Extra', 'Title'])).toEqual([
      'name',
      'team',
      'category',
      'startDate',
      'startTime',
      'endTime',
      null,
      null,
    ]);
  });

  it('names a missing column and refuses an empty file', () => {
    const ctx = { teamIdByName: new Map([['football', 't1']]), defaultTimeZone: 'UTC', now: new Date('2027-01-01') };
    expect(parseEventRows('EVENT', ['Name'], [{ row: 2, cells: ['x'] }], ctx).problems[0]!.message).toBe(
      'Missing columns: Team, Category, Start date, Start time, End time.',
    );
    expect(parseEventRows('EVENT', ['Name'], [], ctx).problems[0]!.message).toBe('The file has no rows to import.');
    const ok = parseEventRows(
      'EVENT',
      ['Name', 'Team', 'Category', 'Start date', 'Start time', 'End time'],
      [{ row: 2, cells: ['Practice', 'Football', 'Travel', '2027-09-04', '9 AM', '11 AM'] }],
      ctx,
    );
    expect(ok.problems).toEqual([]);
    expect(ok.parsed[0]!.input).toMatchObject({
      category: 'TRAVEL',
      startTime: '09:00',
      endTime: '11:00',
      timeZone: 'UTC',
    });
  });
});
