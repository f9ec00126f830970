import { WorkflowNotFoundError, WorkflowUpdateFailedError, type Client } from '@temporalio/client';
import { AppError, ERRORS, type ErrorCode } from '../../domain/errors';
import { expenseWorkflowId } from '../../domain/expenses';
import { expenseApprovalWorkflow } from '../../workflows/expenses/expense-approval.workflow';
import { taskQueueOf, updateFailureType } from '../shared/workflow-client';
import type { AuthContext, ServerDeps } from '../types';
import type { ExpenseScope } from './expenses.repository';

/** A school admin (`recruiting:approve`) sees every expense of the school; anyone else only their own. */
export function expenseScope(auth: AuthContext): ExpenseScope {
  return {
    schoolId: auth.school.id,
    ownerUserId: auth.permissions.has('recruiting:approve') ? null : auth.user.id,
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
export function toExpenseDecisionError(err: unknown): AppError {
  if (err instanceof AppError) return err;
  if (err instanceof WorkflowUpdateFailedError) {
    const type = updateFailureType(err);
    if (type && UPDATE_CODES.has(type) && type in ERRORS) return new AppError(type as ErrorCode);
    return new AppError('ALREADY_DECIDED');
  }
  if (err instanceof WorkflowNotFoundError) return new AppError('ALREADY_DECIDED');
  return new AppError('WORKFLOW_UNAVAILABLE');
}
