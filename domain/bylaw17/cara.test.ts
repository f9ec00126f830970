import { describe, expect, it } from 'vitest';
import { CARA_LOCKING_STATUSES, lockingPeriodOf } from './cara';

// fixed-date fixture: lockingPeriodOf compares the dates it is given with the periods it is given.

describe('CARA logs that lock their events', () => {
  it('are the submitted, resubmitted and approved ones; a rejected or reopened (ready) log does not lock', () => {
    expect([...CARA_LOCKING_STATUSES].sort()).toEqual(['APPROVED', 'RESUBMITTED', 'SUBMITTED']);
  });

  it('finds the period holding a date, both ends included', () => {
    const periods = [
      { periodStart: '2026-11-09', periodEnd: '2026-11-15', status: 'APPROVED' as const },
      { periodStart: '2026-11-16', periodEnd: '2026-11-22', status: 'SUBMITTED' as const },
    ];
    expect(lockingPeriodOf(['2026-11-16'], periods)).toBe(periods[1]);
    expect(lockingPeriodOf(['2026-11-22'], periods)).toBe(periods[1]);
    expect(lockingPeriodOf(['2026-11-08', '2026-11-15'], periods)).toBe(periods[0]);
    expect(lockingPeriodOf(['2026-11-23', '2026-11-08'], periods)).toBeNull();
    expect(lockingPeriodOf([], periods)).toBeNull();
  });
});
