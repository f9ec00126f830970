import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { Client } from '@temporalio/client';
import { loadDemoData } from '../scripts/demo-data';
import { multipartPayload } from '../api/test-support/forms';
import { workflowIds } from '../domain/workflows';
import { round, type BenchRow } from './measure';
import { logIn, startBenchStack, type BenchStack } from './setup';
import { buildSheetFile } from '../api/shared/spreadsheets/write-spreadsheet';
import { measureStartFloor } from './floor/measure-start-floor';
import { INVITATION_PARALLEL_BATCHES } from '../workflows/invitations/invitation-batch.workflow';
import { INVITATION_STARTS_IN_FLIGHT } from '../activities/invitations/invitation-batch.activities';

/**
 * Bulk upload of 1,000 student-athletes on the real stack (PostgreSQL, Temporal dev server and worker): the XLSX
 * upload (read, header matching, every row checked), then the import (one transaction, which also starts the
 * durable invitation-batch workflow). The spec's product takes about 10 minutes per 1,000; the goal is under 5 s
 * for the requests. The 1,000 invitation processes are then started by the workflow (issue 35: every one within
 * 10 s of the import's answer): when the last one started is read from Temporal visibility (each process's start
 * time), beside the floor of the same server in the same run (as many trivial workflows started, as many at once),
 * and when the last invitation mail reached the outbox.
 */
// BENCH_UPLOAD_ROWS=200 for a quick look; the issue's figures are for 1,000.
const ROWS = Number(process.env.BENCH_UPLOAD_ROWS ?? 1000);
const RUNS = 3;
/** The last run imports without invitations, to show what validating and storing alone costs. */
const PLAIN_RUN = RUNS;

function rosterXlsx(tag: string): Buffer {
  const header = [
    'First name',
    'Last name',
    'Email',
    'Phone',
    'Date of birth',
    'Student ID',
    'Class',
    'Residency',
    'Aid type',
    'Enrollment term',
    'Enrollment year',
    'Graduation year',
    'Position',
    'Cumulative GPA',
  ];
  const rows = Array.from({ length: ROWS }, (_, i) => [
    `First${i}`,
    `Last${i}`,
    `bench-${tag}-${i}@upload.test`,
    `512555${String(i).padStart(4, '0')}`,
    '2006-04-02',
    `S-${tag}-${i}`,
    'First Year',
    'In state',
    'Athletic aid',
    'Fall',
    2026,
    2030,
    'Forward',
    3.4,
  ]);
  return buildSheetFile('xlsx', 'Athletes', [header, ...rows]);
}

/** Workflow ids per visibility lookup (`WorkflowId IN (...)`). */
const LOOKUP_CHUNK = 200;

/** When the last of the batch's invitation processes was started, by Temporal's own start times (epoch ms). */
async function lastInvitationStartedAt(stack: BenchStack, batchId: string): Promise<number> {
  const rows = await stack.db.selectFrom('invitations').select('workflow_id').where('batch_id', '=', batchId).execute();
  const ids = rows.map((r) => r.workflow_id);
  if (ids.length !== ROWS) throw new Error(`invitations: ${ids.length} of ${ROWS} written`);
  // Visibility is written asynchronously: asked again until it lists every process.
  for (let attempt = 0; ; attempt++) {
    let last = 0;
    let listed = 0;
    for (let at = 0; at < ids.length; at += LOOKUP_CHUNK) {
      const chunk = ids.slice(at, at + LOOKUP_CHUNK);
      last = Math.max(last, await latestStart(stack.temporal, chunk, (n) => (listed += n)));
    }
    if (listed >= ids.length) return last;
    if (attempt > 100) throw new Error(`visibility lists ${listed} of ${ids.length} invitation processes`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

async function latestStart(temporal: Client, ids: string[], count: (n: number) => void): Promise<number> {
  const query = `WorkflowId IN (${ids.map((id) => `'${id}'`).join(', ')})`;
  let last = 0;
  let n = 0;
  for await (const info of temporal.workflow.list({ query, pageSize: ids.length })) {
    n += 1;
    last = Math.max(last, info.startTime.getTime());
  }
  count(n);
  return last;
}

/** Waits until every invitation mail of the file is in the outbox; returns when the last one got there (epoch ms). */
async function lastMailAt(stack: BenchStack, tag: string): Promise<number> {
  const deadline = Date.now() + 600_000;
  for (;;) {
    const row = await sql<{ n: string; last: Date | null }>`
      select count(*) as n, max(created_at) as last from outbox where to_address like ${`bench-${tag}-%`}
    `.execute(stack.db);
    const { n, last } = row.rows[0]!;
    if (Number(n) >= ROWS && last) return new Date(last).getTime();
    if (Date.now() > deadline) throw new Error(`invitation mails: ${n} of ${ROWS} in the outbox`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

export async function runAthletesUploadBench(): Promise<BenchRow[]> {
  const stack = await startBenchStack('bench_athletes_upload');
  const { app, database: handle, config, temporal } = stack;
  const check: number[] = [];
  const store: number[] = [];
  const total: number[] = [];
  const invited: number[] = [];
  const answerToStarted: number[] = [];
  const answerToMailed: number[] = [];
  let plain = Number.NaN;
  let floorMs: number;
  try {
    await loadDemoData(handle.db, config);
    const admin = await logIn(app, 'admin@demo.edu');
    for (let run = 0; run <= PLAIN_RUN; run++) {
      const invite = run !== PLAIN_RUN;
      const tag = randomUUID().slice(0, 8);
      const bytes = rosterXlsx(tag);
      const { payload, headers } = multipartPayload({
        filename: 'roster.xlsx',
        contentType: 'application/octet-stream',
        bytes,
      });
      const t0 = performance.now();
      const up = await app.inject({
        method: 'POST',
        url: '/api/v1/athletes/uploads',
        headers: { ...headers, cookie: admin },
        payload,
      });
      const t1 = performance.now();
      const body = up.json() as { id: string; errors: unknown[] };
      if (up.statusCode !== 201 || body.errors.length)
        throw new Error(`upload failed: ${up.statusCode} ${up.body.slice(0, 500)}`);
      const done = await app.inject({
        method: 'POST',
        url: `/api/v1/athletes/uploads/${body.id}/import`,
        headers: { cookie: admin },
        payload: { invite },
      });
      const t2 = performance.now();
      const answeredAt = Date.now();
      const result = done.json() as { createdCount: number };
      if (done.statusCode !== 200 || result.createdCount !== ROWS) {
        throw new Error(`import failed: ${done.statusCode} ${done.body.slice(0, 500)}`);
      }
      if (!invite) {
        plain = t2 - t0;
        continue;
      }
      const batchId = `upload:${body.id}`;
      const mailed = lastMailAt(stack, tag);
      mailed.catch(() => undefined); // awaited below; a failure meanwhile is not an unhandled rejection
      const batch = (await temporal.workflow.getHandle(workflowIds.invitationBatch(batchId)).result()) as {
        started: number;
      };
      const t3 = performance.now();
      if (batch.started !== ROWS) throw new Error(`invitations: ${batch.started} of ${ROWS} started`);
      answerToStarted.push((await lastInvitationStartedAt(stack, batchId)) - answeredAt);
      answerToMailed.push((await mailed) - answeredAt);
      check.push(t1 - t0);
      store.push(t2 - t1);
      total.push(t2 - t0);
      invited.push(t3 - t0);
    }
    // The floor of this server in this run: as many bare starts, as many at once as the batch runs.
    const floor = await measureStartFloor({
      client: temporal,
      connection: stack.nativeConnection,
      count: ROWS,
      inFlight: INVITATION_PARALLEL_BATCHES * INVITATION_STARTS_IN_FLIGHT,
    });
    floorMs = floor.startedMs;
  } finally {
    await stack.close();
  }
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
  return [
    { name: `${ROWS} athletes validated and stored, no invitations`, value: round(plain), unit: 'ms', goal: '—' },
    {
      name: `upload ${ROWS} rows XLSX: read and check, median of ${RUNS}`,
      value: round(median(check)),
      unit: 'ms',
      goal: '—',
    },
    {
      name: `import ${ROWS} rows with invitations (stored, batch workflow started), median`,
      value: round(median(store)),
      unit: 'ms',
      goal: '—',
    },
    {
      name: `${ROWS} athletes: upload + import requests, median`,
      value: round(median(total)),
      unit: 'ms',
      goal: '< 5000 ms',
    },
    {
      name: `${ROWS} athletes: upload + import requests, worst of ${RUNS}`,
      value: round(Math.max(...total)),
      unit: 'ms',
      goal: '< 5000 ms',
    },
    {
      name: `${ROWS} athletes: upload until the invitation batch ended, median`,
      value: round(median(invited)),
      unit: 'ms',
      goal: '—',
    },
    {
      name: `import answered → last of ${ROWS} invitation processes started, median`,
      value: round(median(answerToStarted)),
      unit: 'ms',
      goal: '< 10000 ms',
    },
    {
      name: `import answered → last of ${ROWS} invitation processes started, worst of ${RUNS}`,
      value: round(Math.max(...answerToStarted)),
      unit: 'ms',
      goal: '< 10000 ms',
    },
    {
      name: `floor: ${ROWS} trivial workflows started, ${INVITATION_PARALLEL_BATCHES * INVITATION_STARTS_IN_FLIGHT} at once`,
      value: round(floorMs),
      unit: 'ms',
      goal: 'floor',
    },
    {
      name: `invitations started (median) ÷ floor`,
      value: round(median(answerToStarted) / floorMs, 2),
      unit: 'x',
      goal: 'informational',
    },
    {
      name: `import answered → last of ${ROWS} invitation mails in the outbox, median`,
      value: round(median(answerToMailed)),
      unit: 'ms',
      goal: 'informational',
    },
  ];
}
