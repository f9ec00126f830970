import type { Client } from '@temporalio/client';
import { toCsv } from '../../domain/csv';
import { AppError, ERRORS } from '../../domain/errors';
import {
  checkExpense,
  checkExpenseDecision,
  expenseWorkflowId,
  receiptFits,
  type ExpenseInput,
} from '../../domain/expenses';
import { decideExpenseUpdate, expenseApprovalWorkflow } from '../../workflows/expenses/expense-approval.workflow';
import { checkAttachment, type UploadedFile } from '../disclosures/disclosure-files.service';
import { todayIn } from '../forms/school-today';
import { deleteStoredFile, insertStoredFile } from '../shared/stored-files.repository';
import { auditBy, type Actor, type CoreDeps } from '../shared/use-case';
import { requireTemporal, taskQueueOf, updateErrorMapper } from '../shared/workflow-client';
import type { ServerDeps } from '../types';
import {
  allExpenses,
  countReceipts,
  deletePendingExpense,
  deleteReceipt,
  expenseSubmitters,
  findExpense,
  findReceipt,
  insertExpense,
  insertReceipt,
  listExpenses,
  lockExpenseStatus,
  type ExpenseDetail,
  type ExpenseFilters,
  type ExpenseScope,
} from './expenses.repository';

/** The purpose stored with a receipt's bytes (`stored_files.purpose`). */
export const RECEIPT_FILE_PURPOSE = 'expense-receipt';

/** A school admin (`recruiting:approve`) sees every expense of the school; anyone else only their own. */
export function expenseScope(actor: Pick<Actor, 'schoolId' | 'userId' | 'permissions'>): ExpenseScope {
  return {
    schoolId: actor.schoolId,
    ownerUserId: actor.permissions.has('recruiting:approve') ? null : actor.userId,
  };
}

/** Starts (or joins) the expense's approval process; its id is the business key, so a retry never starts two. */
export async function startExpenseWorkflow(
  deps: Pick<ServerDeps, 'taskQueue'>,
  temporal: Client,
  input: { schoolId: string; expenseId: string },
) {
  return temporal.workflow.start(expenseApprovalWorkflow, {
    workflowId: expenseWorkflowId(input.expenseId),
    taskQueue: taskQueueOf(deps),
    workflowIdConflictPolicy: 'USE_EXISTING',
    args: [input],
  });
}

const UPDATE_CODES = new Set<string>([
  'FORBIDDEN',
  'ALREADY_DECIDED',
  'VALIDATION_FAILED',
  'NOT_FOUND',
  'EXPENSE_REJECT_REASON_REQUIRED',
  'EXPENSE_REJECT_REASON_TOO_LONG',
]);

/** The decision Update's failure (its validator's or its activity's) becomes the catalogue error it names. */
export const toExpenseDecisionError = updateErrorMapper(UPDATE_CODES, 'ALREADY_DECIDED');

/** An expense as its viewer sees it, with the school's time zone its times are shown in. */
export type ExpenseView = ExpenseDetail & { timeZone: string };

/** The expense as its viewer may see it; anyone else's (or another school's) answers 404. */
export async function getExpense(deps: CoreDeps, actor: Actor, id: string): Promise<ExpenseView> {
  const expense = await findExpense(deps.db, expenseScope(actor), id);
  if (!expense) throw new AppError('NOT_FOUND');
  return { ...expense, timeZone: actor.timeZone };
}

/** The actor's own pending expense (receipts change only then); anyone else's answers 404. */
async function ownPendingExpense(deps: CoreDeps, actor: Actor, id: string): Promise<ExpenseView> {
  const expense = await getExpense(deps, actor, id);
  if (expense.submittedBy !== actor.userId) throw new AppError('NOT_FOUND');
  if (expense.status !== 'PENDING') throw new AppError('EXPENSE_NOT_EDITABLE');
  return expense;
}

/** One page of the expenses the actor may see, with the submitter filter's choices for an admin. */
export async function listExpensesFor(
  deps: CoreDeps,
  actor: Actor,
  input: ExpenseFilters & { limit?: number; offset?: number },
) {
  const scope = expenseScope(actor);
  const { limit = 50, offset = 0, ...filters } = input;
  const [page, submitters] = await Promise.all([
    listExpenses(deps.db, scope, filters, { limit, offset }),
    scope.ownerUserId ? Promise.resolve([]) : expenseSubmitters(deps.db, actor.schoolId),
  ]);
  return { ...page, limit, offset, submitters, canApprove: scope.ownerUserId === null };
}

const CSV_HEADER = ['Date', 'Name', 'Type', 'Amount (USD)', 'Status', 'Submitted by', 'Receipts', 'Comments', 'Reason'];

/** The filtered expenses as CSV text (formula cells made safe), the export audited. */
export async function exportExpenses(deps: CoreDeps, actor: Actor, filters: ExpenseFilters): Promise<string> {
  const rows = await allExpenses(deps.db, expenseScope(actor), filters);
  const table = [
    CSV_HEADER,
    ...rows.map((r) => [
      r.transactionDate,
      r.name,
      r.categoryLabel,
      (r.amountCents / 100).toFixed(2),
      r.statusLabel,
      r.submitterName ?? '',
      String(r.receiptCount),
      r.comments ?? '',
      r.rejectReason ?? '',
    ]),
  ];
  await auditBy(deps.db, actor, { action: 'expense.exported', targetType: 'expense', details: { rows: rows.length } });
  return `\uFEFF${toCsv(table)}`;
}

/** Files a signed expense and starts its approval; if the process cannot start, the expense is taken back. */
export async function fileExpense(deps: CoreDeps, actor: Actor, input: ExpenseInput): Promise<ExpenseView> {
  const checked = checkExpense(input, todayIn(actor.timeZone, deps.now()));
  if (!checked.ok) {
    const details = checked.problems.map((p) => ({ field: p.field, code: p.code, message: ERRORS[p.code].message }));
    throw new AppError(checked.problems[0]!.code, details);
  }
  const temporal = requireTemporal(deps);
  const v = checked.value;
  const id = await deps.db.transaction().execute(async (trx) => {
    const expenseId = await insertExpense(
      trx,
      {
        schoolId: actor.schoolId,
        submittedBy: actor.userId,
        name: v.name,
        category: v.category,
        amountCents: v.amountCents,
        transactionDate: v.transactionDate,
        comments: v.comments,
        signature: v.signature,
        signedIp: actor.ip,
        signedUserAgent: actor.userAgent,
      },
      expenseWorkflowId,
    );
    await auditBy(trx, actor, {
      action: 'expense.submitted',
      targetType: 'expense',
      targetId: expenseId,
      details: { category: v.category, amountCents: v.amountCents, transactionDate: v.transactionDate },
    });
    return expenseId;
  });
  try {
    await startExpenseWorkflow(deps, temporal, { schoolId: actor.schoolId, expenseId: id });
  } catch (err) {
    deps.log?.error({ err }, 'expense approval workflow could not start');
    await deletePendingExpense(deps.db, id);
    throw new AppError('WORKFLOW_UNAVAILABLE');
  }
  return getExpense(deps, actor, id);
}

/**
 * Adds one checked receipt to the actor's own pending expense (30 at most, counted under the row's lock). `upload`
 * reads the file only once the expense is known to take one, so a refused upload's bytes are never read.
 */
export async function addExpenseReceipt(
  deps: CoreDeps,
  actor: Actor,
  input: { expenseId: string; upload: () => Promise<UploadedFile> },
): Promise<ExpenseView> {
  const expense = await ownPendingExpense(deps, actor, input.expenseId);
  const full = () =>
    new AppError('EXPENSE_RECEIPTS_LIMIT', [{ field: 'file', message: ERRORS.EXPENSE_RECEIPTS_LIMIT.message }]);
  if (!receiptFits(expense.receipts.length)) throw full();
  const upload = await input.upload();
  const { contentType } = checkAttachment(upload);
  await deps.db.transaction().execute(async (trx) => {
    // The row lock makes the count and the insert one step: two uploads at once cannot make a 31st receipt.
    if ((await lockExpenseStatus(trx, actor.schoolId, expense.id)) !== 'PENDING') {
      throw new AppError('EXPENSE_NOT_EDITABLE');
    }
    if (!receiptFits(await countReceipts(trx, expense.id))) throw full();
    const file = await insertStoredFile(trx, actor.schoolId, {
      uploadedBy: actor.userId,
      purpose: RECEIPT_FILE_PURPOSE,
      filename: upload.filename,
      contentType,
      bytes: upload.bytes,
    });
    await insertReceipt(trx, { schoolId: actor.schoolId, expenseId: expense.id, uploadedBy: actor.userId, file });
    await auditBy(trx, actor, {
      action: 'expense.receipt_uploaded',
      targetType: 'expense',
      targetId: expense.id,
      details: { fileId: file.id, filename: file.filename, size: file.sizeBytes, sha256: file.sha256 },
    });
  });
  return getExpense(deps, actor, expense.id);
}

/** Removes a receipt (and its bytes) from the actor's own pending expense. */
export async function removeExpenseReceipt(
  deps: CoreDeps,
  actor: Actor,
  input: { expenseId: string; receiptId: string },
): Promise<ExpenseView> {
  const expense = await ownPendingExpense(deps, actor, input.expenseId);
  const receipt = await findReceipt(deps.db, actor.schoolId, expense.id, input.receiptId);
  if (!receipt) throw new AppError('NOT_FOUND');
  await deps.db.transaction().execute(async (trx) => {
    await deleteReceipt(trx, receipt.id);
    await deleteStoredFile(trx, actor.schoolId, receipt.file_id, RECEIPT_FILE_PURPOSE);
    await auditBy(trx, actor, {
      action: 'expense.receipt_removed',
      targetType: 'expense',
      targetId: expense.id,
      details: { fileId: receipt.file_id, filename: receipt.filename },
    });
  });
  return getExpense(deps, actor, expense.id);
}

/** The stored file behind a receipt of an expense the actor may see (the route sends it, audited). */
export async function findExpenseReceiptFile(
  deps: CoreDeps,
  actor: Actor,
  input: { expenseId: string; receiptId: string },
): Promise<{ expenseId: string; fileId: string }> {
  const expense = await getExpense(deps, actor, input.expenseId);
  const receipt = await findReceipt(deps.db, actor.schoolId, expense.id, input.receiptId);
  if (!receipt) throw new AppError('NOT_FOUND');
  return { expenseId: expense.id, fileId: receipt.file_id };
}

/** A school admin approves, or rejects with a reason: an Update on the expense's approval process. */
export async function decideExpense(
  deps: CoreDeps,
  actor: Actor,
  input: { expenseId: string; decision: 'APPROVE' | 'REJECT'; reason?: string | null },
): Promise<ExpenseView> {
  const expense = await getExpense(deps, actor, input.expenseId);
  if (expense.status !== 'PENDING') throw new AppError('ALREADY_DECIDED');
  // Separation of duties: whoever spent the money does not approve it.
  if (expense.submittedBy === actor.userId) throw new AppError('EXPENSE_OWN_DECISION');
  const { decision, reason } = input;
  const problem = checkExpenseDecision(decision, reason);
  if (problem) throw new AppError(problem, [{ field: 'reason', message: ERRORS[problem].message }]);
  const temporal = requireTemporal(deps);
  try {
    await temporal.workflow.getHandle(expense.workflowId).executeUpdate(decideExpenseUpdate, {
      args: [{ actor: { userId: actor.userId, role: 'ADMIN' }, decision, reason: reason ?? null }],
    });
  } catch (err) {
    const mapped = toExpenseDecisionError(err);
    if (mapped.code === 'WORKFLOW_UNAVAILABLE') deps.log?.error({ err }, 'expense decision failed');
    throw mapped;
  }
  return getExpense(deps, actor, expense.id);
}
