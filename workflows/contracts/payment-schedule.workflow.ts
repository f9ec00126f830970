import * as wf from '@temporalio/workflow';
import type { ContractActivities } from '../../activities/contracts/contracts.activities';
import { ERRORS, type ErrorCode } from '../../domain/errors';
import {
  paymentTransition,
  type PaymentScheduleInput,
  type PaymentStatus,
  type ScheduledPayment,
} from '../../domain/contracts';
import { markStep, tagProcess } from '../shared/search-attributes';
import { BusyLock } from '../shared/busy-lock';

/**
 * A contract's payment schedule (id `payment-schedule:<contractId>`). For each payment, in order, it waits on a
 * durable timer until the payment opens, writes it as pending (once: the row is unique per contract and seq), and
 * at its reminder time reminds the school's admins if it is still pending. The payor's payment is recorded as paid
 * or failed by an admin through the `confirmPayment` Update; confirming a paid payment again changes nothing. The
 * schedule ends when every opened payment is settled and either all have opened or the contract has ended (its end
 * date passed, or an admin ended it with the `endSchedule` signal); then the contract is completed.
 * Times are inputs (epoch ms), so a test runs a year of monthly payments in seconds.
 */
export type SchedulePaymentState = ScheduledPayment & { status: PaymentStatus | 'NOT_OPEN' };
export interface PaymentScheduleState {
  payments: SchedulePaymentState[];
  ended: boolean;
  done: boolean;
}
export interface PaymentConfirmation {
  actor: { userId: string; role: 'ADMIN' };
  seq: number;
  outcome: 'PAID' | 'FAILED';
  paidOn: string | null;
}

export const confirmPaymentUpdate = wf.defineUpdate<PaymentScheduleState, [PaymentConfirmation]>('confirmPayment');
export const endScheduleSignal = wf.defineSignal<[{ reason: string }]>('endSchedule');
export const paymentScheduleStateQuery = wf.defineQuery<PaymentScheduleState>('paymentScheduleState');

const records = wf.proxyActivities<ContractActivities>({
  startToCloseTimeout: '30 seconds',
  retry: {
    initialInterval: '500 milliseconds',
    backoffCoefficient: 2,
    maximumInterval: '1 minute',
    nonRetryableErrorTypes: ['NOT_FOUND', 'PAYMENT_NOT_OPEN'],
  },
});

function fail(code: ErrorCode): never {
  throw wf.ApplicationFailure.create({ type: code, message: ERRORS[code].message, nonRetryable: true });
}

export async function paymentScheduleWorkflow(input: PaymentScheduleInput): Promise<PaymentScheduleState> {
  const payments: SchedulePaymentState[] = input.payments.map((p) => ({ ...p, status: 'NOT_OPEN' }));
  let ended = false;
  let done = false;
  const lock = new BusyLock();
  const state = (): PaymentScheduleState => ({ payments: payments.map((p) => ({ ...p })), ended, done });
  const bySeq = (seq: number) => payments.find((p) => p.seq === seq);
  wf.setHandler(paymentScheduleStateQuery, state);
  wf.setHandler(endScheduleSignal, () => {
    ended = true;
  });

  const check = (args: PaymentConfirmation) => {
    const actor = args?.actor;
    if (!actor || typeof actor.userId !== 'string' || !actor.userId || actor.role !== 'ADMIN') fail('FORBIDDEN');
    if (args.outcome !== 'PAID' && args.outcome !== 'FAILED') fail('VALIDATION_FAILED');
    const payment = bySeq(args.seq);
    // Confirming a settled payment again with the same outcome is a no-op, even once the schedule has finished:
    // the second of two concurrent confirmations of the last payment waits for the first and then finds it here.
    if (payment && payment.status !== 'NOT_OPEN' && paymentTransition(payment.status, args.outcome) === 'same') {
      return payment;
    }
    if (done || !payment) fail('PAYMENT_NOT_OPEN');
    // The row may already show pending while the workflow has not heard its activity finish (a worker just
    // restarted): a payment whose opening time has passed is taken, and the handler waits for it to open.
    if (payment.status === 'NOT_OPEN') {
      if (ended || Date.now() < payment.opensAt) fail('PAYMENT_NOT_OPEN');
      return payment;
    }
    if (paymentTransition(payment.status, args.outcome) === 'refuse') fail('PAYMENT_NOT_OPEN');
    return payment;
  };

  wf.setHandler(
    confirmPaymentUpdate,
    async (args) => {
      // One write at a time; a second confirmation of the same payment waits, then finds it recorded.
      const opening = bySeq(args.seq);
      if (opening?.status === 'NOT_OPEN') await wf.condition(() => opening.status !== 'NOT_OPEN' || ended);
      while (lock.busy) await lock.released();
      const payment = check(args);
      if (payment.status === 'NOT_OPEN') fail('PAYMENT_NOT_OPEN');
      if (paymentTransition(payment.status, args.outcome) === 'same') return state();
      await lock.hold(async () => {
        await records.recordPaymentOutcome({
          schoolId: input.schoolId,
          contractId: input.contractId,
          seq: payment.seq,
          outcome: args.outcome,
          actorUserId: args.actor.userId,
          paidOn: args.outcome === 'PAID' ? args.paidOn : null,
        });
        payment.status = args.outcome;
      });
      return state();
    },
    { validator: (args) => void check(args) },
  );

  tagProcess({ schoolId: input.schoolId, module: 'payment-schedule', entityId: input.contractId });
  const events = payments
    .flatMap((p) => [
      { at: p.opensAt, kind: 'open' as const, seq: p.seq },
      ...(p.remindAt === null ? [] : [{ at: p.remindAt, kind: 'remind' as const, seq: p.seq }]),
    ])
    .sort((a, b) => a.at - b.at || (a.kind === b.kind ? a.seq - b.seq : a.kind === 'open' ? -1 : 1));

  for (const event of events) {
    const wait = event.at - Date.now();
    if (wait > 0) await wf.condition(() => ended, wait);
    if (ended) break;
    const payment = bySeq(event.seq)!;
    if (event.kind === 'open') {
      if (input.endsAt !== null && event.at > input.endsAt) {
        ended = true;
        break;
      }
      markStep(`payment ${payment.seq} of ${payments.length}`, 'PAYOR');
      await records.openPayment({
        schoolId: input.schoolId,
        contractId: input.contractId,
        seq: payment.seq,
        dueDate: payment.dueDate,
        amountCents: payment.amountCents,
        total: payments.length,
      });
      payment.status = 'PENDING';
    } else if (payment.status === 'PENDING') {
      await records.remindPayment({
        schoolId: input.schoolId,
        contractId: input.contractId,
        seq: payment.seq,
        dueDate: payment.dueDate,
        amountCents: payment.amountCents,
        total: payments.length,
      });
    }
  }

  markStep('settling', 'PAYOR');
  await wf.condition(() => !lock.busy && payments.every((p) => p.status !== 'PENDING'));
  await lock.hold(() => records.finishSchedule({ schoolId: input.schoolId, contractId: input.contractId, ended }));
  done = true;
  markStep(ended ? 'ended' : 'completed', null);
  await wf.condition(wf.allHandlersFinished);
  return state();
}
