import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitFor } from '../../activities/testing/fixtures';
import { daysFromToday } from '../../scripts/test-harness/test-clock';
import { startAppWithWorker, type AppWithWorker } from '../test-support/app-with-worker';
import { seedSchool, seedUser, sessionCookie, type SeededUser } from '../test-support/seed-school';
import type { CoreDeps } from '../shared/use-case';
import { actorFor, seedApprovedDisclosure } from './contracts.fixtures';
import { createPaymentSchedule } from './contracts.service';

/**
 * Contracts and payment schedules through the API on the real PostgreSQL and Temporal: the spec's amount rules,
 * the review through contract-review:<id> and My Tasks (audited), the signed PDF, a schedule refused with the
 * figures, a year of monthly payments run in seconds by payment-schedule:<contractId> (opened once each, reminded,
 * confirmed once even when confirmed twice), the $600 payor-year flag, and another school's contract answering 404.
 */
let t: AppWithWorker;
let schoolId: string;
let admin: SeededUser;
let athlete: SeededUser;
let otherAthlete: SeededUser;
let outsider: SeededUser;
let disclosureId: string;
const cookies = new Map<string, string>();
const ADMIN_GRANTS = [{ role: 'SCHOOL_ADMIN' as const, compliance: true }];

async function call(user: SeededUser, method: 'GET' | 'POST', url: string, payload?: unknown) {
  const res = await t.app.inject({
    method,
    url: `/api/v1${url}`,
    headers: { cookie: cookies.get(user.id)! },
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
  return { status: res.statusCode, body: res.body.startsWith('{') ? res.json() : res.body };
}

async function upload(user: SeededUser, url: string, name: string, bytes: Buffer) {
  const boundary = '----contract' + Math.random().toString(16).slice(2);
  const body = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
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

const deps = (): CoreDeps => ({
  db: t.database.db,
  temporal: t.temporal,
  now: () => new Date(),
  taskQueue: t.taskQueue,
});

beforeAll(async () => {
  t = await startAppWithWorker('contracts');
  const db = t.database.db;
  schoolId = (await seedSchool(db)).id;
  admin = await seedUser(db, schoolId, { roles: ADMIN_GRANTS });
  athlete = await seedUser(db, schoolId, { roles: [{ role: 'STUDENT_ATHLETE' }] });
  otherAthlete = await seedUser(db, schoolId, { roles: [{ role: 'STUDENT_ATHLETE' }] });
  outsider = await seedUser(db, (await seedSchool(db)).id, { roles: ADMIN_GRANTS });
  for (const u of [admin, athlete, otherAthlete, outsider]) cookies.set(u.id, await sessionCookie(db, u));
  disclosureId = await seedApprovedDisclosure(db, {
    schoolId,
    athleteUserId: athlete.id,
    companyName: 'Acme Sports',
    amountCents: 1_200_00,
  });
}, 120_000);

afterAll(async () => {
  await t?.close();
});

const contract = (over: Record<string, unknown> = {}, user: SeededUser = athlete) =>
  call(user, 'POST', '/contracts', {
    disclosureId,
    payorName: 'Acme Sports',
    totalAmount: 1200,
    type: 'ENDORSEMENT',
    startDate: daysFromToday(-10),
    endDate: daysFromToday(400),
    ...over,
  });

async function approved(over: Record<string, unknown> = {}) {
  const created = await contract(over);
  expect(created.status).toBe(201);
  const decided = await call(admin, 'POST', `/contracts/${created.body.id}/decision`, { decision: 'APPROVE' });
  expect(decided.status).toBe(200);
  return decided.body as { id: string; status: string };
}

describe('adding a contract', () => {
  it('refuses amounts outside $0–$999,999 or with more than two decimals', async () => {
    for (const totalAmount of [1_000_000, -1, '12.345', 'lots']) {
      const r = await contract({ totalAmount });
      expect(r.status, String(totalAmount)).toBe(400);
      expect(r.body.error).toMatchObject({
        code: 'AMOUNT_RANGE',
        message: 'Amount must be a number between $0 and $999,999.',
      });
    }
    const empty = await call(athlete, 'POST', '/contracts', { disclosureId });
    expect(empty.body.error.code).toBe('MANDATORY_FIELD');
    expect(empty.body.error.details.map((d: { field: string }) => d.field)).toEqual([
      'totalAmount',
      'type',
      'startDate',
      'endDate',
    ]);
    const twoLines = await contract({ payorName: 'Acme\r\nSports' });
    expect(twoLines.body.error.details[0]).toMatchObject({ field: 'payorName', code: 'NAME_INVALID_CHARACTERS' });
    const backwards = await contract({ startDate: daysFromToday(5), endDate: daysFromToday(1) });
    expect(backwards.body.error.code).toBe('CONTRACT_DATES_INVALID');
    const stored = await t.database.db.selectFrom('contracts').select('id').where('school_id', '=', schoolId).execute();
    expect(stored.length).toBe(0);
  });

  it('needs an approved disclosure the athlete owns; another school sees nothing', async () => {
    const pending = await seedApprovedDisclosure(t.database.db, {
      schoolId,
      athleteUserId: athlete.id,
      companyName: 'Pending Co',
      amountCents: 100_00,
      status: 'PENDING',
    });
    expect((await contract({ disclosureId: pending })).body.error.code).toBe('CONTRACT_DISCLOSURE_NOT_APPROVED');
    expect((await contract({}, otherAthlete)).status).toBe(404);
    expect((await contract({}, outsider)).status).toBe(404);

    const mine = await contract();
    expect(mine.status).toBe(201);
    expect(mine.body).toMatchObject({
      status: 'PENDING',
      size: 'MEDIUM',
      totalAmountCents: 1_200_00,
      companyName: 'Acme Sports',
    });
    for (const url of [`/contracts/${mine.body.id}`, `/contracts/${mine.body.id}/document`]) {
      expect((await call(outsider, 'GET', url)).status).toBe(404);
      expect((await call(otherAthlete, 'GET', url)).status).toBe(404);
    }
    expect((await call(outsider, 'POST', `/contracts/${mine.body.id}/decision`, { decision: 'APPROVE' })).status).toBe(
      404,
    );
    expect((await call(outsider, 'GET', '/contracts')).body.total).toBe(0);
    expect((await call(otherAthlete, 'GET', '/contracts')).body.total).toBe(0);
  });

  it('takes the signed contract as a PDF only', async () => {
    const created = await contract();
    const png = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');
    const refused = await upload(athlete, `/contracts/${created.body.id}/document`, 'contract.png', png);
    expect(refused.status).toBe(415);
    expect(refused.body.error.code).toBe('CONTRACT_DOCUMENT_PDF_ONLY');
    const renamed = await upload(athlete, `/contracts/${created.body.id}/document`, 'contract.pdf', png);
    expect(renamed.body.error.code).toBe('FILE_TYPE_NOT_ALLOWED');
    const pdf = Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(200, 0x20)]);
    const ok = await upload(athlete, `/contracts/${created.body.id}/document`, 'signed.pdf', pdf);
    expect(ok.status).toBe(200);
    expect(ok.body.document).toMatchObject({ filename: 'signed.pdf', sizeBytes: pdf.length });
    const back = await t.app.inject({
      method: 'GET',
      url: `/api/v1/contracts/${created.body.id}/document`,
      headers: { cookie: cookies.get(admin.id)! },
    });
    expect(back.statusCode).toBe(200);
    expect(back.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  });
});

describe('reviewing a contract', () => {
  it('puts the review in My Tasks, then approves or rejects with a reason, audited once', async () => {
    const db = t.database.db;
    const created = await contract();
    const task = await waitFor(() =>
      db
        .selectFrom('tasks')
        .selectAll()
        .where('workflow_id', '=', `contract-review:${created.body.id}`)
        .where('status', '=', 'OPEN')
        .executeTakeFirst(),
    );
    expect(task).toMatchObject({ module: 'contract-review', assignee_role: 'SCHOOL_ADMIN', step_id: 'review' });
    expect(task.title).toContain('Acme Sports');

    expect(
      (await call(athlete, 'POST', `/contracts/${created.body.id}/decision`, { decision: 'APPROVE' })).status,
    ).toBe(403);
    const noReason = await call(admin, 'POST', `/contracts/${created.body.id}/decision`, { decision: 'REJECT' });
    expect(noReason.body.error.code).toBe('CONTRACT_REJECT_REASON_REQUIRED');
    const rejected = await call(admin, 'POST', `/contracts/${created.body.id}/decision`, {
      decision: 'REJECT',
      reason: 'The signed copy is missing page two.',
    });
    expect(rejected.status).toBe(200);
    expect(rejected.body).toMatchObject({ status: 'REJECTED', rejectReason: 'The signed copy is missing page two.' });
    const again = await call(admin, 'POST', `/contracts/${created.body.id}/decision`, { decision: 'APPROVE' });
    expect(again.status).toBe(409);
    expect(again.body.error.code).toBe('CONTRACT_NOT_PENDING');
    const audits = await db
      .selectFrom('audit_events')
      .select('action')
      .where('target_id', '=', created.body.id)
      .where('action', 'in', ['contract.approved', 'contract.rejected'])
      .execute();
    expect(audits).toEqual([{ action: 'contract.rejected' }]);
    const closed = await db.selectFrom('tasks').select('status').where('id', '=', task.id).executeTakeFirstOrThrow();
    expect(closed.status).toBe('DONE');

    const ok = await approved();
    expect(ok.status).toBe('ACTIVE');
  });
});

describe('payment schedules', () => {
  it('refuses a schedule above the total with the figures, and one on a pending contract', async () => {
    const pending = await contract();
    const early = await call(admin, 'POST', `/contracts/${pending.body.id}/schedule`, {
      cycle: 'MONTH',
      amountPerCycle: 100,
      numberOfPayments: 2,
      firstDueDate: daysFromToday(30),
    });
    expect(early.body.error.code).toBe('CONTRACT_NOT_ACTIVE');
    const active = await approved();
    const tooMuch = await call(admin, 'POST', `/contracts/${active.id}/schedule`, {
      cycle: 'MONTH',
      amountPerCycle: 150.5,
      numberOfPayments: 8,
      firstDueDate: daysFromToday(30),
    });
    expect(tooMuch.status).toBe(400);
    expect(tooMuch.body.error).toMatchObject({
      code: 'SCHEDULE_EXCEEDS_TOTAL',
      message: "8 payments of $150.50 make $1,204.00, more than the contract's total of $1,200.00.",
    });
    const decimals = await call(admin, 'POST', `/contracts/${active.id}/schedule`, {
      cycle: 'MONTH',
      amountPerCycle: '10.001',
      numberOfPayments: 2,
      firstDueDate: daysFromToday(30),
    });
    expect(decimals.body.error.code).toBe('AMOUNT_RANGE');
    expect((await call(athlete, 'POST', `/contracts/${active.id}/schedule`, {})).status).toBe(403);
    expect(
      await t.database.db
        .selectFrom('contract_schedules')
        .select('contract_id')
        .where('school_id', '=', schoolId)
        .execute(),
    ).toEqual([]);
  });

  it('runs through the route on real dates: the first payment opens at once when due within a week', async () => {
    const active = await approved();
    const set = await call(admin, 'POST', `/contracts/${active.id}/schedule`, {
      cycle: 'WEEK',
      amountPerCycle: 100,
      numberOfPayments: 3,
      firstDueDate: daysFromToday(3),
    });
    expect(set.status).toBe(201);
    expect(set.body.schedule).toMatchObject({ cycle: 'WEEK', numberOfPayments: 3, status: 'RUNNING' });
    const again = await call(admin, 'POST', `/contracts/${active.id}/schedule`, {
      cycle: 'WEEK',
      amountPerCycle: 100,
      numberOfPayments: 3,
      firstDueDate: daysFromToday(3),
    });
    expect(again.body.error.code).toBe('SCHEDULE_EXISTS');
    const first = await waitFor(async () => {
      const c = await call(athlete, 'GET', `/contracts/${active.id}`);
      return c.body.payments.length === 1 ? c.body.payments[0] : undefined;
    }, 20_000);
    expect(first).toMatchObject({ seq: 1, status: 'PENDING', dueDate: daysFromToday(3), amountCents: 100_00 });
    const ended = await call(admin, 'POST', `/contracts/${active.id}/schedule/end`);
    expect(ended.status).toBe(200);
    // Ending stops new payments; the open one still waits for its outcome, so the schedule is still running.
    expect(ended.body.schedule).toMatchObject({ status: 'RUNNING', endRequestedAt: expect.any(String) });
    const twice = await call(admin, 'POST', `/contracts/${active.id}/schedule/end`);
    expect(twice.body.schedule.endRequestedAt).toBe(ended.body.schedule.endRequestedAt);
    const audits = await t.database.db
      .selectFrom('audit_events')
      .select('id')
      .where('target_id', '=', active.id)
      .where('action', '=', 'contract.schedule_ended')
      .execute();
    expect(audits).toHaveLength(1);
    // Recorded failed, so this athlete's payor totals stay as the year test below counts them.
    const failed = await call(admin, 'POST', `/contracts/${active.id}/payments/1/confirmation`, { outcome: 'FAILED' });
    expect(failed.status).toBe(200);
    const finished = await waitFor(async () => {
      const c = await call(admin, 'GET', `/contracts/${active.id}`);
      return c.body.schedule.status === 'ENDED' ? c.body : undefined;
    }, 20_000);
    expect(finished).toMatchObject({ status: 'COMPLETED', paidCents: 0 });
    expect(finished.payments).toHaveLength(1);
  });

  it('runs a year of monthly payments in seconds: each opens once, twice confirmed counts once, $600 flags', async () => {
    const db = t.database.db;
    const active = await approved();
    const adminActor = actorFor(admin, schoolId, ADMIN_GRANTS);
    await createPaymentSchedule(
      deps(),
      adminActor,
      {
        contractId: active.id,
        cycle: 'MONTH',
        amountPerCycle: 100,
        numberOfPayments: 12,
        firstDueDate: daysFromToday(1),
      },
      { firstMs: 200, cycleMs: 400, remindAfterMs: 150 },
    );
    const confirm = (seq: number, outcome: 'PAID' | 'FAILED') =>
      call(admin, 'POST', `/contracts/${active.id}/payments/${seq}/confirmation`, { outcome });
    expect((await confirm(12, 'PAID')).body.error.code).toBe('PAYMENT_NOT_OPEN');

    for (let seq = 1; seq <= 12; seq++) {
      await waitFor(
        () =>
          db
            .selectFrom('contract_payments')
            .select('id')
            .where('contract_id', '=', active.id)
            .where('seq', '=', seq)
            .executeTakeFirst(),
        20_000,
      );
      if (seq === 1) {
        // Left pending past its reminder time: the admins are reminded.
        await waitFor(
          () =>
            db
              .selectFrom('contract_payments')
              .select('reminded_at')
              .where('contract_id', '=', active.id)
              .where('seq', '=', 1)
              .where('reminded_at', 'is not', null)
              .executeTakeFirst(),
          10_000,
        );
      }
      const outcome = seq === 4 ? 'FAILED' : 'PAID';
      const [a, b] = await Promise.all([confirm(seq, outcome), confirm(seq, outcome)]);
      expect([a.status, b.status]).toEqual([200, 200]);
      if (seq === 4) expect((await confirm(4, 'PAID')).status).toBe(200);
    }
    const detail = await waitFor(async () => {
      const c = await call(athlete, 'GET', `/contracts/${active.id}`);
      return c.body.status === 'COMPLETED' ? c.body : undefined;
    }, 20_000);
    expect(detail.schedule.status).toBe('COMPLETED');
    expect(detail.payments.map((p: { seq: number }) => p.seq)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
    expect(detail.payments.every((p: { status: string }) => p.status === 'PAID')).toBe(true);
    expect(detail.paidCents).toBe(1_200_00);
    const paidAudits = await db
      .selectFrom('audit_events')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('target_id', '=', active.id)
      .where('action', '=', 'payment.paid')
      .executeTakeFirstOrThrow();
    expect(Number(paidAudits.n)).toBe(12);
    const reminders = await db.selectFrom('notifications').select('payload').where('user_id', '=', admin.id).execute();
    expect(reminders.some((n) => JSON.stringify(n.payload).includes('Payment 1 of 12'))).toBe(true);

    const payments = await call(athlete, 'GET', '/payments');
    const acme = payments.body.totals.find((x: { payorName: string }) => x.payorName === 'Acme Sports');
    expect(acme).toMatchObject({ totalCents: 1_200_00, payments: 12, reportable: true });
    expect(payments.body.taxFlags).toHaveLength(1);
    expect(payments.body.taxFlags[0]).toMatchObject({ payorName: 'Acme Sports', disclosureId });
    const byDisclosure = await call(admin, 'GET', `/payments?disclosureId=${disclosureId}`);
    expect(byDisclosure.body.taxFlags).toHaveLength(1);
    expect((await call(outsider, 'GET', '/payments')).body).toMatchObject({ items: [], totals: [], taxFlags: [] });
    expect((await confirm(3, 'PAID')).body.error.code).toBe('PAYMENT_NOT_OPEN');
  }, 90_000);

  it('opens no payment after the contract ends', async () => {
    const active = await approved();
    await createPaymentSchedule(
      deps(),
      actorFor(admin, schoolId, ADMIN_GRANTS),
      { contractId: active.id, cycle: 'WEEK', amountPerCycle: 10, numberOfPayments: 6, firstDueDate: daysFromToday(1) },
      { firstMs: 100, cycleMs: 300, remindAfterMs: null, endsInMs: 500 },
    );
    const db = t.database.db;
    await waitFor(
      () =>
        db
          .selectFrom('contract_payments')
          .select('id')
          .where('contract_id', '=', active.id)
          .where('seq', '=', 2)
          .executeTakeFirst(),
      10_000,
    );
    for (const seq of [1, 2]) {
      expect(
        (await call(admin, 'POST', `/contracts/${active.id}/payments/${seq}/confirmation`, { outcome: 'PAID' })).status,
      ).toBe(200);
    }
    const schedule = await waitFor(
      () =>
        db
          .selectFrom('contract_schedules')
          .select('status')
          .where('contract_id', '=', active.id)
          .where('status', '!=', 'RUNNING')
          .executeTakeFirst(),
      10_000,
    );
    expect(schedule.status).toBe('ENDED');
    const rows = await db.selectFrom('contract_payments').select('seq').where('contract_id', '=', active.id).execute();
    expect(rows.map((r) => r.seq).sort()).toEqual([1, 2]);
  }, 30_000);
});
