/**
 * Records the contract workflows' histories into workflows/contracts/histories/ for the replay test:
 *   npx tsx scripts/record-contract-histories.ts
 * A contract rejected with a reason; one approved, whose payment schedule of four payments runs with short timings:
 * a reminder, a double confirmation, a failed payment later paid, and the schedule's completion. Its own Temporal dev server and fresh database, both gone at the end.
 */
import { waitFor } from '../activities/testing/fixtures';
import { actorFor, seedApprovedDisclosure } from '../api/contracts/contracts.fixtures';
import { addContract, confirmPayment, createPaymentSchedule, decideContract } from '../api/contracts/contracts.service';
import type { CoreDeps } from '../api/shared/use-case';
import { seedSchool, seedUser } from '../api/test-support/seed-school';
import { recordHistories } from './test-harness/recorder';
import { daysFromToday } from './test-harness/test-clock';

const TASK_QUEUE = 'record-contract-histories';
const ADMIN = [{ role: 'SCHOOL_ADMIN' as const, compliance: true }];

recordHistories(TASK_QUEUE, async ({ client, database, write }) => {
  const db = database.db;
  const school = await seedSchool(db);
  const admin = await seedUser(db, school.id, { roles: ADMIN });
  const athleteUser = await seedUser(db, school.id, { roles: [{ role: 'STUDENT_ATHLETE' }] });
  const deps: CoreDeps = { db, temporal: client, now: () => new Date(), taskQueue: TASK_QUEUE };
  const adminActor = actorFor(admin, school.id, ADMIN);
  const athlete = actorFor(athleteUser, school.id, [{ role: 'STUDENT_ATHLETE' }]);
  const disclosureId = await seedApprovedDisclosure(db, {
    schoolId: school.id,
    athleteUserId: athleteUser.id,
    companyName: 'Replay Outfitters',
    amountCents: 1_000_00,
  });
  const add = () =>
    addContract(deps, athlete, {
      disclosureId,
      payorName: 'Replay Outfitters',
      totalAmount: 1000,
      type: 'SPONSORSHIP',
      startDate: daysFromToday(-1),
      endDate: daysFromToday(200),
    });
  const taskOpen = (workflowId: string) =>
    waitFor(() => db.selectFrom('tasks').select('id').where('workflow_id', '=', workflowId).executeTakeFirst());

  const rejected = await add();
  await taskOpen(rejected.workflowId);
  await decideContract(deps, adminActor, { contractId: rejected.id, decision: 'REJECT', reason: 'Unsigned copy.' });
  await write(client.workflow.getHandle(rejected.workflowId), 'contracts', 'contract-rejected');

  const active = await add();
  await taskOpen(active.workflowId);
  await decideContract(deps, adminActor, { contractId: active.id, decision: 'APPROVE' });
  await write(client.workflow.getHandle(active.workflowId), 'contracts', 'contract-approved');

  await createPaymentSchedule(
    deps,
    adminActor,
    { contractId: active.id, cycle: 'MONTH', amountPerCycle: 250, numberOfPayments: 4, firstDueDate: daysFromToday(1) },
    { firstMs: 200, cycleMs: 700, remindAfterMs: 300 },
  );
  const opened = (seq: number) =>
    waitFor(
      () =>
        db
          .selectFrom('contract_payments')
          .select('id')
          .where('contract_id', '=', active.id)
          .where('seq', '=', seq)
          .executeTakeFirst(),
      20_000,
    );
  for (const seq of [1, 2, 3, 4]) {
    await opened(seq);
    if (seq === 1) await new Promise((r) => setTimeout(r, 500));
    const outcome = seq === 2 ? 'FAILED' : 'PAID';
    await confirmPayment(deps, adminActor, { contractId: active.id, seq, outcome });
    if (seq === 1) await confirmPayment(deps, adminActor, { contractId: active.id, seq, outcome });
    if (seq === 2) await confirmPayment(deps, adminActor, { contractId: active.id, seq, outcome: 'PAID' });
  }
  const schedule = client.workflow.getHandle(`payment-schedule:${active.id}`);
  await schedule.result();
  await write(schedule, 'contracts', 'payment-schedule-completed');
});
