import type { Client } from '@temporalio/client';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { workflowIds } from '../../domain/workflows';
import { multipartPayload } from '../../api/test-support/forms';
import { seedSchool, seedUser, sessionCookie, uniqueTag } from '../../api/test-support/seed-school';
import { createTestApp, type TestApp } from '../../api/test-support/test-app';
import { testTemporalClient, uniqueTaskQueue } from '../../scripts/test-harness/context';
import { until, workerProcess } from '../testing/worker-process';
import { invitationBatchWorkflow } from './invitation-batch.workflow';

/**
 * The bulk upload's invitations on the real stack: the worker (a child process) is killed with SIGKILL in the
 * middle of the invitation batch; after a new worker takes over, every athlete of the file has exactly one
 * invitation and exactly one invitation e-mail, and the upload's progress reaches the end.
 */
const ATHLETES = 250;
const taskQueue = uniqueTaskQueue('upload-kill');
const worker = workerProcess(taskQueue);
let t: TestApp;
let temporal: Client;
let closeTemporal: () => Promise<void>;
let schoolId: string;
let cookie: string;
const tag = uniqueTag();

beforeAll(async () => {
  const client = await testTemporalClient();
  temporal = client.client;
  closeTemporal = client.close;
  t = await createTestApp({ temporal, taskQueue });
  const db = t.database.db;
  schoolId = (await seedSchool(db)).id;
  cookie = await sessionCookie(db, await seedUser(db, schoolId));
  await worker.start();
}, 120_000);

afterAll(async () => {
  await worker.kill();
  await t?.close();
  await closeTemporal?.();
});

async function uploadCsv(emails: string[]): Promise<string> {
  const lines = ['First name,Last name,Email', ...emails.map((e, i) => `Ath,Lete${i},${e}`)];
  const { payload, headers } = multipartPayload({
    filename: 'athletes.csv',
    contentType: 'text/csv',
    bytes: Buffer.from(lines.join('\r\n')),
  });
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v1/athletes/uploads',
    headers: { ...headers, cookie },
    payload,
  });
  expect(res.statusCode).toBe(201);
  expect(res.json().errors).toEqual([]);
  return res.json().id as string;
}

it('sends each invitation exactly once when the worker dies mid-batch', async () => {
  const db = t.database.db;
  const emails = Array.from({ length: ATHLETES }, (_, i) => `kill-${tag}-${i}@upload.test`);
  const uploadId = await uploadCsv(emails);
  const imported = await t.app.inject({
    method: 'POST',
    url: `/api/v1/athletes/uploads/${uploadId}/import`,
    headers: { cookie },
    payload: { invite: true },
  });
  expect(imported.statusCode).toBe(200);
  expect(imported.json()).toMatchObject({ status: 'IMPORTED', createdCount: ATHLETES, progress: { stage: 'invite' } });

  const mailed = () => db.selectFrom('outbox').select('to_address').where('to_address', 'in', emails).execute();
  // Killed once the first invitations are out and before the last: in the middle of the batch.
  const atKill = await until(
    async () => {
      const n = (await mailed()).length;
      return n > 0 && n;
    },
    60_000,
    'first invitation mailed',
  );
  await worker.kill();
  const afterKill = (await mailed()).length;
  expect(afterKill).toBeLessThan(ATHLETES);
  await worker.start();

  const batch = await temporal.workflow.getHandle(workflowIds.invitationBatch(`upload:${uploadId}`)).result();
  expect(batch).toEqual({ total: ATHLETES, started: ATHLETES, finished: true });
  await until(async () => (await mailed()).length >= ATHLETES, 180_000, 'every athlete mailed');
  // Give a duplicate, if one were coming, the time to appear.
  await new Promise((r) => setTimeout(r, 3000));
  const mails = await mailed();
  expect(mails).toHaveLength(ATHLETES);
  expect(new Set(mails.map((m) => m.to_address)).size).toBe(ATHLETES);
  const invitations = await db
    .selectFrom('invitations')
    .select(['email', 'batch_id'])
    .where('email', 'in', emails)
    .execute();
  expect(invitations).toHaveLength(ATHLETES);
  expect(new Set(invitations.map((i) => i.batch_id))).toEqual(new Set([`upload:${uploadId}`]));
  const upload = await t.app.inject({
    method: 'GET',
    url: `/api/v1/athletes/uploads/${uploadId}`,
    headers: { cookie },
  });
  expect(upload.json()).toMatchObject({
    invitationsStarted: ATHLETES,
    progress: { stage: 'done', done: ATHLETES, total: ATHLETES },
  });
  console.log(`upload-kill: killed with ${atKill}→${afterKill}/${ATHLETES} invitations mailed`);
}, 300_000);

it('starts nothing for an import that was rolled back, and frees one whose API process died', async () => {
  const db = t.database.db;
  const rolledBack = await uploadCsv([`rb-${tag}@upload.test`]);
  const run = (uploadId: string) =>
    temporal.workflow.execute(invitationBatchWorkflow, {
      workflowId: `test-${uploadId}`,
      taskQueue,
      args: [{ schoolId, batchId: `upload:${uploadId}`, uploadId }],
    });
  expect(await run(rolledBack)).toEqual({ total: 0, started: 0, finished: true });

  const died = await uploadCsv([`died-${tag}@upload.test`]);
  await db
    .updateTable('athlete_uploads')
    .set({ status: 'IMPORTING', updated_at: new Date(Date.now() - 11 * 60_000) })
    .where('id', '=', died)
    .execute();
  expect(await run(died)).toEqual({ total: 0, started: 0, finished: true });
  const row = await db.selectFrom('athlete_uploads').select('status').where('id', '=', died).executeTakeFirstOrThrow();
  expect(row.status).toBe('CHECKED');
}, 120_000);
