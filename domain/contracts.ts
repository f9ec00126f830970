/**
 * NIL contracts, payment schedules and 1099 tracking (issue 38; spec part 1 §3 "Contract row" and "Payment", §4
 * contract and payment statuses; part 2 §5 amounts, §9 "$0 to $999,999" and "Tax reporting threshold $600 (1099)").
 * A contract hangs off an approved disclosure; an admin reviews it through `contract-review:<id>`; an active
 * contract may get one payment schedule, run by `payment-schedule:<contractId>`. Pure: the API, the workflows,
 * their activities and the UI share these rules.
 */
import { formatDay, formatDayRange } from './calendar';
import { DISCLOSURE_TYPE_LABELS, DISCLOSURE_TYPES, type DisclosureType } from './disclosures';
import { amountToCents, formatDollars } from './expenses';
import { countWords as wordCount } from './text';

export { formatDollars };

/** Spec part 1 §4: "Contract: ACTIVE, PENDING, COMPLETED, REJECTED". */
export const CONTRACT_STATUSES = {
  PENDING: 'Pending review',
  ACTIVE: 'Active',
  COMPLETED: 'Completed',
  REJECTED: 'Rejected',
} as const;
export type ContractStatus = keyof typeof CONTRACT_STATUSES;

/**
 * The spec names the list (`contractTypeList`) but not its values; a contract is of the same kinds as the
 * disclosure it carries out, so the disclosure types serve.
 */
export const CONTRACT_TYPES = DISCLOSURE_TYPES;
export type ContractType = DisclosureType;
export const CONTRACT_TYPE_LABELS = DISCLOSURE_TYPE_LABELS;

/**
 * The spec names `sizesList` without values. Sizes are bands of the total, so they are never out of step with it:
 * below the $600 reporting threshold, up to $10,000, and above.
 */
export const CONTRACT_SIZES = {
  SMALL: 'Small (under $600)',
  MEDIUM: 'Medium ($600–$9,999)',
  LARGE: 'Large ($10,000+)',
};
export type ContractSize = keyof typeof CONTRACT_SIZES;

export function contractSizeOf(totalCents: number): ContractSize {
  if (totalCents < TAX_REPORTING_THRESHOLD_CENTS) return 'SMALL';
  return totalCents < 10_000_00 ? 'MEDIUM' : 'LARGE';
}

/** Spec part 1 §3 "Payment": cycle (week, biweek, quarter, month). */
export const PAYMENT_CYCLES = {
  WEEK: 'Every week',
  BIWEEK: 'Every two weeks',
  MONTH: 'Every month',
  QUARTER: 'Every quarter',
} as const;
export type PaymentCycle = keyof typeof PAYMENT_CYCLES;

/** Spec part 1 §4: "Payments: paid, pending, failed". */
export const PAYMENT_STATUSES = { PENDING: 'Pending', PAID: 'Paid', FAILED: 'Failed' } as const;
export type PaymentStatus = keyof typeof PAYMENT_STATUSES;

/** Spec part 2 §9: "Tax reporting threshold $600 (1099)", counted per payor per calendar year. */
export const TAX_REPORTING_THRESHOLD_CENTS = 600_00;

export const CONTRACT_LIMITS = {
  /** Spec part 2 §5 and §9: "Amount numeric, between $0 and $999,999". */
  maxAmountCents: 999_999_00,
  payorMaxLength: 120,
  notesMaxLength: 2000,
  /** Same as every other reject reason in the spec (part 2 §5). */
  rejectReasonMaxWords: 50,
  /** A schedule of weekly payments for four years is the longest that makes sense. */
  maxPayments: 208,
  /** A payment opens (pending) this many days before it is due, and the reminder goes this many days before. */
  openDaysBefore: 7,
  remindDaysBefore: 2,
} as const;

export const contractReviewWorkflowId = (contractId: string) => `contract-review:${contractId}`;
export const paymentScheduleWorkflowId = (contractId: string) => `payment-schedule:${contractId}`;

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

export function isRealDate(text: string): boolean {
  if (!ISO_DATE.test(text)) return false;
  const d = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === text;
}

/** Dollars (number or numeric text, at most 2 decimals, $0 to $999,999) to cents; null otherwise. */
export function contractAmountToCents(value: unknown): number | null {
  return amountToCents(value);
}

export interface ContractProblem {
  field: string;
  code: 'MANDATORY_FIELD' | 'AMOUNT_RANGE' | 'VALIDATION_FAILED' | 'CONTRACT_DATES_INVALID';
}

export interface ContractInput {
  payorName?: unknown;
  totalAmount?: unknown;
  type?: unknown;
  startDate?: unknown;
  endDate?: unknown;
  notes?: unknown;
}

export interface CheckedContract {
  payorName: string;
  totalCents: number;
  size: ContractSize;
  type: ContractType;
  startDate: string;
  endDate: string;
  notes: string | null;
}

const text = (v: unknown) => (typeof v === 'string' ? v.trim() : '');
const blank = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && v.trim() === '');

/** The checks on a new contract; every problem is listed, the first names the error. */
export function checkContract(
  input: ContractInput,
): { ok: true; value: CheckedContract } | { ok: false; problems: ContractProblem[] } {
  const problems: ContractProblem[] = [];
  const payorName = text(input.payorName);
  if (!payorName) problems.push({ field: 'payorName', code: 'MANDATORY_FIELD' });
  else if (payorName.length > CONTRACT_LIMITS.payorMaxLength)
    problems.push({ field: 'payorName', code: 'VALIDATION_FAILED' });
  const totalCents = blank(input.totalAmount) ? null : contractAmountToCents(input.totalAmount);
  if (blank(input.totalAmount)) problems.push({ field: 'totalAmount', code: 'MANDATORY_FIELD' });
  else if (totalCents === null) problems.push({ field: 'totalAmount', code: 'AMOUNT_RANGE' });
  const type = text(input.type).toUpperCase();
  if (!type) problems.push({ field: 'type', code: 'MANDATORY_FIELD' });
  else if (!(CONTRACT_TYPES as readonly string[]).includes(type))
    problems.push({ field: 'type', code: 'VALIDATION_FAILED' });
  const startDate = text(input.startDate);
  const endDate = text(input.endDate);
  if (!startDate) problems.push({ field: 'startDate', code: 'MANDATORY_FIELD' });
  else if (!isRealDate(startDate)) problems.push({ field: 'startDate', code: 'VALIDATION_FAILED' });
  if (!endDate) problems.push({ field: 'endDate', code: 'MANDATORY_FIELD' });
  else if (!isRealDate(endDate)) problems.push({ field: 'endDate', code: 'VALIDATION_FAILED' });
  else if (isRealDate(startDate) && startDate > endDate)
    problems.push({ field: 'endDate', code: 'CONTRACT_DATES_INVALID' });
  const notes = text(input.notes);
  if (notes.length > CONTRACT_LIMITS.notesMaxLength) problems.push({ field: 'notes', code: 'VALIDATION_FAILED' });
  if (problems.length > 0) return { ok: false, problems };
  return {
    ok: true,
    value: {
      payorName,
      totalCents: totalCents!,
      size: contractSizeOf(totalCents!),
      type: type as ContractType,
      startDate,
      endDate,
      notes: notes || null,
    },
  };
}

/** A rejection needs a reason of at most 50 words; approval takes none. */
export function checkContractDecision(
  decision: 'APPROVE' | 'REJECT',
  reason: string | null | undefined,
): 'CONTRACT_REJECT_REASON_REQUIRED' | 'CONTRACT_REJECT_REASON_TOO_LONG' | null {
  if (decision !== 'REJECT') return null;
  const t = (reason ?? '').trim();
  if (!t) return 'CONTRACT_REJECT_REASON_REQUIRED';
  if (wordCount(t) > CONTRACT_LIMITS.rejectReasonMaxWords) return 'CONTRACT_REJECT_REASON_TOO_LONG';
  return null;
}

const DAY_MS = 86_400_000;

function addDaysIso(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/** `months` after `date`, kept on the same day or the month's last day (Jan 31 + 1 month = Feb 28/29). */
function addMonthsIso(date: string, months: number): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const index = y * 12 + (m - 1) + months;
  const year = Math.floor(index / 12);
  const month = index % 12;
  const last = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  return new Date(Date.UTC(year, month, Math.min(d, last))).toISOString().slice(0, 10);
}

/** The due dates of `count` payments, the first on `firstDueDate`, one cycle apart. */
export function dueDatesOf(firstDueDate: string, cycle: PaymentCycle, count: number): string[] {
  const out: string[] = [];
  for (let i = 0; i < count; i++) {
    if (cycle === 'WEEK') out.push(addDaysIso(firstDueDate, 7 * i));
    else if (cycle === 'BIWEEK') out.push(addDaysIso(firstDueDate, 14 * i));
    else if (cycle === 'MONTH') out.push(addMonthsIso(firstDueDate, i));
    else out.push(addMonthsIso(firstDueDate, 3 * i));
  }
  return out;
}

export interface ScheduleInput {
  cycle?: unknown;
  amountPerCycle?: unknown;
  numberOfPayments?: unknown;
  firstDueDate?: unknown;
}

export interface CheckedSchedule {
  cycle: PaymentCycle;
  amountCents: number;
  count: number;
  firstDueDate: string;
  dueDates: string[];
}

export interface ScheduleProblem {
  field: string;
  code: 'MANDATORY_FIELD' | 'AMOUNT_RANGE' | 'VALIDATION_FAILED' | 'SCHEDULE_EXCEEDS_TOTAL';
  message?: string;
}

/**
 * A schedule for a contract: a cycle, an amount per cycle ($0 to $999,999, two decimals), a number of payments
 * (1 to 208) and the first due date, inside the contract's dates. Refused with the figures when the payments
 * together would exceed the contract's total.
 */
export function checkSchedule(
  input: ScheduleInput,
  contract: { totalCents: number; startDate: string; endDate: string },
): { ok: true; value: CheckedSchedule } | { ok: false; problems: ScheduleProblem[] } {
  const problems: ScheduleProblem[] = [];
  const cycle = text(input.cycle).toUpperCase();
  if (!cycle) problems.push({ field: 'cycle', code: 'MANDATORY_FIELD' });
  else if (!(cycle in PAYMENT_CYCLES)) problems.push({ field: 'cycle', code: 'VALIDATION_FAILED' });
  const amountCents = blank(input.amountPerCycle) ? null : contractAmountToCents(input.amountPerCycle);
  if (blank(input.amountPerCycle)) problems.push({ field: 'amountPerCycle', code: 'MANDATORY_FIELD' });
  else if (amountCents === null) problems.push({ field: 'amountPerCycle', code: 'AMOUNT_RANGE' });
  const rawCount = input.numberOfPayments;
  const count = typeof rawCount === 'number' ? rawCount : /^\d+$/.test(text(rawCount)) ? Number(text(rawCount)) : NaN;
  if (blank(rawCount)) problems.push({ field: 'numberOfPayments', code: 'MANDATORY_FIELD' });
  else if (!Number.isInteger(count) || count < 1 || count > CONTRACT_LIMITS.maxPayments) {
    problems.push({
      field: 'numberOfPayments',
      code: 'VALIDATION_FAILED',
      message: `Number of payments must be a whole number from 1 to ${CONTRACT_LIMITS.maxPayments}.`,
    });
  }
  const firstDueDate = text(input.firstDueDate);
  if (!firstDueDate) problems.push({ field: 'firstDueDate', code: 'MANDATORY_FIELD' });
  else if (!isRealDate(firstDueDate)) problems.push({ field: 'firstDueDate', code: 'VALIDATION_FAILED' });
  if (problems.length > 0) return { ok: false, problems };
  const total = amountCents! * count;
  if (total > contract.totalCents) {
    return {
      ok: false,
      problems: [
        {
          field: 'amountPerCycle',
          code: 'SCHEDULE_EXCEEDS_TOTAL',
          message: `${count} payments of ${formatDollars(amountCents!)} make ${formatDollars(total)}, more than the contract's total of ${formatDollars(contract.totalCents)}.`,
        },
      ],
    };
  }
  const dueDates = dueDatesOf(firstDueDate, cycle as PaymentCycle, count);
  if (firstDueDate < contract.startDate || dueDates[dueDates.length - 1]! > contract.endDate) {
    return {
      ok: false,
      problems: [
        {
          field: 'firstDueDate',
          code: 'VALIDATION_FAILED',
          message: `Every payment must fall between the contract's dates (${formatDayRange(contract.startDate, contract.endDate)}); the last would be due on ${formatDay(dueDates[dueDates.length - 1]!)}.`,
        },
      ],
    };
  }
  return {
    ok: true,
    value: { cycle: cycle as PaymentCycle, amountCents: amountCents!, count, firstDueDate, dueDates },
  };
}

// ---- the payment-schedule workflow's contract (workflows/contracts, activities/contracts, api/contracts) ----

/** One payment as the schedule's workflow runs it: times are epoch milliseconds (durations are inputs). */
export interface ScheduledPayment {
  seq: number;
  dueDate: string;
  amountCents: number;
  opensAt: number;
  remindAt: number | null;
}

export interface PaymentScheduleInput {
  schoolId: string;
  contractId: string;
  payments: ScheduledPayment[];
  /** When the contract ends: no payment opens after it. */
  endsAt: number | null;
}

/**
 * The times at which each payment opens and is reminded of, from real dates: it opens `openDaysBefore` days before
 * its due date (or at once when that is past) and is reminded `remindDaysBefore` days before (none when past).
 */
export function realTimingOf(
  dueDates: readonly string[],
  amountCents: number,
  now: number,
  offsetMs = 0,
): ScheduledPayment[] {
  return dueDates.map((dueDate, i) => {
    const dueAt = Date.parse(`${dueDate}T00:00:00Z`) - offsetMs;
    const remindAt = dueAt - CONTRACT_LIMITS.remindDaysBefore * DAY_MS;
    return {
      seq: i + 1,
      dueDate,
      amountCents,
      opensAt: Math.max(now, dueAt - CONTRACT_LIMITS.openDaysBefore * DAY_MS),
      remindAt: remindAt > now ? remindAt : null,
    };
  });
}

/** Compressed timing for tests and demos: payment i opens `firstMs + i * cycleMs` from now, reminded `remindMs` later. */
export function compressedTimingOf(
  dueDates: readonly string[],
  amountCents: number,
  now: number,
  timing: { firstMs: number; cycleMs: number; remindAfterMs: number | null },
): ScheduledPayment[] {
  return dueDates.map((dueDate, i) => {
    const opensAt = now + timing.firstMs + i * timing.cycleMs;
    return {
      seq: i + 1,
      dueDate,
      amountCents,
      opensAt,
      remindAt: timing.remindAfterMs === null ? null : opensAt + timing.remindAfterMs,
    };
  });
}

export interface PaymentOpenRecord {
  schoolId: string;
  contractId: string;
  seq: number;
  dueDate: string;
  amountCents: number;
  total: number;
}

export interface PaymentOutcomeRecord {
  schoolId: string;
  contractId: string;
  seq: number;
  outcome: 'PAID' | 'FAILED';
  actorUserId: string;
  /** The day it was paid (the school's today when confirmed); counts toward that calendar year. */
  paidOn: string | null;
}

/** Whether `from` may become `to`: pending becomes paid or failed; a failed payment may still be paid. */
export function paymentTransition(from: PaymentStatus, to: 'PAID' | 'FAILED'): 'apply' | 'same' | 'refuse' {
  if (from === to) return 'same';
  if (from === 'PENDING') return 'apply';
  if (from === 'FAILED' && to === 'PAID') return 'apply';
  return 'refuse';
}

export interface PayorYearTotal {
  payorName: string;
  year: number;
  totalCents: number;
  payments: number;
  reportable: boolean;
}

/**
 * Paid payments summed per payor (names compared without case or outer spaces) and calendar year of payment,
 * flagged reportable at $600 (part 2 §9). Newest year first, then payor name.
 */
export function payorYearTotals(
  rows: readonly { payorName: string; paidOn: string; amountCents: number }[],
): PayorYearTotal[] {
  const totals = new Map<string, PayorYearTotal>();
  for (const r of rows) {
    const year = Number(r.paidOn.slice(0, 4));
    const key = `${year}:${r.payorName.trim().toLowerCase()}`;
    const t = totals.get(key) ?? { payorName: r.payorName.trim(), year, totalCents: 0, payments: 0, reportable: false };
    t.totalCents += r.amountCents;
    t.payments += 1;
    t.reportable = t.totalCents >= TAX_REPORTING_THRESHOLD_CENTS;
    totals.set(key, t);
  }
  return [...totals.values()].sort((a, b) => b.year - a.year || a.payorName.localeCompare(b.payorName));
}

/** The review task's input and the decision as the review workflow asks its activity to write it. */
export interface ContractTaskInput {
  schoolId: string;
  contractId: string;
  stepId: string;
}
export interface ContractDecisionRecord {
  schoolId: string;
  contractId: string;
  actorUserId: string;
  decision: 'APPROVE' | 'REJECT';
  reason: string | null;
}
