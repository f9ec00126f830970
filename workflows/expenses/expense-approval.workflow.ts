import * as wf from '@temporalio/workflow';
import type { ExpenseApprovalActivities } from '../../activities/expenses/expense-approval.activities';
import { ERRORS, type ErrorCode } from '../../domain/errors';
import { checkExpenseDecision, type ExpenseStatus } from '../../domain/expenses';
import { markStep, tagProcess } from '../shared/search-attributes';
import { BusyLock } from '../shared/busy-lock';

/**
 * An expense's approval (id `expense-approval:<expenseId>`): the coach filed it (the API wrote the row and started
 * this process) → the school admins see it in My Tasks → one of them approves it, or rejects it with a reason of at
 * most 50 words, as an Update whose validator checks the actor, the reason and that it is still pending. The
 * decision is written in one idempotent transaction (status, task closed, audit event, the coach's notification).
 */
export interface ExpenseApprovalInput {
  schoolId: string;
  expenseId: string;
}
export interface ExpenseApprovalActor {
  userId: string;
  role: 'ADMIN';
}
export interface ExpenseApprovalState {
  status: ExpenseStatus;
}
export interface ExpenseDecision {
  actor: ExpenseApprovalActor;
  decision: 'APPROVE' | 'REJECT';
  reason?: string | null;
}

export const decideExpenseUpdate = wf.defineUpdate<ExpenseApprovalState, [ExpenseDecision]>('decideExpense');
export const expenseApprovalStateQuery = wf.defineQuery<ExpenseApprovalState>('expenseApprovalState');

const records = wf.proxyActivities<ExpenseApprovalActivities>({
  startToCloseTimeout: '30 seconds',
  retry: {
    initialInterval: '500 milliseconds',
    backoffCoefficient: 2,
    maximumInterval: '1 minute',
    nonRetryableErrorTypes: ['NOT_FOUND', 'ALREADY_DECIDED'],
  },
});

function fail(code: ErrorCode): never {
  throw wf.ApplicationFailure.create({ type: code, message: ERRORS[code].message, nonRetryable: true });
}

export async function expenseApprovalWorkflow(input: ExpenseApprovalInput): Promise<ExpenseApprovalState> {
  let status = 'PENDING' as ExpenseStatus;
  const lock = new BusyLock();
  const state = (): ExpenseApprovalState => ({ status });
  wf.setHandler(expenseApprovalStateQuery, state);

  const guard = (actor: ExpenseApprovalActor) => {
    if (!actor || typeof actor.userId !== 'string' || !actor.userId || actor.role !== 'ADMIN') fail('FORBIDDEN');
    if (status !== 'PENDING') fail('ALREADY_DECIDED');
  };

  wf.setHandler(
    decideExpenseUpdate,
    async (args) => {
      // One decision at a time: a second arriving while the first is written waits, then finds it decided.
      while (lock.busy) await lock.released();
      guard(args.actor);
      await lock.hold(async () => {
        const reason = args.decision === 'REJECT' ? (args.reason ?? '').trim() : null;
        await records.decideExpense({ ...input, actorUserId: args.actor.userId, decision: args.decision, reason });
        status = args.decision === 'APPROVE' ? 'APPROVED' : 'REJECTED';
      });
      return state();
    },
    {
      validator: (args) => {
        guard(args.actor);
        if (lock.busy) fail('ALREADY_DECIDED');
        if (args.decision !== 'APPROVE' && args.decision !== 'REJECT') fail('VALIDATION_FAILED');
        const problem = checkExpenseDecision(args.decision, args.reason);
        if (problem) fail(problem);
      },
    },
  );

  tagProcess({ schoolId: input.schoolId, module: 'expense-approval', entityId: input.expenseId });
  await records.openExpenseTask({ ...input, stepId: 'approve' });
  markStep('approve', 'SCHOOL_ADMIN');
  await wf.condition(() => status !== 'PENDING' && !lock.busy);
  markStep(status === 'APPROVED' ? 'approved' : 'rejected', null);
  await wf.condition(wf.allHandlersFinished);
  return state();
}
