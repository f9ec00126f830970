import { sql } from 'kysely';
import type { FastifyInstance } from 'fastify';
import { seedForm, shortText } from '../api/test-support/forms';
import { sessionCookie } from '../api/test-support/seed-school';
import { packetWorkflowIds } from '../domain/packets';
import type { FormElement } from '../form-engine/form-definition';
import { loadDemoData } from '../scripts/demo-data';
import { percentile, round, type BenchRow } from './measure';
import { nextAddress, startBenchStack, timeGet } from './setup';

/**
 * Packets on the real stack (fresh PostgreSQL, Temporal dev server, platform worker, API through inject): sending one
 * packet to 1,000 athletes until every workflow runs and its task is listed; 1,000 submissions and 1,000 approvals
 * through the API (each a Workflow Update); the action-required list with 10,000 open tasks.
 */
const RECIPIENTS = Number(process.env.PACKET_BENCH_RECIPIENTS ?? 1_000);
const OPEN_TASKS = 10_000;
// PACKET_BENCH_SEND_ONLY=1 stops after the send (for profiling it).
const CONCURRENCY = 16;

async function pool<T>(items: T[], fn: (item: T) => Promise<void>): Promise<number[]> {
  const times: number[] = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < items.length) {
        const item = items[next++]!;
        const start = performance.now();
        await fn(item);
        times.push(performance.now() - start);
      }
    }),
  );
  return times;
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
    const team = await db
      .insertInto('sport_teams')
      .values({ school_id: school.id, name: 'Bench team', sport: 'Track' })
      .returning('id')
      .executeTakeFirstOrThrow();
    await sql`
      with made as (
        insert into users (school_id, email, first_name, last_name, status)
        select ${school.id}, 'packet-bench' || g || '@demo.edu', 'Runner' || g, 'Bench', 'ACTIVE'
        from generate_series(1, ${RECIPIENTS}) g
        returning id
      ), roles as (
        insert into user_roles (user_id, school_id, role) select id, ${school.id}, 'STUDENT_ATHLETE' from made
      )
      insert into athlete_profiles (user_id, school_id, sport_team_id, data) select id, ${school.id}, ${team.id}, '{}'::jsonb from made
    `.execute(db);
    const adminCookie = await sessionCookie(db, { id: admin.id, email: admin.email, schoolId: school.id });
    const { formId } = await seedForm(db, school.id, admin.id, {
      published: true,
      elements: [shortText('q1', { required: true } as Partial<FormElement>)],
    });
    const created = await post(app, adminCookie, '/api/v1/packets', {
      name: 'Bench packet',
      description: 'One question, then an approval',
      formIds: [formId],
      senders: { userIds: [], groups: ['SCHOOL_ADMINS'] },
      workflow: {
        steps: [
          {
            id: 'fill',
            kind: 'SUBMITTER',
            name: 'Fill',
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
    const published = await post(app, adminCookie, `/api/v1/packets/${packetId}/publish`, {});
    if (published.statusCode !== 200) throw new Error(`publish: ${published.body}`);
    await sql`analyze`.execute(db);

    // 1. Send to the team until every workflow runs (the packet-send workflow has started them all) and every
    // recipient's task is open; then until each submission workflow has also run its first workflow task.
    const sendStart = performance.now();
    const sent = await post(app, adminCookie, `/api/v1/packets/${packetId}/send`, {
      recipients: { userIds: [], teamIds: [team.id], groups: [] },
      notify: false,
    });
    if (sent.statusCode !== 201) throw new Error(`send: ${sent.body}`);
    const sendAnswered = performance.now() - sendStart;
    const sentPacketId = sent.json().sentPacketId as string;
    const sendHandle = stack.temporal.workflow.getHandle(packetWorkflowIds.send(sentPacketId));
    const [allStarted] = await Promise.all([
      sendHandle.result(),
      until(
        async () => {
          const row = await db
            .selectFrom('tasks')
            .select((eb) => eb.fn.countAll<string>().as('n'))
            .where('school_id', '=', school.id)
            .where('status', '=', 'OPEN')
            .where('workflow_id', 'like', `packet-submission:${sentPacketId}:%`)
            .executeTakeFirstOrThrow();
          return Number(row.n) >= RECIPIENTS;
        },
        600_000,
        'all tasks open',
      ),
    ]);
    if (allStarted.started !== RECIPIENTS) throw new Error(`started ${allStarted.started} of ${RECIPIENTS}`);
    const sendAll = performance.now() - sendStart;
    await until(
      async () => {
        const { count } = await stack.temporal.workflow.count(
          `Module = 'packet-submission' AND StepName = 'Fill' AND ExecutionStatus = 'Running'`,
        );
        return count >= RECIPIENTS;
      },
      600_000,
      'every first workflow task done',
    );
    const sendSettled = performance.now() - sendStart;
    rows.push({ name: `send to ${RECIPIENTS}: API answered`, value: round(sendAnswered), unit: 'ms', goal: 'report' });
    rows.push({
      name: `send to ${RECIPIENTS}: all workflows running, tasks listed`,
      value: round(sendAll),
      unit: 'ms',
      goal: '<= 15000 ms',
    });
    rows.push({
      name: `send to ${RECIPIENTS}: every workflow past its first workflow task`,
      value: round(sendSettled),
      unit: 'ms',
      goal: 'report',
    });

    if (process.env.PACKET_BENCH_SEND_ONLY === '1') return rows;

    // 2. Every recipient submits, then the admin approves each (Workflow Updates through the API).
    const submissions = await db
      .selectFrom('packet_submissions')
      .select(['id', 'recipient_user_id'])
      .where('sent_packet_id', '=', sentPacketId)
      .execute();
    const cookies = new Map<string, string>();
    for (const s of submissions) {
      cookies.set(s.id, await sessionCookie(db, { id: s.recipient_user_id, email: '', schoolId: school.id }));
    }
    const submitStart = performance.now();
    const submitTimes = await pool(submissions, async (s) => {
      const res = await post(app, cookies.get(s.id)!, `/api/v1/packet-submissions/${s.id}/actions`, {
        stepId: 'fill',
        action: 'SUBMIT',
        answers: { [formId]: { q1: 'ready' } },
      });
      if (res.statusCode !== 200) throw new Error(`submit: ${res.statusCode} ${res.body}`);
    });
    const submitWall = performance.now() - submitStart;
    rows.push({
      name: `${submissions.length} submissions: throughput`,
      value: round((submissions.length / submitWall) * 1000),
      unit: 'per s',
      goal: 'report',
    });
    rows.push({
      name: `${submissions.length} submissions: p95`,
      value: round(percentile(submitTimes, 95)),
      unit: 'ms',
      goal: 'report',
    });

    const approveStart = performance.now();
    const approveTimes = await pool(submissions, async (s) => {
      const res = await post(app, adminCookie, `/api/v1/packet-submissions/${s.id}/actions`, {
        stepId: 'ok',
        action: 'APPROVE',
      });
      if (res.statusCode !== 200) throw new Error(`approve: ${res.statusCode} ${res.body}`);
    });
    const approveWall = performance.now() - approveStart;
    rows.push({
      name: `${submissions.length} approvals: throughput`,
      value: round((submissions.length / approveWall) * 1000),
      unit: 'per s',
      goal: 'report',
    });
    rows.push({
      name: `${submissions.length} approvals: p50`,
      value: round(percentile(approveTimes, 50)),
      unit: 'ms',
      goal: 'report',
    });
    rows.push({
      name: `${submissions.length} approvals: p95`,
      value: round(percentile(approveTimes, 95)),
      unit: 'ms',
      goal: 'report',
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
          from sp, athlete_profiles a where a.sport_team_id = ${team.id}
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
  } finally {
    await stack.close();
  }
  return rows;
}
