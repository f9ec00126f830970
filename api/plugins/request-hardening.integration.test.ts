import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { connect, type AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_PATH_PARAM_LENGTH, ROUTER_MAX_PARAM_LENGTH } from '../shared/schemas';
import { TEST_PASSWORD, seedSchool, seedUser, sessionCookie } from '../test-support/seed-school';
import { createTestApp, type TestApp } from '../test-support/test-app';

/**
 * The request edge on a listening server (real sockets, so Node's HTTP parser and the WebSocket upgrade take part):
 * methods the platform does not serve, broken addresses, the realtime socket's Origin, and client addresses that
 * come from X-Forwarded-For only when TRUST_PROXY says so.
 */
let t: TestApp;
let port: number;
let cookie: string;

beforeAll(async () => {
  t = await createTestApp();
  const school = await seedSchool(t.database.db);
  cookie = await sessionCookie(t.database.db, await seedUser(t.database.db, school.id));
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as AddressInfo).port;
});
afterAll(async () => t?.close());

interface RawAnswer {
  status: number;
  headers: IncomingHttpHeaders;
  body: string;
}

/** One request over a real socket; a WebSocket handshake resolves with 101 when the server upgrades. */
function send(method: string, path: string, headers: Record<string, string> = {}): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: '127.0.0.1', port, method, path, headers });
    req.on('upgrade', (res, socket) => {
      socket.destroy();
      resolve({ status: res.statusCode ?? 0, headers: res.headers, body: '' });
    });
    req.on('response', (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

const METHOD_NOT_ALLOWED = { error: { code: 'METHOD_NOT_ALLOWED', message: 'This method is not allowed here.' } };

describe('methods', () => {
  it('answers TRACE and QUERY with 405 and the path’s methods in Allow', async () => {
    const trace = await send('TRACE', '/api/v1/meta');
    expect(trace.status).toBe(405);
    expect(trace.headers.allow).toBe('GET, HEAD');
    expect(JSON.parse(trace.body)).toEqual(METHOD_NOT_ALLOWED);
    const query = await send('QUERY', '/api/v1/teams', { cookie });
    expect(query.status).toBe(405);
    expect(query.headers.allow).toBe('GET, HEAD, POST');
    expect(JSON.parse(query.body)).toEqual(METHOD_NOT_ALLOWED);
    const withBody = await send('QUERY', '/api/v1/teams/00000000-0000-4000-8000-000000000000', {
      'content-type': 'application/json',
    });
    expect(withBody.status).toBe(405);
    expect(withBody.headers.allow).toBe('DELETE, GET, HEAD, PATCH');
  });

  it('answers other unsupported methods with 405 too, without Allow where the path does not exist', async () => {
    for (const method of ['OPTIONS', 'PROPFIND', 'TRACE']) {
      const res = await send(method, '/api/v1/nope');
      expect(res.status).toBe(405);
      expect(res.headers.allow).toBeUndefined();
      expect(JSON.parse(res.body)).toEqual(METHOD_NOT_ALLOWED);
    }
    const page = await send('PROPFIND', '/login');
    expect(page.status).toBe(405);
    expect(page.headers.allow).toBe('GET, HEAD');
  });

  it('answers a method Node’s parser does not know with 405 in the app’s shape', async () => {
    const res = await send('BREW', '/api/v1/meta');
    expect(res.status).toBe(405);
    expect(JSON.parse(res.body)).toEqual(METHOD_NOT_ALLOWED);
  });

  it('answers a served method on a path that has only others with 405 and Allow; unknown paths stay 404', async () => {
    const post = await send('POST', '/api/v1/meta');
    expect(post.status).toBe(405);
    expect(post.headers.allow).toBe('GET, HEAD');
    const page = await send('DELETE', '/login');
    expect(page.status).toBe(405);
    expect(page.headers.allow).toBe('GET, HEAD');
    const unknown = await send('DELETE', '/api/v1/nope');
    expect(unknown.status).toBe(404);
    expect(JSON.parse(unknown.body).error.code).toBe('NOT_FOUND');
  });
});

describe('addresses', () => {
  it('answers broken percent-encoding with 400 in the app’s error shape', async () => {
    for (const path of ['/api/v1/teams/%E0%A4%A', '/api/v1/me%ta', '/login%ZZ']) {
      const res = await send('GET', path, { cookie });
      expect(res.status).toBe(400);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expect(JSON.parse(res.body)).toEqual({
        error: {
          code: 'BAD_REQUEST',
          message: 'The request could not be processed.',
          details: [{ message: 'The address is not valid: check its percent-encoding.' }],
        },
      });
    }
  });

  it('answers a path parameter over the length cap with 414 in the app’s error shape', async () => {
    const res = await send('GET', `/api/v1/teams/${'a'.repeat(ROUTER_MAX_PARAM_LENGTH + 1)}`, { cookie });
    expect(res.status).toBe(414);
    expect(JSON.parse(res.body)).toEqual({ error: { code: 'URL_TOO_LONG', message: 'The address is too long.' } });
  });

  it('leaves a parameter the router takes to its schema: 400, not 414, for any length a schema refuses', async () => {
    const res = await send('GET', `/api/v1/teams/${'a'.repeat(MAX_PATH_PARAM_LENGTH * 2)}`, { cookie });
    expect(res.status).toBe(400);
    expect(JSON.parse(res.body)).toMatchObject({ error: { code: 'VALIDATION_FAILED' } });
  });
});

describe('bodies of a type the route does not read', () => {
  it('are refused with 415 on an upload route before the record is looked up', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/athletes/00000000-0000-4000-8000-000000000000/files',
      headers: { cookie, 'content-type': 'application/json' },
      payload: '{"file": "contract.pdf"}',
    });
    expect(res.statusCode).toBe(415);
    expect(res.json()).toMatchObject({
      error: {
        code: 'UNSUPPORTED_MEDIA_TYPE',
        details: [{ message: 'Send the request body as multipart/form-data.' }],
      },
    });
  });
});

describe('the realtime socket', () => {
  /** A raw handshake over a socket: the status line's code and the body, read until the server closes or upgrades. */
  const handshake = (headers: Record<string, string>) =>
    new Promise<{ status: number; body: string }>((resolve, reject) => {
      const socket = connect({ host: '127.0.0.1', port });
      let raw = '';
      const finish = () => {
        socket.destroy();
        const [head = '', body = ''] = raw.split('\r\n\r\n');
        resolve({ status: Number(/^HTTP\/1\.1 (\d{3})/.exec(head)?.[1] ?? 0), body });
      };
      socket.setEncoding('utf8');
      socket.on('data', (chunk: string) => {
        raw += chunk;
        if (raw.startsWith('HTTP/1.1 101')) finish();
      });
      socket.on('close', finish);
      socket.on('error', reject);
      const lines = Object.entries({
        host: `localhost:${port}`,
        connection: 'Upgrade',
        upgrade: 'websocket',
        'sec-websocket-version': '13',
        'sec-websocket-key': Buffer.from('0123456789abcdef').toString('base64'),
        cookie,
        ...headers,
      }).map(([name, value]) => `${name}: ${value}`);
      socket.write(`GET /api/v1/realtime HTTP/1.1\r\n${lines.join('\r\n')}\r\n\r\n`);
    });

  it('refuses a handshake from another origin with 403 CSRF_REJECTED, before the upgrade', async () => {
    for (const origin of ['http://evil.test', 'null', 'http://localhost:3001', 'https://localhost:3000']) {
      const res = await handshake({ origin });
      expect(res.status).toBe(403);
      expect(JSON.parse(res.body).error.code).toBe('CSRF_REJECTED');
    }
  });

  it('upgrades a handshake from PUBLIC_URL’s origin, and one from a client that sends no Origin', async () => {
    expect(t.config.publicUrl).toBe('http://localhost:3000');
    expect((await handshake({ origin: 'http://localhost:3000' })).status).toBe(101);
    expect((await handshake({})).status).toBe(101);
  });
});

describe('client addresses and the login lockout', () => {
  async function failTenTimes(app: TestApp, email: string) {
    for (let i = 0; i < 10; i++) {
      const res = await app.app.inject({
        method: 'POST',
        url: '/api/v1/auth/login',
        payload: { email, password: `wrong-password-${i}` },
      });
      expect(res.statusCode).toBe(401);
    }
  }

  it('ignores a forged X-Forwarded-For without TRUST_PROXY, so the lockout holds', async () => {
    const school = await seedSchool(t.database.db);
    const user = await seedUser(t.database.db, school.id);
    await failTenTimes(t, user.email);
    for (const forged of ['203.0.113.7', '198.51.100.1, 203.0.113.9']) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/v1/auth/login',
        headers: { 'x-forwarded-for': forged },
        payload: { email: user.email, password: TEST_PASSWORD },
      });
      expect(res.statusCode).toBe(429);
      expect(res.json().error.code).toBe('RATE_LIMITED');
    }
  });

  it.each([
    ['the proxy’s address', '127.0.0.1', '198.51.100.1, 203.0.113.50', '203.0.113.50'],
    ['a range', '127.0.0.0/8', '203.0.113.51', '203.0.113.51'],
    ['a hop count', '2', '198.51.100.2, 203.0.113.52, 203.0.113.53', '203.0.113.52'],
  ])('takes the client address from X-Forwarded-For when TRUST_PROXY names %s', async (_, trust, header, ip) => {
    const behindProxy = await createTestApp({ env: { TRUST_PROXY: trust }, database: t.database });
    try {
      const school = await seedSchool(t.database.db);
      const user = await seedUser(t.database.db, school.id);
      const res = await behindProxy.app.inject({
        method: 'POST',
        url: '/api/v1/auth/login',
        headers: { 'x-forwarded-for': header },
        payload: { email: user.email, password: 'wrong-password' },
      });
      expect(res.statusCode).toBe(401);
      const failure = await t.database.db
        .selectFrom('audit_events')
        .select('ip')
        .where('action', '=', 'auth.login_failed')
        .where('target_id', '=', user.id)
        .executeTakeFirstOrThrow();
      expect(failure.ip).toBe(ip);
    } finally {
      await behindProxy.close();
    }
  });
});
