import { sql } from 'kysely';
import { createPaymentSchedule, confirmPayment } from '../api/contracts/contracts.service';
import { actorFor } from '../api/contracts/contracts.fixtures';
import type { CoreDeps } from '../api/shared/use-case';
import { seedSchool, seedUser } from '../api/test-support/seed-school';
import { AppError } from '../domain/errors';
import { forEachConcurrently } from '../domain/concurrency';
import { measureStartFloor } from './floor/measure-start-floor';
import { withOwnWorker } from './floor/own-worker';
import { floorPayUpdate } from './floor/schedule.workflow';
import { round, type BenchRow } from './measure';
import { startBenchStack, type BenchStack } from './setup';

/**
 * Payment schedules on the real stack (PostgreSQL, a Temporal dev server, the platform worker), through the same use
 * cases the API calls:
 * - 1,000 schedules started (each a `payment-schedule:<contractId>` workflow on real dates), against 1,000 trivial
 *   workflows started the same way;
 * - a year of 12 monthly payments for 1,000 contracts, with the cycle shortened to `CYCLE_MS` (durations are
 *   inputs): each payment opened by the workflow, recorded paid by an admin's Update and every schedule completed,
 *   against 1,000 bare schedules with the same timers and Updates (bench/floor/schedule.workflow.ts).
 * The Temporal CLI's dev server has no time skipping, so the year runs on short timers instead; the ratio is what
 * the product adds (rows, audit, the $600 flag) over Temporal's own cost. PAYMENTS_BENCH_CONTRACTS scales the count.
 */
const CONTRACTS = Number(process.env.PAYMENTS_BENCH_CONTRACTS ?? 1000);
const PAYMENTS = 12;
const FIRST_MS = 1_000;
const CYCLE_MS = 250;
const IN_FLIGHT = 20;

async function seedContracts(stack: BenchStack, count: number, tag: string) {
  const school = await seedSchool(stack.db, { name: `Payments bench ${tag}` });
  const admin = await seedUser(stack.db, school.id, { roles: [{ role: 'SCHOOL_ADMIN', compliance: true }] });
  const athletes = await Promise.all(
    Array.from({ length: 20 }, () => seedUser(stack.db, school.id, { roles: [{ role: 'STUDENT_ATHLETE' }] })),
  );
  const ids = await sql<{ id: string }>`
    with d as (
      insert into disclosures (school_id, athlete_user_id, type, status, title, company_name, payor_name, amount_cents,
        payment_type, participants, attachments, conflicts, conflict_types, decided_at)
      select ${school.id}, (${sql.val(athletes.map((a) => a.id))}::uuid[])[1 + g % 20], 'ENDORSEMENT', 'APPROVED',
        'Deal ' || g, 'Payor ' || (g % 50), 'Payor ' || (g % 50), 120000, 'MONETARY', '[]', '[]', '[]', '{}', now()
      from generate_series(1, ${count}) g
      returning id, athlete_user_id, payor_name
    )
    insert into contracts (school_id, disclosure_id, athlete_user_id, payor_name, total_cents, size, type, start_date,
      end_date, status, created_by, workflow_id)
    select ${school.id}, d.id, d.athlete_user_id, d.payor_name, 120000, 'MEDIUM', 'ENDORSEMENT', current_date,
      current_date + 730, 'ACTIVE', ${admin.id}, 'contract-review:' || d.id
    from d
    returning id
  `.execute(stack.db);
  await sql`analyze`.execute(stack.db);
  return { actor: actorFor(admin, school.id, [{ role: 'SCHOOL_ADMIN', compliance: true }]), ids: ids.rows };
}

const depsOf = (stack: BenchStack): CoreDeps => ({
  db: stack.db,
  temporal: stack.temporal,
  now: () => new Date(),
  taskQueue: stack.taskQueue,
});

const firstDueDate = () => new Date(Date.now() + 40 * 86_400_000).toISOString().slice(0, 10);
const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Takes payment 1 to `PAYMENTS` of one schedule in order, retrying while the next has not opened yet. */
async function payInOrder(take: (seq: number) => Promise<void>): Promise<number> {
  let refusals = 0;
  for (let seq = 1; seq <= PAYMENTS; seq++) {
    for (;;) {
      try {
        await take(seq);
        break;
      } catch (err) {
        refusals += 1;
        if (refusals > 10_000) throw err;
        await pause(25);
      }
    }
  }
  return refusals;
}

export async function runPaymentsBench(): Promise<BenchRow[]> {
  const stack = await startBenchStack('bench_payments');
  const deps = depsOf(stack);
  const rows: BenchRow[] = [];
  try {
    // 1. Starting schedules.
    const starts = await seedContracts(stack, CONTRACTS, 'starts');
    let begin = performance.now();
    await forEachConcurrently(starts.ids, IN_FLIGHT, async ({ id }) => {
      await createPaymentSchedule(deps, starts.actor, {
        contractId: id,
        cycle: 'MONTH',
        amountPerCycle: 100,
        numberOfPayments: PAYMENTS,
        firstDueDate: firstDueDate(),
      });
    });
    const startedMs = performance.now() - begin;
    const startFloor = await measureStartFloor({
      client: stack.temporal,
      connection: stack.nativeConnection,
      count: CONTRACTS,
      inFlight: IN_FLIGHT,
    });
    rows.push(
      { name: `${CONTRACTS} schedules started`, value: round(startedMs / 1000, 2), unit: 's', goal: '< 10 s' },
      {
        name: `${CONTRACTS} trivial workflows started (floor)`,
        value: round(startFloor.startedMs / 1000, 2),
        unit: 's',
        goal: 'floor',
      },
      { name: 'schedule starts ÷ floor', value: round(startedMs / startFloor.startedMs, 2), unit: '×', goal: 'report' },
    );

    // 2. A year of monthly payments on short cycles.
    const year = await seedContracts(stack, CONTRACTS, 'year');
    begin = performance.now();
    await forEachConcurrently(year.ids, IN_FLIGHT, async ({ id }) => {
      await createPaymentSchedule(
        deps,
        year.actor,
        {
          contractId: id,
          cycle: 'MONTH',
          amountPerCycle: 100,
          numberOfPayments: PAYMENTS,
          firstDueDate: firstDueDate(),
        },
        { firstMs: FIRST_MS, cycleMs: CYCLE_MS, remindAfterMs: null },
      );
    });
    let refusals = 0;
    await forEachConcurrently(year.ids, IN_FLIGHT, async ({ id }) => {
      refusals += await payInOrder(async (seq) => {
        try {
          await confirmPayment(deps, year.actor, { contractId: id, seq, outcome: 'PAID' });
        } catch (err) {
          if (err instanceof AppError && err.code === 'PAYMENT_NOT_OPEN') throw err;
          throw new Error(`payment ${seq} of ${id}: ${String(err)}`, { cause: err });
        }
      });
    });
    for (;;) {
      const done = await sql<{ n: string }>`
        select count(*) as n from contract_schedules where school_id = ${year.actor.schoolId} and status = 'COMPLETED'`.execute(
        stack.db,
      );
      if (Number(done.rows[0]!.n) >= CONTRACTS) break;
      await pause(100);
    }
    const yearMs = performance.now() - begin;
    const paid = await sql<{ n: string }>`
      select count(*) as n from contract_payments p join contracts c on c.id = p.contract_id
      where c.school_id = ${year.actor.schoolId} and p.status = 'PAID'`.execute(stack.db);

    const floorMs = await withOwnWorker(
      stack.nativeConnection,
      'schedule-floor',
      'schedule.workflow.ts',
      async (taskQueue) => {
        const ids = year.ids.map((_, at) => `schedule-floor:${taskQueue}:${at}`);
        const start = performance.now();
        await forEachConcurrently(ids, IN_FLIGHT, async (workflowId) => {
          await stack.temporal.workflow.start('scheduleFloorWorkflow', {
            workflowId,
            taskQueue,
            args: [PAYMENTS, FIRST_MS, CYCLE_MS],
          });
        });
        await forEachConcurrently(ids, IN_FLIGHT, async (workflowId) => {
          const handle = stack.temporal.workflow.getHandle(workflowId);
          await payInOrder(async (seq) => {
            await handle.executeUpdate(floorPayUpdate, { args: [seq] });
          });
        });
        for (;;) {
          const { count } = await stack.temporal.workflow.count(
            `WorkflowType = 'scheduleFloorWorkflow' AND TaskQueue = '${taskQueue}' AND ExecutionStatus = 'Completed'`,
          );
          if (count >= ids.length) break;
          await pause(100);
        }
        return performance.now() - start;
      },
    );
    rows.push(
      {
        name: `a year of ${PAYMENTS} payments × ${CONTRACTS} contracts (cycle ${CYCLE_MS} ms)`,
        value: round(yearMs / 1000, 1),
        unit: 's',
        goal: 'report',
      },
      {
        name: 'payments recorded paid',
        value: Number(paid.rows[0]!.n),
        unit: 'payments',
        goal: `${PAYMENTS * CONTRACTS}`,
      },
      { name: 'confirmations refused as not open yet', value: refusals, unit: 'calls', goal: 'report' },
      {
        name: `the same year on ${CONTRACTS} bare schedules (floor)`,
        value: round(floorMs / 1000, 1),
        unit: 's',
        goal: 'floor',
      },
      { name: 'schedule year ÷ floor', value: round(yearMs / floorMs, 2), unit: '×', goal: 'report' },
    );
  } finally {
    await stack.close();
  }
  return rows;
}
