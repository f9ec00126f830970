import { ApplicationFailure } from '@temporalio/activity';
import type { Kysely } from 'kysely';
import { recordAudit } from '../../api/audit/audit.repository';
import {
  insertTaxFlag,
  lockContract,
  lockPayment,
  openPaymentRow,
  paidByPayorInYear,
} from '../../api/contracts/contracts.repository';
import { insertNotification, notifyEach } from '../../api/notifications/notifications.repository';
import { listSchoolAdmins } from '../../api/rosters/rosters.repository';
import { ensureTasks } from '../../api/tasks/tasks.repository';
import {
  contractReviewWorkflowId,
  formatDollars,
  paymentTransition,
  TAX_REPORTING_THRESHOLD_CENTS,
  type ContractDecisionRecord,
  type ContractTaskInput,
  type PaymentOpenRecord,
  type PaymentOutcomeRecord,
} from '../../domain/contracts';
import { ERRORS, type ErrorCode } from '../../domain/errors';
import type { Database } from '../../migrations/database';
import { currentSideEffectKey } from '../shared/idempotency';

const stop = (code: ErrorCode) => ApplicationFailure.nonRetryable(ERRORS[code].message, code);

/**
 * The writes of the contract review and payment schedule processes. Each locks its row and reads it first, so a
 * retry after a killed worker finds its work done and changes nothing; audit events and notifications carry keys
 * from the workflow id and the step, never the attempt.
 */
export function createContractActivities(deps: { db: Kysely<Database> }) {
  const { db } = deps;

  const contractSummary = (contractId: string, schoolId: string) =>
    db
      .selectFrom('contracts as c')
      .innerJoin('users as a', 'a.id', 'c.athlete_user_id')
      .where('c.id', '=', contractId)
      .where('c.school_id', '=', schoolId)
      .select([
        'c.id',
        'c.status',
        'c.payor_name',
        'c.total_cents',
        'c.athlete_user_id',
        'c.disclosure_id',
        'c.created_by',
        'a.first_name',
        'a.last_name',
      ])
      .executeTakeFirst();

  return {
    /** Puts the review in the school admins' My Tasks and tells each of them (once). */
    async openContractTask(input: ContractTaskInput): Promise<void> {
      const c = await contractSummary(input.contractId, input.schoolId);
      if (!c || c.status !== 'PENDING') return;
      const who = `${c.first_name} ${c.last_name}`.trim() || 'An athlete';
      const amount = formatDollars(c.total_cents);
      await ensureTasks(db, input.schoolId, [
        {
          workflowId: contractReviewWorkflowId(c.id),
          module: 'contract-review',
          entityId: c.id,
          stepId: input.stepId,
          stepName: 'Review contract',
          assigneeRole: 'SCHOOL_ADMIN',
          title: `Review ${who}'s contract with ${c.payor_name} for ${amount}`,
          url: `/Contracts?contract=${c.id}`,
        },
      ]);
      await notifyEach(db, {
        schoolId: input.schoolId,
        userIds: await listSchoolAdmins(db, input.schoolId),
        skip: c.created_by,
        payload: {
          module: 'disclosure',
          status: 'new',
          title: 'Contract to review',
          body: `${who} added a contract with ${c.payor_name} (${amount}) for review.`,
          hasContract: 'true',
          disclosureId: c.disclosure_id,
          studentId: c.athlete_user_id,
        },
        keyOf: (userId) => currentSideEffectKey('notification', `review:${userId}`),
      });
    },

    async decideContract(input: ContractDecisionRecord): Promise<void> {
      const target = input.decision === 'APPROVE' ? 'ACTIVE' : 'REJECTED';
      await db.transaction().execute(async (trx) => {
        const c = await lockContract(trx, input.schoolId, input.contractId);
        if (!c) throw stop('NOT_FOUND');
        if (c.status === target) return;
        if (c.status !== 'PENDING') throw stop('CONTRACT_NOT_PENDING');
        await trx
          .updateTable('contracts')
          .set({ status: target, decided_by: input.actorUserId, decided_at: new Date(), reject_reason: input.reason })
          .where('id', '=', c.id)
          .execute();
        await trx
          .updateTable('tasks')
          .set({ status: 'DONE', completed_at: new Date(), completed_by: input.actorUserId })
          .where('school_id', '=', input.schoolId)
          .where('workflow_id', '=', contractReviewWorkflowId(c.id))
          .where('status', '=', 'OPEN')
          .execute();
        await recordAudit(trx, {
          schoolId: input.schoolId,
          actorUserId: input.actorUserId,
          action: target === 'ACTIVE' ? 'contract.approved' : 'contract.rejected',
          targetType: 'contract',
          targetId: c.id,
          details: input.reason ? { reason: input.reason } : {},
          idempotencyKey: currentSideEffectKey('audit', 'decide'),
        });
        if (c.athlete_user_id !== input.actorUserId) {
          await insertNotification(trx, {
            schoolId: input.schoolId,
            userId: c.athlete_user_id,
            payload: {
              module: 'disclosure',
              status: 'accepted',
              title: target === 'ACTIVE' ? 'Contract approved' : 'Contract rejected',
              body:
                target === 'ACTIVE'
                  ? `Your contract with ${c.payor_name} was approved.`
                  : `Your contract with ${c.payor_name} was rejected: ${input.reason}`,
              hasContract: 'true',
              disclosureId: c.disclosure_id,
            },
            dedupeKey: currentSideEffectKey('notification', 'decide'),
          });
        }
      });
    },

    /** Opens one payment as pending (once) and tells the athlete it is on its way. */
    async openPayment(input: PaymentOpenRecord): Promise<void> {
      const c = await contractSummary(input.contractId, input.schoolId);
      if (!c) throw stop('NOT_FOUND');
      await openPaymentRow(db, input);
      await insertNotification(db, {
        schoolId: input.schoolId,
        userId: c.athlete_user_id,
        payload: {
          module: 'disclosure',
          status: 'new',
          title: 'Payment scheduled',
          body: `Payment ${input.seq} of ${input.total} from ${c.payor_name} (${formatDollars(input.amountCents)}) is due on ${input.dueDate}.`,
          hasContract: 'true',
          disclosureId: c.disclosure_id,
        },
        dedupeKey: currentSideEffectKey('notification', `open-${input.seq}`),
      });
    },

    /** Reminds the school's admins, who confirm payments, that a payment still pending is about to be due. */
    async remindPayment(input: PaymentOpenRecord): Promise<void> {
      const c = await contractSummary(input.contractId, input.schoolId);
      if (!c) throw stop('NOT_FOUND');
      const who = `${c.first_name} ${c.last_name}`.trim();
      await notifyEach(db, {
        schoolId: input.schoolId,
        userIds: await listSchoolAdmins(db, input.schoolId),
        payload: {
          module: 'disclosure',
          status: 'new',
          title: 'Payment due soon',
          body: `Payment ${input.seq} of ${input.total} from ${c.payor_name} to ${who} (${formatDollars(input.amountCents)}) is due on ${input.dueDate} and not yet confirmed.`,
          hasContract: 'true',
          disclosureId: c.disclosure_id,
          studentId: c.athlete_user_id,
        },
        keyOf: (userId) => currentSideEffectKey('notification', `remind-${input.seq}:${userId}`),
      });
      await db
        .updateTable('contract_payments')
        .set({ reminded_at: new Date() })
        .where('contract_id', '=', input.contractId)
        .where('seq', '=', input.seq)
        .where('reminded_at', 'is', null)
        .execute();
    },

    /**
     * Records paid or failed (once: a paid payment stays paid), audits it, and when a paid payment brings the
     * payor's total to the athlete in that calendar year to $600 or more, flags it once (1099, part 2 §9).
     */
    async recordPaymentOutcome(input: PaymentOutcomeRecord): Promise<void> {
      await db.transaction().execute(async (trx) => {
        const c = await lockContract(trx, input.schoolId, input.contractId);
        if (!c) throw stop('NOT_FOUND');
        const p = await lockPayment(trx, input.schoolId, input.contractId, input.seq);
        if (!p) throw stop('PAYMENT_NOT_OPEN');
        const step = paymentTransition(p.status, input.outcome);
        if (step === 'same') return;
        if (step === 'refuse') throw stop('PAYMENT_NOT_OPEN');
        const paidOn = input.outcome === 'PAID' ? (input.paidOn ?? new Date().toISOString().slice(0, 10)) : null;
        await trx
          .updateTable('contract_payments')
          .set({ status: input.outcome, paid_on: paidOn, confirmed_by: input.actorUserId, confirmed_at: new Date() })
          .where('id', '=', p.id)
          .execute();
        await recordAudit(trx, {
          schoolId: input.schoolId,
          actorUserId: input.actorUserId,
          action: input.outcome === 'PAID' ? 'payment.paid' : 'payment.failed',
          targetType: 'contract',
          targetId: c.id,
          details: { seq: p.seq, amountCents: p.amount_cents, ...(paidOn ? { paidOn } : {}) },
          idempotencyKey: currentSideEffectKey('audit', `payment-${p.seq}-${input.outcome}`),
        });
        if (!paidOn) return;
        const year = Number(paidOn.slice(0, 4));
        const total = await paidByPayorInYear(trx, {
          schoolId: input.schoolId,
          athleteUserId: c.athlete_user_id,
          payorName: c.payor_name,
          year,
        });
        if (total < TAX_REPORTING_THRESHOLD_CENTS) return;
        const flagged = await insertTaxFlag(trx, {
          schoolId: input.schoolId,
          athleteUserId: c.athlete_user_id,
          payorName: c.payor_name,
          year,
          contractId: c.id,
          disclosureId: c.disclosure_id,
          totalCents: total,
        });
        if (!flagged) return;
        await recordAudit(trx, {
          schoolId: input.schoolId,
          actorUserId: input.actorUserId,
          action: 'payment.tax_threshold_reached',
          targetType: 'contract',
          targetId: c.id,
          details: { payorName: c.payor_name, year, totalCents: total },
          idempotencyKey: currentSideEffectKey('audit', `tax-flag-${p.seq}`),
        });
      });
    },

    /** The schedule is over: COMPLETED when every payment ran, ENDED when the contract ended first. */
    async finishSchedule(input: { schoolId: string; contractId: string; ended: boolean }): Promise<void> {
      await db.transaction().execute(async (trx) => {
        const c = await lockContract(trx, input.schoolId, input.contractId);
        if (!c) throw stop('NOT_FOUND');
        await trx
          .updateTable('contract_schedules')
          .set({ status: input.ended ? 'ENDED' : 'COMPLETED', ended_at: new Date() })
          .where('contract_id', '=', c.id)
          .where('status', '=', 'RUNNING')
          .execute();
        if (c.status !== 'ACTIVE') return;
        await trx.updateTable('contracts').set({ status: 'COMPLETED' }).where('id', '=', c.id).execute();
        await recordAudit(trx, {
          schoolId: input.schoolId,
          actorUserId: null,
          action: 'contract.completed',
          targetType: 'contract',
          targetId: c.id,
          details: { scheduleEnded: input.ended },
          idempotencyKey: currentSideEffectKey('audit', 'finish'),
        });
      });
    },
  };
}

export type ContractActivities = ReturnType<typeof createContractActivities>;
