import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test-support/test-app';
import { DEV_MAILBOX_LOOPBACK_ONLY } from './dev-mailbox.routes';

/**
 * Issue 36: the dev mailbox lists every school's mail, invitation and reset links included, without a session. It
 * answers only connections from this computer unless DEV_MAILBOX_PUBLIC=1.
 */
let local: TestApp;
let open: TestApp;

beforeAll(async () => {
  local = await createTestApp();
  open = await createTestApp({ env: { DEV_MAILBOX_PUBLIC: '1' }, database: local.database });
});

afterAll(async () => {
  await open?.close();
  await local?.close();
});

const ask = (t: TestApp, remoteAddress: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url: '/api/v1/dev/mailbox?limit=1', remoteAddress, headers });

describe('the development mailbox', () => {
  it('answers loopback connections only', async () => {
    expect((await ask(local, '127.0.0.1')).statusCode).toBe(200);
    expect((await ask(local, '::1')).statusCode).toBe(200);
    for (const address of ['10.0.0.7', '192.168.1.20', '::ffff:172.17.0.1']) {
      const refused = await ask(local, address);
      expect(refused.statusCode, address).toBe(403);
      expect(refused.json()).toEqual({ error: expect.objectContaining({ message: DEV_MAILBOX_LOOPBACK_ONLY }) });
    }
  });

  it('is not opened by a forwarded-for header from the network', async () => {
    // TRUST_PROXY is off here, so the header is ignored and the loopback connection counts.
    expect((await ask(local, '127.0.0.1', { 'x-forwarded-for': '203.0.113.9' })).statusCode).toBe(200);
    const proxied = await createTestApp({ env: { TRUST_PROXY: 'loopback' }, database: local.database });
    try {
      // Behind a trusted local proxy, the client it forwards for must be local too.
      expect((await ask(proxied, '127.0.0.1', { 'x-forwarded-for': '203.0.113.9' })).statusCode).toBe(403);
      expect((await ask(proxied, '127.0.0.1', { 'x-forwarded-for': '127.0.0.1' })).statusCode).toBe(200);
    } finally {
      await proxied.close();
    }
  });

  it('answers every interface with DEV_MAILBOX_PUBLIC=1', async () => {
    expect((await ask(open, '10.0.0.7')).statusCode).toBe(200);
  });
});
