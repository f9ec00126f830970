import { describe, expect, it } from 'vitest';
import { fromCalendarClock, schoolTimeNote, toCalendarClock } from './school-time';

// fixed-date fixture: the conversions read no clock; a July instant pins the zones' summer offsets.

describe('the calendar in the school’s time zone', () => {
  it('draws a 3:30 PM Central practice at 3:30 PM, whatever the browser’s zone', () => {
    expect(toCalendarClock('2026-07-14T20:30:00.000Z', 'America/Chicago')).toBe('2026-07-14T15:30:00.000Z');
    expect(toCalendarClock('2026-07-14T20:30:00.000Z', 'Asia/Kolkata')).toBe('2026-07-15T02:00:00.000Z');
  });

  it('turns what the calendar hands back into the instant it means', () => {
    expect(fromCalendarClock(new Date('2026-07-14T15:30:00.000Z'), 'America/Chicago').toISOString()).toBe(
      '2026-07-14T20:30:00.000Z',
    );
  });

  it('says which zone the times are in', () => {
    expect(schoolTimeNote('America/Chicago', new Date('2026-07-14T12:00:00Z'))).toBe(
      'Times in America/Chicago (GMT -05:00)',
    );
  });
});
