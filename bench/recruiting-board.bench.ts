import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { loadDemoData } from '../scripts/demo-data';
import { buildSheetFile } from '../api/shared/spreadsheets/write-spreadsheet';
import { multipartPayload } from '../api/test-support/forms';
import { BOARD_COLUMNS } from '../domain/recruiting';
import { percentile, round, type BenchRow } from './measure';
import { logIn, startBenchStack, timeGet } from './setup';

/**
 * Recruiting on the real stack: the board of a school with 2,000 active prospects (GET /psas/board, p95 over 100
 * loads; goal < 200 ms), the first page of the PSA list, and 1,000-row XLSX uploads of prospects and of phone calls
 * to them, each checked and stored (goal < 5 s).
 */
const PROSPECTS = 2000;
const UPLOAD_ROWS = 1000;
const RUNS = 3;

function prospectsXlsx(tag: string): Buffer {
  const header = [
    'First name',
    'Last name',
    'Email',
    'Mobile',
    'High school',
    'Graduation year',
    'Position',
    'SAT',
    'ACT',
    'GPA',
  ];
  const rows = Array.from({ length: UPLOAD_ROWS }, (_, i) => [
    `First${i}`,
    `Last${i}`,
    `bench-${tag}-${i}@recruit.test`,
    `512${String(5550000 + i).padStart(7, '0')}`,
    'Central High',
    2028,
    'Forward',
    1200,
    27,
    3.5,
  ]);
  return buildSheetFile('xlsx', 'Prospects', [header, ...rows.map((r) => r.map(String))]);
}

/** 1,000 phone calls, one to each of the first 1,000 board prospects, `daysBack` days ago (a run per day). */
function phoneCallsXlsx(daysBack: number): Buffer {
  const date = new Date(Date.now() - daysBack * 86_400_000).toISOString().slice(0, 10);
  const rows = Array.from({ length: UPLOAD_ROWS }, (_, i) => [
    `board-${i}@bench.test`,
    date,
    `${9 + (i % 8)}:${String(i % 60).padStart(2, '0')}`,
    String(5 + (i % 30)),
    i % 2 ? 'Talked about the visit.' : '',
  ]);
  return buildSheetFile('xlsx', 'Phone calls', [
    ['Prospect email', 'Date', 'Time', 'Duration (minutes)', 'Notes'],
    ...rows,
  ]);
}

export async function runRecruitingBoardBench(): Promise<BenchRow[]> {
  const stack = await startBenchStack('bench_recruiting_board');
  const { app, database: handle, config } = stack;
  const db = handle.db;
  const upload: number[] = [];
  const calls: number[] = [];
  const board: number[] = [];
  const list: number[] = [];
  try {
    await loadDemoData(db, config);
    const admin = await logIn(app, 'admin@demo.edu');
    const school = await db
      .selectFrom('schools')
      .select('id')
      .where('slug', '=', 'demo-state')
      .executeTakeFirstOrThrow();
    // 2,000 prospects spread over the board's columns (written directly: this measures reading them).
    const columns = BOARD_COLUMNS.filter((c) => c !== 'ADDED_TO_ROSTER');
    for (let i = 0; i < PROSPECTS; i += 500) {
      await db
        .insertInto('psas')
        .values(
          Array.from({ length: Math.min(500, PROSPECTS - i) }, (_, j) => ({
            school_id: school.id,
            first_name: `Board${i + j}`,
            last_name: `Prospect${i + j}`,
            email: `board-${i + j}@bench.test`,
            graduation_year: 2027 + ((i + j) % 3),
            position: 'Guard',
            high_school_name: 'Lakeview High',
            rating: ((i + j) % 5) + 1,
            tags: (i + j) % 7 === 0 ? ['Priority'] : [],
            commitment_status: columns[(i + j) % columns.length]!,
            board_rank: i + j,
          })),
        )
        .execute();
    }
    await sql`analyze psas`.execute(db);
    board.push(...(await timeGet(app, admin, '/api/v1/psas/board', 100)));
    list.push(...(await timeGet(app, admin, '/api/v1/psas?limit=25', 100)));
    /** Stores one upload through the API and returns how long it took; anything but all rows stored fails the run. */
    const timeUpload = async (url: string, filename: string, bytes: Buffer) => {
      const { payload, headers } = multipartPayload({ filename, contentType: 'application/octet-stream', bytes });
      const t0 = performance.now();
      const res = await app.inject({ method: 'POST', url, headers: { ...headers, cookie: admin }, payload });
      const t1 = performance.now();
      if (res.statusCode !== 201 || (res.json() as { created: number }).created !== UPLOAD_ROWS) {
        throw new Error(`upload failed: ${res.statusCode} ${res.body.slice(0, 500)}`);
      }
      return t1 - t0;
    };
    for (let run = 0; run < RUNS; run++) {
      upload.push(await timeUpload('/api/v1/psas/uploads', 'prospects.xlsx', prospectsXlsx(randomUUID().slice(0, 8))));
      calls.push(await timeUpload('/api/v1/psas/phone-calls/uploads', 'calls.xlsx', phoneCallsXlsx(run + 2)));
    }
  } finally {
    await stack.close();
  }
  return [
    { name: `board of ${PROSPECTS} prospects, p50`, value: round(percentile(board, 50)), unit: 'ms', goal: '—' },
    { name: `board of ${PROSPECTS} prospects, p95`, value: round(percentile(board, 95)), unit: 'ms', goal: '< 200 ms' },
    { name: `PSA list first page of ${PROSPECTS}, p95`, value: round(percentile(list, 95)), unit: 'ms', goal: '—' },
    {
      name: `upload ${UPLOAD_ROWS} prospects XLSX, checked and stored, median of ${RUNS}`,
      value: round([...upload].sort((a, b) => a - b)[Math.floor(RUNS / 2)]!),
      unit: 'ms',
      goal: '< 5000 ms',
    },
    {
      name: `upload ${UPLOAD_ROWS} prospects, worst of ${RUNS}`,
      value: round(Math.max(...upload)),
      unit: 'ms',
      goal: '< 5000 ms',
    },
    {
      name: `upload ${UPLOAD_ROWS} phone calls XLSX, checked and stored, median of ${RUNS}`,
      value: round([...calls].sort((a, b) => a - b)[Math.floor(RUNS / 2)]!),
      unit: 'ms',
      goal: '< 5000 ms',
    },
    {
      name: `upload ${UPLOAD_ROWS} phone calls, worst of ${RUNS}`,
      value: round(Math.max(...calls)),
      unit: 'ms',
      goal: '< 5000 ms',
    },
  ];
}
