import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedApprovedDisclosure } from '../contracts/contracts.fixtures';
import { createTestApp, type TestApp } from '../test-support/test-app';
import { seedSchool, seedUser, sessionCookie, type SeededUser } from '../test-support/seed-school';

/**
 * The fair-market-value range on a disclosure through the API: five approved endorsements of the school give the
 * range (10th–90th percentile), a pending offer outside it is flagged for additional review, facts (deliverables,
 * audience) are recorded by the athlete while they may edit, and another school's disclosure answers 404.
 */
let t: TestApp;
let schoolId: string;
let athlete: SeededUser;
let admin: SeededUser;
let outsider: SeededUser;
const cookies = new Map<string, string>();

async function call(user: SeededUser, method: 'GET' | 'PUT', url: string, payload?: unknown) {
  const res = await t.app.inject({
    method,
    url: `/api/v1${url}`,
    headers: { cookie: cookies.get(user.id)! },
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
  return { status: res.statusCode, body: res.json() };
}

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  schoolId = (await seedSchool(db)).id;
  athlete = await seedUser(db, schoolId, { roles: [{ role: 'STUDENT_ATHLETE' }] });
  admin = await seedUser(db, schoolId, { roles: [{ role: 'SCHOOL_ADMIN', compliance: true }] });
  outsider = await seedUser(db, (await seedSchool(db)).id, { roles: [{ role: 'SCHOOL_ADMIN', compliance: true }] });
  for (const u of [athlete, admin, outsider]) cookies.set(u.id, await sessionCookie(db, u));
  for (const dollars of [100, 200, 300, 400, 500]) {
    await seedApprovedDisclosure(db, {
      schoolId,
      athleteUserId: athlete.id,
      companyName: `Co ${dollars}`,
      amountCents: dollars * 100,
    });
  }
}, 60_000);

afterAll(async () => {
  await t?.close();
});

describe('the fair-market-value range of a disclosure', () => {
  it('shows the range, its comparables and where the offer falls; outside is flagged', async () => {
    const db = t.database.db;
    const high = await seedApprovedDisclosure(db, {
      schoolId,
      athleteUserId: athlete.id,
      companyName: 'Big Offer',
      amountCents: 900_00,
      status: 'PENDING',
    });
    const r = await call(admin, 'GET', `/fmv/disclosures/${high}`);
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({
      status: 'ESTIMATED',
      comparables: 5,
      lowCents: 140_00,
      medianCents: 300_00,
      highCents: 460_00,
      offerCents: 900_00,
      position: 'ABOVE',
      positionLabel: 'Above the range',
      flagged: true,
    });
    const fair = await seedApprovedDisclosure(db, {
      schoolId,
      athleteUserId: athlete.id,
      companyName: 'Fair Offer',
      amountCents: 250_00,
      status: 'PENDING',
    });
    expect((await call(athlete, 'GET', `/fmv/disclosures/${fair}`)).body).toMatchObject({
      position: 'WITHIN',
      flagged: false,
    });
    expect((await call(outsider, 'GET', `/fmv/disclosures/${fair}`)).status).toBe(404);
  });

  it('records deliverables and audience size, only while the athlete may edit', async () => {
    const db = t.database.db;
    const draft = await seedApprovedDisclosure(db, {
      schoolId,
      athleteUserId: athlete.id,
      companyName: 'Draft Co',
      amountCents: 300_00,
      status: 'PENDING',
    });
    await db.updateTable('disclosures').set({ status: 'DRAFT' }).where('id', '=', draft).execute();
    const set = await call(athlete, 'PUT', `/fmv/disclosures/${draft}/facts`, { deliverables: 3, audienceSize: 12000 });
    expect(set.status).toBe(200);
    expect(set.body).toMatchObject({ deliverables: 3, audienceSize: 12000, canEditFacts: true });
    await db.updateTable('disclosures').set({ status: 'PENDING' }).where('id', '=', draft).execute();
    const late = await call(athlete, 'PUT', `/fmv/disclosures/${draft}/facts`, { deliverables: 4, audienceSize: null });
    expect(late.body.error.code).toBe('DISCLOSURE_NOT_EDITABLE');
    const byAdmin = await call(admin, 'PUT', `/fmv/disclosures/${draft}/facts`, {
      deliverables: 4,
      audienceSize: null,
    });
    expect(byAdmin.body).toMatchObject({ deliverables: 4, audienceSize: null });
    expect(
      (await call(outsider, 'PUT', `/fmv/disclosures/${draft}/facts`, { deliverables: 1, audienceSize: 1 })).status,
    ).toBe(404);
  });
});
