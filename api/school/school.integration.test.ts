import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test-support/test-app';
import { seedSchool, seedUser, sessionCookie } from '../test-support/seed-school';
import { backendPid, asAnotherClient, untilBlockedBy } from '../test-support/lock-waits';

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

describe('an edit of the school racing a settings change', () => {
  it('keeps a settings key another request commits while the edit waits for the school row', async () => {
    const db = t.database.db;
    const school = await seedSchool(db, { settings: { invitationReminderHours: 24, invitationExpiryHours: 72 } });
    const cookie = await sessionCookie(db, await seedUser(db, school.id));
    const patch = (payload: object) =>
      t.app.inject({ method: 'PATCH', url: '/api/v1/school', headers: { cookie }, payload });
    let patching: ReturnType<typeof patch> | undefined;
    await db.transaction().execute(async (trx) => {
      // The disclosure reminder is saved (as PUT /disclosures/settings saves it) while the edit arrives.
      await trx.selectFrom('schools').select('id').where('id', '=', school.id).forUpdate().execute();
      const pid = await backendPid(trx);
      patching = asAnotherClient(() => patch({ settings: { invitationReminderHours: 12 } }));
      await untilBlockedBy(t.database.db, pid, 'the edit');
      await trx
        .updateTable('schools')
        .set({ settings: sql`settings || jsonb_build_object('disclosureReminderHours', 36)` })
        .where('id', '=', school.id)
        .execute();
    });
    const patched = await patching!;
    expect(patched.statusCode, patched.body).toBe(200);
    expect(patched.json().settings).toEqual({ invitationReminderHours: 12, invitationExpiryHours: 72 });
    const row = await db.selectFrom('schools').select('settings').where('id', '=', school.id).executeTakeFirstOrThrow();
    expect(row.settings).toEqual({
      invitationReminderHours: 12,
      invitationExpiryHours: 72,
      disclosureReminderHours: 36,
    });
  });
});
