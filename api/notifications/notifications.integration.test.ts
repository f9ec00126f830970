import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test-support/test-app';
import { seedSchool, seedUser, sessionCookie, type SeededUser } from '../test-support/seed-school';
import { insertNotification } from './notifications.repository';

let t: TestApp;
let user: SeededUser;
let cookie: string;

beforeAll(async () => {
  t = await createTestApp();
  const school = await seedSchool(t.database.db);
  user = await seedUser(t.database.db, school.id, { roles: [{ role: 'COACH', titleGroup: 'HEAD_COACH' }] });
  cookie = await sessionCookie(t.database.db, user);
});
afterAll(async () => t.close());

const get = (url: string) => t.app.inject({ method: 'GET', url, headers: { cookie } });

describe('notification centre', () => {
  it('lists own notifications newest first with the status tone, counts and marks them read', async () => {
    await insertNotification(t.database.db, {
      schoolId: user.schoolId,
      userId: user.id,
      payload: { module: 'roster', status: 'submitted', title: 'Roster submitted' },
    });
    await insertNotification(t.database.db, {
      schoolId: user.schoolId,
      userId: user.id,
      payload: { module: 'paperwork/packet', status: 'rejected', title: 'Packet rejected', sentPacketId: 'p1' },
    });
    const list = await get('/api/v1/notifications');
    expect(list.statusCode).toBe(200);
    const items = list.json().items;
    expect(items.map((n: { title: string }) => n.title)).toEqual(['Packet rejected', 'Roster submitted']);
    expect(items[0]).toMatchObject({
      tone: 'red',
      module: 'paperwork/packet',
      readAt: null,
      payload: { sentPacketId: 'p1' },
    });
    expect(items[1].tone).toBe('orange');
    expect((await get('/api/v1/notifications/unread-count')).json()).toEqual({ count: 2 });

    const read = await t.app.inject({
      method: 'POST',
      url: `/api/v1/notifications/${items[0].id}/read`,
      headers: { cookie },
    });
    expect(read.statusCode).toBe(200);
    expect(read.json().readAt).not.toBeNull();
    expect((await get('/api/v1/notifications?unread=true')).json().items).toHaveLength(1);
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/v1/notifications/read-all', headers: { cookie } })).statusCode,
    ).toBe(204);
    expect((await get('/api/v1/notifications/unread-count')).json()).toEqual({ count: 0 });
  });

  it('pages back with `before`', async () => {
    const all = (await get('/api/v1/notifications?limit=1')).json().items;
    expect(all).toHaveLength(1);
    const older = (await get(`/api/v1/notifications?limit=5&before=${encodeURIComponent(all[0].createdAt)}`)).json()
      .items;
    expect(older.every((n: { createdAt: string }) => n.createdAt < all[0].createdAt)).toBe(true);
  });

  it('never shows or marks another user’s notification (404)', async () => {
    const other = await seedUser(t.database.db, user.schoolId);
    const id = await insertNotification(t.database.db, {
      schoolId: user.schoolId,
      userId: other.id,
      payload: { module: 'calendar', status: 'init', title: 'Not yours' },
    });
    expect((await get('/api/v1/notifications')).body).not.toContain('Not yours');
    const res = await t.app.inject({ method: 'POST', url: `/api/v1/notifications/${id}/read`, headers: { cookie } });
    expect(res.statusCode).toBe(404);
  });

  it('deduplicates by key', async () => {
    const payload = { module: 'segment', status: 'reminder', title: 'Once' };
    const first = await insertNotification(t.database.db, {
      schoolId: user.schoolId,
      userId: user.id,
      payload,
      dedupeKey: `k-${user.id}`,
    });
    const second = await insertNotification(t.database.db, {
      schoolId: user.schoolId,
      userId: user.id,
      payload,
      dedupeKey: `k-${user.id}`,
    });
    expect(first).not.toBeNull();
    expect(second).toBeNull();
  });
});

describe('realtime', () => {
  it('pushes a new notification to the addressed user’s WebSocket only', async () => {
    const other = await seedUser(t.database.db, user.schoolId);
    const otherCookie = await sessionCookie(t.database.db, other);
    const mine = await t.app.injectWS('/api/v1/realtime', { headers: { cookie } });
    const theirs = await t.app.injectWS('/api/v1/realtime', { headers: { cookie: otherCookie } });
    const received: unknown[] = [];
    const theirsReceived: unknown[] = [];
    theirs.on('message', (data: Buffer) => theirsReceived.push(JSON.parse(String(data))));
    const pushed = new Promise<{ type: string; notification: { title: string; tone: string } }>((resolve) => {
      mine.on('message', (data: Buffer) => {
        const msg = JSON.parse(String(data));
        received.push(msg);
        if (msg.type === 'notification') resolve(msg);
      });
    });
    // Let both sockets register before the event fires.
    await new Promise((r) => setTimeout(r, 200));
    await insertNotification(t.database.db, {
      schoolId: user.schoolId,
      userId: user.id,
      payload: { module: 'PSA', status: 'approved', title: 'Live one' },
    });
    const msg = await pushed;
    expect(msg.notification).toMatchObject({ title: 'Live one', tone: 'green' });
    await new Promise((r) => setTimeout(r, 200));
    expect(theirsReceived.filter((m) => (m as { type: string }).type === 'notification')).toEqual([]);
    mine.terminate();
    theirs.terminate();
  });

  it('refuses the upgrade without a session', async () => {
    await expect(t.app.injectWS('/api/v1/realtime')).rejects.toThrow();
  });
});
