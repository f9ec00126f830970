import { describe, expect, it } from 'vitest';
import {
  amountToCents,
  checkExpense,
  checkExpenseDecision,
  EXPENSE_LIMITS,
  formatDollars,
  receiptFits,
  totalsByCategory,
} from './expenses';
import { checkMaterial, MATERIAL_LIMITS } from './materials';

// fixed-date fixture: the checks are given their today (TODAY).

const SIGNATURE = 'data:image/png;base64,iVBORw0KGgo=';
const TODAY = '2026-11-26';
const good = {
  name: 'Dinner with recruit',
  category: 'MEAL',
  amount: 42.5,
  transactionDate: '2026-11-20',
  signature: SIGNATURE,
};
const codes = (input: Record<string, unknown>) => {
  const r = checkExpense(input, TODAY);
  return r.ok ? [] : r.problems.map((p) => `${p.field}:${p.code}`);
};

describe('expense checks', () => {
  it('accepts a complete expense and keeps the amount in cents', () => {
    const r = checkExpense({ ...good, comments: '  after the visit ' }, TODAY);
    expect(r).toEqual({
      ok: true,
      value: {
        name: 'Dinner with recruit',
        category: 'MEAL',
        amountCents: 4250,
        transactionDate: '2026-11-20',
        comments: 'after the visit',
        signature: SIGNATURE,
      },
    });
  });

  it('keeps the amount between $0 and $999,999 with at most two decimals', () => {
    expect(amountToCents(0)).toBe(0);
    expect(amountToCents('999999')).toBe(EXPENSE_LIMITS.maxAmountCents);
    expect(amountToCents('999999.01')).toBeNull();
    expect(amountToCents(-1)).toBeNull();
    expect(amountToCents('12.345')).toBeNull();
    expect(amountToCents('abc')).toBeNull();
    expect(codes({ ...good, amount: 1_000_000 })).toEqual(['amount:EXPENSE_AMOUNT_RANGE']);
    expect(codes({ ...good, amount: '' })).toEqual(['amount:MANDATORY_FIELD']);
  });

  it('names every missing field, an unknown type, a future date and a missing signature', () => {
    expect(codes({})).toEqual([
      'name:MANDATORY_FIELD',
      'category:MANDATORY_FIELD',
      'amount:MANDATORY_FIELD',
      'transactionDate:MANDATORY_FIELD',
      'signature:EXPENSE_SIGNATURE_REQUIRED',
    ]);
    expect(codes({ ...good, category: 'Lodging' })).toEqual(['category:EXPENSE_CATEGORY_INVALID']);
    expect(codes({ ...good, transactionDate: '2026-11-27' })).toEqual(['transactionDate:EXPENSE_DATE_INVALID']);
    expect(codes({ ...good, transactionDate: '2026-02-30' })).toEqual(['transactionDate:EXPENSE_DATE_INVALID']);
    expect(codes({ ...good, signature: 'data:image/svg+xml;base64,PHN2Zz4=' })).toEqual([
      'signature:EXPENSE_SIGNATURE_REQUIRED',
    ]);
  });

  it('needs a reason of at most 50 words to reject', () => {
    expect(checkExpenseDecision('APPROVE', null)).toBeNull();
    expect(checkExpenseDecision('REJECT', '  ')).toBe('EXPENSE_REJECT_REASON_REQUIRED');
    expect(checkExpenseDecision('REJECT', 'word '.repeat(50))).toBeNull();
    expect(checkExpenseDecision('REJECT', 'word '.repeat(51))).toBe('EXPENSE_REJECT_REASON_TOO_LONG');
  });

  it('fits at most 30 receipts', () => {
    expect(receiptFits(29)).toBe(true);
    expect(receiptFits(30)).toBe(false);
  });

  it('totals per type in the spec order, zero where none', () => {
    const totals = totalsByCategory([
      { category: 'MEAL', amountCents: 1000 },
      { category: 'PARKING', amountCents: 250 },
      { category: 'MEAL', amountCents: 500 },
    ]);
    expect(totals.map((t) => [t.label, t.amountCents])).toEqual([
      ['Meal', 1500],
      ['Transportation', 0],
      ['Accommodation', 0],
      ['Parking', 250],
      ['Other', 0],
    ]);
    expect(formatDollars(123450)).toBe('$1,234.50');
  });
});

describe('material limits', () => {
  const MB = 1024 * 1024;
  it('takes up to 20 files of at most 20 MB each and 25 MB in total', () => {
    expect(checkMaterial({ count: 19, totalBytes: 0 }, MB, 'Camp brochure')).toBeNull();
    expect(checkMaterial({ count: MATERIAL_LIMITS.maxFiles, totalBytes: 0 }, 1, null)).toBe('MATERIALS_FILE_LIMIT');
    expect(checkMaterial({ count: 0, totalBytes: 0 }, 20 * MB)).toBeNull();
    expect(checkMaterial({ count: 0, totalBytes: 0 }, 20 * MB + 1, null)).toBe('MATERIAL_TOO_LARGE');
    expect(checkMaterial({ count: 1, totalBytes: 20 * MB }, 5 * MB, null)).toBeNull();
    expect(checkMaterial({ count: 1, totalBytes: 20 * MB }, 5 * MB + 1, null)).toBe('MATERIALS_TOTAL_LIMIT');
  });

  it('keeps the description to 50 words', () => {
    expect(checkMaterial({ count: 0, totalBytes: 0 }, 1, 'w '.repeat(50))).toBeNull();
    expect(checkMaterial({ count: 0, totalBytes: 0 }, 1, 'w '.repeat(51))).toBe('MATERIAL_DESCRIPTION_TOO_LONG');
  });
});
