import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test-support/test-app';
import { seedSchool, seedTeam, seedUser, sessionCookie, uniqueTag } from '../test-support/seed-school';

let t: TestApp;
const tag = uniqueTag();
const name = `Jordan${tag}`;
let cookies: Record<'admin' | 'coach' | 'athlete' | 'complianceSchoolAdmin', string>;
let ids: { mine: string; other: string; staff: string; prospect: string; athlete: string };

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  const school = await seedSchool(db, { plan: 'CONNECT' });
  const soccer = await seedTeam(db, school.id, `Soccer ${tag}`);
  const tennis = await seedTeam(db, school.id, `Tennis ${tag}`);
  const athleteRole = [{ role: 'STUDENT_ATHLETE' as const }];
  const mine = await seedUser(db, school.id, { firstName: name, roles: athleteRole, sportTeamId: soccer });
  const other = await seedUser(db, school.id, { firstName: name, roles: athleteRole, sportTeamId: tennis });
  const staff = await seedUser(db, school.id, {
    firstName: name,
    roles: [{ role: 'COACH', titleGroup: 'ASSISTANT_COACH' }],
    sportTeamId: tennis,
  });
  const coach = await seedUser(db, school.id, {
    roles: [{ role: 'COACH', titleGroup: 'HEAD_COACH' }],
    sportTeamId: soccer,
  });
  const prospect = await db
    .insertInto('psas')
    .values({ school_id: school.id, first_name: name, last_name: 'Prospect', high_school_name: 'Central High' })
    .returning('id')
    .executeTakeFirstOrThrow();
  ids = { mine: mine.id, other: other.id, staff: staff.id, prospect: prospect.id, athlete: mine.id };
  cookies = {
    admin: await sessionCookie(db, await seedUser(db, school.id)),
    complianceSchoolAdmin: await sessionCookie(
      db,
      await seedUser(db, school.id, { roles: [{ role: 'SCHOOL_ADMIN', compliance: false }] }),
    ),
    coach: await sessionCookie(db, coach),
    athlete: await sessionCookie(db, mine),
  };
});
afterAll(async () => t.close());

async function people(cookie: string, q = name) {
  const res = await t.app.inject({ method: 'GET', url: `/api/v1/search?q=${q}&limit=20`, headers: { cookie } });
  expect(res.statusCode).toBe(200);
  return (res.json().items as { kind: string; id: string; url: string; description: string }[])
    .filter((h) => h.kind === 'person')
    .map((h) => ({ id: h.id, url: h.url, what: h.description.split(' · ')[0] }));
}

describe('search finds people by name for every role that may see them', () => {
  it('an admin finds athletes, staff and prospects, each linking to the admin screens', async () => {
    for (const cookie of [cookies.admin, cookies.complianceSchoolAdmin]) {
      const found = await people(cookie);
      expect(found).toEqual(
        expect.arrayContaining([
          { id: ids.mine, url: `/adminAthleteProfile/${ids.mine}`, what: 'Student-athlete' },
          { id: ids.other, url: `/adminAthleteProfile/${ids.other}`, what: 'Student-athlete' },
          { id: ids.staff, url: expect.stringMatching(/^\/staff\?q=/), what: 'Staff' },
          { id: ids.prospect, url: `/psaProfile/${ids.prospect}`, what: 'Prospect' },
        ]),
      );
      expect(found).toHaveLength(4);
    }
  });

  it('a coach finds the athletes of their own teams only, staff and prospects, linking to coach screens', async () => {
    const found = await people(cookies.coach);
    expect(found).toEqual(
      expect.arrayContaining([
        { id: ids.mine, url: `/coachAthleteProfile/${ids.mine}`, what: 'Student-athlete' },
        { id: ids.staff, url: expect.stringMatching(/^\/staff\?q=/), what: 'Staff' },
        { id: ids.prospect, url: `/psaProfile/${ids.prospect}`, what: 'Prospect' },
      ]),
    );
    expect(found.map((f) => f.id)).not.toContain(ids.other);
    expect(found).toHaveLength(3);
    // The link works: the coach may open the profile found.
    const profile = await t.app.inject({
      method: 'GET',
      url: `/api/v1/athletes/${ids.mine}`,
      headers: { cookie: cookies.coach },
    });
    expect(profile.statusCode).toBe(200);
  });

  it('a student-athlete never finds prospects (nor other people)', async () => {
    expect(await people(cookies.athlete)).toEqual([]);
  });
});
