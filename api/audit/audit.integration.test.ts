import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test-support/test-app';
import { seedSchool, seedUser, sessionCookie, TEST_PASSWORD } from '../test-support/seed-school';

let t: TestApp;
let compliance: string;
let nonCompliance: string;
let schoolId: string;

beforeAll(async () => {
  t = await createTestApp();
  schoolId = (await seedSchool(t.database.db)).id;
  compliance = await sessionCookie(t.database.db, await seedUser(t.database.db, schoolId));
  nonCompliance = await sessionCookie(
    t.database.db,
    await seedUser(t.database.db, schoolId, { roles: [{ role: 'SCHOOL_ADMIN', compliance: false }] }),
  );
});
afterAll(async () => t.close());

describe('security audit log', () => {
  it('shows the school’s security events newest first with actor, IP and user agent', async () => {
    const user = await seedUser(t.database.db, schoolId, { firstName: 'Logan' });
    await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { email: user.email, password: TEST_PASSWORD },
      headers: { 'user-agent': 'audit-test' },
    });
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/v1/audit-events?action=auth.login',
      headers: { cookie: compliance },
    });
    expect(res.statusCode).toBe(200);
    const event = res.json().items.find((e: { targetId: string }) => e.targetId === user.id);
    expect(event).toMatchObject({
      action: 'auth.login',
      actorUserId: user.id,
      userAgent: 'audit-test',
      targetType: 'user',
    });
    expect(event.actorName).toContain('Logan');
    expect(event.ip).toBeTruthy();
  });

  it('is for school admins with the compliance permission only', async () => {
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/v1/audit-events', headers: { cookie: nonCompliance } }))
        .statusCode,
    ).toBe(403);
  });

  it('cannot be rewritten (append-only)', async () => {
    await expect(
      t.database.db.updateTable('audit_events').set({ action: 'x' }).where('school_id', '=', schoolId).execute(),
    ).rejects.toThrow(/append-only/);
  });
});
