import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test-support/test-app';
import { seedSchool, seedUser, sessionCookie, type SeededUser } from '../test-support/seed-school';

/**
 * Vendors and their public cards through the API: the custom URL rules (a clash ignoring case, a slash, more than 60
 * characters refused), the card readable without an account, 404 once the vendor is deactivated, and another school
 * never seeing the vendor in its list.
 */
let t: TestApp;
let admin: SeededUser;
let athlete: SeededUser;
let outsider: SeededUser;
const cookies = new Map<string, string>();

async function call(user: SeededUser | null, method: 'GET' | 'POST', url: string, payload?: unknown) {
  const res = await t.app.inject({
    method,
    url: `/api/v1${url}`,
    headers: user ? { cookie: cookies.get(user.id)! } : {},
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
  return { status: res.statusCode, body: res.json(), headers: res.headers };
}

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  const schoolId = (await seedSchool(db)).id;
  admin = await seedUser(db, schoolId, { roles: [{ role: 'SCHOOL_ADMIN', compliance: true }] });
  athlete = await seedUser(db, schoolId, { roles: [{ role: 'STUDENT_ATHLETE' }] });
  outsider = await seedUser(db, (await seedSchool(db)).id, { roles: [{ role: 'SCHOOL_ADMIN', compliance: true }] });
  for (const u of [admin, athlete, outsider]) cookies.set(u.id, await sessionCookie(db, u));
}, 60_000);

afterAll(async () => {
  await t?.close();
});

describe('vendor cards', () => {
  it('refuses a custom URL that clashes, holds a slash or is over 60 characters', async () => {
    const url = `campus-${Date.now()}`;
    const made = await call(admin, 'POST', '/vendors', {
      name: 'Campus Outfitters',
      customUrl: url,
      categories: ['Apparel', 'apparel', 'Printing'],
      services: 'Team apparel and custom prints.',
      prices: 'From $15 per shirt',
    });
    expect(made.status).toBe(201);
    expect(made.body).toMatchObject({ customUrl: url, categories: ['Apparel', 'Printing'], active: true });
    const clash = await call(admin, 'POST', '/vendors', { name: 'Other', customUrl: url.toUpperCase() });
    expect(clash.status).toBe(409);
    expect(clash.body.error).toMatchObject({ code: 'VENDOR_URL_TAKEN', message: 'This custom URL is already taken.' });
    const otherSchool = await call(outsider, 'POST', '/vendors', { name: 'Other', customUrl: url });
    expect(otherSchool.body.error.code).toBe('VENDOR_URL_TAKEN');
    for (const customUrl of ['shop/deals', 'x'.repeat(61), 'two words']) {
      const bad = await call(admin, 'POST', '/vendors', { name: 'Bad', customUrl });
      expect(bad.status, customUrl).toBe(400);
      expect(bad.body.error.code).toBe('VENDOR_URL_INVALID');
    }
    expect((await call(admin, 'POST', '/vendors', { name: 'Long', customUrl: `a${'b'.repeat(59)}` })).status).toBe(201);
    expect((await call(athlete, 'POST', '/vendors', { name: 'Mine', customUrl: 'mine-1' })).status).toBe(403);
    expect((await call(outsider, 'GET', '/vendors')).body.items.map((v: { name: string }) => v.name)).not.toContain(
      'Campus Outfitters',
    );
  });

  it('shows the card without an account, and answers 404 once the vendor is deactivated', async () => {
    const url = `card-${Date.now()}`;
    const made = await call(admin, 'POST', '/vendors', { name: 'Corner Cafe', customUrl: url, prices: '$8 lunch' });
    const card = await call(null, 'GET', `/vendors/cards/${url.toUpperCase()}`);
    expect(card.status).toBe(200);
    expect(card.body).toMatchObject({ name: 'Corner Cafe', prices: '$8 lunch', customUrl: url });
    expect(card.headers['set-cookie']).toBeUndefined();
    expect((await call(outsider, 'POST', `/vendors/${made.body.id}/active`, { active: false })).status).toBe(404);
    const off = await call(admin, 'POST', `/vendors/${made.body.id}/active`, { active: false });
    expect(off.body.active).toBe(false);
    expect((await call(null, 'GET', `/vendors/cards/${url}`)).status).toBe(404);
    expect((await call(null, 'GET', '/vendors/cards/nobody-here')).status).toBe(404);
  });
});
