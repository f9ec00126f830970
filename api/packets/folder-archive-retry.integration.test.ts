import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FormElement } from '../../form-engine/form-definition';
import { seedForm, shortText } from '../test-support/forms';
import { seedSchool, seedUser, sessionCookie, type SeededUser } from '../test-support/seed-school';
import { startAppWithWorker, type AppWithWorker } from '../test-support/app-with-worker';
import { archiveFolderRows } from './packets.repository';

/**
 * Issue 36 for folder archives: the archive commits first, then the folder's bulk-void workflow is started. A process
 * killed in between is simulated by committing the archive through the same repository function and never starting
 * the workflow; archiving again must then start the voids (once), instead of answering FOLDER_ARCHIVED while the
 * folder's submissions run on forever.
 */
let t: AppWithWorker;
let schoolId: string;
let admin: SeededUser;
let athlete: SeededUser;
let athlete2: SeededUser;
const cookies = new Map<string, string>();
let formId: string;

beforeAll(async () => {
  t = await startAppWithWorker('folder-archive-retry');
  const db = t.database.db;
  schoolId = (await seedSchool(db)).id;
  admin = await seedUser(db, schoolId, { firstName: 'Alma' });
  athlete = await seedUser(db, schoolId, { roles: [{ role: 'STUDENT_ATHLETE' }], firstName: 'Ath' });
  athlete2 = await seedUser(db, schoolId, { roles: [{ role: 'STUDENT_ATHLETE' }], firstName: 'Beth' });
  for (const u of [admin, athlete, athlete2]) cookies.set(u.id, await sessionCookie(db, u));
  formId = (
    await seedForm(db, schoolId, admin.id, {
      published: true,
      elements: [shortText('name', { required: true } as Partial<FormElement>)],
    })
  ).formId;
});

afterAll(async () => {
  await t?.close();
});

function call(user: SeededUser, method: 'GET' | 'POST', url: string, payload?: unknown) {
  return t.app.inject({
    method,
    url: `/api/v1${url}`,
    headers: { cookie: cookies.get(user.id)! },
    ...(payload !== undefined ? { payload: payload as Record<string, unknown> } : {}),
  });
}

async function waitUntil<T>(probe: () => Promise<T | null | undefined | false>, ms = 20_000): Promise<T> {
  const until = Date.now() + ms;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > until) throw new Error('condition not reached in time');
    await new Promise((r) => setTimeout(r, 100));
  }
}

async function publishedPacket(name: string, folderId: string): Promise<string> {
  const created = await call(admin, 'POST', '/packets', {
    name,
    description: 'Yearly forms',
    formIds: [formId],
    senders: { userIds: [], groups: ['SCHOOL_ADMINS'] },
    folderId,
  });
  expect(created.statusCode, created.body).toBe(201);
  const id = created.json().id as string;
  expect((await call(admin, 'POST', `/packets/${id}/publish`)).statusCode).toBe(200);
  return id;
}

async function submissionsOf(sentPacketId: string) {
  return t.database.db
    .selectFrom('packet_submissions')
    .selectAll()
    .where('sent_packet_id', '=', sentPacketId)
    .execute();
}

describe('folder archive after a crash (issue 36)', () => {
  it('archiving again starts the voids the dead request never started, once', async () => {
    const folder = (await call(admin, 'POST', '/packet-folders', { name: 'Crashed archive' })).json();
    const packetId = await publishedPacket('Crash one', folder.id);
    const sent = await call(admin, 'POST', `/packets/${packetId}/send`, {
      recipients: { userIds: [athlete.id, athlete2.id], teamIds: [], groups: [] },
      message: 'Please complete.',
    });
    expect(sent.statusCode, sent.body).toBe(201);
    const sentPacketId = sent.json().sentPacketId as string;
    await waitUntil(async () => (await submissionsOf(sentPacketId)).every((s) => s.active_step_id !== null));

    // The dead request: its transaction committed, its workflow never started.
    await t.database.db
      .transaction()
      .execute((trx) =>
        archiveFolderRows(trx, schoolId, folder.id, [packetId], { at: new Date(), reason: 'The folder was archived.' }),
      );
    const stuck = await call(admin, 'GET', `/packet-folders/${folder.id}/archive-progress`);
    expect(stuck.json()).toMatchObject({ total: 2, done: 0, finished: false });

    const retry = await call(admin, 'POST', `/packet-folders/${folder.id}/archive`);
    expect(retry.statusCode, retry.body).toBe(200);
    expect(retry.json()).toMatchObject({ workflowId: `bulk-void:folder:${folder.id}`, total: 2 });
    await waitUntil(async () => (await submissionsOf(sentPacketId)).every((s) => s.status === 'VOIDED'));
    const progress = await call(admin, 'GET', `/packet-folders/${folder.id}/archive-progress`);
    expect(progress.json()).toMatchObject({ total: 2, done: 2, finished: true });

    // Once the voids are done, archiving again is refused as before; the confirmation went out once.
    await t.temporal.workflow.getHandle(`bulk-void:folder:${folder.id}`).result();
    const again = await call(admin, 'POST', `/packet-folders/${folder.id}/archive`);
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe('FOLDER_ARCHIVED');
    const mails = await t.database.db
      .selectFrom('outbox')
      .select('id')
      .where('to_address', '=', admin.email)
      .where('subject', '=', 'Folder archived: Folder Crashed archive')
      .execute();
    expect(mails).toHaveLength(1);
  });
});
