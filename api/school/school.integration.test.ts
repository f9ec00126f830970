import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test-support/test-app';
import { seedSchool, seedUser, sessionCookie } from '../test-support/seed-school';

let t: TestApp;
let admin: string;
let coach: string;
let operator: string;

beforeAll(async () => {
  t = await createTestApp();
  const school = await seedSchool(t.database.db, { plan: 'COMPLIANCE' });
  admin = await sessionCookie(t.database.db, await seedUser(t.database.db, school.id));
  coach = await sessionCookie(t.database.db, await seedUser(t.database.db, school.id, { roles: [{ role: 'COACH' }] }));
  const provider = await seedSchool(t.database.db, { kind: 'PROVIDER' });
  operator = await sessionCookie(
    t.database.db,
    await seedUser(t.database.db, provider.id, { roles: [{ role: 'OPERATOR' }] }),
  );
});
afterAll(async () => t.close());

describe('school profile and settings', () => {
  it('shows the invitation defaults and saves the school settings', async () => {
    const school = await t.app.inject({ method: 'GET', url: '/api/v1/school', headers: { cookie: coach } });
    expect(school.statusCode).toBe(200);
    expect(school.json()).toMatchObject({
      plan: 'COMPLIANCE',
      settings: { invitationReminderHours: 48, invitationExpiryHours: 168 },
    });
    const patched = await t.app.inject({
      method: 'PATCH',
      url: '/api/v1/school',
      headers: { cookie: admin },
      payload: {
        timeZone: 'America/Chicago',
        state: 'TX',
        settings: { invitationReminderHours: 24, invitationExpiryHours: 72 },
      },
    });
    expect(patched.statusCode).toBe(200);
    expect(patched.json()).toMatchObject({
      timeZone: 'America/Chicago',
      state: 'TX',
      settings: { invitationReminderHours: 24, invitationExpiryHours: 72 },
    });
  });

  it('refuses an unknown time zone, a reminder after expiry, and edits by non-admins', async () => {
    expect(
      (
        await t.app.inject({
          method: 'PATCH',
          url: '/api/v1/school',
          headers: { cookie: admin },
          payload: { timeZone: 'Mars/Olympus' },
        })
      ).statusCode,
    ).toBe(400);
    const late = await t.app.inject({
      method: 'PATCH',
      url: '/api/v1/school',
      headers: { cookie: admin },
      payload: { settings: { invitationReminderHours: 100, invitationExpiryHours: 50 } },
    });
    expect(late.statusCode).toBe(400);
    expect(
      (
        await t.app.inject({
          method: 'PATCH',
          url: '/api/v1/school',
          headers: { cookie: coach },
          payload: { name: 'X' },
        })
      ).statusCode,
    ).toBe(403);
  });

  it('lists every school for provider operators only', async () => {
    const list = await t.app.inject({ method: 'GET', url: '/api/v1/schools?limit=200', headers: { cookie: operator } });
    expect(list.statusCode).toBe(200);
    expect(list.json().total).toBeGreaterThanOrEqual(2);
    expect(list.json().items[0]).toHaveProperty('userCount');
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/schools', headers: { cookie: admin } })).statusCode).toBe(
      403,
    );
  });
});
