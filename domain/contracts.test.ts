import { describe, expect, it } from 'vitest';
import {
  checkContract,
  checkContractDecision,
  checkSchedule,
  compressedTimingOf,
  contractSizeOf,
  dueDatesOf,
  paymentTransition,
  payorYearTotals,
} from './contracts';

const contract = { totalCents: 1_200_00, startDate: '2030-01-01', endDate: '2030-12-31' };

describe('contract checks', () => {
  it('refuses amounts outside $0–$999,999 or with more than two decimals', () => {
    const base = { payorName: 'Acme', type: 'endorsement', startDate: '2030-01-01', endDate: '2030-06-30' };
    for (const bad of [1_000_000, -1, '12.345', 'ten', 999_999.001]) {
      const r = checkContract({ ...base, totalAmount: bad });
      expect(r.ok, String(bad)).toBe(false);
      if (!r.ok) expect(r.problems[0]).toEqual({ field: 'totalAmount', code: 'AMOUNT_RANGE' });
    }
    for (const good of [0, '999999', 999_999, '12.34', 600]) {
      expect(checkContract({ ...base, totalAmount: good }).ok, String(good)).toBe(true);
    }
    const ok = checkContract({ ...base, totalAmount: '1500.50' });
    expect(ok).toMatchObject({ ok: true, value: { totalCents: 1_500_50, type: 'ENDORSEMENT', size: 'MEDIUM' } });
  });

  it('lists every missing field and refuses an end before the start', () => {
    const r = checkContract({});
    expect(r.ok).toBe(false);
    if (!r.ok)
      expect(r.problems.map((p) => p.field)).toEqual(['payorName', 'totalAmount', 'type', 'startDate', 'endDate']);
    const back = checkContract({
      payorName: 'A',
      totalAmount: 1,
      type: 'NIL',
      startDate: '2030-02-01',
      endDate: '2030-01-01',
    });
    expect(back.ok ? null : back.problems[0]!.code).toBe('CONTRACT_DATES_INVALID');
  });

  it('sizes by the $600 threshold and $10,000', () => {
    expect([599_99, 600_00, 9_999_99, 10_000_00].map(contractSizeOf)).toEqual(['SMALL', 'MEDIUM', 'MEDIUM', 'LARGE']);
  });

  it('needs a reason of at most 50 words to reject', () => {
    expect(checkContractDecision('APPROVE', null)).toBeNull();
    expect(checkContractDecision('REJECT', '  ')).toBe('CONTRACT_REJECT_REASON_REQUIRED');
    expect(checkContractDecision('REJECT', 'word '.repeat(51))).toBe('CONTRACT_REJECT_REASON_TOO_LONG');
    expect(checkContractDecision('REJECT', 'word '.repeat(50))).toBeNull();
  });
});

describe('payment schedules', () => {
  it('lays due dates one cycle apart, months kept on the day or the month end', () => {
    expect(dueDatesOf('2030-01-31', 'MONTH', 3)).toEqual(['2030-01-31', '2030-02-28', '2030-03-31']);
    expect(dueDatesOf('2030-01-01', 'WEEK', 2)).toEqual(['2030-01-01', '2030-01-08']);
    expect(dueDatesOf('2030-01-01', 'BIWEEK', 2)).toEqual(['2030-01-01', '2030-01-15']);
    expect(dueDatesOf('2030-11-30', 'QUARTER', 2)).toEqual(['2030-11-30', '2031-02-28']);
  });

  it('refuses a schedule above the total with the figures', () => {
    const r = checkSchedule(
      { cycle: 'month', amountPerCycle: 150, numberOfPayments: 9, firstDueDate: '2030-01-15' },
      contract,
    );
    expect(r.ok).toBe(false);
    if (!r.ok)
      expect(r.problems[0]).toEqual({
        field: 'amountPerCycle',
        code: 'SCHEDULE_EXCEEDS_TOTAL',
        message: "9 payments of $150.00 make $1,350.00, more than the contract's total of $1,200.00.",
      });
    const exact = checkSchedule(
      { cycle: 'MONTH', amountPerCycle: 100, numberOfPayments: 12, firstDueDate: '2030-01-15' },
      contract,
    );
    expect(exact).toMatchObject({ ok: true, value: { count: 12, amountCents: 100_00 } });
  });

  it('refuses bad amounts, counts and payments outside the contract dates', () => {
    const base = { cycle: 'WEEK', amountPerCycle: 10, numberOfPayments: 2, firstDueDate: '2030-01-15' };
    const code = (over: object) => {
      const r = checkSchedule({ ...base, ...over }, contract);
      return r.ok ? null : r.problems[0]!.code;
    };
    expect(code({ amountPerCycle: '1.005' })).toBe('AMOUNT_RANGE');
    expect(code({ amountPerCycle: 1_000_000 })).toBe('AMOUNT_RANGE');
    expect(code({ numberOfPayments: 0 })).toBe('VALIDATION_FAILED');
    expect(code({ numberOfPayments: 2.5 })).toBe('VALIDATION_FAILED');
    expect(code({ cycle: 'DAY' })).toBe('VALIDATION_FAILED');
    expect(code({ firstDueDate: '2030-12-30' })).toBe('VALIDATION_FAILED');
    expect(code({})).toBeNull();
  });

  it('compresses a schedule to test durations', () => {
    const p = compressedTimingOf(['2030-01-01', '2030-02-01'], 500, 1000, {
      firstMs: 10,
      cycleMs: 100,
      remindAfterMs: 5,
    });
    expect(p).toEqual([
      { seq: 1, dueDate: '2030-01-01', amountCents: 500, opensAt: 1010, remindAt: 1015 },
      { seq: 2, dueDate: '2030-02-01', amountCents: 500, opensAt: 1110, remindAt: 1115 },
    ]);
  });

  it('lets pending become paid or failed, a failed payment be paid, and a second confirmation change nothing', () => {
    expect(paymentTransition('PENDING', 'PAID')).toBe('apply');
    expect(paymentTransition('PENDING', 'FAILED')).toBe('apply');
    expect(paymentTransition('FAILED', 'PAID')).toBe('apply');
    expect(paymentTransition('PAID', 'PAID')).toBe('same');
    expect(paymentTransition('PAID', 'FAILED')).toBe('refuse');
  });
});

describe('1099 totals', () => {
  it('sums per payor and calendar year, flagging at $600', () => {
    const totals = payorYearTotals([
      { payorName: 'Acme ', paidOn: '2030-03-01', amountCents: 300_00 },
      { payorName: 'acme', paidOn: '2030-12-31', amountCents: 300_00 },
      { payorName: 'Acme', paidOn: '2031-01-01', amountCents: 599_99 },
      { payorName: 'Beta', paidOn: '2030-05-05', amountCents: 10_00 },
    ]);
    expect(totals).toEqual([
      { payorName: 'Acme', year: 2031, totalCents: 599_99, payments: 1, reportable: false },
      { payorName: 'Acme', year: 2030, totalCents: 600_00, payments: 2, reportable: true },
      { payorName: 'Beta', year: 2030, totalCents: 10_00, payments: 1, reportable: false },
    ]);
  });
});
