import { describe, expect, it } from 'vitest';
import { formatClock } from './format';

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
