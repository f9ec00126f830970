import { ApplicationFailure } from '@temporalio/activity';
import type { Kysely } from 'kysely';
import { recordAudit } from '../../api/audit/audit.repository';
import { insertNotification, notifyEach } from '../../api/notifications/notifications.repository';
import { listSchoolAdmins } from '../../api/rosters/rosters.repository';
import { ensureTasks } from '../../api/tasks/tasks.repository';
import { ERRORS, type ErrorCode } from '../../domain/errors';
import {
  EXPENSE_CATEGORIES,
  expenseWorkflowId,
  formatDollars,
  type ExpenseDecisionRecord,
  type ExpenseTaskInput,
} from '../../domain/expenses';
import type { Database } from '../../migrations/database';
import { currentSideEffectKey } from '../shared/idempotency';

const stop = (code: ErrorCode) => ApplicationFailure.nonRetryable(ERRORS[code].message, code);

/**
 * The expense approval's writes. The decision locks the expense row and reads its status first, so a retry after a
 * killed worker finds it written and changes nothing; the audit event and notification carry keys from the workflow.
 */
export function createExpenseApprovalActivities(deps: { db: Kysely<Database> }) {
  const { db } = deps;
  return {
    /** Puts the approval in the school admins' My Tasks and tells each of them (once). */
    async openExpenseTask(input: ExpenseTaskInput): Promise<void> {
      const row = await db
        .selectFrom('expenses as e')
        .leftJoin('users as u', 'u.id', 'e.submitted_by')
        .where('e.id', '=', input.expenseId)
        .where('e.school_id', '=', input.schoolId)
        .select(['e.status', 'e.name', 'e.category', 'e.amount_cents', 'e.submitted_by', 'u.first_name', 'u.last_name'])
        .executeTakeFirst();
      if (!row || row.status !== 'PENDING') return;
      const who = row.first_name ? `${row.first_name} ${row.last_name}` : 'A coach';
      const category = EXPENSE_CATEGORIES[row.category];
      const amount = formatDollars(row.amount_cents);
      await ensureTasks(db, input.schoolId, [
        {
          workflowId: expenseWorkflowId(input.expenseId),
          module: 'expense-approval',
          entityId: input.expenseId,
          stepId: input.stepId,
          stepName: 'Approve expense',
          assigneeRole: 'SCHOOL_ADMIN',
          title: `Approve ${who}'s ${category.toLowerCase()} expense "${row.name}" of ${amount}`,
          url: `/expenses?expense=${input.expenseId}`,
        },
      ]);
      await notifyEach(db, {
        schoolId: input.schoolId,
        userIds: await listSchoolAdmins(db, input.schoolId),
        skip: row.submitted_by,
        payload: {
          module: 'recruiting',
          status: 'init',
          title: 'Expense submitted',
          body: `${who} submitted "${row.name}" (${category}, ${amount}) for approval.`,
          featureData: { expenseId: input.expenseId },
        },
        keyOf: (userId) => currentSideEffectKey('notification', `submitted:${userId}`),
      });
    },

    async decideExpense(input: ExpenseDecisionRecord): Promise<void> {
      const target = input.decision === 'APPROVE' ? 'APPROVED' : 'REJECTED';
      await db.transaction().execute(async (trx) => {
        const expense = await trx
          .selectFrom('expenses')
          .select(['id', 'status', 'name', 'submitted_by'])
          .where('id', '=', input.expenseId)
          .where('school_id', '=', input.schoolId)
          .forUpdate()
          .executeTakeFirst();
        if (!expense) throw stop('NOT_FOUND');
        if (expense.status === target) return;
        if (expense.status !== 'PENDING') throw stop('ALREADY_DECIDED');
        await trx
          .updateTable('expenses')
          .set({ status: target, decided_by: input.actorUserId, decided_at: new Date(), reject_reason: input.reason })
          .where('id', '=', expense.id)
          .execute();
        await trx
          .updateTable('tasks')
          .set({ status: 'DONE', completed_at: new Date(), completed_by: input.actorUserId })
          .where('school_id', '=', input.schoolId)
          .where('workflow_id', '=', expenseWorkflowId(expense.id))
          .where('status', '=', 'OPEN')
          .execute();
        await recordAudit(trx, {
          schoolId: input.schoolId,
          actorUserId: input.actorUserId,
          action: target === 'APPROVED' ? 'expense.approved' : 'expense.rejected',
          targetType: 'expense',
          targetId: expense.id,
          details: input.reason ? { reason: input.reason } : {},
          idempotencyKey: currentSideEffectKey('audit', 'decide'),
        });
        if (expense.submitted_by && expense.submitted_by !== input.actorUserId) {
          await insertNotification(trx, {
            schoolId: input.schoolId,
            userId: expense.submitted_by,
            payload: {
              module: 'recruiting',
              status: 'acknowledge',
              title: target === 'APPROVED' ? 'Expense approved' : 'Expense rejected',
              body:
                target === 'APPROVED'
                  ? `Your expense "${expense.name}" was approved.`
                  : `Your expense "${expense.name}" was rejected: ${input.reason}`,
              featureData: { expenseId: expense.id },
            },
            dedupeKey: currentSideEffectKey('notification', 'decide'),
          });
        }
      });
    },
  };
}

export type ExpenseApprovalActivities = ReturnType<typeof createExpenseApprovalActivities>;
