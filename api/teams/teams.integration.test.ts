import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test-support/test-app';
import { seedSchool, seedUser, sessionCookie } from '../test-support/seed-school';

let t: TestApp;
let admin: string;
let coach: string;

beforeAll(async () => {
  t = await createTestApp();
  const school = await seedSchool(t.database.db);
  admin = await sessionCookie(t.database.db, await seedUser(t.database.db, school.id));
  coach = await sessionCookie(
    t.database.db,
    await seedUser(t.database.db, school.id, { roles: [{ role: 'COACH', titleGroup: 'ASSISTANT_COACH' }] }),
  );
});
afterAll(async () => t.close());

describe('sport teams', () => {
  it('creates, reads, renames and deletes a team; names are unique per school', async () => {
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/v1/teams',
      headers: { cookie: admin },
      payload: { name: ' Football ', sport: 'Football', gender: 'MEN' },
    });
    expect(created.statusCode).toBe(201);
    const team = created.json();
    expect(team).toMatchObject({ name: 'Football', sport: 'Football', gender: 'MEN', athleteCount: 0, staffCount: 0 });

    const dup = await t.app.inject({
      method: 'POST',
      url: '/api/v1/teams',
      headers: { cookie: admin },
      payload: { name: 'Football', sport: 'Football' },
    });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().error).toMatchObject({ code: 'ALREADY_EXISTS', details: [{ field: 'name' }] });

    const renamed = await t.app.inject({
      method: 'PATCH',
      url: `/api/v1/teams/${team.id}`,
      headers: { cookie: admin },
      payload: { name: 'Varsity Football' },
    });
    expect(renamed.json().name).toBe('Varsity Football');
    const list = await t.app.inject({ method: 'GET', url: '/api/v1/teams', headers: { cookie: coach } });
    expect(list.json().items.map((x: { id: string }) => x.id)).toContain(team.id);
    expect(
      (await t.app.inject({ method: 'DELETE', url: `/api/v1/teams/${team.id}`, headers: { cookie: admin } }))
        .statusCode,
    ).toBe(204);
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/v1/teams/${team.id}`, headers: { cookie: admin } })).statusCode,
    ).toBe(404);
  });

  it('refuses a line break or another control character in a team or sport name (issue 36)', async () => {
    for (const payload of [
      { name: 'Rowing\r\nX-Injected: 1', sport: 'Rowing' },
      { name: 'Rowing', sport: 'Row\u0007ing' },
    ]) {
      const res = await t.app.inject({ method: 'POST', url: '/api/v1/teams', headers: { cookie: admin }, payload });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.code).toBe('NAME_INVALID_CHARACTERS');
    }
  });

  it('lets coaches read but not write', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/teams',
      headers: { cookie: coach },
      payload: { name: 'X', sport: 'Y' },
    });
    expect(res.statusCode).toBe(403);
  });
});
