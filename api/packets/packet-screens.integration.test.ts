import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FormElement } from '../../form-engine/form-definition';
import { seedForm, shortText } from '../test-support/forms';
import { seedPacketRows } from '../test-support/packets';
import { seedSchool, seedUser, sessionCookie, type SeededUser } from '../test-support/seed-school';
import { startAppWithWorker, type AppWithWorker } from '../test-support/app-with-worker';

/**
 * The Sent, Archive and Reports screens' API on the real stack: the sent list's rows and filters, folder management
 * (rename, share, transfer ownership with the sent packets, archive through the bulk-void workflow, restore), and the
 * Big Picture report's aggregates, with role and tenant checks.
 */
let t: AppWithWorker;

let schoolId: string;
let admin: SeededUser;
let admin2: SeededUser;
let coach: SeededUser;
let coach2: SeededUser;
let athlete: SeededUser;
let athlete2: SeededUser;
let other: SeededUser;
const cookies = new Map<string, string>();
let formId: string;

beforeAll(async () => {
  t = await startAppWithWorker('packet-screens');
  const db = t.database.db;
  schoolId = (await seedSchool(db)).id;
  admin = await seedUser(db, schoolId, { firstName: 'Alma' });
  admin2 = await seedUser(db, schoolId, { firstName: 'Bert' });
  coach = await seedUser(db, schoolId, { roles: [{ role: 'COACH', titleGroup: 'HEAD_COACH' }], firstName: 'Cody' });
  coach2 = await seedUser(db, schoolId, { roles: [{ role: 'COACH', titleGroup: 'HEAD_COACH' }], firstName: 'Dora' });
  athlete = await seedUser(db, schoolId, { roles: [{ role: 'STUDENT_ATHLETE' }], firstName: 'Ath' });
  athlete2 = await seedUser(db, schoolId, { roles: [{ role: 'STUDENT_ATHLETE' }], firstName: 'Beth' });
  other = await seedUser(db, (await seedSchool(db)).id, { firstName: 'Otto' });
  for (const u of [admin, admin2, coach, coach2, athlete, athlete2, other]) {
    cookies.set(u.id, await sessionCookie(db, u));
  }
  formId = (
    await seedForm(db, schoolId, admin.id, {
      published: true,
      elements: [shortText('name', { required: true } as Partial<FormElement>)],
    })
  ).formId;
  await db.updateTable('forms').set({ category: 'Medical' }).where('id', '=', formId).execute();
});

afterAll(async () => {
  await t?.close();
});

function call(user: SeededUser | null, method: 'GET' | 'POST' | 'PUT' | 'PATCH', url: string, payload?: unknown) {
  return t.app.inject({
    method,
    url: `/api/v1${url}`,
    headers: user ? { cookie: cookies.get(user.id)! } : {},
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

async function publishedPacket(by: SeededUser, name: string, folderId?: string): Promise<string> {
  const created = await call(by, 'POST', '/packets', {
    name,
    description: 'Yearly forms',
    formIds: [formId],
    senders: { userIds: [], groups: ['SCHOOL_ADMINS', 'COACHES'] },
    ...(folderId ? { folderId } : {}),
  });
  expect(created.statusCode, created.body).toBe(201);
  const id = created.json().id as string;
  const published = await call(by, 'POST', `/packets/${id}/publish`);
  expect(published.statusCode, published.body).toBe(200);
  return id;
}

async function send(by: SeededUser, packetId: string, recipients: SeededUser[]) {
  const res = await call(by, 'POST', `/packets/${packetId}/send`, {
    recipients: { userIds: recipients.map((r) => r.id), teamIds: [], groups: [] },
    message: 'Please complete.',
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().sentPacketId as string;
}

async function submissionsOf(sentPacketId: string) {
  return t.database.db
    .selectFrom('packet_submissions')
    .selectAll()
    .where('sent_packet_id', '=', sentPacketId)
    .execute();
}

async function audits(action: string, targetId: string) {
  return t.database.db
    .selectFrom('audit_events')
    .selectAll()
    .where('action', '=', action)
    .where('target_id', '=', targetId)
    .execute();
}

describe('sent packets list', () => {
  it('lists sends with the sent-form row fields, progress, search, sort and state, scoped per user', async () => {
    const packetId = await publishedPacket(admin, 'Travel consent');
    const sentId = await send(admin, packetId, [athlete, athlete2]);
    await waitUntil(async () => (await submissionsOf(sentId)).every((s) => s.active_step_id !== null));
    const coachPacket = await publishedPacket(coach, 'Team rules');
    const coachSent = await send(coach, coachPacket, [athlete]);

    const res = await call(admin, 'GET', '/sent-packets?q=travel');
    expect(res.statusCode, res.body).toBe(200);
    const row = res.json().items.find((i: { id: string }) => i.id === sentId);
    expect(row).toMatchObject({
      id: sentId,
      packetName: 'Travel consent',
      category: 'Medical',
      totalForms: 1,
      sentById: admin.id,
      sentByName: expect.stringContaining('Alma'),
      recipientCount: 2,
      completedCount: 0,
      openCount: 2,
      voidedCount: 0,
    });
    expect(Date.parse(row.lastActivityAt)).toBeGreaterThanOrEqual(Date.parse(row.sentAt));
    expect(Date.parse(row.updatedAt)).toBeGreaterThanOrEqual(Date.parse(row.sentAt));
    expect(res.json().items.every((i: { packetName: string }) => /travel/i.test(i.packetName))).toBe(true);

    // School admins see the school's sends, or only theirs with `mine`; a coach sees only their own.
    const all = (await call(admin, 'GET', '/sent-packets?limit=200')).json().items.map((i: { id: string }) => i.id);
    expect(all).toEqual(expect.arrayContaining([sentId, coachSent]));
    const mine = (await call(admin, 'GET', '/sent-packets?mine=true&limit=200'))
      .json()
      .items.map((i: { id: string }) => i.id);
    expect(mine).toContain(sentId);
    expect(mine).not.toContain(coachSent);
    const coachSees = (await call(coach2, 'GET', '/sent-packets?limit=200')).json().items;
    expect(coachSees).toEqual([]);
    const byName = (await call(admin, 'GET', '/sent-packets?sort=name&dir=asc&limit=200')).json().items as Array<{
      packetName: string;
    }>;
    const names = byName.map((i) => i.packetName.toLowerCase());
    expect(names).toEqual([...names].sort());
    const active = (await call(admin, 'GET', '/sent-packets?state=ACTIVE&limit=200')).json().items;
    expect(active.map((i: { id: string }) => i.id)).toContain(sentId);
    const voided = (await call(admin, 'GET', '/sent-packets?state=VOIDED&limit=200')).json().items;
    expect(voided.map((i: { id: string }) => i.id)).not.toContain(sentId);
    for (const sort of ['sentAt', 'lastActivity', 'progress']) {
      for (const dir of ['asc', 'desc']) {
        const sorted = await call(admin, 'GET', `/sent-packets?sort=${sort}&dir=${dir}&limit=200`);
        expect(sorted.statusCode, `${sort} ${dir}: ${sorted.body}`).toBe(200);
        expect(sorted.json().items.length).toBeGreaterThanOrEqual(2);
      }
    }
    const byActivity = (await call(admin, 'GET', '/sent-packets?sort=lastActivity&dir=desc&limit=200')).json()
      .items as Array<{ lastActivityAt: string }>;
    const activity = byActivity.map((i) => Date.parse(i.lastActivityAt));
    expect(activity).toEqual([...activity].sort((x, y) => y - x));
    expect((await call(admin, 'GET', '/sent-packets?sort=bogus')).statusCode).toBe(400);
    expect((await call(athlete, 'GET', '/sent-packets')).statusCode).toBe(403);
  });
});

describe('folders: rename, share, transfer, archive, restore', () => {
  it('renames with the catalogue wording and only for owner-like users', async () => {
    const folder = (await call(admin, 'POST', '/packet-folders', { name: 'Compliance' })).json();
    const tooLong = await call(admin, 'PATCH', `/packet-folders/${folder.id}`, { name: 'x'.repeat(101) });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().error).toMatchObject({
      code: 'FOLDER_NAME_INVALID',
      message: 'Folder name is mandatory, max 100 characters.',
    });
    expect((await call(coach, 'PATCH', `/packet-folders/${folder.id}`, { name: 'Mine now' })).statusCode).toBe(403);
    const renamed = await call(admin, 'PATCH', `/packet-folders/${folder.id}`, { name: 'x'.repeat(100) });
    expect(renamed.statusCode).toBe(200);
    expect(await audits('packet_folder.renamed', folder.id)).toHaveLength(1);
  });

  it('shares a folder with staff only, giving edit access to its packets, those filed later included', async () => {
    const folder = (await call(admin, 'POST', '/packet-folders', { name: 'Shared' })).json();
    const packetId = await publishedPacket(admin, 'Shared packet', folder.id);
    const toAthlete = await call(admin, 'POST', `/packet-folders/${folder.id}/share`, { userIds: [athlete.id] });
    expect(toAthlete.statusCode).toBe(400);
    expect(toAthlete.json().error.code).toBe('PACKET_SHARE_USERS_INVALID');
    const toOtherSchool = await call(admin, 'POST', `/packet-folders/${folder.id}/share`, { userIds: [other.id] });
    expect(toOtherSchool.statusCode).toBe(400);
    expect((await call(coach, 'POST', `/packet-folders/${folder.id}/share`, { userIds: [coach.id] })).statusCode).toBe(
      403,
    );
    const shared = await call(admin, 'POST', `/packet-folders/${folder.id}/share`, { userIds: [coach.id] });
    expect(shared.statusCode, shared.body).toBe(200);
    expect(shared.json()).toMatchObject({ packetCount: 1, userIds: [coach.id] });
    const listed = (await call(admin, 'GET', '/packet-folders?limit=200')).json().items;
    expect(listed.find((f: { id: string }) => f.id === folder.id)).toMatchObject({ editorIds: [coach.id] });
    const detail = await call(coach, 'GET', `/packets/${packetId}`);
    expect(detail.json()).toMatchObject({ canEdit: true, editorIds: [coach.id] });
    expect(await audits('packet_folder.shared', folder.id)).toHaveLength(1);

    // The folder remembers its sharing: a packet created in it later, and one moved into it, get the same editor.
    const later = await publishedPacket(admin, 'Filed later', folder.id);
    expect((await call(coach, 'GET', `/packets/${later}`)).json()).toMatchObject({
      canEdit: true,
      editorIds: [coach.id],
    });
    const elsewhere = await publishedPacket(admin, 'Moved in');
    expect((await call(coach, 'GET', `/packets/${elsewhere}`)).json()).toMatchObject({ canEdit: false, editorIds: [] });
    const moved = await call(admin, 'PUT', `/packets/${elsewhere}/folder`, { folderId: folder.id });
    expect(moved.statusCode, moved.body).toBe(200);
    expect((await call(coach, 'GET', `/packets/${elsewhere}`)).json()).toMatchObject({
      canEdit: true,
      editorIds: [coach.id],
    });
  });

  it('transfers a packet to another staff member, moving its sent packets; others cannot take it', async () => {
    const packetId = await publishedPacket(admin, 'Transfer me');
    const sentId = await send(admin, packetId, [athlete]);
    // A coach cannot transfer someone else's packet, not even to themselves.
    const stolen = await call(coach, 'PUT', `/packets/${packetId}/owner`, { userId: coach.id });
    expect(stolen.statusCode).toBe(403);
    const toAthlete = await call(admin, 'PUT', `/packets/${packetId}/owner`, { userId: athlete.id });
    expect(toAthlete.statusCode).toBe(400);
    expect(toAthlete.json().error).toMatchObject({
      code: 'PACKET_NEW_OWNER_INVALID',
      message: 'Choose an active school admin or coach of your school.',
    });
    expect((await call(admin, 'PUT', `/packets/${packetId}/owner`, { userId: other.id })).statusCode).toBe(400);
    expect((await call(coach2, 'GET', '/sent-packets?limit=200')).json().items).toEqual([]);
    const moved = await call(admin, 'PUT', `/packets/${packetId}/owner`, { userId: coach2.id });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json().ownerId).toBe(coach2.id);
    // The send is now the new owner's: on their Sent screen, under their name.
    const coachSent = (await call(coach2, 'GET', '/sent-packets?limit=200')).json().items;
    expect(coachSent).toEqual([expect.objectContaining({ id: sentId, sentById: coach2.id })]);
    const [event] = await audits('packet.ownership_transferred', packetId);
    expect(event!.details).toMatchObject({ fromUserId: admin.id, toUserId: coach2.id, sentPacketsMoved: 1 });
    // The previous owner, a school admin, keeps admin rights but the packet is no longer theirs.
    const back = await call(coach2, 'PUT', `/packets/${packetId}/owner`, { userId: admin.id });
    expect(back.statusCode).toBe(200);
  });

  it('transfers a folder with its packets', async () => {
    const folder = (await call(coach, 'POST', '/packet-folders', { name: 'Coach folder' })).json();
    const packetId = await publishedPacket(coach, 'In coach folder', folder.id);
    expect((await call(coach2, 'PUT', `/packet-folders/${folder.id}/owner`, { userId: coach2.id })).statusCode).toBe(
      403,
    );
    const res = await call(coach, 'PUT', `/packet-folders/${folder.id}/owner`, { userId: coach2.id });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().ownerId).toBe(coach2.id);
    expect((await call(coach2, 'GET', `/packets/${packetId}`)).json().ownerId).toBe(coach2.id);
    expect(await audits('packet_folder.ownership_transferred', folder.id)).toHaveLength(1);
  });

  it('archives a folder: voids every running submission through the bulk-void workflow, then restores it', async () => {
    const folder = (await call(admin, 'POST', '/packet-folders', { name: 'To archive' })).json();
    const p1 = await publishedPacket(admin, 'Archive one', folder.id);
    const p2 = await publishedPacket(admin, 'Archive two', folder.id);
    const s1 = await send(admin, p1, [athlete, athlete2]);
    const s2 = await send(admin, p2, [athlete]);
    await waitUntil(async () =>
      (await Promise.all([submissionsOf(s1), submissionsOf(s2)])).flat().every((s) => s.active_step_id !== null),
    );
    expect((await call(coach, 'POST', `/packet-folders/${folder.id}/archive`)).statusCode).toBe(403);

    const archived = await call(admin, 'POST', `/packet-folders/${folder.id}/archive`);
    expect(archived.statusCode, archived.body).toBe(200);
    expect(archived.json()).toMatchObject({ workflowId: `bulk-void:folder:${folder.id}`, total: 3 });
    expect(archived.json().archivedAt).not.toBeNull();
    await waitUntil(async () =>
      (await Promise.all([submissionsOf(s1), submissionsOf(s2)])).flat().every((s) => s.status === 'VOIDED'),
    );
    const progress = await call(admin, 'GET', `/packet-folders/${folder.id}/archive-progress`);
    expect(progress.json()).toMatchObject({ total: 3, done: 3, finished: true });
    const voidedRows = (await submissionsOf(s1)).map((s) => s.void_reason);
    expect(voidedRows).toEqual(['The folder was archived.', 'The folder was archived.']);
    const mail = await waitUntil(async () =>
      t.database.db
        .selectFrom('outbox')
        .select(['subject'])
        .where('to_address', '=', admin.email)
        .where('subject', '=', 'Folder archived: Folder To archive')
        .executeTakeFirst(),
    );
    expect(mail.subject).toBe('Folder archived: Folder To archive');
    const sent = (await call(admin, 'GET', '/sent-packets?state=VOIDED&limit=200')).json().items;
    expect(sent.map((i: { id: string }) => i.id)).toEqual(expect.arrayContaining([s1, s2]));
    expect(await audits('packet_folder.archived', folder.id)).toHaveLength(1);

    // The archive lists show the folder and its packets; archiving again is refused.
    const folders = (await call(admin, 'GET', '/packet-folders?archived=true&limit=200')).json().items;
    expect(folders.map((f: { id: string }) => f.id)).toContain(folder.id);
    const packets = (await call(admin, 'GET', `/packets?archived=true&folderId=${folder.id}`)).json().items;
    expect(packets.map((p: { id: string }) => p.id).sort()).toEqual([p1, p2].sort());
    expect((await call(admin, 'POST', `/packet-folders/${folder.id}/archive`)).statusCode).toBe(409);
    expect((await call(admin, 'PUT', `/packets/${p1}/folder`, { folderId: null })).statusCode).toBe(409);

    const restored = await call(admin, 'POST', `/packet-folders/${folder.id}/unarchive`);
    expect(restored.statusCode, restored.body).toBe(200);
    expect(restored.json()).toMatchObject({ archivedAt: null, packetCount: 2 });
    const p1Detail = (await call(admin, 'GET', `/packets/${p1}`)).json();
    expect(p1Detail).toMatchObject({ archivedAt: null, status: 'UNPUBLISHED' });
    // Restoring does not bring voided submissions back.
    expect((await submissionsOf(s2)).map((s) => s.status)).toEqual(['VOIDED']);
    expect((await call(admin, 'POST', `/packet-folders/${folder.id}/unarchive`)).statusCode).toBe(409);
    expect(await audits('packet_folder.unarchived', folder.id)).toHaveLength(1);
  });

  it('restores a single archived packet outside its archived folder', async () => {
    const folder = (await call(admin, 'POST', '/packet-folders', { name: 'Gone' })).json();
    const packetId = await publishedPacket(admin, 'Lonely packet', folder.id);
    expect((await call(admin, 'POST', `/packets/${packetId}/unarchive`)).json().error.code).toBe('NOT_ARCHIVED');
    await call(admin, 'POST', `/packet-folders/${folder.id}/archive`);
    expect((await call(coach, 'POST', `/packets/${packetId}/unarchive`)).statusCode).toBe(403);
    const res = await call(admin, 'POST', `/packets/${packetId}/unarchive`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ archivedAt: null, folderId: null, status: 'UNPUBLISHED' });
    expect(await audits('packet.unarchived', packetId)).toHaveLength(1);
  });

  it('moves a packet into a folder with an audit event', async () => {
    const folder = (await call(admin, 'POST', '/packet-folders', { name: 'Destination' })).json();
    const packetId = await publishedPacket(admin, 'Mover');
    const moved = await call(admin, 'PUT', `/packets/${packetId}/folder`, { folderId: folder.id });
    expect(moved.statusCode).toBe(200);
    expect(moved.json().folderId).toBe(folder.id);
    expect(await audits('packet.moved', packetId)).toHaveLength(1);
  });
});

describe('reports (Big Picture)', () => {
  it('aggregates created, sent, completed, breakdown, turnaround and completion rate per period', async () => {
    const db = t.database.db;
    const school = await seedSchool(db);
    const boss = await seedUser(db, school.id, { firstName: 'Rita' });
    const bossCoach = await seedUser(db, school.id, { roles: [{ role: 'COACH', titleGroup: 'HEAD_COACH' }] });
    const a1 = await seedUser(db, school.id, { roles: [{ role: 'STUDENT_ATHLETE' }] });
    const a2 = await seedUser(db, school.id, { roles: [{ role: 'STUDENT_ATHLETE' }] });
    for (const u of [boss, bossCoach]) cookies.set(u.id, await sessionCookie(db, u));
    const form = await seedForm(db, school.id, boss.id, { published: true });
    // Sent now: one pending submission.
    const seeded = await seedPacketRows(db, school.id, boss.id, form.formId, a1.id);
    const version = await db
      .selectFrom('packet_versions')
      .select('id')
      .where('packet_id', '=', seeded.packetId)
      .executeTakeFirstOrThrow();
    const day = 86_400_000;
    const now = Date.now();
    async function sentAgo(days: number, outcomes: Array<{ user: SeededUser; status: string; afterHours?: number }>) {
      const sentAt = new Date(now - days * day);
      const sp = await db
        .insertInto('sent_packets')
        .values({
          school_id: school.id,
          packet_id: seeded.packetId,
          packet_version_id: version.id,
          sent_by: boss.id,
          sent_at: sentAt,
          reminder: 'OFF',
          expiry: '12_MONTHS',
          expires_at: new Date(sentAt.getTime() + 365 * day),
          visibility: 'SENDER_ONLY',
          recipient_count: outcomes.length,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      for (const o of outcomes) {
        await db
          .insertInto('packet_submissions')
          .values({
            school_id: school.id,
            sent_packet_id: sp.id,
            recipient_user_id: o.user.id,
            workflow_id: `packet-submission:${sp.id}:${o.user.id}`,
            status: o.status as 'APPROVED',
            created_at: sentAt,
            completed_at: o.afterHours ? new Date(sentAt.getTime() + o.afterHours * 3_600_000) : null,
          })
          .execute();
      }
    }
    await sentAgo(10, [
      { user: a1, status: 'APPROVED', afterHours: 48 },
      { user: a2, status: 'VOIDED' },
    ]);
    await sentAgo(60, [{ user: a1, status: 'APPROVED', afterHours: 24 }]);
    await sentAgo(400, [{ user: a1, status: 'APPROVED', afterHours: 1 }]);

    const four = await call(boss, 'GET', '/packet-reports?period=4W');
    expect(four.statusCode, four.body).toBe(200);
    const r4 = four.json();
    expect(r4.unit).toBe('week');
    expect(r4.totals).toEqual({
      created: 1,
      sends: 2,
      sent: 3,
      completed: 1,
      averageTurnaroundHours: 48,
      completionRate: 50,
    });
    expect(r4.byStatus).toEqual(
      expect.arrayContaining([
        { status: 'PENDING', count: 1 },
        { status: 'APPROVED', count: 1 },
        { status: 'VOIDED', count: 1 },
      ]),
    );
    expect(r4.series.length).toBeGreaterThanOrEqual(4);
    expect(r4.series.length).toBeLessThanOrEqual(5);
    expect(r4.series.reduce((n: number, b: { sent: number }) => n + b.sent, 0)).toBe(3);

    const r3 = (await call(boss, 'GET', '/packet-reports?period=3M')).json();
    expect(r3.totals).toMatchObject({ sent: 4, completed: 2, averageTurnaroundHours: 36, completionRate: 66.7 });
    const r12 = (await call(boss, 'GET', '/packet-reports?period=12M')).json();
    expect(r12.unit).toBe('month');
    expect(r12.series).toHaveLength(12);
    expect(r12.totals).toMatchObject({ sent: 4, completed: 2 });

    // Another school's admin and a coach who owns nothing here see none of it; bad input is a 400.
    const otherView = (await call(other, 'GET', '/packet-reports?period=12M')).json();
    expect(otherView.totals).toMatchObject({ created: 0, sent: 0, completed: 0, completionRate: null });
    const coachView = (await call(bossCoach, 'GET', '/packet-reports?period=12M')).json();
    expect(coachView.totals).toMatchObject({ created: 0, sent: 0, completed: 0 });
    expect((await call(boss, 'GET', '/packet-reports?period=5Y')).statusCode).toBe(400);
    expect((await call(athlete, 'GET', '/packet-reports')).statusCode).toBe(403);
  });
});
