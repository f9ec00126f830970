import { describe, expect, it } from 'vitest';
import { countWords } from './text';
import {
  allOccurrences,
  buildRRule,
  checkEvent,
  expandOccurrences,
  gmtLabel,
  isoInstant,
  localToInstant,
  needsApproval,
  reminderOffset,
  rruleUntil,
  type EventInput,
} from './calendar-events';

// fixed-date fixture: rules, series and labels are computed from the dates and instants they are given, around real DST changes.

const CHICAGO = 'America/Chicago';

function weeklySeries(startDate: string, until: string, weekdays: Array<'MONDAY' | 'WEDNESDAY'>) {
  const rrule = buildRRule({ repeat: 'WEEKLY', startDate, weekdays, repeatUntil: until });
  return {
    startsAt: localToInstant(startDate, '16:00', CHICAGO),
    endsAt: localToInstant(startDate, '18:00', CHICAGO),
    timeZone: CHICAGO,
    rrule,
  };
}

describe('repeat expansion', () => {
  it('stores weekly repeats as an RFC 5545 rule with the weekdays and the end date', () => {
    const rule = buildRRule({
      repeat: 'WEEKLY',
      startDate: '2026-10-26',
      weekdays: ['MONDAY', 'WEDNESDAY'],
      repeatUntil: '2026-11-16',
    })!;
    expect(rule.split(';').sort()).toEqual(
      ['FREQ=WEEKLY', 'INTERVAL=1', 'UNTIL=20261116T235959Z', 'WKST=MO', 'BYDAY=MO,WE'].sort(),
    );
    expect(buildRRule({ repeat: 'NEVER', startDate: '2026-10-26' })).toBeNull();
    expect(
      buildRRule({ repeat: 'BIWEEKLY', startDate: '2026-10-26', weekdays: ['MONDAY'], repeatUntil: '2026-12-01' }),
    ).toContain('INTERVAL=2');
  });

  it('keeps a 4 pm practice at 4 pm local across the end of daylight saving time', () => {
    // Daylight saving time ends in Chicago on Sunday 1 November 2026: 4 pm is 21:00 UTC before, 22:00 UTC after.
    const series = weeklySeries('2026-10-26', '2026-11-16', ['MONDAY']);
    const starts = allOccurrences(series).map((o) => o.start.toISOString());
    expect(starts).toEqual([
      '2026-10-26T21:00:00.000Z',
      '2026-11-02T22:00:00.000Z',
      '2026-11-09T22:00:00.000Z',
      '2026-11-16T22:00:00.000Z',
    ]);
    for (const o of allOccurrences(series)) expect(o.end.getTime() - o.start.getTime()).toBe(2 * 3_600_000);
  });

  it('keeps the wall time across the start of daylight saving time too', () => {
    // 14 March 2027: 4 pm CST is 22:00 UTC, 4 pm CDT is 21:00 UTC.
    const series = weeklySeries('2027-03-08', '2027-03-17', ['MONDAY', 'WEDNESDAY']);
    expect(allOccurrences(series).map((o) => o.start.toISOString())).toEqual([
      '2027-03-08T22:00:00.000Z',
      '2027-03-10T22:00:00.000Z',
      '2027-03-15T21:00:00.000Z',
      '2027-03-17T21:00:00.000Z',
    ]);
  });

  it('returns only the occurrences overlapping a range, and leaves out cut ones', () => {
    const series = weeklySeries('2026-10-26', '2026-11-16', ['MONDAY']);
    const november = expandOccurrences(
      { ...series, exdates: ['2026-11-09T22:00:00.000Z'] },
      new Date('2026-11-01T05:00:00Z'),
      new Date('2026-12-01T06:00:00Z'),
    );
    expect(november.map((o) => o.start.toISOString())).toEqual([
      '2026-11-02T22:00:00.000Z',
      '2026-11-16T22:00:00.000Z',
    ]);
  });

  it('cuts a series before an occurrence for "this and following" edits', () => {
    const series = weeklySeries('2026-10-26', '2026-11-16', ['MONDAY']);
    const cut = rruleUntil(series.rrule!, new Date('2026-11-09T22:00:00.000Z'), CHICAGO);
    expect(allOccurrences({ ...series, rrule: cut }).map((o) => o.start.toISOString())).toEqual([
      '2026-10-26T21:00:00.000Z',
      '2026-11-02T22:00:00.000Z',
    ]);
  });

  it('repeats monthly on the same weekday of the month', () => {
    // 13 October 2026 is the second Tuesday.
    const rrule = buildRRule({ repeat: 'MONTHLY_ON_DAY', startDate: '2026-10-13', repeatUntil: '2026-12-31' });
    const starts = allOccurrences({
      startsAt: localToInstant('2026-10-13', '09:00', CHICAGO),
      endsAt: localToInstant('2026-10-13', '10:00', CHICAGO),
      timeZone: CHICAGO,
      rrule,
    }).map((o) => o.start.toISOString().slice(0, 10));
    expect(starts).toEqual(['2026-10-13', '2026-11-10', '2026-12-08']);
  });

  it('expands a series across the turn of the year and gives the same occurrences however the range is cut', () => {
    // Monday and Wednesday practice from 7 December 2026 to 20 January 2027, in Chicago and in Auckland (whose
    // summer time and date line put a 4 pm start on the previous UTC day).
    for (const zone of [CHICAGO, 'Pacific/Auckland']) {
      const rrule = buildRRule({
        repeat: 'WEEKLY',
        startDate: '2026-12-07',
        weekdays: ['MONDAY', 'WEDNESDAY'],
        repeatUntil: '2027-01-20',
      });
      const series = {
        startsAt: localToInstant('2026-12-07', '16:00', zone),
        endsAt: localToInstant('2026-12-07', '18:00', zone),
        timeZone: zone,
        rrule,
      };
      const all = allOccurrences(series).map((o) => o.start.getTime());
      expect(all).toHaveLength(14);
      const cuts = [Date.parse('2026-12-01T00:00:00Z'), Date.parse('2026-12-31T03:00:00Z')];
      cuts.push(Date.parse('2027-01-01T00:00:00Z'), Date.parse('2027-01-13T12:00:00Z'), Date.parse('2027-02-01Z'));
      const pieces = cuts
        .slice(1)
        .flatMap((to, i) => expandOccurrences(series, new Date(cuts[i]!), new Date(to)).map((o) => o.start.getTime()));
      expect(pieces).toEqual(all);
      // An occurrence under way at the start of a range belongs to it.
      const during = new Date(all[3]! + 3_600_000);
      expect(expandOccurrences(series, during, new Date(during.getTime() + 1)).map((o) => o.start.getTime())).toEqual([
        all[3],
      ]);
    }
  });

  it('skips an occurrence whose start is listed as cut, exactly as toISOString writes it', () => {
    const series = weeklySeries('2026-10-26', '2026-11-16', ['MONDAY']);
    const starts = (exdates: string[]) => allOccurrences({ ...series, exdates }).map((o) => o.start.toISOString());
    expect(starts(['2026-11-02T22:00:00.000Z', 'not a date'])).toEqual([
      '2026-10-26T21:00:00.000Z',
      '2026-11-09T22:00:00.000Z',
      '2026-11-16T22:00:00.000Z',
    ]);
    expect(starts(['2026-11-02T22:00:00Z'])).toHaveLength(4);
  });

  it('writes instants as toISOString does', () => {
    const samples = [0, -1, 1, Date.parse('0000-01-01T00:00:00Z'), Date.parse('9999-12-31T23:59:59.999Z')];
    for (let i = 0; i < 2000; i++) samples.push(Math.floor((Math.random() - 0.5) * 2 * 253402300799999));
    for (const ms of samples) expect(isoInstant(new Date(ms))).toBe(new Date(ms).toISOString());
    expect(isoInstant(new Date(Date.parse('+010000-01-01T00:00:00Z')))).toBe('+010000-01-01T00:00:00.000Z');
    expect(isoInstant(Date.parse('2027-11-01T21:00:00Z'))).toBe('2027-11-01T21:00:00.000Z');
    expect(() => isoInstant(new Date(Number.NaN))).toThrow(RangeError);
    expect(() => isoInstant(Number.NaN)).toThrow(RangeError);
  });

  it('labels zones as GMT +/- hh:mm', () => {
    expect(gmtLabel(CHICAGO, new Date('2026-07-01T12:00:00Z'))).toBe('GMT -05:00');
    expect(gmtLabel('Asia/Kolkata', new Date('2026-07-01T12:00:00Z'))).toBe('GMT +05:30');
  });
});

const valid: EventInput = {
  name: 'Team practice',
  category: 'CARA',
  caraCategory: 'PRACTICE',
  sportTeamId: 'team',
  attendeeTeamIds: ['team'],
  attendeeUserIds: [],
  timeZone: CHICAGO,
  startDate: '2026-09-07',
  startTime: '16:00',
  endDate: '2026-09-07',
  endTime: '18:00',
  repeat: 'WEEKLY',
  weekdays: ['MONDAY'],
  repeatUntil: '2026-11-30',
};
const codes = (input: Partial<EventInput>) => checkEvent({ ...valid, ...input }).map((d) => `${d.field}:${d.code}`);

describe('event validation', () => {
  it('accepts a valid weekly practice', () => {
    expect(checkEvent(valid)).toEqual([]);
  });

  it('requires name, team, category and attendees', () => {
    expect(codes({ name: ' ', sportTeamId: null, category: '', attendeeTeamIds: [] })).toEqual([
      'name:EVENT_FIELDS_REQUIRED',
      'sportTeamId:EVENT_FIELDS_REQUIRED',
      'category:EVENT_FIELDS_REQUIRED',
      'attendees:EVENT_FIELDS_REQUIRED',
    ]);
  });

  it('refuses an end before the start and more than 3 days, and accepts a past event (a CARA log records it)', () => {
    expect(codes({ endTime: '15:00' })).toEqual(['endTime:EVENT_END_BEFORE_START']);
    expect(codes({ endTime: '16:00' })).toEqual(['endTime:EVENT_END_BEFORE_START']);
    expect(codes({ startDate: '2020-08-31', endDate: '2020-08-31', repeatUntil: null, repeat: 'NEVER' })).toEqual([]);
    expect(codes({ endDate: '2026-09-10', endTime: '16:01' })).toEqual(['endDate:EVENT_TOO_LONG']);
    expect(codes({ endDate: '2026-09-10', endTime: '16:00' })).toEqual([]);
  });

  it('needs an end date for repeats and weekdays for weekly ones', () => {
    expect(codes({ repeatUntil: null, weekdays: [] })).toEqual([
      'repeatUntil:EVENT_REPEAT_END_REQUIRED',
      'weekdays:EVENT_REPEAT_WEEKDAYS_REQUIRED',
    ]);
    expect(codes({ repeat: 'MONTHLY', weekdays: [] })).toEqual([]);
    expect(codes({ repeatUntil: '2026-09-01' })).toEqual(['repeatUntil:EVENT_REPEAT_END_BEFORE_START']);
  });

  it('counts words of name, notes and agenda, and caps attendees', () => {
    expect(countWords('  one two\nthree ')).toBe(3);
    expect(codes({ name: 'w '.repeat(11) })).toEqual(['name:EVENT_NAME_TOO_LONG']);
    expect(codes({ notes: 'w '.repeat(50) })).toEqual([]);
    expect(codes({ notes: 'w '.repeat(51) })).toEqual(['notes:EVENT_NOTES_TOO_LONG']);
    expect(codes({ agenda: 'w '.repeat(201) })).toEqual(['agenda:EVENT_AGENDA_TOO_LONG']);
    expect(codes({ attendeeUserIds: ['1', '2', '3', '4', '5', '6'] })).toEqual([
      'attendeeUserIds:EVENT_INDIVIDUALS_LIMIT',
    ]);
    expect(codes({ attendeeTeamIds: ['1', '2', '3', '4', '5', '6'] })).toEqual(['attendeeTeamIds:EVENT_TEAMS_LIMIT']);
  });

  it('refuses a countable event of several teams, in the catalogue’s words, and lets other events have them', () => {
    const details = checkEvent({ ...valid, attendeeTeamIds: ['team', 'other'] });
    expect(details).toEqual([
      { field: 'attendeeTeamIds', code: 'CARA_MULTIPLE_TEAMS', message: 'Multiple teams block CARA events.' },
    ]);
    expect(codes({ category: 'HOME_COMPETITION', caraCategory: null, attendeeTeamIds: ['team', 'other'] })).toEqual([
      'attendeeTeamIds:CARA_MULTIPLE_TEAMS',
    ]);
    expect(codes({ category: 'ATHLETICS', caraCategory: 'PRACTICE', attendeeTeamIds: ['team', 'other'] })).toEqual([
      'attendeeTeamIds:CARA_MULTIPLE_TEAMS',
    ]);
    expect(codes({ category: 'ATHLETICS', caraCategory: null, attendeeTeamIds: ['team', 'other'] })).toEqual([]);
    expect(codes({ category: 'VOLUNTARY_ACTIVITIES', caraCategory: null, attendeeTeamIds: ['team', 'other'] })).toEqual(
      [],
    );
    expect(codes({ attendeeTeamIds: ['team', 'team'] })).toEqual([]);
  });

  it('refuses an unknown time zone and reminder', () => {
    expect(codes({ timeZone: 'Mars/Olympus' })).toEqual(['timeZone:EVENT_TIME_ZONE_INVALID']);
    expect(codes({ reminderMinutes: 7 })).toEqual(['reminderMinutes:EVENT_REMINDER_INVALID']);
  });

  it('sends coaches’ countable events for approval and picks the spec’s default reminders', () => {
    expect(needsApproval({ category: 'CARA' }, false)).toBe(true);
    expect(needsApproval({ category: 'HOME_COMPETITION', caraCategory: 'COMPETITION' }, false)).toBe(true);
    expect(needsApproval({ category: 'CARA' }, true)).toBe(false);
    expect(needsApproval({ category: 'ACADEMIC' }, false)).toBe(false);
    expect(reminderOffset({ category: 'CARA' })).toBe(60);
    expect(reminderOffset({ category: 'ACADEMIC' })).toBe(15);
    expect(reminderOffset({ category: 'ACADEMIC', reminderMinutes: null })).toBeNull();
  });
});
