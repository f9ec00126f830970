import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_TAX_DISCLAIMER } from '../../domain/tax/disclaimer';
import { createTestApp, type TestApp } from '../test-support/test-app';
import { seedSchool, seedUser, sessionCookie, type SeededUser } from '../test-support/seed-school';

/**
 * The tax disclaimer and calculator through the API: the default text until the school writes its own, an admin's
 * edit (audited), an athlete's acknowledgement once per year with its time, and the estimate with the spec's amount
 * rule.
 */
let t: TestApp;
let schoolId: string;
let athlete: SeededUser;
let admin: SeededUser;
let coach: SeededUser;
const cookies = new Map<string, string>();

async function call(user: SeededUser, method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown) {
  const res = await t.app.inject({
    method,
    url: `/api/v1${url}`,
    headers: { cookie: cookies.get(user.id)! },
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
  return { status: res.statusCode, body: res.json() };
}

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  schoolId = (await seedSchool(db)).id;
  athlete = await seedUser(db, schoolId, { roles: [{ role: 'STUDENT_ATHLETE' }] });
  admin = await seedUser(db, schoolId, { roles: [{ role: 'SCHOOL_ADMIN', compliance: false }] });
  coach = await seedUser(db, schoolId, { roles: [{ role: 'COACH', titleGroup: 'HEAD_COACH' }] });
  for (const u of [athlete, admin, coach]) cookies.set(u.id, await sessionCookie(db, u));
}, 120_000);

afterAll(async () => {
  await t?.close();
});

describe('tax disclaimer', () => {
  it('shows the default until the school writes its own', async () => {
    const r = await call(athlete, 'GET', '/tax/disclaimer');
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({
      text: DEFAULT_TAX_DISCLAIMER,
      isDefault: true,
      acknowledgedAt: null,
      canEdit: false,
      canAcknowledge: true,
    });
    expect(r.body.year).toBeGreaterThan(2000);
  });

  it('an admin edits it (audited); athletes and coaches may not', async () => {
    expect((await call(athlete, 'PUT', '/tax/disclaimer', { text: 'Mine' })).status).toBe(403);
    expect((await call(coach, 'GET', '/tax/disclaimer')).status).toBe(403);
    const r = await call(admin, 'PUT', '/tax/disclaimer', { text: '  Our school text.  ' });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ text: 'Our school text.', isDefault: false, canEdit: true, canAcknowledge: false });
    const tooLong = await call(admin, 'PUT', '/tax/disclaimer', { text: 'x'.repeat(10_001) });
    expect(tooLong.status).toBe(400);
    const events = await t.database.db
      .selectFrom('audit_events')
      .select('action')
      .where('school_id', '=', schoolId)
      .where('action', '=', 'tax_disclaimer.updated')
      .execute();
    expect(events).toHaveLength(1);
  });

  it('the athlete acknowledges it once a year, with the time; a repeat keeps the first', async () => {
    const before = Date.now();
    const first = await call(athlete, 'POST', '/tax/disclaimer/acknowledge');
    expect(first.status).toBe(200);
    const at = Date.parse(first.body.acknowledgedAt);
    expect(at).toBeGreaterThanOrEqual(before - 1000);
    const again = await call(athlete, 'POST', '/tax/disclaimer/acknowledge');
    expect(again.body.acknowledgedAt).toBe(first.body.acknowledgedAt);
    const rows = await t.database.db
      .selectFrom('tax_disclaimer_acks')
      .selectAll()
      .where('athlete_user_id', '=', athlete.id)
      .execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]!.year).toBe(first.body.year);
    const audits = await t.database.db
      .selectFrom('audit_events')
      .select('action')
      .where('actor_user_id', '=', athlete.id)
      .where('action', '=', 'tax_disclaimer.acknowledged')
      .execute();
    expect(audits).toHaveLength(1);
    expect((await call(admin, 'POST', '/tax/disclaimer/acknowledge')).status).toBe(403);
  });
});

describe('tax calculator', () => {
  it('offers the years and states with tables', async () => {
    const r = await call(athlete, 'GET', '/tax/calculator');
    expect(r.status).toBe(200);
    expect(r.body.years).toContain(2025);
    expect(r.body.years).toContain(r.body.defaultYear);
    expect(r.body.states.map((s: { code: string }) => s.code)).toEqual(expect.arrayContaining(['TX', 'CA', 'NC']));
  });

  it('estimates as the domain does (hand-worked example 1)', async () => {
    const r = await call(athlete, 'POST', '/tax/estimate', {
      taxYear: 2025,
      state: 'tx',
      nilIncome: '20000',
      paymentAmount: 1000,
    });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({
      nilIncomeCents: 2_000_000,
      selfEmploymentTaxCents: 282_591,
      federalIncomeTaxCents: 28_370,
      stateIncomeTaxCents: 0,
      totalCents: 310_961,
      setAsidePerPaymentCents: 15_548,
    });
  });

  it('refuses amounts outside $0–$999,999 or with more than 2 decimals, and unknown years and states', async () => {
    const base = { taxYear: 2025, state: 'TX' };
    const big = await call(athlete, 'POST', '/tax/estimate', { ...base, nilIncome: 1_000_000 });
    expect(big.body.error.code).toBe('EXPENSE_AMOUNT_RANGE');
    const cents = await call(athlete, 'POST', '/tax/estimate', { ...base, nilIncome: '10.005' });
    expect(cents.body.error.code).toBe('EXPENSE_AMOUNT_RANGE');
    const blank = await call(athlete, 'POST', '/tax/estimate', { ...base, nilIncome: '' });
    expect(blank.body.error).toMatchObject({ code: 'MANDATORY_FIELD', details: [{ field: 'nilIncome' }] });
    const neg = await call(athlete, 'POST', '/tax/estimate', { ...base, nilIncome: 100, expenses: -5 });
    expect(neg.body.error.details[0]).toMatchObject({ field: 'expenses', code: 'EXPENSE_AMOUNT_RANGE' });
    const year = await call(athlete, 'POST', '/tax/estimate', { ...base, taxYear: 1999, nilIncome: 100 });
    expect(year.body.error.code).toBe('TAX_YEAR_UNSUPPORTED');
    const state = await call(athlete, 'POST', '/tax/estimate', { ...base, state: 'ZZ', nilIncome: 100 });
    expect(state.body.error.code).toBe('TAX_STATE_UNSUPPORTED');
  });
});
