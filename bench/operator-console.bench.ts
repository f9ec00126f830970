import proto from '@temporalio/proto';
import { sql } from 'kysely';
import { detectStuck, type ExecutionFacts } from '../api/operator-console/detect-stuck';
import { buildTimeline } from '../api/operator-console/history-timeline';
import { forEachConcurrently } from '../domain/concurrency';
import { loadDemoData } from '../scripts/demo-data';
import { EntityIdKey, ModuleKey, SchoolIdKey, StepNameKey, WaitingOnKey } from '../workflows/shared/search-attributes';
import { percentile, round, sample, type BenchRow } from './measure';
import { logIn, startBenchStack, timeGet, type BenchStack } from './setup';

/**
 * The operator console (issue 35: "mission control showed loading placeholders for 15 s"). Two parts:
 * - its own work per request without Temporal round trips (judging 300 processes, a 2,000-event timeline);
 * - mission control on the real stack at 10,000 and then 50,000 running processes of the demo school. A process is a
 *   real Temporal execution (up to REAL_MAX), started with a start delay of 30 days so the server holds it in
 *   visibility (with its search attributes) without running any code; each has an open inbox task, bulk-inserted in
 *   SQL. Two are stuck the way the issue saw, among the oldest: a task 3 days overdue, and a failed mail.
 * The figures are the server's own time through Fastify inject, beside the floor of the same run: a bare
 * visibility list of 25 and a count, asked of Temporal directly.
 */
const EventType = proto.temporal.api.enums.v1.EventType;
// BENCH_CONSOLE_SIZES=2000,5000 for a quick look; the figures are 10,000 and 50,000.
const SIZES = (process.env.BENCH_CONSOLE_SIZES ?? '10000,50000').split(',').map(Number);
const RUNS = 40;
/**
 * Processes started in Temporal, at most: the dev server here starts about 50 a second, so 50,000 would take a
 * quarter of an hour. Past this many, a process is its open task only (bulk SQL), which still weighs on every
 * database-side query and on the id lookups; the visibility figures then stand for this many.
 */
const REAL_MAX = Number(process.env.BENCH_CONSOLE_REAL ?? 10_000);

function facts(i: number, now: number): ExecutionFacts {
  return {
    status: 'Running',
    taskQueue: 'platform',
    pendingWorkflowTask: i % 7 === 0 ? { state: 'SCHEDULED', attempt: 3, scheduledAtMs: now - 5_000 } : null,
    lastWorkflowTaskFailure: i % 7 === 0 ? { message: 'TypeError: x is undefined', nonDeterminism: false } : null,
    pendingActivities:
      i % 3 === 0
        ? [
            {
              activityId: '1',
              activityType: 'sendInvitationEmail',
              state: 'SCHEDULED',
              attempt: 4,
              maximumAttempts: 8,
              lastFailureMessage: 'connect ECONNREFUSED 127.0.0.1:25',
              scheduledAtMs: now - 60_000,
              nextAttemptAtMs: now + 30_000,
              lastStartedAtMs: now - 10_000,
            },
          ]
        : [],
    queueHasLivePoller: true,
    openTasks:
      i % 2 === 0
        ? [
            {
              id: `t${i}`,
              stepName: 'Review',
              title: 'Review',
              assigneeLabel: 'Ada',
              createdAtMs: now - 9e6,
              dueAtMs: now - 1e6,
            },
          ]
        : [],
    recordMismatch: null,
  };
}

function history(length: number) {
  const events = [];
  for (let id = 1; id <= length; id++) {
    const kind = id % 4;
    events.push({
      eventId: id,
      eventTime: proto.google.protobuf.Timestamp.fromObject({ seconds: 1_795_000_000 + id, nanos: 0 }),
      eventType:
        kind === 0
          ? EventType.EVENT_TYPE_ACTIVITY_TASK_SCHEDULED
          : kind === 1
            ? EventType.EVENT_TYPE_ACTIVITY_TASK_COMPLETED
            : kind === 2
              ? EventType.EVENT_TYPE_WORKFLOW_TASK_COMPLETED
              : EventType.EVENT_TYPE_WORKFLOW_EXECUTION_SIGNALED,
      activityTaskScheduledEventAttributes: { activityType: { name: 'step' } },
      activityTaskCompletedEventAttributes: { scheduledEventId: id - 1 },
      workflowExecutionSignaledEventAttributes: { signalName: 'resend' },
    });
  }
  return events as never[];
}

async function inMemoryRows(): Promise<BenchRow[]> {
  const now = Date.now();
  const all = Array.from({ length: 300 }, (_, i) => facts(i, now));
  const judge = await sample(200, async () => all.map((f) => detectStuck(f, now)));
  const events = history(2000);
  const timeline = await sample(100, async () => buildTimeline(events));
  return [
    {
      name: 'console: judge 300 processes p95',
      value: round(percentile(judge, 95), 2),
      unit: 'ms',
      goal: 'informational',
    },
    {
      name: 'console: timeline of 2000 events p95',
      value: round(percentile(timeline, 95), 2),
      unit: 'ms',
      goal: 'informational',
    },
  ];
}

const workflowIdOf = (i: number) => `bench-console:${String(i).padStart(6, '0')}`;

/**
 * Starts processes `from`..`to`-1 (delayed, so no code runs) and inserts their open tasks in one statement. The
 * workflow type is never registered: nothing runs before the delay is over, long after the bench.
 */
async function seedProcesses(stack: BenchStack, schoolId: string, from: number, to: number): Promise<void> {
  const modules = ['packet-submission', 'disclosure', 'invitation', 'expense-approval', 'cara-log'];
  const real = Math.max(0, Math.min(to, REAL_MAX) - from);
  const indexes = Array.from({ length: real }, (_, k) => from + k);
  await forEachConcurrently(indexes, 200, async (i) => {
    await stack.temporal.workflow.start('benchConsoleIdle', {
      taskQueue: 'bench-console-idle',
      workflowId: workflowIdOf(i),
      startDelay: '30 days',
      typedSearchAttributes: [
        { key: SchoolIdKey, value: schoolId },
        { key: ModuleKey, value: modules[i % modules.length]! },
        { key: EntityIdKey, value: `entity-${i}` },
        { key: StepNameKey, value: 'Review' },
        { key: WaitingOnKey, value: 'Compliance' },
      ],
    });
  });
  await sql`
    insert into tasks (school_id, workflow_id, module, step_id, step_name, assignee_role, title, url, status, due_at,
      created_at)
    select ${schoolId}, 'bench-console:' || lpad(g::text, 6, '0'),
      (${sql.val(modules)}::text[])[1 + g % ${modules.length}], 'review', 'Review', 'SCHOOL_ADMIN', 'Review ' || g,
      '/task', 'OPEN', now() + interval '20 days', now() - make_interval(secs => ${to}::int - g)
    from generate_series(${from}::int, ${to - 1}::int) g
  `.execute(stack.db);
}

/** The two stuck processes, among the oldest: a task 3 days overdue, and a failed mail. */
async function makeStuck(stack: BenchStack, schoolId: string): Promise<void> {
  await stack.db
    .updateTable('tasks')
    .set({ due_at: sql`now() - interval '3 days'` })
    .where('workflow_id', '=', workflowIdOf(3))
    .execute();
  await stack.db
    .insertInto('outbox')
    .values({
      school_id: schoolId,
      idempotency_key: `mail:${workflowIdOf(7)}:invite`,
      to_address: 'jordan.lee@demo.edu',
      subject: 'Your invitation',
      text_body: 'Hello',
      status: 'FAILED',
      attempts: 5,
      last_error: 'connect ECONNREFUSED',
      workflow_id: workflowIdOf(7),
    })
    .execute();
}

/** Waits until visibility counts every started process (its writes are asynchronous). */
async function waitForVisibility(stack: BenchStack, expected: number): Promise<void> {
  const deadline = Date.now() + 600_000;
  while (Date.now() < deadline) {
    const { count } = await stack.temporal.workflow.count(`WorkflowId STARTS_WITH 'bench-console:'`);
    if (count >= expected) return;
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`visibility did not reach ${expected} processes`);
}

async function consoleRows(): Promise<BenchRow[]> {
  const stack = await startBenchStack('bench_console');
  const rows: BenchRow[] = [];
  try {
    await loadDemoData(stack.db, stack.config);
    const school = await stack.db
      .selectFrom('schools')
      .select('id')
      .where('slug', '=', 'demo-state')
      .executeTakeFirstOrThrow();
    const operator = await logIn(stack.app, 'operator@provider.test');
    let seeded = 0;
    for (const size of SIZES) {
      const started = performance.now();
      await seedProcesses(stack, school.id, seeded, size);
      if (seeded === 0) await makeStuck(stack, school.id);
      seeded = size;
      await sql`analyze tasks`.execute(stack.db);
      await waitForVisibility(stack, Math.min(size, REAL_MAX));
      const seedSeconds = round((performance.now() - started) / 1000);
      const label =
        size <= REAL_MAX
          ? size.toLocaleString('en-US')
          : `${size.toLocaleString('en-US')}, ${REAL_MAX.toLocaleString('en-US')} in Temporal`;
      rows.push({ name: `seeding ${label} processes`, value: seedSeconds, unit: 's', goal: 'informational' });

      const base = '/api/v1/operator-console';
      const firstPage = await timeGet(stack.app, operator, `${base}/workflows?limit=25`, RUNS);
      const stuck = await timeGet(stack.app, operator, `${base}/workflows?stuckOnly=true&limit=25`, RUNS);
      const counts = await timeGet(stack.app, operator, `${base}/counts`, RUNS);
      const health = await timeGet(stack.app, operator, `${base}/health`, RUNS);
      const stuckAnswer = await stack.app.inject({
        method: 'GET',
        url: `${base}/workflows?stuckOnly=true&limit=25`,
        headers: { cookie: operator },
      });
      const found = (stuckAnswer.json() as { total: number }).total;
      const floorList = await sample(RUNS, async () => {
        for await (const _ of stack.temporal.workflow.list({ query: `Module IS NOT NULL`, pageSize: 25 })) break;
      });
      const floorCount = await sample(RUNS, () => stack.temporal.workflow.count(`Module IS NOT NULL`));
      const floor = percentile(floorList, 95) + percentile(floorCount, 95);
      const p95 = (times: number[]) => round(percentile(times, 95));
      rows.push(
        { name: `first page (${label}) p95`, value: p95(firstPage), unit: 'ms', goal: '< 300 ms' },
        { name: `stuck list (${label}) p95`, value: p95(stuck), unit: 'ms', goal: '< 300 ms' },
        { name: `stuck processes found (${label})`, value: found, unit: 'processes', goal: '2' },
        { name: `status counts (${label}) p95`, value: p95(counts), unit: 'ms', goal: 'informational' },
        { name: `health panel (${label}) p95`, value: p95(health), unit: 'ms', goal: 'informational' },
        { name: `floor: bare list 25 + count (${label}) p95`, value: round(floor), unit: 'ms', goal: 'floor' },
        {
          name: `first page / floor (${label})`,
          value: round(percentile(firstPage, 95) / floor, 2),
          unit: 'x',
          goal: 'informational',
        },
      );
    }
  } finally {
    await stack.close();
  }
  return rows;
}

export async function runOperatorConsoleBench(): Promise<BenchRow[]> {
  return [...(await inMemoryRows()), ...(await consoleRows())];
}
