import { describe, expect, it } from 'vitest';
import { todayIn } from './school-today';

// fixed-date fixture: todayIn is given its instant; the dates are its outputs for that instant.

describe('todayIn', () => {
  const instant = new Date('2026-03-15T05:30:00Z');

  it('gives the date at the school, not in UTC', () => {
    expect(todayIn('UTC', instant)).toBe('2026-03-15');
    expect(todayIn('America/Chicago', instant)).toBe('2026-03-15');
    expect(todayIn('America/Los_Angeles', instant)).toBe('2026-03-14');
    expect(todayIn('Pacific/Kiritimati', new Date('2026-12-31T11:00:00Z'))).toBe('2027-01-01');
  });

  it('falls back to UTC for an unknown time zone', () => {
    expect(todayIn('Mars/Olympus_Mons', instant)).toBe('2026-03-15');
  });
});
