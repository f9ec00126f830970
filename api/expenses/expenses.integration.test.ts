import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitFor } from '../../activities/testing/fixtures';
import { startAppWithWorker, type AppWithWorker } from '../test-support/app-with-worker';
import { seedSchool, seedUser, sessionCookie, type SeededUser } from '../test-support/seed-school';
import { addDays, daysFromToday } from '../../scripts/test-harness/test-clock';

/**
 * Expenses and materials through the API on the real PostgreSQL and Temporal: the spec's checks in its wording,
 * receipts stored for real (type-checked, at most 30), approval and rejection with a reason through the
 * expense-approval process and My Tasks, role checks (a coach sees and files only their own, cannot decide),
 * tenant isolation, CSV export, and the materials' limits (20 files, 20 MB each, 25 MB in total, 50 words).
 */
let t: AppWithWorker;
let schoolId: string;
let admin: SeededUser;
let coach: SeededUser;
let otherCoach: SeededUser;
let outsider: SeededUser;
const cookies = new Map<string, string>();

const SIGNATURE =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';
const PDF = (size = 64) => Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(Math.max(0, size - 9), 0x20)]);
const MB = 1024 * 1024;

async function call(user: SeededUser, method: 'GET' | 'POST' | 'DELETE', url: string, payload?: unknown) {
  const res = await t.app.inject({
    method,
    url: `/api/v1${url}`,
    headers: { cookie: cookies.get(user.id)! },
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
  const text = res.body;
  return {
    status: res.statusCode,
    headers: res.headers,
    body: text.startsWith('{') || text.startsWith('[') ? res.json() : text,
  };
}

async function upload(user: SeededUser, url: string, name: string, bytes: Buffer, fields: Record<string, string> = {}) {
  const boundary = '----exp' + Math.random().toString(16).slice(2);
  const head = Object.entries(fields)
    .map(([k, v]) => `--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`)
    .join('');
  const body = Buffer.concat([
    Buffer.from(
      `${head}--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
    ),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/v1${url}`,
    headers: { cookie: cookies.get(user.id)!, 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload: body,
  });
  return { status: res.statusCode, body: res.json() };
}

beforeAll(async () => {
  t = await startAppWithWorker('expenses');
  const db = t.database.db;
  schoolId = (await seedSchool(db)).id;
  admin = await seedUser(db, schoolId, { roles: [{ role: 'SCHOOL_ADMIN', compliance: true }] });
  coach = await seedUser(db, schoolId, { roles: [{ role: 'COACH', titleGroup: 'HEAD_COACH' }] });
  otherCoach = await seedUser(db, schoolId, { roles: [{ role: 'COACH', titleGroup: 'HEAD_COACH' }] });
  outsider = await seedUser(db, (await seedSchool(db)).id, { roles: [{ role: 'SCHOOL_ADMIN', compliance: true }] });
  for (const u of [admin, coach, otherCoach, outsider]) cookies.set(u.id, await sessionCookie(db, u));
}, 120_000);

afterAll(async () => {
  await t?.close();
});

/** Every expense is spent a month ago (the school's today may not be passed); the day after it starts an empty range. */
const spentOn = daysFromToday(-30);

const expense = (over: Record<string, unknown> = {}, user: SeededUser = coach) =>
  call(user, 'POST', '/expenses', {
    name: 'Dinner with a recruit',
    category: 'MEAL',
    amount: 84.5,
    transactionDate: spentOn,
    comments: 'Official visit dinner',
    signature: SIGNATURE,
    ...over,
  });

describe('filing an expense', () => {
  it('refuses bad input in the spec wording and stores a signed expense', async () => {
    const tooMuch = await expense({ amount: 1_000_000 });
    expect(tooMuch.status).toBe(400);
    expect(tooMuch.body.error).toMatchObject({
      code: 'EXPENSE_AMOUNT_RANGE',
      message: 'Amount must be a number between $0 and $999,999.',
    });
    const negative = await expense({ amount: -5 });
    expect(negative.body.error.code).toBe('EXPENSE_AMOUNT_RANGE');
    const unsigned = await expense({ signature: '' });
    expect(unsigned.body.error).toMatchObject({
      code: 'EXPENSE_SIGNATURE_REQUIRED',
      message: 'Sign the expense before submitting it.',
    });
    const empty = await call(coach, 'POST', '/expenses', {});
    expect(empty.body.error.code).toBe('MANDATORY_FIELD');
    expect(empty.body.error.details.map((d: { field: string }) => d.field)).toEqual([
      'name',
      'category',
      'amount',
      'transactionDate',
      'signature',
    ]);
    expect((await expense({ category: 'Lodging' })).body.error.code).toBe('EXPENSE_CATEGORY_INVALID');
    expect((await expense({ transactionDate: '2999-01-01' })).body.error.code).toBe('EXPENSE_DATE_INVALID');

    const ok = await expense();
    expect(ok.status).toBe(201);
    expect(ok.body).toMatchObject({
      name: 'Dinner with a recruit',
      category: 'MEAL',
      categoryLabel: 'Meal',
      amountCents: 8450,
      status: 'PENDING',
      statusLabel: 'Pending',
      signature: SIGNATURE,
      receipts: [],
    });
    const audit = await t.database.db
      .selectFrom('audit_events')
      .select('action')
      .where('target_id', '=', ok.body.id)
      .execute();
    expect(audit.map((a) => a.action)).toContain('expense.submitted');
    // The signing and decision times are shown in the school's zone, which the detail names.
    const zone = (
      await t.database.db.selectFrom('schools').select('time_zone').where('id', '=', schoolId).executeTakeFirstOrThrow()
    ).time_zone;
    expect(ok.body.timeZone).toBe(zone);
    expect((await call(coach, 'GET', `/expenses/${ok.body.id}`)).body.timeZone).toBe(zone);
  });

  it('stores receipts for real, checks their type and keeps at most 30', async () => {
    const { body: e } = await expense({ name: 'Hotel for the visit', category: 'ACCOMMODATION', amount: '210.00' });
    const bad = await upload(coach, `/expenses/${e.id}/receipts`, 'receipt.pdf', Buffer.from('MZ\x90\x00 not a pdf'));
    expect(bad.status).toBe(415);
    expect(bad.body.error.code).toBe('FILE_TYPE_NOT_ALLOWED');
    const exe = await upload(coach, `/expenses/${e.id}/receipts`, 'tool.exe', PDF());
    expect(exe.body.error.code).toBe('FILE_TYPE_NOT_ALLOWED');
    // Another coach cannot add to it (and cannot even see it).
    expect((await upload(otherCoach, `/expenses/${e.id}/receipts`, 'r.pdf', PDF())).status).toBe(404);

    for (let i = 1; i <= 30; i += 1) {
      const r = await upload(coach, `/expenses/${e.id}/receipts`, `receipt-${i}.pdf`, PDF(100 + i));
      expect(r.status).toBe(201);
    }
    const over = await upload(coach, `/expenses/${e.id}/receipts`, 'receipt-31.pdf', PDF());
    expect(over.status).toBe(400);
    expect(over.body.error).toMatchObject({
      code: 'EXPENSE_RECEIPTS_LIMIT',
      message: 'Upload limits exceeded: expenses max 30 uploads.',
    });
    const detail = await call(coach, 'GET', `/expenses/${e.id}`);
    expect(detail.body.receipts).toHaveLength(30);
    const first = detail.body.receipts[0];
    const file = await t.app.inject({
      method: 'GET',
      url: `/api/v1/expenses/${e.id}/receipts/${first.id}`,
      headers: { cookie: cookies.get(admin.id)! },
    });
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect(file.rawPayload.byteLength).toBe(first.sizeBytes);

    const removed = await call(coach, 'DELETE', `/expenses/${e.id}/receipts/${first.id}`);
    expect(removed.body.receipts).toHaveLength(29);
  });
});

describe('approval', () => {
  it('puts the expense in My Tasks; a coach cannot decide; the admin approves once', async () => {
    const { body: e } = await expense({ name: 'Campus parking', category: 'PARKING', amount: 12 });
    const task = await waitFor(async () => {
      const mine = await call(admin, 'GET', '/tasks/mine');
      return mine.body.items.find((x: { url: string | null }) => x.url === `/expenses?expense=${e.id}`);
    });
    expect(task.title).toContain('Campus parking');
    expect(task.title).toContain('$12.00');
    // The school's admins hear of it in the notification centre too, once.
    const submittedTo = async (userId: string, expenseId: string) =>
      t.database.db
        .selectFrom('notifications')
        .select(['module', 'status', 'body', 'payload'])
        .where('user_id', '=', userId)
        .where('title', '=', 'Expense submitted')
        .where(sql<boolean>`payload->'featureData'->>'expenseId' = ${expenseId}`)
        .execute();
    const submitted = await waitFor(async () => (await submittedTo(admin.id, e.id))[0]);
    expect(submitted).toMatchObject({
      module: 'recruiting',
      status: 'init',
      payload: { featureData: { expenseId: e.id } },
    });
    expect(submitted.body).toMatch(/^Test User .+ submitted "Campus parking" \(Parking, \$12\.00\) for approval\.$/);
    expect(await submittedTo(admin.id, e.id)).toHaveLength(1);
    expect(await submittedTo(coach.id, e.id)).toEqual([]);

    const byCoach = await call(coach, 'POST', `/expenses/${e.id}/decision`, { decision: 'APPROVE' });
    expect(byCoach.status).toBe(403);
    const { body: adminsOwn } = await expense({ name: 'Admin lunch' }, admin);
    const own = await call(admin, 'POST', `/expenses/${adminsOwn.id}/decision`, { decision: 'APPROVE' });
    expect(own.status).toBe(403);
    expect(own.body.error.code).toBe('EXPENSE_OWN_DECISION');

    const approved = await call(admin, 'POST', `/expenses/${e.id}/decision`, { decision: 'APPROVE' });
    expect(approved.status).toBe(200);
    expect(approved.body).toMatchObject({ status: 'APPROVED', statusLabel: 'Approved', rejectReason: null });
    const again = await call(admin, 'POST', `/expenses/${e.id}/decision`, { decision: 'REJECT', reason: 'No' });
    expect(again.status).toBe(409);
    expect(again.body.error.code).toBe('ALREADY_DECIDED');
    // Receipts are frozen once decided.
    expect((await upload(coach, `/expenses/${e.id}/receipts`, 'late.pdf', PDF())).body.error.code).toBe(
      'EXPENSE_NOT_EDITABLE',
    );

    const db = t.database.db;
    const tasks = await db
      .selectFrom('tasks')
      .select('status')
      .where('workflow_id', '=', `expense-approval:${e.id}`)
      .execute();
    expect(tasks.map((x) => x.status)).toEqual(['DONE']);
    const audit = await db.selectFrom('audit_events').select('action').where('target_id', '=', e.id).execute();
    expect(audit.map((a) => a.action)).toContain('expense.approved');
    const note = await waitFor(() =>
      db
        .selectFrom('notifications')
        .select(['title', 'payload'])
        .where('user_id', '=', coach.id)
        .where('title', '=', 'Expense approved')
        .executeTakeFirst(),
    );
    expect(note.payload).toMatchObject({ featureData: { expenseId: e.id } });
    const result = await t.temporal.workflow.getHandle(`expense-approval:${e.id}`).result();
    expect(result).toEqual({ status: 'APPROVED' });
    // An admin's own expense waits for another admin: they are not told of what they filed themselves.
    await waitFor(() =>
      db
        .selectFrom('tasks')
        .select('id')
        .where('workflow_id', '=', `expense-approval:${adminsOwn.id}`)
        .executeTakeFirst(),
    );
    expect(await submittedTo(admin.id, adminsOwn.id)).toEqual([]);
  });

  it('rejects only with a reason of at most 50 words', async () => {
    const { body: e } = await expense({ name: 'Taxi', category: 'TRANSPORTATION', amount: 30 });
    const noReason = await call(admin, 'POST', `/expenses/${e.id}/decision`, { decision: 'REJECT' });
    expect(noReason.status).toBe(400);
    expect(noReason.body.error).toMatchObject({
      code: 'EXPENSE_REJECT_REASON_REQUIRED',
      message: 'A reason is required to reject the expense.',
    });
    const long = await call(admin, 'POST', `/expenses/${e.id}/decision`, {
      decision: 'REJECT',
      reason: 'word '.repeat(51),
    });
    expect(long.body.error).toMatchObject({
      code: 'EXPENSE_REJECT_REASON_TOO_LONG',
      message: 'Reject reason max 50 words.',
    });
    const rejected = await call(admin, 'POST', `/expenses/${e.id}/decision`, {
      decision: 'REJECT',
      reason: 'No receipt for the taxi.',
    });
    expect(rejected.status).toBe(200);
    expect(rejected.body).toMatchObject({ status: 'REJECTED', rejectReason: 'No receipt for the taxi.' });
    const seen = await call(coach, 'GET', `/expenses/${e.id}`);
    expect(seen.body).toMatchObject({ status: 'REJECTED', rejectReason: 'No receipt for the taxi.' });
  });
});

describe('who sees what', () => {
  it('shows a coach their own expenses and the admin the school, with filters, totals and CSV', async () => {
    await expense({ name: 'Other coach lunch', amount: 20 }, otherCoach);
    const mine = await call(coach, 'GET', '/expenses');
    expect(mine.body.canApprove).toBe(false);
    expect(mine.body.submitters).toEqual([]);
    expect(mine.body.items.every((x: { submittedBy: string }) => x.submittedBy === coach.id)).toBe(true);
    const theirs = mine.body.items.length;
    const all = await call(admin, 'GET', '/expenses');
    expect(all.body.canApprove).toBe(true);
    // The coach's, the other coach's lunch and the admin's own lunch (filed in the approval test).
    expect(all.body.total).toBe(theirs + 2);
    expect(all.body.submitters.map((s: { id: string }) => s.id).sort()).toEqual(
      [admin.id, coach.id, otherCoach.id].sort(),
    );

    const meals = await call(admin, 'GET', '/expenses?category=MEAL');
    expect(meals.body.items.every((x: { category: string }) => x.category === 'MEAL')).toBe(true);
    expect(meals.body.totals.find((x: { category: string }) => x.category === 'MEAL').amountCents).toBe(
      8450 + 2000 + 8450,
    );
    expect(meals.body.totalCents).toBe(18900);
    const byOther = await call(admin, 'GET', `/expenses?submittedBy=${otherCoach.id}`);
    expect(byOther.body.items.map((x: { name: string }) => x.name)).toEqual(['Other coach lunch']);
    const approved = await call(admin, 'GET', '/expenses?status=APPROVED');
    expect(approved.body.items.map((x: { name: string }) => x.name)).toEqual(['Campus parking']);
    const range = await call(admin, 'GET', `/expenses?from=${addDays(spentOn, 1)}&to=${addDays(spentOn, 16)}`);
    expect(range.body.total).toBe(0);
    expect((await call(admin, 'GET', '/expenses?from=not-a-date')).status).toBe(400);

    const csv = await call(admin, 'GET', '/expenses/export?status=REJECTED');
    expect(csv.status).toBe(200);
    expect(String(csv.headers['content-type'])).toContain('text/csv');
    expect(csv.body).toContain('Date,Name,Type,Amount (USD),Status');
    expect(csv.body).toContain(`${spentOn},Taxi,Transportation,30.00,Rejected`);
    expect(csv.body).not.toContain('Campus parking');

    const other = (await call(otherCoach, 'GET', '/expenses')).body.items[0].id;
    expect((await call(coach, 'GET', `/expenses/${other}`)).status).toBe(404);
  });

  it('keeps schools apart', async () => {
    const { body: e } = await expense({ name: 'Isolated' });
    expect((await call(outsider, 'GET', `/expenses/${e.id}`)).status).toBe(404);
    expect((await call(outsider, 'GET', '/expenses')).body.total).toBe(0);
    expect((await call(outsider, 'POST', `/expenses/${e.id}/decision`, { decision: 'APPROVE' })).status).toBe(404);
    const mine = await call(outsider, 'GET', '/tasks/mine');
    expect(mine.body.items.some((x: { url: string | null }) => x.url === `/expenses?expense=${e.id}`)).toBe(false);
    expect((await call(outsider, 'GET', '/materials')).body.items).toEqual([]);
  });
});

describe('materials', () => {
  it('keeps the description to 50 words, files to 20 MB, the school to 25 MB and 20 files', async () => {
    const first = await upload(coach, '/materials', 'brochure.pdf', PDF(1000), { description: 'Camp brochure' });
    expect(first.status).toBe(201);
    expect(first.body.items[0]).toMatchObject({
      filename: 'brochure.pdf',
      description: 'Camp brochure',
      canDelete: true,
    });

    const wordy = await upload(coach, '/materials', 'b.pdf', PDF(), { description: 'word '.repeat(51) });
    expect(wordy.status).toBe(400);
    expect(wordy.body.error).toMatchObject({
      code: 'MATERIAL_DESCRIPTION_TOO_LONG',
      message: 'Description max 50 words.',
    });
    const exe = await upload(coach, '/materials', 'setup.exe', PDF());
    expect(exe.body.error.code).toBe('FILE_TYPE_NOT_ALLOWED');

    const huge = await upload(coach, '/materials', 'huge.pdf', PDF(20 * MB + 1));
    expect(huge.status).toBe(413);
    expect(huge.body.error).toMatchObject({
      code: 'MATERIAL_TOO_LARGE',
      message: 'File too large: materials max 20 MB per file.',
    });
    const big = await upload(admin, '/materials', 'video-notes.pdf', PDF(20 * MB));
    expect(big.status).toBe(201);
    const over = await upload(coach, '/materials', 'more.pdf', PDF(5 * MB));
    expect(over.status).toBe(413);
    expect(over.body.error).toMatchObject({
      code: 'MATERIALS_TOTAL_LIMIT',
      message: 'Upload limits exceeded: materials max 25 MB in total.',
    });

    // A coach deletes only what they uploaded; the admin anything.
    const list = (await call(coach, 'GET', '/materials')).body;
    const adminFile = list.items.find((m: { filename: string }) => m.filename === 'video-notes.pdf');
    expect(adminFile.canDelete).toBe(false);
    expect((await call(coach, 'DELETE', `/materials/${adminFile.id}`)).status).toBe(403);
    expect((await call(admin, 'DELETE', `/materials/${adminFile.id}`)).status).toBe(200);

    for (let i = 2; i <= 20; i += 1) {
      expect((await upload(coach, '/materials', `flyer-${i}.pdf`, PDF(200))).status).toBe(201);
    }
    const twentyFirst = await upload(coach, '/materials', 'flyer-21.pdf', PDF(200));
    expect(twentyFirst.status).toBe(400);
    expect(twentyFirst.body.error).toMatchObject({
      code: 'MATERIALS_FILE_LIMIT',
      message: 'Upload limits exceeded: materials max 20 files.',
    });
    const usage = (await call(admin, 'GET', '/materials')).body.usage;
    expect(usage).toMatchObject({ count: 20, maxFiles: 20 });

    const brochure = (await call(admin, 'GET', '/materials')).body.items.find(
      (m: { filename: string }) => m.filename === 'brochure.pdf',
    );
    const file = await t.app.inject({
      method: 'GET',
      url: `/api/v1/materials/${brochure.id}/file`,
      headers: { cookie: cookies.get(otherCoach.id)! },
    });
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.byteLength).toBe(1000);
    expect((await call(outsider, 'GET', `/materials/${brochure.id}/file`)).status).toBe(404);
    expect((await call(outsider, 'DELETE', `/materials/${brochure.id}`)).status).toBe(404);
  });
});

describe('what each answer carries', () => {
  it('answers every property of an expense, its detail and the list', async () => {
    const id = expect.stringMatching(/^[0-9a-f-]{36}$/);
    const time = expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/);
    const filed = await expense({ name: 'Recruit breakfast', amount: 15.25, comments: null });
    expect(filed.status).toBe(201);
    const row = {
      id,
      name: 'Recruit breakfast',
      category: 'MEAL',
      categoryLabel: 'Meal',
      amountCents: 1525,
      transactionDate: spentOn,
      comments: null,
      status: 'PENDING',
      statusLabel: 'Pending',
      rejectReason: null,
      submittedBy: coach.id,
      submitterName: expect.any(String),
      deciderName: null,
      decidedAt: null,
      signedAt: time,
      createdAt: time,
      receiptCount: 0,
    };
    const zone = (
      await t.database.db.selectFrom('schools').select('time_zone').where('id', '=', schoolId).executeTakeFirstOrThrow()
    ).time_zone;
    expect(filed.body).toEqual({
      ...row,
      signature: SIGNATURE,
      workflowId: `expense-approval:${filed.body.id}`,
      timeZone: zone,
      receipts: [],
    });
    const withReceipt = await upload(coach, `/expenses/${filed.body.id}/receipts`, 'breakfast.pdf', PDF(80));
    expect(withReceipt.status).toBe(201);
    const receipt = { id, filename: 'breakfast.pdf', contentType: 'application/pdf', sizeBytes: 80, uploadedAt: time };
    expect(withReceipt.body.receipts).toEqual([receipt]);

    const rejected = await call(admin, 'POST', `/expenses/${filed.body.id}/decision`, {
      decision: 'REJECT',
      reason: 'Over the meal limit.',
    });
    expect(rejected.status).toBe(200);
    const decided = {
      ...row,
      status: 'REJECTED',
      statusLabel: 'Rejected',
      rejectReason: 'Over the meal limit.',
      deciderName: expect.any(String),
      decidedAt: time,
      receiptCount: 1,
    };
    const detail = {
      ...decided,
      signature: SIGNATURE,
      workflowId: `expense-approval:${filed.body.id}`,
      timeZone: zone,
      receipts: [receipt],
    };
    expect(rejected.body).toEqual(detail);
    expect((await call(coach, 'GET', `/expenses/${filed.body.id}`)).body).toEqual(detail);

    const list = await call(coach, 'GET', '/expenses?status=REJECTED&limit=200');
    expect(Object.keys(list.body).sort()).toEqual([
      'canApprove',
      'items',
      'limit',
      'offset',
      'submitters',
      'total',
      'totalCents',
      'totals',
    ]);
    expect(list.body).toMatchObject({ limit: 200, offset: 0, canApprove: false, submitters: [] });
    expect(list.body.items).toContainEqual({ ...decided, id: filed.body.id });
    expect(list.body.totals).toContainEqual({ category: 'MEAL', label: 'Meal', amountCents: 1525 });
    const admins = await call(admin, 'GET', '/expenses');
    expect(admins.body.submitters).toContainEqual({ id: coach.id, name: filed.body.submitterName });
  });
});
