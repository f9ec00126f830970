import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipartPayload } from '../../test-support/forms';
import { seedSchool, seedUser, sessionCookie } from '../../test-support/seed-school';
import { createTestApp, type TestApp } from '../../test-support/test-app';

// Issue 36: a small hostile spreadsheet must never hold the process (the API and the Temporal worker share it).
let t: TestApp;
let admin: string;

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  admin = await sessionCookie(db, await seedUser(db, (await seedSchool(db)).id));
}, 120_000);
afterAll(async () => t.close());

const ROUTES = {
  'athlete upload': '/api/v1/athletes/uploads',
  'event upload check': '/api/v1/event-uploads/check?kind=EVENT',
  'prospect upload check': '/api/v1/psas/uploads/check',
  'phone-call upload check': '/api/v1/psas/phone-calls/uploads/check',
};

const HOSTILE: { file: string; status?: number; message?: string }[] = [
  // Nothing is over a limit here: the 200 columns and one row present are read, the declared 1,048,576 rows never.
  { file: 'declared-dimension' },
  { file: 'zip-bomb', status: 400, message: 'The file is too large once unpacked.' },
  { file: 'too-many-rows', status: 400, message: 'The file has more than 10,000 rows.' },
];

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Sends the file and, until it is answered, asks /healthz every 50 ms: how long each took. */
async function uploadWhileProbing(url: string, file: string) {
  const bytes = readFileSync(new URL(`./fixtures/${file}.xlsx`, import.meta.url));
  const { payload, headers } = multipartPayload({
    filename: `${file}.xlsx`,
    contentType: 'application/octet-stream',
    bytes,
  });
  const started = performance.now();
  let answered = false;
  const request = t.app.inject({ method: 'POST', url, headers: { ...headers, cookie: admin }, payload }).then((res) => {
    answered = true;
    return { res, ms: performance.now() - started };
  });
  const probes: number[] = [];
  while (!answered) {
    const probeStarted = performance.now();
    const health = await t.app.inject({ method: 'GET', url: '/healthz' });
    expect(health.statusCode).toBe(200);
    probes.push(performance.now() - probeStarted);
    await sleep(50);
  }
  return { ...(await request), probes };
}

describe('hostile spreadsheets', () => {
  for (const [route, url] of Object.entries(ROUTES)) {
    for (const hostile of HOSTILE) {
      it(`${route}: ${hostile.file} answers within 5 s while /healthz answers within 1 s`, async () => {
        const { res, ms, probes } = await uploadWhileProbing(url, hostile.file);
        console.info(`${route} ${hostile.file}: ${ms.toFixed(0)} ms, healthz max ${Math.max(...probes).toFixed(0)} ms`);
        expect(ms).toBeLessThan(5000);
        expect(probes.length).toBeGreaterThan(0);
        expect(Math.max(...probes)).toBeLessThan(1000);
        expect(res.statusCode).toBeLessThan(500);
        expect(res.json().error?.code).not.toBe('UPLOAD_READ_TIMEOUT');
        if (hostile.status) {
          expect(res.statusCode).toBe(hostile.status);
          expect(res.json().error.message).toBe(hostile.message);
        }
      });
    }
  }
});
