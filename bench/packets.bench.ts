import { sql } from 'kysely';
import type { Client } from '@temporalio/client';
import type { FastifyInstance } from 'fastify';
import { seedForm, shortText } from '../api/test-support/forms';
import { sessionCookie } from '../api/test-support/seed-school';
import { packetWorkflowIds } from '../domain/packets';
import type { FormElement } from '../form-engine/form-definition';
import { loadDemoData } from '../scripts/demo-data';
import { forEachConcurrently } from '../domain/concurrency';
import { breakDownUpdates, mean } from './history-breakdown';
import { percentile, round, type BenchRow } from './measure';
import { PACKET_SEND_PARALLEL_BATCHES } from '../workflows/packets/packet-send.workflow';
import { PACKET_SEND_STARTS_IN_FLIGHT } from '../activities/packets/packet-send.activities';
import { measureStartFloor } from './floor/measure-start-floor';
import { measureUpdateFloor } from './floor/measure-update-floor';
import { nextAddress, startBenchStack, timeGet, type BenchStack } from './setup';

/**
 * Packets on the real stack (fresh PostgreSQL, Temporal dev server, platform worker, API through inject): sending one
 * packet to 1,000 athletes until every workflow runs and its task is listed; 1,000 submissions and 1,000 approvals
 * through the API (each a Workflow Update); the action-required list with 10,000 open tasks.
 */
const RECIPIENTS = Number(process.env.PACKET_BENCH_RECIPIENTS ?? 1_000);
/** The large send (0 skips it): one packet to this many recipients, measured beside the server's floor. */
const LARGE_RECIPIENTS = Number(process.env.PACKET_BENCH_LARGE_RECIPIENTS ?? 10_000);
const OPEN_TASKS = 10_000;
// PACKET_BENCH_SEND_ONLY=1 stops after the send (for profiling it).
const CONCURRENCY = 16;
/**
 * People arriving per second in the open-paced runs of the actions, one run per rate (PACKET_BENCH_OPEN_RATE, comma
 * separated): a light pace and one near two thirds of what the machine manages at saturation.
 */
const OPEN_RATES = (process.env.PACKET_BENCH_OPEN_RATE ?? '12,30')
  .split(',')
  .map(Number)
  .filter((rate) => rate > 0);
/** One run in this many is checked for its first workflow task (see measureSend). */
const SETTLED_SAMPLE = 100;

/** Runs `fn` on every item, CONCURRENCY at a time; returns each item's milliseconds, in the items' order. */
async function pool<T>(items: T[], fn: (item: T) => Promise<void>): Promise<number[]> {
  const times: number[] = new Array<number>(items.length);
  await forEachConcurrently(items, CONCURRENCY, async (item, at) => {
    times[at] = await timed(() => fn(item));
  });
  return times;
}

/** How many milliseconds `fn` took. */
async function timed(fn: () => Promise<void>): Promise<number> {
  const start = performance.now();
  await fn();
  return performance.now() - start;
}

/**
 * Where one kind of action's time went, from a sample of the workflows' histories (every tenth): the request as the
 * client saw it, the part between the workflow task that carried the Update and its completion, and inside that the
 * waits for and runs of workflow tasks and activities.
 */
async function breakdownRows(
  label: string,
  client: Client,
  workflowIds: string[],
  times: number[],
  marker: string,
): Promise<BenchRow[]> {
  const picked = workflowIds.map((id, at) => ({ id, ms: times[at]! })).filter((_, at) => at % 10 === 0);
  const split = await breakDownUpdates(
    client,
    picked.map((p) => p.id),
    marker,
  );
  const row = (name: string, values: number[], unit = 'ms'): BenchRow => ({
    name: `${label}: ${name}`,
    value: round(mean(values)),
    unit,
    goal: 'report',
  });
  return [
    row(
      'mean request',
      picked.map((p) => p.ms),
    ),
    row('mean Update window in the history', split.windowMs),
    row('  workflow tasks waiting for the worker', split.workflowTaskWaitMs),
    row('  workflow tasks running (incl. local activities)', split.workflowTaskRunMs),
    row('  activities waiting for the worker', split.activityWaitMs),
    row('  activities running', split.activityRunMs),
    row('  workflow tasks per action', split.workflowTasks, 'count'),
    row('  activities per action', split.activities, 'count'),
    row('  local activities per action', split.localActivities, 'count'),
  ];
}

async function until(probe: () => Promise<boolean>, limitMs: number, what: string): Promise<void> {
  const start = performance.now();
  while (!(await probe())) {
    if (performance.now() - start > limitMs) throw new Error(`${what} not reached within ${limitMs} ms`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

function post(app: FastifyInstance, cookie: string, url: string, payload: unknown) {
  return app.inject({
    method: 'POST',
    url,
    headers: { cookie },
    payload: payload as Record<string, unknown>,
    remoteAddress: nextAddress(),
  });
}

/** Adds `count` active student-athletes in a new team of the school; returns the team's id. */
async function addAthletes(db: BenchStack['db'], schoolId: string, teamName: string, count: number): Promise<string> {
  const team = await db
    .insertInto('sport_teams')
    .values({ school_id: schoolId, name: teamName, sport: 'Track' })
    .returning('id')
    .executeTakeFirstOrThrow();
  const tag = teamName.toLowerCase().replace(/[^a-z0-9]+/g, '-');
  await sql`
    with made as (
      insert into users (school_id, email, first_name, last_name, status)
      select ${schoolId}, ${tag} || '-' || g || '@demo.edu', 'Runner' || g, 'Bench', 'ACTIVE'
      from generate_series(1, ${count}) g
      returning id
    ), roles as (
      insert into user_roles (user_id, school_id, role) select id, ${schoolId}, 'STUDENT_ATHLETE' from made
    )
    insert into athlete_profiles (user_id, school_id, sport_team_id, data) select id, ${schoolId}, ${team.id}, '{}'::jsonb from made
  `.execute(db);
  return team.id;
}

/** A published packet: the recipient fills one question (step `fill`, named `fillName`), a school admin approves. */
async function publishPacket(app: FastifyInstance, cookie: string, formId: string, fillName: string): Promise<string> {
  const created = await post(app, cookie, '/api/v1/packets', {
    name: `Bench packet (${fillName})`,
    description: 'One question, then an approval',
    formIds: [formId],
    senders: { userIds: [], groups: ['SCHOOL_ADMINS'] },
    workflow: {
      steps: [
        {
          id: 'fill',
          kind: 'SUBMITTER',
          name: fillName,
          actors: [{ kind: 'RECIPIENT' }],
          questionIds: [`${formId}:q1`],
        },
        {
          id: 'ok',
          kind: 'APPROVER',
          name: 'Approve',
          actors: [{ kind: 'ROLE', role: 'SCHOOL_ADMIN' }],
          questionIds: [],
        },
      ],
      edges: [{ id: 'e', from: 'fill', to: 'ok' }],
    },
  });
  if (created.statusCode !== 201) throw new Error(`create packet: ${created.body}`);
  const packetId = created.json().id as string;
  const published = await post(app, cookie, `/api/v1/packets/${packetId}/publish`, {});
  if (published.statusCode !== 200) throw new Error(`publish: ${published.body}`);
  return packetId;
}

interface SendFigures {
  sentPacketId: string;
  answeredMs: number;
  allMs: number;
  settledMs: number;
  /** Progress polls during the send, and how far the reported count ever stood from the tasks listed. */
  progressPolls: number;
  progressMaxLag: number;
  progressWrong: string | null;
}

/**
 * Sends the packet to the team until every workflow runs (the packet-send workflow has started them all) and every
 * recipient's task is listed; then until each submission workflow has also run its first workflow task (sampled).
 * Meanwhile the sender's progress endpoint is polled as the
 * send dialog does: it must never report more recipients started than have their task listed, never go back, and
 * end at the total.
 */
async function measureSend(
  stack: BenchStack,
  ctx: { schoolId: string; cookie: string },
  packetId: string,
  teamId: string,
  recipients: number,
): Promise<SendFigures> {
  const { app, db } = stack;
  const sendStart = performance.now();
  const sent = await post(app, ctx.cookie, `/api/v1/packets/${packetId}/send`, {
    recipients: { userIds: [], teamIds: [teamId], groups: [] },
    notify: false,
  });
  if (sent.statusCode !== 201) throw new Error(`send: ${sent.body}`);
  const answeredMs = performance.now() - sendStart;
  const sentPacketId = sent.json().sentPacketId as string;
  const listed = async () => {
    const row = await db
      .selectFrom('tasks')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('school_id', '=', ctx.schoolId)
      .where('status', '=', 'OPEN')
      .where('workflow_id', 'like', `packet-submission:${sentPacketId}:%`)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  };
  let progressPolls = 0;
  let progressMaxLag = 0;
  let progressWrong: string | null = null;
  let lastStarted = 0;
  let done = false;
  const followProgress = (async () => {
    while (!done) {
      const res = await app.inject({
        method: 'GET',
        url: `/api/v1/sent-packets/${sentPacketId}/send-progress`,
        headers: { cookie: ctx.cookie },
        remoteAddress: nextAddress(),
      });
      const tasks = await listed();
      if (res.statusCode !== 200) progressWrong ??= `progress answered ${res.statusCode}`;
      else {
        const p = res.json() as { total: number; started: number; finished: boolean };
        progressPolls += 1;
        if (p.total !== recipients) progressWrong ??= `total ${p.total}`;
        if (p.started < lastStarted) progressWrong ??= `went back from ${lastStarted} to ${p.started}`;
        if (p.started > tasks) progressWrong ??= `reported ${p.started} started with ${tasks} tasks listed`;
        lastStarted = p.started;
        progressMaxLag = Math.max(progressMaxLag, tasks - p.started);
        if (p.finished && p.started !== recipients) progressWrong ??= `finished at ${p.started}`;
      }
      await new Promise((r) => setTimeout(r, 500));
    }
  })();
  const sendHandle = stack.temporal.workflow.getHandle(packetWorkflowIds.send(sentPacketId));
  let allMs: number;
  try {
    const [allStarted] = await Promise.all([
      sendHandle.result(),
      until(async () => (await listed()) >= recipients, 900_000, 'all tasks open'),
    ]);
    if (allStarted.started !== recipients) throw new Error(`started ${allStarted.started} of ${recipients}`);
    allMs = performance.now() - sendStart;
  } finally {
    done = true;
    await followProgress;
  }
  // The send sets each run's step at start, so visibility cannot tell a run that has done its first workflow task:
  // one run in every SETTLED_SAMPLE (and the last) is asked for its history length instead.
  const samples = await db
    .selectFrom('packet_submissions')
    .select('workflow_id')
    .where('sent_packet_id', '=', sentPacketId)
    .orderBy('id')
    .execute();
  let pending = samples.filter((_, at) => at % SETTLED_SAMPLE === 0 || at === samples.length - 1);
  await until(
    async () => {
      const still: typeof pending = [];
      for (const s of pending) {
        // Started and its first workflow task scheduled: 2 events; the task done adds at least 3.
        const { historyLength } = await stack.temporal.workflow.getHandle(s.workflow_id).describe();
        if (historyLength <= 3) still.push(s);
      }
      pending = still;
      return pending.length === 0;
    },
    900_000,
    'every first workflow task done',
  );
  const settledMs = performance.now() - sendStart;
  return { sentPacketId, answeredMs, allMs, settledMs, progressPolls, progressMaxLag, progressWrong };
}

function sendRows(recipients: number, f: SendFigures, goal: string): BenchRow[] {
  return [
    { name: `send to ${recipients}: API answered`, value: round(f.answeredMs), unit: 'ms', goal: '< 3000 ms' },
    { name: `send to ${recipients}: all workflows running, tasks listed`, value: round(f.allMs), unit: 'ms', goal },
    {
      name: `send to ${recipients}: every sampled workflow (1 in ${SETTLED_SAMPLE}) past its first workflow task`,
      value: round(f.settledMs),
      unit: 'ms',
      goal: 'report',
    },
    {
      name: `send to ${recipients}: progress polls (largest lag behind tasks listed)`,
      value: f.progressPolls,
      unit: `polls`,
      goal: f.progressWrong ? `WRONG: ${f.progressWrong}` : `accurate (lag <= ${f.progressMaxLag})`,
    },
  ];
}

export async function runPacketsBench(): Promise<BenchRow[]> {
  const stack = await startBenchStack('bench_packets');
  const { app, db, config } = stack;
  const rows: BenchRow[] = [];
  try {
    await loadDemoData(db, config);
    const school = await db
      .selectFrom('schools')
      .select('id')
      .where('slug', '=', 'demo-state')
      .executeTakeFirstOrThrow();
    const admin = await db
      .selectFrom('users')
      .select(['id', 'email'])
      .where('email', '=', 'admin@demo.edu')
      .executeTakeFirstOrThrow();
    const teamId = await addAthletes(db, school.id, 'Bench team', RECIPIENTS);
    const adminCookie = await sessionCookie(db, { id: admin.id, email: admin.email, schoolId: school.id });
    const ctx = { schoolId: school.id, cookie: adminCookie };
    const { formId } = await seedForm(db, school.id, admin.id, {
      published: true,
      elements: [shortText('q1', { required: true } as Partial<FormElement>)],
    });
    const packetId = await publishPacket(app, adminCookie, formId, 'Fill');
    await sql`analyze`.execute(db);

    // 1. Send to the team of RECIPIENTS.
    const send = await measureSend(stack, ctx, packetId, teamId, RECIPIENTS);
    rows.push(...sendRows(RECIPIENTS, send, '<= 15000 ms'));
    const sentPacketId = send.sentPacketId;

    if (process.env.PACKET_BENCH_SEND_ONLY !== '1') {
      // 2. Every recipient submits, then the admin approves each (Workflow Updates through the API): CONCURRENCY
      // people acting at once, each acting again as soon as answered (the machine's saturation).
      // A failed action is counted and shown rather than ending the run (figures on a loaded machine are noisy).
      const failures: string[] = [];
      const acting = { app, db, schoolId: school.id, formId, adminCookie, failures };
      const closed = await measureActions(stack, acting, sentPacketId, { kind: 'closed' });
      rows.push(...closed.rows, ...(await updateFloorRows(stack, closed.perSecond)));

      // 2b. The same on another send to the team for each rate, with people arriving at that rate whether or not the
      // ones before them were answered (what one person waits while the others act at that pace).
      for (const [at, perSecond] of OPEN_RATES.entries()) {
        const openPacket = await publishPacket(app, adminCookie, formId, `Fill again ${at + 1}`);
        const openSend = await measureSend(stack, ctx, openPacket, teamId, RECIPIENTS);
        const open = await measureActions(stack, acting, openSend.sentPacketId, { kind: 'open', perSecond });
        rows.push(...open.rows);
      }

      rows.push({
        name: 'actions answered other than 200',
        value: failures.length,
        unit: 'count',
        goal: failures[0] ? `0 (first: ${failures[0]})` : '0',
      });

      // 3. The action-required list with 10,000 open tasks of one approver (rows only: no workflows behind them).
      const version = await db
        .selectFrom('packet_versions')
        .select('id')
        .where('packet_id', '=', packetId)
        .executeTakeFirstOrThrow();
      const rounds = Math.ceil(OPEN_TASKS / RECIPIENTS);
      for (let r = 0; r < rounds; r++) {
        await sql`
          with sp as (
            insert into sent_packets (school_id, packet_id, packet_version_id, sent_by, reminder, expiry, expires_at, visibility, recipient_count)
            values (${school.id}, ${packetId}, ${version.id}, ${admin.id}, 'OFF', 'MONTH', now() + interval '30 days', 'SENDER_ONLY', ${RECIPIENTS})
            returning id
          ), subs as (
            insert into packet_submissions (school_id, sent_packet_id, recipient_user_id, workflow_id, status, active_step_id, active_step_name)
            select ${school.id}, sp.id, a.user_id, 'bench:' || sp.id || ':' || a.user_id, 'SUBMITTED', 'ok', 'Approve'
            from sp, athlete_profiles a where a.sport_team_id = ${teamId}
            returning id, workflow_id, created_at
          )
          insert into tasks (school_id, workflow_id, step_id, step_name, assignee_user_id, module, entity_id, title, created_at)
          select ${school.id}, workflow_id, 'ok#0@user:' || ${admin.id}, 'Approve', ${admin.id}, 'packet-submission', id::text, 'Bench packet: Approve',
            now() - (random() * interval '30 days')
          from subs
        `.execute(db);
      }
      await sql`analyze`.execute(db);
      const list = await timeGet(app, adminCookie, '/api/v1/packet-tasks?limit=50', 200);
      rows.push({
        name: `action-required list (${rounds * RECIPIENTS} open tasks) p95`,
        value: round(percentile(list, 95)),
        unit: 'ms',
        goal: '< 100 ms',
      });
    }

    // 4. One packet to LARGE_RECIPIENTS, beside the floor of this server: as many trivial workflows started with as
    // many start calls in flight as the send uses, each completing in its one workflow task.
    if (LARGE_RECIPIENTS > 0) {
      const floor = await measureStartFloor({
        client: stack.temporal,
        connection: stack.nativeConnection,
        count: LARGE_RECIPIENTS,
        inFlight: PACKET_SEND_PARALLEL_BATCHES * PACKET_SEND_STARTS_IN_FLIGHT,
      });
      const largeTeam = await addAthletes(db, school.id, 'Large bench team', LARGE_RECIPIENTS);
      const largePacket = await publishPacket(app, adminCookie, formId, 'Fill large');
      await sql`analyze`.execute(db);
      const large = await measureSend(stack, ctx, largePacket, largeTeam, LARGE_RECIPIENTS);
      rows.push(...sendRows(LARGE_RECIPIENTS, large, '< 60000 ms'));
      rows.push({
        name: `floor: ${LARGE_RECIPIENTS} trivial workflows started`,
        value: round(floor.startedMs),
        unit: 'ms',
        goal: 'report',
      });
      rows.push({
        name: `floor: ${LARGE_RECIPIENTS} trivial workflows completed`,
        value: round(floor.completedMs),
        unit: 'ms',
        goal: 'report',
      });
      rows.push({
        name: `send to ${LARGE_RECIPIENTS} ÷ floor (all running and listed ÷ trivial started)`,
        value: round(large.allMs / floor.startedMs, 2),
        unit: 'x',
        goal: 'report',
      });
    }
  } finally {
    await stack.close();
  }
  return rows;
}

/**
 * Runs `fn` on every item with people arriving at `perSecond` (each started on its schedule whether or not the
 * earlier ones were answered); returns each item's milliseconds, in the items' order.
 */
async function arrivals<T>(items: T[], perSecond: number, fn: (item: T) => Promise<void>): Promise<number[]> {
  const times: number[] = new Array<number>(items.length);
  const begin = performance.now();
  await Promise.all(
    items.map(async (item, at) => {
      const due = begin + (at * 1000) / perSecond;
      const wait = due - performance.now();
      if (wait > 0) await new Promise((r) => setTimeout(r, wait));
      times[at] = await timed(() => fn(item));
    }),
  );
  return times;
}

type Pace = { kind: 'closed' } | { kind: 'open'; perSecond: number };

/** Every recipient of the send submits, then the school admin approves each, at `pace`; the figures as rows. */
async function measureActions(
  stack: BenchStack,
  acting: {
    app: FastifyInstance;
    db: BenchStack['db'];
    schoolId: string;
    formId: string;
    adminCookie: string;
    failures: string[];
  },
  sentPacketId: string,
  pace: Pace,
): Promise<{ rows: BenchRow[]; perSecond: ActionRates }> {
  const { app, db, formId, adminCookie, failures } = acting;
  const submissions = await db
    .selectFrom('packet_submissions')
    .select(['id', 'recipient_user_id', 'workflow_id'])
    .where('sent_packet_id', '=', sentPacketId)
    .execute();
  const cookies = new Map<string, string>();
  for (const s of submissions) {
    cookies.set(s.id, await sessionCookie(db, { id: s.recipient_user_id, email: '', schoolId: acting.schoolId }));
  }
  const run = (fn: (s: (typeof submissions)[number]) => Promise<void>) =>
    pace.kind === 'closed' ? pool(submissions, fn) : arrivals(submissions, pace.perSecond, fn);
  const paceLabel = pace.kind === 'closed' ? `${CONCURRENCY} at once` : `arriving ${pace.perSecond} a second`;
  const rows: BenchRow[] = [];

  const submitStart = performance.now();
  const submitTimes = await run(async (s) => {
    const res = await post(app, cookies.get(s.id)!, `/api/v1/packet-submissions/${s.id}/actions`, {
      stepId: 'fill',
      action: 'SUBMIT',
      answers: { [formId]: { q1: 'ready' } },
    });
    if (res.statusCode !== 200) failures.push(`submit: ${res.statusCode} ${res.body.slice(0, 200)}`);
  });
  const submitLabel = `${submissions.length} submissions, ${paceLabel}`;
  const submitRows = actionRows(submitLabel, submitTimes, performance.now() - submitStart, pace.kind === 'closed');
  rows.push(...submitRows);
  const workflowIds = submissions.map((s) => s.workflow_id);
  if (pace.kind === 'closed') {
    rows.push(...(await breakdownRows('submit', stack.temporal, workflowIds, submitTimes, '"action":"SUBMIT"')));
  }

  const approveStart = performance.now();
  const approveTimes = await run(async (s) => {
    const res = await post(app, adminCookie, `/api/v1/packet-submissions/${s.id}/actions`, {
      stepId: 'ok',
      action: 'APPROVE',
    });
    if (res.statusCode !== 200) failures.push(`approve: ${res.statusCode} ${res.body.slice(0, 200)}`);
  });
  const approveLabel = `${submissions.length} approvals, ${paceLabel}`;
  const approveRows = actionRows(approveLabel, approveTimes, performance.now() - approveStart, pace.kind === 'closed');
  rows.push(...approveRows);
  if (pace.kind === 'closed') {
    rows.push(...(await breakdownRows('approve', stack.temporal, workflowIds, approveTimes, '"action":"APPROVE"')));
  }
  return { rows, perSecond: { submissions: throughputOf(submitRows), approvals: throughputOf(approveRows) } };
}

/**
 * Beside the actions at saturation, the floor of this server at that moment: as many bare Updates (answered in
 * memory by a workflow that writes nothing) with as many in flight, once leaving the run waiting (as a submission
 * does) and once ending it (as the final approval does), and each action's throughput as a share of its floor.
 */
async function updateFloorRows(stack: BenchStack, perSecond: ActionRates): Promise<BenchRow[]> {
  const rows: BenchRow[] = [];
  for (const [endsRun, action] of [
    [false, 'submissions'],
    [true, 'approvals'],
  ] as const) {
    const floor = await measureUpdateFloor({
      client: stack.temporal,
      connection: stack.nativeConnection,
      count: RECIPIENTS,
      inFlight: CONCURRENCY,
      endsRun,
    });
    const what = endsRun ? 'each ending its run' : 'the run waiting on';
    const floorRows = actionRows(
      `floor: ${RECIPIENTS} bare Updates, ${CONCURRENCY} at once, ${what}`,
      floor.times,
      floor.wallMs,
      false,
    );
    rows.push(...floorRows);
    rows.push({
      name: `${action} per second ÷ floor`,
      value: round(perSecond[action] / throughputOf(floorRows), 2),
      unit: 'x',
      goal: 'report',
    });
  }
  return rows;
}

/** Actions a second of the submissions and of the approvals in one run of `measureActions`. */
type ActionRates = { submissions: number; approvals: number };

/** The throughput row of `actionRows`, found by its name (a missing one stops the bench instead of a wrong ratio). */
function throughputOf(rows: BenchRow[]): number {
  const row = rows.find((r) => r.name.endsWith(': throughput'));
  if (!row) throw new Error(`no throughput among ${rows.map((r) => r.name).join(', ')}`);
  return row.value;
}

function actionRows(label: string, times: number[], wallMs: number, goal = true): BenchRow[] {
  return [
    { name: `${label}: throughput`, value: round((times.length / wallMs) * 1000), unit: 'per s', goal: 'report' },
    { name: `${label}: p50`, value: round(percentile(times, 50)), unit: 'ms', goal: 'report' },
    { name: `${label}: p95`, value: round(percentile(times, 95)), unit: 'ms', goal: goal ? '< 250 ms' : 'report' },
  ];
}
