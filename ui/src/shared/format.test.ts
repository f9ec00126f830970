import { describe, expect, it } from 'vitest';
import { formatClock, zoneLabel } from './format';

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
