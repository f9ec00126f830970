import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ATHLETE_LIST_COLUMN_KEYS } from '../../domain/athlete-profiles';
import { createTestApp, type TestApp } from '../test-support/test-app';
import { seedSchool, seedUser, sessionCookie, type SeededUser } from '../test-support/seed-school';

/**
 * Bank accounts through the API on the real PostgreSQL: the ABA check and the field rules in the catalogue's
 * wording, the number sealed at rest (AES-256-GCM) and masked in every answer, reveals audited and allowed only to
 * the athlete and a compliance admin, another school's athlete 404, and — with the logger at its most verbose — the
 * full account number in no answer but a reveal's, no log line, no audit event and no export.
 */
let t: TestApp;
let schoolId: string;
let athlete: SeededUser;
let otherAthlete: SeededUser;
let compliance: SeededUser;
let plainAdmin: SeededUser;
let coach: SeededUser;
let outsider: SeededUser;
const cookies = new Map<string, string>();

/** Everything the process writes (pino writes to fd 1 through sonic-boom, i.e. fs.write / fs.writeSync). */
const written: string[] = [];
const bodies: Array<{ url: string; body: string }> = [];

const ACCOUNT = '000123456789';
const SECOND_ACCOUNT = '99887766554433';
const good = {
  bankName: 'First Campus Bank',
  accountType: 'checking',
  nameOnAccount: 'Jordan Miles',
  routingNumber: '021000021',
  accountNumber: '0001 2345 6789',
};

async function call(user: SeededUser, method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown) {
  const res = await t.app.inject({
    method,
    url: `/api/v1${url}`,
    headers: { cookie: cookies.get(user.id)! },
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
  bodies.push({ url: `${method} ${url}`, body: res.body });
  return { status: res.statusCode, headers: res.headers, body: res.body.startsWith('{') ? res.json() : res.body };
}

beforeAll(async () => {
  const capture = (chunk: unknown) => {
    written.push(typeof chunk === 'string' ? chunk : Buffer.isBuffer(chunk) ? chunk.toString('utf8') : String(chunk));
  };
  const realWrite = fs.write.bind(fs) as (...args: unknown[]) => void;
  const realWriteSync = fs.writeSync.bind(fs) as (...args: unknown[]) => number;
  vi.spyOn(fs, 'write').mockImplementation(((fd: number, chunk: unknown, ...rest: unknown[]) => {
    if (fd === 1 || fd === 2) capture(chunk);
    return realWrite(fd, chunk, ...rest);
  }) as typeof fs.write);
  vi.spyOn(fs, 'writeSync').mockImplementation(((fd: number, chunk: unknown, ...rest: unknown[]) => {
    if (fd === 1 || fd === 2) {
      capture(chunk);
      // Keep the test output readable: the log lines are captured, not printed.
      return typeof chunk === 'string' ? Buffer.byteLength(chunk) : (chunk as Buffer).length;
    }
    return realWriteSync(fd, chunk, ...rest);
  }) as typeof fs.writeSync);
  const realStdout = process.stdout.write.bind(process.stdout);
  vi.spyOn(process.stdout, 'write').mockImplementation(((chunk: unknown, ...rest: unknown[]) => {
    capture(chunk);
    return (realStdout as (...a: unknown[]) => boolean)(chunk, ...rest);
  }) as typeof process.stdout.write);

  t = await createTestApp({ env: { LOG_LEVEL: 'trace' } });
  const db = t.database.db;
  schoolId = (await seedSchool(db)).id;
  athlete = await seedUser(db, schoolId, { roles: [{ role: 'STUDENT_ATHLETE' }] });
  otherAthlete = await seedUser(db, schoolId, { roles: [{ role: 'STUDENT_ATHLETE' }] });
  compliance = await seedUser(db, schoolId, { roles: [{ role: 'SCHOOL_ADMIN', compliance: true }] });
  plainAdmin = await seedUser(db, schoolId, { roles: [{ role: 'SCHOOL_ADMIN', compliance: false }] });
  coach = await seedUser(db, schoolId, { roles: [{ role: 'COACH', titleGroup: 'HEAD_COACH' }] });
  outsider = await seedUser(db, (await seedSchool(db)).id, { roles: [{ role: 'SCHOOL_ADMIN', compliance: true }] });
  for (const u of [athlete, otherAthlete, compliance, plainAdmin, coach, outsider])
    cookies.set(u.id, await sessionCookie(db, u));
}, 120_000);

afterAll(async () => {
  vi.restoreAllMocks();
  await t?.close();
});

describe('adding a bank account', () => {
  it('starts empty', async () => {
    const r = await call(athlete, 'GET', '/bank-account');
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ account: null, canReveal: false });
  });

  it('refuses a routing number failing the ABA checksum, and each bad field, in the catalogue wording', async () => {
    const r = await call(athlete, 'PUT', '/bank-account', { ...good, routingNumber: '021000022' });
    expect(r.status).toBe(400);
    expect(r.body.error).toMatchObject({
      code: 'BANK_ROUTING_INVALID',
      message: 'Routing number is not valid. Check its 9 digits.',
    });
    const many = await call(athlete, 'PUT', '/bank-account', {
      bankName: '',
      accountType: 'brokerage',
      nameOnAccount: 'J',
      routingNumber: '021000021',
      accountNumber: '12',
    });
    expect(many.status).toBe(400);
    expect(many.body.error.details.map((d: { field: string; code: string }) => `${d.field}:${d.code}`)).toEqual([
      'bankName:MANDATORY_FIELD',
      'accountType:BANK_ACCOUNT_TYPE_INVALID',
      'accountNumber:BANK_ACCOUNT_NUMBER_INVALID',
    ]);
    const broken = await call(athlete, 'PUT', '/bank-account', { ...good, nameOnAccount: 'Jordan\r\nReyes' });
    expect(broken.status).toBe(400);
    expect(broken.body.error.details[0]).toMatchObject({ field: 'nameOnAccount', code: 'NAME_INVALID_CHARACTERS' });
  });

  it('saves it masked, and stores the number only sealed', async () => {
    const r = await call(athlete, 'PUT', '/bank-account', good);
    expect(r.status).toBe(200);
    expect(r.body.account).toMatchObject({
      bankName: 'First Campus Bank',
      accountType: 'CHECKING',
      accountTypeLabel: 'Checking',
      nameOnAccount: 'Jordan Miles',
      routingNumber: '021000021',
      accountNumberMasked: '•••• 6789',
    });
    expect(r.body.canReveal).toBe(true);
    const row = await t.database.db
      .selectFrom('bank_accounts')
      .selectAll()
      .where('athlete_user_id', '=', athlete.id)
      .executeTakeFirstOrThrow();
    expect(row.account_last4).toBe('6789');
    expect(row.account_number_enc.split('.')).toHaveLength(3);
    expect(JSON.stringify(row)).not.toContain(ACCOUNT);
  });

  it('saving again replaces it (one account per athlete)', async () => {
    const r = await call(athlete, 'PUT', '/bank-account', {
      ...good,
      accountType: 'SAVINGS',
      accountNumber: SECOND_ACCOUNT,
    });
    expect(r.body.account).toMatchObject({ accountType: 'SAVINGS', accountNumberMasked: '•••• 4433' });
    const { n } = await t.database.db
      .selectFrom('bank_accounts')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('athlete_user_id', '=', athlete.id)
      .executeTakeFirstOrThrow();
    expect(Number(n)).toBe(1);
    // Back to the first number for the rest of the file.
    await call(athlete, 'PUT', '/bank-account', good);
  });
});

describe('who sees and reveals it', () => {
  it('the athlete reveals their own, audited, not cached', async () => {
    const r = await call(athlete, 'POST', '/bank-account/reveal');
    expect(r.status).toBe(200);
    expect(r.body).toEqual({ accountNumber: ACCOUNT });
    expect(r.headers['cache-control']).toBe('no-store');
    const events = await t.database.db
      .selectFrom('audit_events')
      .select(['action', 'actor_user_id', 'details'])
      .where('school_id', '=', schoolId)
      .where('action', '=', 'bank_account.revealed')
      .execute();
    expect(events.filter((e) => e.actor_user_id === athlete.id)).toHaveLength(1);
  });

  it('an athlete without an account has nothing to reveal', async () => {
    expect((await call(otherAthlete, 'POST', '/bank-account/reveal')).status).toBe(404);
  });

  it('a compliance admin sees it masked and may reveal it (audited); other admins only masked; coaches nothing', async () => {
    const seen = await call(compliance, 'GET', `/bank-accounts/${athlete.id}`);
    expect(seen.status).toBe(200);
    expect(seen.body).toMatchObject({ canReveal: true, account: { accountNumberMasked: '•••• 6789' } });
    const revealed = await call(compliance, 'POST', `/bank-accounts/${athlete.id}/reveal`);
    expect(revealed.body).toEqual({ accountNumber: ACCOUNT });
    const admin = await call(plainAdmin, 'GET', `/bank-accounts/${athlete.id}`);
    expect(admin.body).toMatchObject({ canReveal: false, account: { accountNumberMasked: '•••• 6789' } });
    expect((await call(plainAdmin, 'POST', `/bank-accounts/${athlete.id}/reveal`)).status).toBe(403);
    expect((await call(coach, 'GET', `/bank-accounts/${athlete.id}`)).status).toBe(403);
    expect((await call(coach, 'GET', '/bank-account')).status).toBe(403);
    expect((await call(otherAthlete, 'GET', `/bank-accounts/${athlete.id}`)).status).toBe(403);
    const events = await t.database.db
      .selectFrom('audit_events')
      .select(['actor_user_id'])
      .where('school_id', '=', schoolId)
      .where('action', '=', 'bank_account.revealed')
      .execute();
    expect(events.map((e) => e.actor_user_id).sort()).toEqual([athlete.id, compliance.id].sort());
  });

  it("another school's admin gets 404, and a coach is not an athlete", async () => {
    expect((await call(outsider, 'GET', `/bank-accounts/${athlete.id}`)).status).toBe(404);
    expect((await call(outsider, 'POST', `/bank-accounts/${athlete.id}/reveal`)).status).toBe(404);
    expect((await call(compliance, 'GET', `/bank-accounts/${coach.id}`)).status).toBe(404);
  });
});

describe('the full number leaks nowhere', () => {
  it('is in no export', async () => {
    // Every column of the athlete list, the only export that holds athletes' details.
    const columns = ATHLETE_LIST_COLUMN_KEYS.join(',');
    const csv = await call(compliance, 'GET', `/athletes/export?format=csv&columns=${columns}`);
    expect(csv.status).toBe(200);
    expect(String(csv.body)).toContain(athlete.email);
    expect(String(csv.body)).not.toContain(ACCOUNT);
    expect(String(csv.body)).not.toContain('6789');
  });

  it('is in no answer but a reveal, no audit event and no log line', async () => {
    // The logger really was captured (at trace level every request is logged), so an empty capture cannot pass.
    const log = written.join('');
    expect(log).toContain('/api/v1/bank-account');
    expect(log).toContain('"reqId"');
    for (const secret of [ACCOUNT, SECOND_ACCOUNT, '0001 2345 6789']) expect(log).not.toContain(secret);
    const leaking = bodies.filter((b) => b.body.includes(ACCOUNT) || b.body.includes(SECOND_ACCOUNT));
    expect(leaking.map((b) => b.url).sort()).toEqual(
      ['POST /bank-account/reveal', `POST /bank-accounts/${athlete.id}/reveal`].sort(),
    );
    const audits = await t.database.db
      .selectFrom('audit_events')
      .select(['action', 'details'])
      .where('school_id', '=', schoolId)
      .execute();
    expect(audits.map((a) => a.action)).toEqual(
      expect.arrayContaining(['bank_account.added', 'bank_account.replaced']),
    );
    const text = JSON.stringify(audits);
    expect(text).not.toContain(ACCOUNT);
    expect(text).not.toContain(SECOND_ACCOUNT);
  });
});
