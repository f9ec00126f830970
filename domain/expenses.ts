/**
 * Recruiting expenses (spec part 1 §3 "Expense", §4 expense states; part 2 §5 amounts and files, §6 roles, §9
 * "Expenses: 30 uploads"): a coach files an expense with its receipts and signature, a school admin approves it or
 * rejects it with a reason. The approval runs as the `expense-approval:<expenseId>` process.
 */
import { wordCount } from './recruiting';

export const EXPENSE_CATEGORIES = {
  MEAL: 'Meal',
  TRANSPORTATION: 'Transportation',
  ACCOMMODATION: 'Accommodation',
  PARKING: 'Parking',
  OTHER: 'Other',
} as const;
export type ExpenseCategory = keyof typeof EXPENSE_CATEGORIES;

export const EXPENSE_STATUSES = { PENDING: 'Pending', APPROVED: 'Approved', REJECTED: 'Rejected' } as const;
export type ExpenseStatus = keyof typeof EXPENSE_STATUSES;

export const EXPENSE_LIMITS = {
  /** Spec part 2 §9: "Expenses: 30 uploads". */
  maxReceipts: 30,
  /** Spec part 2 §5: "Amount numeric, between $0 and $999,999". */
  maxAmountCents: 999_999_00,
  nameMaxLength: 120,
  commentsMaxLength: 2000,
  /** Spec part 2 §5 "Recruiting": "Reject reason max 50 words". */
  rejectReasonMaxWords: 50,
  /** A drawn signature travels as a PNG data URL (the e-signature pad's output). */
  signatureMaxLength: 1_000_000,
} as const;

export const expenseWorkflowId = (expenseId: string) => `expense-approval:${expenseId}`;

const PNG_DATA_URL = /^data:image\/png;base64,[A-Za-z0-9+/]+={0,2}$/;
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

export interface ExpenseInput {
  name?: unknown;
  category?: unknown;
  amount?: unknown;
  transactionDate?: unknown;
  comments?: unknown;
  signature?: unknown;
}

export interface CheckedExpense {
  name: string;
  category: ExpenseCategory;
  amountCents: number;
  transactionDate: string;
  comments: string | null;
  signature: string;
}

export type ExpenseProblemCode =
  | 'MANDATORY_FIELD'
  | 'EXPENSE_AMOUNT_RANGE'
  | 'EXPENSE_CATEGORY_INVALID'
  | 'EXPENSE_DATE_INVALID'
  | 'EXPENSE_SIGNATURE_REQUIRED'
  | 'VALIDATION_FAILED';

export interface ExpenseProblem {
  field: string;
  code: ExpenseProblemCode;
}

/** Dollars (a number or a numeric string, at most 2 decimals) to whole cents; null when not an amount in range. */
export function amountToCents(value: unknown): number | null {
  const text = typeof value === 'number' ? String(value) : typeof value === 'string' ? value.trim() : '';
  if (!/^\d+(\.\d{1,2})?$/.test(text)) return null;
  const cents = Math.round(Number(text) * 100);
  return cents >= 0 && cents <= EXPENSE_LIMITS.maxAmountCents ? cents : null;
}

function isRealDate(text: string): boolean {
  if (!ISO_DATE.test(text)) return false;
  const d = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === text;
}

/**
 * The spec's checks on a new expense: mandatory name, type, amount, date and signature; the amount between $0 and
 * $999,999; one of the five types; a real date not in the future (`today` is the school's date). Every problem is
 * listed, the first one names the error.
 */
export function checkExpense(
  input: ExpenseInput,
  today: string,
): { ok: true; value: CheckedExpense } | { ok: false; problems: ExpenseProblem[] } {
  const problems: ExpenseProblem[] = [];
  const text = (v: unknown) => (typeof v === 'string' ? v.trim() : '');
  const name = text(input.name);
  if (!name) problems.push({ field: 'name', code: 'MANDATORY_FIELD' });
  else if (name.length > EXPENSE_LIMITS.nameMaxLength) problems.push({ field: 'name', code: 'VALIDATION_FAILED' });
  const category = text(input.category).toUpperCase();
  if (!category) problems.push({ field: 'category', code: 'MANDATORY_FIELD' });
  else if (!(category in EXPENSE_CATEGORIES)) problems.push({ field: 'category', code: 'EXPENSE_CATEGORY_INVALID' });
  const amountEmpty = input.amount === undefined || input.amount === null || text(input.amount) === '';
  const amountCents = amountEmpty && typeof input.amount !== 'number' ? null : amountToCents(input.amount);
  if (amountEmpty && typeof input.amount !== 'number') problems.push({ field: 'amount', code: 'MANDATORY_FIELD' });
  else if (amountCents === null) problems.push({ field: 'amount', code: 'EXPENSE_AMOUNT_RANGE' });
  const transactionDate = text(input.transactionDate);
  if (!transactionDate) problems.push({ field: 'transactionDate', code: 'MANDATORY_FIELD' });
  else if (!isRealDate(transactionDate) || transactionDate > today) {
    problems.push({ field: 'transactionDate', code: 'EXPENSE_DATE_INVALID' });
  }
  const comments = text(input.comments);
  if (comments.length > EXPENSE_LIMITS.commentsMaxLength)
    problems.push({ field: 'comments', code: 'VALIDATION_FAILED' });
  const signature = typeof input.signature === 'string' ? input.signature : '';
  if (!signature || signature.length > EXPENSE_LIMITS.signatureMaxLength || !PNG_DATA_URL.test(signature)) {
    problems.push({ field: 'signature', code: 'EXPENSE_SIGNATURE_REQUIRED' });
  }
  if (problems.length > 0) return { ok: false, problems };
  return {
    ok: true,
    value: {
      name,
      category: category as ExpenseCategory,
      amountCents: amountCents!,
      transactionDate,
      comments: comments || null,
      signature,
    },
  };
}

/** A rejection needs a reason of at most 50 words; approval takes none. Returns the error code, or null. */
export function checkExpenseDecision(
  decision: 'APPROVE' | 'REJECT',
  reason: string | null | undefined,
): 'EXPENSE_REJECT_REASON_REQUIRED' | 'EXPENSE_REJECT_REASON_TOO_LONG' | null {
  if (decision !== 'REJECT') return null;
  const text = (reason ?? '').trim();
  if (!text) return 'EXPENSE_REJECT_REASON_REQUIRED';
  if (wordCount(text) > EXPENSE_LIMITS.rejectReasonMaxWords) return 'EXPENSE_REJECT_REASON_TOO_LONG';
  return null;
}

/** Whether one more receipt fits on an expense that has `count` already. */
export function receiptFits(count: number): boolean {
  return count < EXPENSE_LIMITS.maxReceipts;
}

/** Totals per type in cents, every type present (zero when none), in the spec's order. */
export function totalsByCategory(rows: readonly { category: string; amountCents: number }[]) {
  const totals = Object.fromEntries(Object.keys(EXPENSE_CATEGORIES).map((c) => [c, 0])) as Record<
    ExpenseCategory,
    number
  >;
  for (const r of rows) if (r.category in totals) totals[r.category as ExpenseCategory] += r.amountCents;
  return (Object.keys(EXPENSE_CATEGORIES) as ExpenseCategory[]).map((category) => ({
    category,
    label: EXPENSE_CATEGORIES[category],
    amountCents: totals[category],
  }));
}

/** $1,234.50 from cents. */
export function formatDollars(cents: number): string {
  return `$${(cents / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
}

/** The approval task the expense's workflow opens for the school admins (step `approve`). */
export interface ExpenseTaskInput {
  schoolId: string;
  expenseId: string;
  stepId: string;
}

/** A decision as the expense's workflow asks its activity to write it (status, task, audit, notification). */
export interface ExpenseDecisionRecord {
  schoolId: string;
  expenseId: string;
  actorUserId: string;
  decision: 'APPROVE' | 'REJECT';
  reason: string | null;
}
