import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test-support/test-app';
import { seedSchool, seedUser, sessionCookie, type SeededUser } from '../test-support/seed-school';

let t: TestApp;
let admin: string;
let coach: SeededUser;
let teamId: string;

beforeAll(async () => {
  t = await createTestApp();
  const school = await seedSchool(t.database.db);
  admin = await sessionCookie(t.database.db, await seedUser(t.database.db, school.id));
  teamId = (
    await t.database.db
      .insertInto('sport_teams')
      .values({ school_id: school.id, name: 'Volleyball', sport: 'Volleyball', gender: 'WOMEN' })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
  coach = await seedUser(t.database.db, school.id, {
    roles: [{ role: 'COACH', titleGroup: 'HEAD_COACH' }],
    sportTeamId: teamId,
  });
  await seedUser(t.database.db, school.id, { roles: [{ role: 'STUDENT_ATHLETE' }] });
});
afterAll(async () => t.close());

describe('staff directory', () => {
  it('lists coaches and admins (not athletes) with title and team, and edits a profile', async () => {
    const list = await t.app.inject({ method: 'GET', url: '/api/v1/staff', headers: { cookie: admin } });
    expect(list.statusCode).toBe(200);
    const items = list.json().items;
    expect(items).toHaveLength(2);
    expect(items.find((s: { id: string }) => s.id === coach.id)).toMatchObject({
      title: 'HEAD_COACH',
      sportTeamName: 'Volleyball',
      roles: [{ role: 'COACH', titleGroup: 'HEAD_COACH' }],
    });
    const byTeam = await t.app.inject({
      method: 'GET',
      url: `/api/v1/staff?teamId=${teamId}`,
      headers: { cookie: admin },
    });
    expect(byTeam.json().items.map((s: { id: string }) => s.id)).toEqual([coach.id]);

    const patched = await t.app.inject({
      method: 'PATCH',
      url: `/api/v1/staff/${coach.id}`,
      headers: { cookie: admin },
      payload: { title: 'Head volleyball coach', phoneNumber: '5125550199', bio: 'Ten seasons' },
    });
    expect(patched.statusCode).toBe(200);
    expect(patched.json()).toMatchObject({
      title: 'Head volleyball coach',
      phoneNumber: '5125550199',
      profile: { bio: 'Ten seasons' },
    });
    const one = await t.app.inject({ method: 'GET', url: `/api/v1/staff/${coach.id}`, headers: { cookie: admin } });
    expect(one.json().sportTeamId).toBe(teamId);
  });
});
