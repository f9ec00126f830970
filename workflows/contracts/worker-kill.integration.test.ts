import type { Client } from '@temporalio/client';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { actorFor, seedApprovedDisclosure } from '../../api/contracts/contracts.fixtures';
import { createPaymentSchedule, decideContract, addContract } from '../../api/contracts/contracts.service';
import { seedSchool, seedUser, type SeededUser } from '../../api/test-support/seed-school';
import { createTestApp, type TestApp } from '../../api/test-support/test-app';
import type { CoreDeps } from '../../api/shared/use-case';
import { daysFromToday } from '../../scripts/test-harness/test-clock';
import { testTemporalClient, uniqueTaskQueue } from '../../scripts/test-harness/context';
import { until, workerProcess } from '../testing/worker-process';

/**
 * A worker killed (SIGKILL) twice in the middle of a year of monthly payments: once between payments (timers fire
 * while no worker runs) and once while a confirmation is being written. After new workers take over, every
 * payment is opened exactly once, the athlete hears of each once, each paid payment is audited once, and the
 * contract completes with the full total paid.
 */
const taskQueue = uniqueTaskQueue('payments-kill');
const worker = workerProcess(taskQueue);
let t: TestApp;
let temporal: Client;
let closeTemporal: () => Promise<void>;
let schoolId: string;
let admin: SeededUser;
let athlete: SeededUser;
const ADMIN = [{ role: 'SCHOOL_ADMIN' as const, compliance: true }];

beforeAll(async () => {
  const client = await testTemporalClient();
  temporal = client.client;
  closeTemporal = client.close;
  t = await createTestApp({ temporal, taskQueue });
  const db = t.database.db;
  schoolId = (await seedSchool(db)).id;
  admin = await seedUser(db, schoolId, { roles: ADMIN });
  athlete = await seedUser(db, schoolId, { roles: [{ role: 'STUDENT_ATHLETE' }] });
  await worker.start();
}, 120_000);

afterAll(async () => {
  await worker.kill();
  await t?.close();
  await closeTemporal?.();
});

it('loses and doubles no payment when the worker dies mid-schedule', async () => {
  const db = t.database.db;
  const deps: CoreDeps = { db, temporal, now: () => new Date(), taskQueue };
  const adminActor = actorFor(admin, schoolId, ADMIN);
  const disclosureId = await seedApprovedDisclosure(db, {
    schoolId,
    athleteUserId: athlete.id,
    companyName: 'Kill Drill Foods',
    amountCents: 1_200_00,
  });
  const created = await addContract(deps, actorFor(athlete, schoolId, [{ role: 'STUDENT_ATHLETE' }]), {
    disclosureId,
    payorName: 'Kill Drill Foods',
    totalAmount: 1200,
    type: 'SPONSORSHIP',
    startDate: daysFromToday(-1),
    endDate: daysFromToday(400),
  });
  await until(
    () => db.selectFrom('tasks').select('id').where('workflow_id', '=', created.workflowId).executeTakeFirst(),
    30_000,
    'review task',
  );
  await decideContract(deps, adminActor, { contractId: created.id, decision: 'APPROVE' });
  await createPaymentSchedule(
    deps,
    adminActor,
    {
      contractId: created.id,
      cycle: 'MONTH',
      amountPerCycle: 100,
      numberOfPayments: 12,
      firstDueDate: daysFromToday(1),
    },
    { firstMs: 300, cycleMs: 600, remindAfterMs: 200 },
  );
  const opened = (seq: number) =>
    db
      .selectFrom('contract_payments')
      .select(['seq', 'status'])
      .where('contract_id', '=', created.id)
      .where('seq', '=', seq)
      .executeTakeFirst();
  const confirm = async (seq: number) => {
    // The process may be between workers: retry until an Update is accepted.
    for (;;) {
      try {
        return await import('../../api/contracts/contracts.service').then((m) =>
          m.confirmPayment(deps, adminActor, { contractId: created.id, seq, outcome: 'PAID' }),
        );
      } catch (err) {
        if ((err as { code?: string }).code !== 'WORKFLOW_UNAVAILABLE') throw err;
        await new Promise((r) => setTimeout(r, 200));
      }
    }
  };

  await until(() => opened(2), 30_000, 'payment 2 opened');
  await confirm(1);
  // Killed between payments: payments 3 and 4 come due while no worker runs.
  await worker.kill();
  await new Promise((r) => setTimeout(r, 1500));
  await worker.start();
  await until(() => opened(4), 30_000, 'payment 4 opened');
  for (const seq of [2, 3]) await confirm(seq);

  // Killed while a confirmation is being written.
  const inFlight = confirm(4);
  await until(
    async () => {
      const history = await temporal.workflow.getHandle(`payment-schedule:${created.id}`).fetchHistory();
      return history.events?.some((e) => e.workflowExecutionUpdateAcceptedEventAttributes);
    },
    30_000,
    'confirmation accepted',
  );
  await worker.kill();
  await worker.start();
  await inFlight;

  for (let seq = 5; seq <= 12; seq++) {
    await until(() => opened(seq), 30_000, `payment ${seq} opened`);
    await confirm(seq);
  }
  const done = await until(
    () =>
      db
        .selectFrom('contracts')
        .select('status')
        .where('id', '=', created.id)
        .where('status', '=', 'COMPLETED')
        .executeTakeFirst(),
    30_000,
    'contract completed',
  );
  expect(done.status).toBe('COMPLETED');
  const rows = await db
    .selectFrom('contract_payments')
    .select(['seq', 'status'])
    .where('contract_id', '=', created.id)
    .orderBy('seq')
    .execute();
  expect(rows.map((r) => r.seq)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
  expect(rows.every((r) => r.status === 'PAID')).toBe(true);
  const audits = await db
    .selectFrom('audit_events')
    .select('details')
    .where('target_id', '=', created.id)
    .where('action', '=', 'payment.paid')
    .execute();
  expect(audits.map((a) => (a.details as { seq: number }).seq).sort((x, y) => x - y)).toEqual([
    1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12,
  ]);
  const told = await db
    .selectFrom('notifications')
    .select('id')
    .where('user_id', '=', athlete.id)
    .where('title', '=', 'Payment scheduled')
    .execute();
  expect(told).toHaveLength(12);
  const flags = await db
    .selectFrom('contract_tax_flags')
    .select('total_cents')
    .where('contract_id', '=', created.id)
    .execute();
  expect(flags).toEqual([{ total_cents: 600_00 }]);
}, 300_000);
