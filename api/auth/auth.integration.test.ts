import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { hashToken, signLinkToken } from '../../domain/signed-links';
import { connectDatabase } from '../../migrations/connect';
import { testTemporalClient, uniqueTaskQueue } from '../../scripts/test-harness/context';
import { asAnotherClient } from '../test-support/lock-waits';
import { createTestApp, TEST_SECRET, type TestApp } from '../test-support/test-app';
import { seedSchool, seedUser, sessionCookie, TEST_PASSWORD, uniqueTag } from '../test-support/seed-school';

let t: TestApp;
let schoolId: string;

beforeAll(async () => {
  t = await createTestApp();
  schoolId = (await seedSchool(t.database.db)).id;
});
afterAll(async () => t.close());

function login(email: string, password: string, headers: Record<string, string> = {}) {
  return t.app.inject({ method: 'POST', url: '/api/v1/auth/login', payload: { email, password }, headers });
}

function cookieOf(res: { cookies: Array<{ name: string; value: string }> }): string {
  const sid = res.cookies.find((c) => c.name === 'sid');
  return `sid=${sid?.value ?? ''}`;
}

describe('login', () => {
  it('signs in with the right password and sets a hardened session cookie', async () => {
    const user = await seedUser(t.database.db, schoolId);
    const res = await login(user.email, TEST_PASSWORD, { 'user-agent': 'vitest-agent' });
    expect(res.statusCode).toBe(200);
    const me = res.json();
    expect(me).toMatchObject({ id: user.id, email: user.email, portal: 'admin', portals: ['admin', 'coach'] });
    expect(me.permissions).toContain('teams:write');
    const sid = res.cookies.find((c) => c.name === 'sid')!;
    expect(sid).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
    expect(sid.secure).toBeFalsy();
    expect(sid.value).toMatch(/^[A-Za-z0-9_-]{43}$/);
    // The database keeps only the hash of the cookie token.
    const stored = await t.database.db.selectFrom('sessions').select('id').where('user_id', '=', user.id).execute();
    expect(stored.map((s) => s.id)).toEqual([hashToken(sid.value)]);
    const audit = await t.database.db
      .selectFrom('audit_events')
      .selectAll()
      .where('action', '=', 'auth.login')
      .where('target_id', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(audit).toMatchObject({ school_id: schoolId, actor_user_id: user.id, user_agent: 'vitest-agent' });
    expect(audit.ip).toBeTruthy();
  });

  it('marks the cookie Secure when the public URL is https', async () => {
    const secure = await createTestApp({ env: { PUBLIC_URL: 'https://compliance.example.edu' }, database: t.database });
    try {
      const user = await seedUser(t.database.db, schoolId);
      const res = await secure.app.inject({
        method: 'POST',
        url: '/api/v1/auth/login',
        payload: { email: user.email, password: TEST_PASSWORD },
      });
      expect(res.statusCode).toBe(200);
      expect(res.cookies.find((c) => c.name === 'sid')?.secure).toBe(true);
      expect(res.headers['strict-transport-security']).toContain('max-age=');
    } finally {
      await secure.close();
    }
  });

  it('answers wrong password and unknown e-mail alike, and audits both', async () => {
    const user = await seedUser(t.database.db, schoolId);
    const wrong = await login(user.email, 'Wrong-Pass-2026!');
    const unknown = await login(`nobody-${uniqueTag()}@test.example`, 'Wrong-Pass-2026!');
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual({ error: { code: 'WRONG_CREDENTIALS', message: 'Wrong email or password.' } });
    expect(unknown.json()).toEqual(wrong.json());
    const failures = await t.database.db
      .selectFrom('audit_events')
      .selectAll()
      .where('action', '=', 'auth.login_failed')
      .where('target_id', '=', user.id)
      .execute();
    expect(failures).toHaveLength(1);
    expect(failures[0]!.ip).toBeTruthy();
  });

  it('refuses an inactive account with ACCOUNT_INACTIVE (only after the right password)', async () => {
    const user = await seedUser(t.database.db, schoolId, { status: 'INACTIVE' });
    const res = await login(user.email, TEST_PASSWORD);
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe('ACCOUNT_INACTIVE');
    expect((await login(user.email, 'Wrong-Pass-2026!')).json().error.code).toBe('WRONG_CREDENTIALS');
  });

  it('refuses an invited user who has no password yet', async () => {
    const user = await seedUser(t.database.db, schoolId, { status: 'INVITED', password: null });
    expect((await login(user.email, TEST_PASSWORD)).statusCode).toBe(401);
  });

  it('rate-limits repeated attempts for one e-mail from one address with 429 RATE_LIMITED', async () => {
    const user = await seedUser(t.database.db, schoolId);
    const codes: number[] = [];
    for (let i = 0; i < 11; i++) codes.push((await login(user.email, 'Wrong-Pass-2026!')).statusCode);
    expect(codes.slice(0, 10).every((c) => c === 401)).toBe(true);
    const limited = await login(user.email, TEST_PASSWORD);
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({
      error: { code: 'RATE_LIMITED', message: 'Too many attempts. Please wait a moment and try again.' },
    });
    expect(limited.headers['retry-after']).toBeDefined();
    // Another account from the same address is not locked out.
    const other = await seedUser(t.database.db, schoolId);
    expect((await login(other.email, TEST_PASSWORD)).statusCode).toBe(200);
  });

  it('never counts successful sign-ins towards the limit', async () => {
    const user = await seedUser(t.database.db, schoolId);
    for (let i = 0; i < 15; i++) expect((await login(user.email, TEST_PASSWORD)).statusCode).toBe(200);
  });

  it('validates the body: missing fields give 400 VALIDATION_FAILED with a detail per field', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/v1/auth/login', payload: { email: 'not-an-email' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('VALIDATION_FAILED');
    expect(res.json().error.details).toEqual(
      expect.arrayContaining([
        { field: 'email', message: 'Invalid email.', code: 'INVALID_EMAIL' },
        { field: 'password', message: 'Mandatory fields cannot be empty.', code: 'MANDATORY_FIELD' },
      ]),
    );
  });
});

describe('session', () => {
  it('GET /auth/me needs a session: none 401 UNAUTHENTICATED, expired 401 SESSION_EXPIRED', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/auth/me' })).json().error.code).toBe('UNAUTHENTICATED');
    const user = await seedUser(t.database.db, schoolId);
    const cookie = await sessionCookie(t.database.db, user);
    await t.database.db
      .updateTable('sessions')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('user_id', '=', user.id)
      .execute();
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/auth/me', headers: { cookie } });
    expect(res.statusCode).toBe(401);
    expect(res.json().error.code).toBe('SESSION_EXPIRED');
  });

  it('slides the expiry forward and records activity', async () => {
    const user = await seedUser(t.database.db, schoolId);
    const cookie = await sessionCookie(t.database.db, user, 1);
    await t.database.db
      .updateTable('sessions')
      .set({ last_seen_at: new Date(Date.now() - 10 * 60_000) })
      .where('user_id', '=', user.id)
      .execute();
    const before = await t.database.db
      .selectFrom('sessions')
      .select('expires_at')
      .where('user_id', '=', user.id)
      .executeTakeFirstOrThrow();
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/auth/me', headers: { cookie } });
    expect(res.statusCode).toBe(200);
    const after = await t.database.db
      .selectFrom('sessions')
      .select('expires_at')
      .where('user_id', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(after.expires_at.getTime()).toBeGreaterThan(before.expires_at.getTime());
    const u = await t.database.db
      .selectFrom('users')
      .select('last_active_at')
      .where('id', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(u.last_active_at).not.toBeNull();
  });

  it('ends the session of a user who was deactivated meanwhile (403 ACCOUNT_INACTIVE)', async () => {
    const user = await seedUser(t.database.db, schoolId);
    const cookie = await sessionCookie(t.database.db, user);
    await t.database.db.updateTable('users').set({ status: 'INACTIVE' }).where('id', '=', user.id).execute();
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/auth/me', headers: { cookie } });
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe('ACCOUNT_INACTIVE');
  });

  it('logs out: 204, cookie cleared, session gone, audited', async () => {
    const user = await seedUser(t.database.db, schoolId);
    const res = await login(user.email, TEST_PASSWORD);
    const cookie = cookieOf(res);
    const out = await t.app.inject({ method: 'POST', url: '/api/v1/auth/logout', headers: { cookie } });
    expect(out.statusCode).toBe(204);
    expect(out.cookies.find((c) => c.name === 'sid')?.value).toBe('');
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/auth/me', headers: { cookie } })).statusCode).toBe(401);
    const audit = await t.database.db
      .selectFrom('audit_events')
      .select('action')
      .where('action', '=', 'auth.logout')
      .where('target_id', '=', user.id)
      .execute();
    expect(audit).toHaveLength(1);
    expect((await t.app.inject({ method: 'POST', url: '/api/v1/auth/logout' })).statusCode).toBe(204);
  });

  it('switches an admin to the coach portal, and refuses a portal the roles do not open', async () => {
    const admin = await seedUser(t.database.db, schoolId);
    const cookie = await sessionCookie(t.database.db, admin);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/portal',
      headers: { cookie },
      payload: { portal: 'coach' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().portal).toBe('coach');
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/auth/me', headers: { cookie } })).json().portal).toBe(
      'coach',
    );
    const athlete = await seedUser(t.database.db, schoolId, { roles: [{ role: 'STUDENT_ATHLETE' }] });
    const athleteCookie = await sessionCookie(t.database.db, athlete);
    const denied = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/portal',
      headers: { cookie: athleteCookie },
      payload: { portal: 'admin' },
    });
    expect(denied.statusCode).toBe(403);
    expect(denied.json().error.code).toBe('FORBIDDEN');
  });
});

describe('forgot and reset password', () => {
  async function resetLink(userId: string, minutes = 60): Promise<string> {
    const id = crypto.randomUUID();
    const token = signLinkToken(TEST_SECRET, 'password-reset', id);
    await t.database.db
      .insertInto('password_resets')
      .values({
        id,
        user_id: userId,
        school_id: schoolId,
        token_hash: hashToken(token),
        expires_at: new Date(Date.now() + minutes * 60_000),
      })
      .execute();
    return token;
  }

  const reset = (token: string, password: string, confirmPassword = password) =>
    t.app.inject({ method: 'POST', url: '/api/v1/auth/reset-password', payload: { token, password, confirmPassword } });

  it('answers 503 WORKFLOW_UNAVAILABLE without Temporal, whether or not the e-mail is registered', async () => {
    const user = await seedUser(t.database.db, schoolId);
    for (const email of [user.email, `nobody-${uniqueTag()}@test.example`]) {
      const res = await t.app.inject({ method: 'POST', url: '/api/v1/auth/forgot-password', payload: { email } });
      expect(res.statusCode).toBe(503);
      expect(res.json().error.code).toBe('WORKFLOW_UNAVAILABLE');
    }
  });

  it('starts the reset workflow for a registered e-mail and answers unknown ones the same way', async () => {
    const { client, close } = await testTemporalClient();
    const taskQueue = uniqueTaskQueue('forgot');
    const withTemporal = await createTestApp({ temporal: client, taskQueue, database: t.database });
    try {
      const user = await seedUser(t.database.db, schoolId);
      const known = await withTemporal.app.inject({
        method: 'POST',
        url: '/api/v1/auth/forgot-password',
        payload: { email: user.email.toUpperCase() },
      });
      const unknown = await withTemporal.app.inject({
        method: 'POST',
        url: '/api/v1/auth/forgot-password',
        payload: { email: `nobody-${uniqueTag()}@test.example` },
      });
      expect(known.statusCode).toBe(202);
      expect(unknown.statusCode).toBe(202);
      expect(unknown.json()).toEqual(known.json());
      const row = await t.database.db
        .selectFrom('password_resets')
        .selectAll()
        .where('user_id', '=', user.id)
        .executeTakeFirstOrThrow();
      expect(row.token_hash).toBe(hashToken(signLinkToken(withTemporal.config.appSecret, 'password-reset', row.id)));
      const minutes = (row.expires_at.getTime() - Date.now()) / 60_000;
      expect(minutes).toBeGreaterThan(58);
      expect(minutes).toBeLessThanOrEqual(60);
      const handle = client.workflow.getHandle(`password-reset:${row.id}`);
      const description = await handle.describe();
      expect(description.taskQueue).toBe(taskQueue);
      await handle.terminate('test done');
      const audit = await t.database.db
        .selectFrom('audit_events')
        .selectAll()
        .where('action', '=', 'auth.password_reset_requested')
        .where('target_id', '=', user.id)
        .execute();
      expect(audit).toHaveLength(1);
    } finally {
      await withTemporal.close();
      await close();
    }
  });

  it('resets once: the link is single use, other sessions end, the new password works', async () => {
    const user = await seedUser(t.database.db, schoolId);
    const oldCookie = await sessionCookie(t.database.db, user);
    const token = await resetLink(user.id);
    expect((await reset(token, 'Brand-New-Pass-1')).statusCode).toBe(204);
    const again = await reset(token, 'Another-Pass-22!');
    expect(again.statusCode).toBe(410);
    expect(again.json().error).toEqual({
      code: 'RESET_LINK_INVALID',
      message: 'This reset link has expired or has already been used.',
    });
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/v1/auth/me', headers: { cookie: oldCookie } })).statusCode,
    ).toBe(401);
    expect((await login(user.email, 'Brand-New-Pass-1')).statusCode).toBe(200);
    const audit = await t.database.db
      .selectFrom('audit_events')
      .selectAll()
      .where('action', '=', 'auth.password_reset')
      .where('target_id', '=', user.id)
      .execute();
    expect(audit).toHaveLength(1);
  });

  // Issue 36: an older link still reset the password after a newer one had been mailed.
  it('revokes the earlier links when a new one is issued: only the latest resets the password', async () => {
    const { client, close } = await testTemporalClient();
    const withTemporal = await createTestApp({
      temporal: client,
      taskQueue: uniqueTaskQueue('reset'),
      database: t.database,
    });
    try {
      const user = await seedUser(t.database.db, schoolId);
      const forgot = () =>
        withTemporal.app.inject({
          method: 'POST',
          url: '/api/v1/auth/forgot-password',
          payload: { email: user.email },
        });
      expect((await forgot()).statusCode).toBe(202);
      expect((await forgot()).statusCode).toBe(202);
      const rows = await t.database.db
        .selectFrom('password_resets')
        .select(['id', 'used_at'])
        .where('user_id', '=', user.id)
        .orderBy('created_at')
        .execute();
      expect(rows).toHaveLength(2);
      for (const row of rows) await client.workflow.getHandle(`password-reset:${row.id}`).terminate('test done');
      const [older, newer] = rows.map((row) => signLinkToken(withTemporal.config.appSecret, 'password-reset', row.id));
      const viaOlder = await withTemporal.app.inject({
        method: 'POST',
        url: '/api/v1/auth/reset-password',
        payload: { token: older, password: 'Brand-New-Pass-1', confirmPassword: 'Brand-New-Pass-1' },
      });
      expect(viaOlder.statusCode).toBe(410);
      expect(viaOlder.json().error.code).toBe('RESET_LINK_INVALID');
      expect((await login(user.email, TEST_PASSWORD)).statusCode).toBe(200);
      const viaNewer = await withTemporal.app.inject({
        method: 'POST',
        url: '/api/v1/auth/reset-password',
        payload: { token: newer, password: 'Brand-New-Pass-1', confirmPassword: 'Brand-New-Pass-1' },
      });
      expect(viaNewer.statusCode).toBe(204);
      expect((await login(user.email, 'Brand-New-Pass-1')).statusCode).toBe(200);
    } finally {
      await withTemporal.close();
      await close();
    }
  });

  it('refuses a new password that contains the account’s e-mail or name, keeping the link usable', async () => {
    const tag = uniqueTag();
    const user = await seedUser(t.database.db, schoolId, {
      email: `kowalczyk.${tag}@test.example`,
      firstName: 'Bartholomew',
    });
    const token = await resetLink(user.id);
    for (const password of ['Kowalczyk-Zebra-91!', 'Bartholomew#Tango-42', 'x7-B4rtholomew-Quiet!']) {
      const res = await reset(token, password);
      expect(res.statusCode, password).toBe(400);
      expect(res.json().error, password).toEqual({
        code: 'PASSWORD_PERSONAL',
        message: 'Password must not contain your name or e-mail address.',
        details: [{ field: 'password', code: 'personal', message: 'Not your name or e-mail address' }],
      });
    }
    expect((await login(user.email, TEST_PASSWORD)).statusCode).toBe(200);
    expect((await reset(token, 'Brand-New-Pass-1')).statusCode).toBe(204);
  });

  it('refuses expired and forged links with 410', async () => {
    const user = await seedUser(t.database.db, schoolId);
    const expired = await resetLink(user.id, -1);
    expect((await reset(expired, 'Brand-New-Pass-1')).statusCode).toBe(410);
    const forged = `${crypto.randomUUID()}.not-a-valid-mac`;
    expect((await reset(forged, 'Brand-New-Pass-1')).json().error.code).toBe('RESET_LINK_INVALID');
  });

  it('explains the password policy rule by rule, and that passwords must match', async () => {
    const user = await seedUser(t.database.db, schoolId);
    const token = await resetLink(user.id);
    const weak = await reset(token, 'short');
    expect(weak.statusCode).toBe(400);
    const body = weak.json();
    expect(body.error.code).toBe('PASSWORD_POLICY');
    expect(body.error.message).toBe(
      'Password must be at least 10 characters with 1 special character, 1 number, 1 uppercase and 1 lowercase letter.',
    );
    expect(body.error.details.map((d: { code: string }) => d.code)).toEqual([
      'length',
      'special',
      'number',
      'uppercase',
    ]);
    const mismatch = await reset(token, 'Brand-New-Pass-1', 'Brand-New-Pass-2');
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json().error).toMatchObject({ code: 'PASSWORDS_DO_NOT_MATCH', message: 'Passwords must match.' });
    // The link is still usable after a refused attempt.
    expect((await reset(token, 'Brand-New-Pass-1')).statusCode).toBe(204);
  });

  it('refuses a common password and a short one padded with spaces, keeping the old password', async () => {
    const user = await seedUser(t.database.db, schoolId);
    const token = await resetLink(user.id);
    const common = await reset(token, 'Password123!');
    expect(common.statusCode).toBe(400);
    expect(common.json().error).toEqual({
      code: 'PASSWORD_TOO_COMMON',
      message: 'Password is too common or easy to guess. Choose another.',
      details: [{ field: 'password', code: 'common', message: 'Not a common or easily guessed password' }],
    });
    const padded = await reset(token, `${' '.repeat(10)}A1!a`);
    expect(padded.statusCode).toBe(400);
    expect(padded.json().error.code).toBe('PASSWORD_POLICY');
    expect(padded.json().error.details.map((d: { code: string }) => d.code)).toEqual(['length']);
    expect((await login(user.email, 'Password123!')).statusCode).toBe(401);
    expect((await login(user.email, TEST_PASSWORD)).statusCode).toBe(200);
  });
});

describe('wrong passwords fired at once', () => {
  it('counts at most the limit of failures, then refuses the right password, even for 20 attempts in parallel', async () => {
    // An app of its own, with a pool big enough for every attempt to hold a connection and a name to find them by.
    const url = new URL(inject('databaseUrl'));
    url.searchParams.set('application_name', 'login-burst');
    const database = await connectDatabase({ url: url.toString(), poolSize: 24 });
    const burst = await createTestApp({ database });
    try {
      const db = t.database.db;
      const school = await seedSchool(db);
      const user = await seedUser(db, school.id);
      const attempt = (password: string) =>
        burst.app.inject({ method: 'POST', url: '/api/v1/auth/login', payload: { email: user.email, password } });
      let attempts: Promise<Awaited<ReturnType<typeof attempt>>[]> | undefined;
      await db.transaction().execute(async (trx) => {
        // The school's row held: a failure's audit row (which references it) waits, so every attempt is under way
        // before any failure is recorded.
        await trx.selectFrom('schools').select('id').where('id', '=', school.id).forUpdate().execute();
        attempts = asAnotherClient(() =>
          Promise.all(Array.from({ length: 20 }, (_, i) => attempt(`Wrong-Pass-2026!${i}`))),
        );
        const deadline = Date.now() + 20_000;
        for (;;) {
          const { rows } = await asAnotherClient(() =>
            sql<{ n: string }>`
            select count(*) as n from pg_stat_activity
            where application_name = 'login-burst' and cardinality(pg_blocking_pids(pid)) > 0`.execute(db),
          );
          if (Number(rows[0]!.n) === 20) break;
          if (Date.now() > deadline) throw new Error('the attempts never all waited');
          await new Promise((r) => setTimeout(r, 20));
        }
      });
      const codes = (await attempts!).map((r) => r.statusCode).sort();
      expect(codes).toEqual([...Array<number>(10).fill(401), ...Array<number>(10).fill(429)]);
      const failures = await db
        .selectFrom('audit_events')
        .select('id')
        .where('action', '=', 'auth.login_failed')
        .where('target_id', '=', user.id)
        .execute();
      expect(failures).toHaveLength(10);
      const locked = await attempt(TEST_PASSWORD);
      expect(locked.statusCode).toBe(429);
      expect(locked.json()).toEqual({
        error: { code: 'RATE_LIMITED', message: 'Too many attempts. Please wait a moment and try again.' },
      });
      expect(locked.headers['retry-after']).toBe('900');
    } finally {
      await burst.close();
      await database.close();
    }
  });
});
