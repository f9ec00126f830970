import { describe, expect, it } from 'vitest';
import { formatClock, formatDateTime, rememberSchoolZone, zoneLabel } from './format';

// fixed-date fixture: the clock format of the local date-times it is given.

describe('formatClock', () => {
  it('writes a wall-clock time as the locale does, from a time or a local date-time', () => {
    const expected = new Intl.DateTimeFormat(undefined, { timeStyle: 'short', timeZone: 'UTC' }).format(
      new Date('1970-01-01T15:30:00Z'),
    );
    expect(formatClock('15:30')).toBe(expected);
    expect(formatClock('2026-11-09T15:30')).toBe(expected);
    expect(formatClock('2026-11-09T15:30:00')).toBe(expected);
    expect(formatClock('noon')).toBe('noon');
  });
});

describe('zoneLabel', () => {
  it('names a zone as people do, and falls back to the id for one it does not know', () => {
    expect(zoneLabel('America/Chicago')).toBe('Central Time');
    expect(zoneLabel('Asia/Tokyo')).toBe('Japan Standard Time');
    expect(zoneLabel('Not/AZone')).toBe('Not/AZone');
  });
});

describe('formatDateTime', () => {
  // An instant that is a different calendar day in Honolulu and in Tokyo, whatever the machine's zone.
  const instant = new Date(Date.now() - 86_400_000);
  instant.setUTCHours(12, 0, 0, 0);
  const iso = instant.toISOString();
  const inZone = (timeZone: string) =>
    new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short', timeZone }).format(instant);

  it("shows an unqualified time in the signed-in school's zone, not the viewer's", () => {
    rememberSchoolZone('Pacific/Honolulu');
    expect(formatDateTime(iso)).toBe(`${inZone('Pacific/Honolulu')} HST`);
    rememberSchoolZone('Asia/Tokyo');
    expect(formatDateTime(iso).startsWith(inZone('Asia/Tokyo'))).toBe(true);
    rememberSchoolZone(null);
  });

  it('keeps a zone the screen names over the school zone', () => {
    rememberSchoolZone('Pacific/Honolulu');
    expect(formatDateTime(iso, 'Asia/Tokyo').startsWith(inZone('Asia/Tokyo'))).toBe(true);
    rememberSchoolZone(null);
  });
});
