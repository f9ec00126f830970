import { sql, type Kysely } from 'kysely';
import {
  EXPENSE_CATEGORIES,
  EXPENSE_STATUSES,
  totalsByCategory,
  type ExpenseCategory,
  type ExpenseStatus,
} from '../../domain/expenses';
import type { Database } from '../../migrations/database';
import { fullNameOrNull } from '../shared/people-names';

type Db = Kysely<Database>;

/** Who may see which expenses: a school admin sees the school's, anyone else only their own. */
export interface ExpenseScope {
  schoolId: string;
  /** null for a school admin (every expense of the school). */
  ownerUserId: string | null;
}

export interface ExpenseFilters {
  status?: string;
  category?: string;
  from?: string;
  to?: string;
  submittedBy?: string;
}

function baseQuery(db: Db, scope: ExpenseScope, f: ExpenseFilters) {
  let q = db
    .selectFrom('expenses as e')
    .leftJoin('users as u', 'u.id', 'e.submitted_by')
    .leftJoin('users as d', 'd.id', 'e.decided_by')
    .where('e.school_id', '=', scope.schoolId);
  if (scope.ownerUserId) q = q.where('e.submitted_by', '=', scope.ownerUserId);
  if (f.status) q = q.where('e.status', '=', f.status as ExpenseStatus);
  if (f.category) q = q.where('e.category', '=', f.category as ExpenseCategory);
  if (f.from) q = q.where('e.transaction_date', '>=', f.from);
  if (f.to) q = q.where('e.transaction_date', '<=', f.to);
  if (f.submittedBy) q = q.where('e.submitted_by', '=', f.submittedBy);
  return q;
}

const COLUMNS = [
  'e.id',
  'e.name',
  'e.category',
  'e.amount_cents',
  'e.transaction_date',
  'e.comments',
  'e.status',
  'e.reject_reason',
  'e.submitted_by',
  'e.decided_at',
  'e.signed_at',
  'e.created_at',
  fullNameOrNull('u').as('submitter_name'),
  fullNameOrNull('d').as('decider_name'),
  sql<number>`(select count(*)::int from expense_receipts r where r.expense_id = e.id)`.as('receipt_count'),
] as const;

type Row = Awaited<ReturnType<typeof listRows>>[number];

function listRows(db: Db, scope: ExpenseScope, f: ExpenseFilters, page?: { limit: number; offset: number }) {
  let q = baseQuery(db, scope, f)
    .select(COLUMNS)
    .orderBy('e.transaction_date', 'desc')
    .orderBy('e.created_at', 'desc')
    .orderBy('e.id');
  if (page) q = q.limit(page.limit).offset(page.offset);
  return q.execute();
}

export function toExpenseDto(r: Row) {
  return {
    id: r.id,
    name: r.name,
    category: r.category,
    categoryLabel: EXPENSE_CATEGORIES[r.category],
    amountCents: r.amount_cents,
    transactionDate: r.transaction_date,
    comments: r.comments,
    status: r.status,
    statusLabel: EXPENSE_STATUSES[r.status],
    rejectReason: r.reject_reason,
    submittedBy: r.submitted_by,
    submitterName: r.submitter_name,
    deciderName: r.decider_name,
    decidedAt: r.decided_at ? new Date(r.decided_at).toISOString() : null,
    signedAt: new Date(r.signed_at).toISOString(),
    createdAt: new Date(r.created_at).toISOString(),
    receiptCount: Number(r.receipt_count),
  };
}
export type ExpenseDto = ReturnType<typeof toExpenseDto>;

/** One page of the scope's expenses with the filtered list's count and its totals per type. */
export async function listExpenses(
  db: Db,
  scope: ExpenseScope,
  f: ExpenseFilters,
  page: { limit: number; offset: number },
) {
  const [rows, sums] = await Promise.all([
    listRows(db, scope, f, page),
    baseQuery(db, scope, f)
      .select(['e.category', sql<number>`count(*)::int`.as('n'), sql<string>`sum(e.amount_cents)`.as('cents')])
      .groupBy('e.category')
      .execute(),
  ]);
  const totals = totalsByCategory(sums.map((s) => ({ category: s.category, amountCents: Number(s.cents) })));
  return {
    items: rows.map(toExpenseDto),
    total: sums.reduce((n, s) => n + Number(s.n), 0),
    totalCents: totals.reduce((n, t) => n + t.amountCents, 0),
    totals,
  };
}

/** Every expense of the filtered list (the CSV export). */
export async function allExpenses(db: Db, scope: ExpenseScope, f: ExpenseFilters) {
  return (await listRows(db, scope, f)).map(toExpenseDto);
}

export async function findExpense(db: Db, scope: ExpenseScope, id: string) {
  const row = await baseQuery(db, scope, {})
    .where('e.id', '=', id)
    .select([...COLUMNS, 'e.signature', 'e.workflow_id'])
    .executeTakeFirst();
  if (!row) return null;
  const receipts = await db
    .selectFrom('expense_receipts')
    .select(['id', 'filename', 'content_type', 'size_bytes', 'created_at'])
    .where('school_id', '=', scope.schoolId)
    .where('expense_id', '=', id)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  return {
    ...toExpenseDto(row),
    signature: row.signature,
    workflowId: row.workflow_id,
    receipts: receipts.map((r) => ({
      id: r.id,
      filename: r.filename,
      contentType: r.content_type,
      sizeBytes: r.size_bytes,
      uploadedAt: new Date(r.created_at).toISOString(),
    })),
  };
}
export type ExpenseDetail = NonNullable<Awaited<ReturnType<typeof findExpense>>>;

/** The people who filed expenses in the school (the admin's submitter filter). */
export async function expenseSubmitters(db: Db, schoolId: string) {
  const rows = await db
    .selectFrom('expenses as e')
    .innerJoin('users as u', 'u.id', 'e.submitted_by')
    .where('e.school_id', '=', schoolId)
    .select(['u.id', 'u.first_name', 'u.last_name'])
    .distinct()
    .orderBy('u.last_name')
    .orderBy('u.first_name')
    .execute();
  return rows.map((r) => ({ id: r.id, name: `${r.first_name} ${r.last_name}` }));
}

/** A new expense, signed, with its approval process's id (the business key) already set. */
export async function insertExpense(
  db: Db,
  expense: {
    schoolId: string;
    submittedBy: string;
    name: string;
    category: ExpenseCategory;
    amountCents: number;
    transactionDate: string;
    comments: string | null;
    signature: string;
    signedIp: string | null;
    signedUserAgent: string | null;
  },
  workflowIdOf: (id: string) => string,
): Promise<string> {
  const row = await db
    .insertInto('expenses')
    .values({
      school_id: expense.schoolId,
      submitted_by: expense.submittedBy,
      name: expense.name,
      category: expense.category,
      amount_cents: expense.amountCents,
      transaction_date: expense.transactionDate,
      comments: expense.comments,
      signature: expense.signature,
      signed_ip: expense.signedIp,
      signed_user_agent: expense.signedUserAgent,
      workflow_id: 'pending',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .updateTable('expenses')
    .set({ workflow_id: workflowIdOf(row.id) })
    .where('id', '=', row.id)
    .execute();
  return row.id;
}

/** Takes back an expense whose approval process could not start (only while nobody has decided it). */
export async function deletePendingExpense(db: Db, id: string): Promise<void> {
  await db.deleteFrom('expenses').where('id', '=', id).where('status', '=', 'PENDING').execute();
}

/** Locks the expense row for the rest of the transaction and reads its status (undefined: no such expense). */
export async function lockExpenseStatus(db: Db, schoolId: string, id: string): Promise<ExpenseStatus | undefined> {
  const row = await db
    .selectFrom('expenses')
    .select('status')
    .where('id', '=', id)
    .where('school_id', '=', schoolId)
    .forUpdate()
    .executeTakeFirst();
  return row?.status;
}

export async function countReceipts(db: Db, expenseId: string): Promise<number> {
  const { n } = await db
    .selectFrom('expense_receipts')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('expense_id', '=', expenseId)
    .executeTakeFirstOrThrow();
  return Number(n);
}

export async function insertReceipt(
  db: Db,
  receipt: {
    schoolId: string;
    expenseId: string;
    uploadedBy: string;
    file: { id: string; filename: string; contentType: string; sizeBytes: number; sha256: string };
  },
): Promise<void> {
  await db
    .insertInto('expense_receipts')
    .values({
      school_id: receipt.schoolId,
      expense_id: receipt.expenseId,
      file_id: receipt.file.id,
      filename: receipt.file.filename,
      content_type: receipt.file.contentType,
      size_bytes: receipt.file.sizeBytes,
      sha256: receipt.file.sha256,
      uploaded_by: receipt.uploadedBy,
    })
    .execute();
}

/** One receipt of one expense of the school, or undefined. */
export async function findReceipt(db: Db, schoolId: string, expenseId: string, receiptId: string) {
  return db
    .selectFrom('expense_receipts')
    .select(['id', 'file_id', 'filename'])
    .where('school_id', '=', schoolId)
    .where('expense_id', '=', expenseId)
    .where('id', '=', receiptId)
    .executeTakeFirst();
}

export async function deleteReceipt(db: Db, receiptId: string): Promise<void> {
  await db.deleteFrom('expense_receipts').where('id', '=', receiptId).execute();
}
