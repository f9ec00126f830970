import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testTemporalClient } from '../scripts/test-harness/context';
import { createTestApp, type TestApp } from './test-support/test-app';
import { seedSchool, seedUser, sessionCookie } from './test-support/seed-school';

let t: TestApp;
let adminCookie: string;
let athleteCookie: string;

beforeAll(async () => {
  t = await createTestApp();
  const school = await seedSchool(t.database.db);
  adminCookie = await sessionCookie(t.database.db, await seedUser(t.database.db, school.id));
  athleteCookie = await sessionCookie(
    t.database.db,
    await seedUser(t.database.db, school.id, { roles: [{ role: 'STUDENT_ATHLETE' }] }),
  );
});
afterAll(async () => t.close());

describe('security headers', () => {
  it('sends a strict CSP with frame-ancestors none and X-Frame-Options DENY on API, page and 404 answers', async () => {
    for (const url of ['/api/v1/meta', '/login', '/api/v1/nope', '/healthz']) {
      const res = await t.app.inject({ method: 'GET', url });
      const csp = String(res.headers['content-security-policy']);
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).toContain("default-src 'self'");
      expect(csp).toContain("script-src 'self';");
      expect(csp).not.toContain('unsafe-eval');
      expect(csp).toContain("style-src 'self' 'unsafe-inline'");
      expect(csp).toContain("connect-src 'self' ws://localhost:3000");
      expect(csp).toContain("object-src 'none'");
      expect(res.headers['x-frame-options']).toBe('DENY');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['referrer-policy']).toBe('same-origin');
    }
  });
});

describe('bad input never gives a 500', () => {
  it('malformed JSON is 400 VALIDATION_FAILED', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/teams',
      headers: { cookie: adminCookie, 'content-type': 'application/json' },
      payload: '{"name": "Football",',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      error: {
        code: 'VALIDATION_FAILED',
        message: 'Some fields are missing or invalid.',
        details: [{ message: 'The request body is not valid JSON.' }],
      },
    });
  });

  it('prototype-poisoning JSON is refused with 400', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"email":"a@b.co","password":"x","__proto__":{"admin":true}}',
    });
    expect(res.statusCode).toBe(400);
  });

  it('a wrong content type is 415 UNSUPPORTED_MEDIA_TYPE', async () => {
    for (const type of ['text/plain', 'application/x-www-form-urlencoded', 'application/xml']) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/v1/teams',
        headers: { cookie: adminCookie, 'content-type': type },
        payload: 'name=x',
      });
      expect(res.statusCode).toBe(415);
      expect(res.json().error.code).toBe('UNSUPPORTED_MEDIA_TYPE');
    }
  });

  it('an oversized body is 413 BODY_TOO_LARGE', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/teams',
      headers: { cookie: adminCookie, 'content-type': 'application/json' },
      payload: JSON.stringify({ name: 'x'.repeat(2_000_000), sport: 'y' }),
    });
    expect(res.statusCode).toBe(413);
    expect(res.json().error.code).toBe('BODY_TOO_LARGE');
  });

  it('an empty JSON body reaches validation (400), not the parser', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/teams',
      headers: { cookie: adminCookie, 'content-type': 'application/json' },
      payload: '',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('VALIDATION_FAILED');
  });

  it('validation errors name each field', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/teams',
      headers: { cookie: adminCookie },
      payload: { name: '', gender: 'MIXED', sport: 5 },
    });
    expect(res.statusCode).toBe(400);
    const fields = res
      .json()
      .error.details.map((d: { field: string }) => d.field)
      .sort();
    expect(fields).toEqual(['gender', 'name', 'sport']);
  });

  it('bad query parameters and ids are 400 with the field named', async () => {
    const query = await t.app.inject({
      method: 'GET',
      url: '/api/v1/athletes?limit=abc',
      headers: { cookie: adminCookie },
    });
    expect(query.statusCode).toBe(400);
    expect(query.json().error.details[0].field).toBe('limit');
    const id = await t.app.inject({ method: 'GET', url: '/api/v1/teams/not-a-uuid', headers: { cookie: adminCookie } });
    expect(id.statusCode).toBe(400);
    expect(id.json().error.details[0]).toMatchObject({ field: 'id', message: 'This is not a valid id.' });
  });

  it('unknown API routes are 404 NOT_FOUND in the error shape', async () => {
    for (const [method, url] of [
      ['GET', '/api/v1/nope'],
      ['DELETE', '/api/v2/teams'],
      ['GET', '/api'],
    ] as const) {
      const res = await t.app.inject({ method, url });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ error: { code: 'NOT_FOUND', message: 'Not found.' } });
    }
  });
});

describe('access', () => {
  it('401 without a session and 403 FORBIDDEN without the permission', async () => {
    const anonymous = await t.app.inject({ method: 'GET', url: '/api/v1/teams' });
    expect(anonymous.statusCode).toBe(401);
    const athlete = await t.app.inject({
      method: 'POST',
      url: '/api/v1/teams',
      headers: { cookie: athleteCookie },
      payload: { name: 'X', sport: 'Y' },
    });
    expect(athlete.statusCode).toBe(403);
    expect(athlete.json()).toEqual({ error: { code: 'FORBIDDEN', message: 'You do not have permission to do this.' } });
    for (const url of [
      '/api/v1/users',
      '/api/v1/audit-events',
      '/api/v1/schools',
      '/api/v1/athletes',
      '/api/v1/staff',
    ]) {
      expect((await t.app.inject({ method: 'GET', url, headers: { cookie: athleteCookie } })).statusCode).toBe(403);
    }
  });

  it('checks access before validating input (no 400 leaks to the anonymous)', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/v1/teams', payload: { nonsense: true } });
    expect(res.statusCode).toBe(401);
  });

  it('every /api/v1 route declares a permission or is public', () => {
    const api = t.app.registeredRoutes.filter((r) => r.url.startsWith('/api/v1'));
    expect(api.length).toBeGreaterThan(30);
    expect(api.filter((r) => !r.access)).toEqual([]);
    const publicRoutes = api
      .filter((r) => r.access?.kind === 'public' && r.method !== 'HEAD')
      .map((r) => `${r.method} ${r.url}`);
    expect(publicRoutes.sort()).toEqual(
      [
        'GET /api/v1/auth/invitation',
        // The personal ICS feed: calendar apps fetch it without a session; the signed, revocable token is the key.
        'GET /api/v1/calendar-feed/:token',
        'GET /api/v1/dev/mailbox',
        'GET /api/v1/meta',
        'POST /api/v1/auth/create-password',
        // The link mailed to a new login e-mail address: its signed, expiring, single-use token is the key.
        'POST /api/v1/auth/email-change/confirm',
        'POST /api/v1/auth/forgot-password',
        'POST /api/v1/auth/login',
        'POST /api/v1/auth/logout',
        'POST /api/v1/auth/reset-password',
        'POST /api/v1/signer/open',
        'POST /api/v1/signer/consent',
        'POST /api/v1/signer/submit',
        'POST /api/v1/signer/pdf',
        // A school's public questionnaire (reached by school slug and custom URL, behind a proof-of-work check).
        'GET /api/v1/public/questionnaires/:school/:customUrl',
        'GET /api/v1/public/questionnaires/:school/:customUrl/challenge',
        'POST /api/v1/public/questionnaires/:school/:customUrl/responses',
        // A prospect's recruiting form: the signed, expiring token in the body is the key.
        'POST /api/v1/recruiting-forms/public/open',
        'POST /api/v1/recruiting-forms/public/submit',
        // An invited agent's page (issue 39): the signed, expiring, single-use token in the body is the key.
        'POST /api/v1/agents/public/open',
        'POST /api/v1/agents/public/submit',
        // A vendor's public business card, by its custom URL; nothing but the card's own fields.
        'GET /api/v1/vendors/cards/:customUrl',
      ].sort(),
    );
  });

  it('refuses state-changing calls from a foreign origin with 403 CSRF_REJECTED', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/teams',
      headers: { cookie: adminCookie, origin: 'https://evil.example' },
      payload: { name: 'Evil', sport: 'x' },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe('CSRF_REJECTED');
    const same = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/logout',
      headers: { origin: 'http://localhost:3000' },
    });
    expect(same.statusCode).toBe(204);
  });
});

describe('maintenance mode', () => {
  it('answers 503 MAINTENANCE on /api/v1 except /meta; health and pages stay up', async () => {
    const m = await createTestApp({ env: { MAINTENANCE: '1' }, database: t.database });
    try {
      const blocked = await m.app.inject({ method: 'GET', url: '/api/v1/teams', headers: { cookie: adminCookie } });
      expect(blocked.statusCode).toBe(503);
      expect(blocked.json()).toEqual({ error: { code: 'MAINTENANCE', message: "We'll be right back." } });
      expect(
        (await m.app.inject({ method: 'POST', url: '/api/v1/auth/login', payload: { email: 'a@b.co', password: 'x' } }))
          .statusCode,
      ).toBe(503);
      const meta = await m.app.inject({ method: 'GET', url: '/api/v1/meta' });
      expect(meta.statusCode).toBe(200);
      expect(meta.json().maintenance).toBe(true);
      expect((await m.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
      expect((await m.app.inject({ method: 'GET', url: '/login' })).statusCode).toBe(200);
    } finally {
      await m.close();
    }
  });
});

describe('meta, health and docs', () => {
  it('GET /api/v1/meta describes the deployment', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/meta' });
    expect(res.json()).toEqual({
      maintenance: false,
      devMailbox: true,
      temporalUiUrl: 'http://localhost:8233',
      version: expect.any(String),
    });
  });

  it('/healthz is up; /readyz needs the database and Temporal', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/healthz' })).json()).toEqual({ status: 'ok' });
    const notReady = await t.app.inject({ method: 'GET', url: '/readyz' });
    expect(notReady.statusCode).toBe(503);
    expect(notReady.json()).toEqual({ status: 'error', database: 'ok', temporal: 'not configured' });
    const { client, close } = await testTemporalClient();
    const ready = await createTestApp({ temporal: client, database: t.database });
    try {
      const res = await ready.app.inject({ method: 'GET', url: '/readyz' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ status: 'ok', database: 'ok', temporal: 'ok' });
    } finally {
      await ready.close();
      await close();
    }
  });

  it('serves the OpenAPI 3 document and the explorer at /api/docs', async () => {
    const doc = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(doc.statusCode).toBe(200);
    const spec = doc.json();
    expect(spec.openapi).toMatch(/^3\./);
    expect(Object.keys(spec.paths)).toEqual(
      expect.arrayContaining(['/api/v1/teams', '/api/v1/teams/{id}', '/api/v1/auth/login']),
    );
    expect(spec.paths['/api/v1/teams'].post.requestBody).toBeDefined();
    expect(spec.paths['/api/v1/teams'].post.description).toContain('teams:write');
    let ui = await t.app.inject({ method: 'GET', url: '/api/docs' });
    for (let hops = 0; ui.statusCode === 302 && hops < 3; hops++) {
      const location = String(ui.headers.location);
      ui = await t.app.inject({
        method: 'GET',
        url: location.startsWith('/') ? location : `/api/docs/${location.replace(/^\.\//, '')}`,
      });
    }
    expect(ui.statusCode).toBe(200);
    expect(ui.body).toContain('swagger');
  });

  it('has no development mailbox when real SMTP is configured', async () => {
    const smtp = await createTestApp({ env: { SMTP_URL: 'smtp://mail.example.edu:587' }, database: t.database });
    try {
      expect((await smtp.app.inject({ method: 'GET', url: '/api/v1/dev/mailbox' })).statusCode).toBe(404);
      expect((await smtp.app.inject({ method: 'GET', url: '/api/v1/meta' })).json().devMailbox).toBe(false);
    } finally {
      await smtp.close();
    }
  });

  it('lists the development mailbox without sign-in', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/dev/mailbox' });
    expect(res.statusCode).toBe(200);
    expect(Array.isArray(res.json())).toBe(true);
  });
});

describe('serving the UI', () => {
  it('without a build, pages say to run npm run build; unknown paths are 404', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/login' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('npm run build');
    expect((await t.app.inject({ method: 'GET', url: '/no/such/page' })).statusCode).toBe(404);
  });

  it('serves dist/ui with an SPA fallback: 200 for spec routes (params, optional params), 404 otherwise', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'ui-'));
    mkdirSync(join(dir, 'assets'));
    writeFileSync(join(dir, 'index.html'), '<!doctype html><div id="root">app</div>');
    writeFileSync(join(dir, 'assets', 'app-abc123.js'), 'console.log(1)');
    const ui = await createTestApp({ uiDir: dir, database: t.database });
    try {
      for (const url of [
        '/',
        '/login',
        '/studentProfile/42',
        '/coachesMessaging',
        '/coachesMessaging/7',
        '/reset-password?token=x',
      ]) {
        const res = await ui.app.inject({ method: 'GET', url });
        expect(res.statusCode, url).toBe(200);
        expect(res.body).toContain('id="root"');
        expect(res.headers['x-frame-options']).toBe('DENY');
      }
      const missing = await ui.app.inject({ method: 'GET', url: '/definitely-not-a-page' });
      expect(missing.statusCode).toBe(404);
      expect(missing.body).toContain('id="root"');
      const asset = await ui.app.inject({ method: 'GET', url: '/assets/app-abc123.js' });
      expect(asset.statusCode).toBe(200);
      expect(asset.headers['cache-control']).toContain('immutable');
      expect((await ui.app.inject({ method: 'GET', url: '/assets/missing.js' })).statusCode).toBe(404);
      expect((await ui.app.inject({ method: 'GET', url: '/api/v1/nope' })).json().error.code).toBe('NOT_FOUND');
    } finally {
      await ui.close();
    }
  });
});
