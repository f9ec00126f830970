import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test-support/test-app';
import { seedSchool, seedTeam, seedUser, sessionCookie } from '../test-support/seed-school';

let t: TestApp;
let admin: string;
let coach: string;
let schoolId: string;

beforeAll(async () => {
  t = await createTestApp();
  const school = await seedSchool(t.database.db);
  schoolId = school.id;
  admin = await sessionCookie(t.database.db, await seedUser(t.database.db, school.id));
  coach = await sessionCookie(
    t.database.db,
    await seedUser(t.database.db, school.id, { roles: [{ role: 'COACH', titleGroup: 'ASSISTANT_COACH' }] }),
  );
});
afterAll(async () => t.close());

async function auditActions(teamId: string): Promise<string[]> {
  const rows = await t.database.db
    .selectFrom('audit_events')
    .select('action')
    .where('target_id', '=', teamId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  return rows.map((r) => r.action);
}

describe('sport teams', () => {
  it('creates, reads, renames and deletes a team; names are unique per school; the delete is audited', async () => {
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
    expect(await auditActions(team.id)).toEqual(['team.deleted']);
  });

  it('refuses to delete a team with history, naming what depends on it, and erases nothing (issue 36)', async () => {
    const db = t.database.db;
    const teamId = await seedTeam(db, schoolId, `History ${Date.now()}`);
    const athlete = await seedUser(db, schoolId, { roles: [{ role: 'STUDENT_ATHLETE' }], sportTeamId: teamId });
    await seedUser(db, schoolId, { roles: [{ role: 'COACH', titleGroup: 'HEAD_COACH' }], sportTeamId: teamId });

    const res = await t.app.inject({ method: 'DELETE', url: `/api/v1/teams/${teamId}`, headers: { cookie: admin } });
    expect(res.statusCode).toBe(409);
    expect(res.json().error.code).toBe('TEAM_HAS_HISTORY');
    const named = res.json().error.details.map((d: { message: string }) => d.message);
    expect(named).toContain('It has 1 athlete.');
    expect(named).toContain('It has 1 staff member.');

    const kept = await db
      .selectFrom('athlete_profiles')
      .select('sport_team_id')
      .where('user_id', '=', athlete.id)
      .executeTakeFirstOrThrow();
    expect(kept.sport_team_id).toBe(teamId);
    expect(await auditActions(teamId)).toEqual([]);
    // The database refuses it as well: no cascade or set-null erases a team's history behind the API's back.
    await expect(db.deleteFrom('sport_teams').where('id', '=', teamId).execute()).rejects.toMatchObject({
      code: '23503',
    });
  });

  it('archives a team with history: hidden from the list, kept for its athletes, unarchived again', async () => {
    const db = t.database.db;
    const teamId = await seedTeam(db, schoolId, `Archive ${Date.now()}`);
    await seedUser(db, schoolId, { roles: [{ role: 'STUDENT_ATHLETE' }], sportTeamId: teamId });
    const ids = async (query = '') =>
      (await t.app.inject({ method: 'GET', url: `/api/v1/teams${query}`, headers: { cookie: admin } }))
        .json()
        .items.map((x: { id: string }) => x.id);

    const archive = () =>
      t.app.inject({ method: 'POST', url: `/api/v1/teams/${teamId}/archive`, headers: { cookie: admin } });
    const archived = await archive();
    expect(archived.statusCode).toBe(200);
    expect(archived.json()).toMatchObject({ id: teamId, athleteCount: 1 });
    expect(Date.parse(archived.json().archivedAt)).not.toBeNaN();
    expect(await ids()).not.toContain(teamId);
    expect(await ids('?archived=true')).toContain(teamId);
    // The team itself stays readable (reports and logs name it).
    const one = await t.app.inject({ method: 'GET', url: `/api/v1/teams/${teamId}`, headers: { cookie: coach } });
    expect(one.statusCode).toBe(200);

    // A repeat is a no-op: one audit row, the first archive time kept.
    const again = await archive();
    expect(again.json().archivedAt).toBe(archived.json().archivedAt);
    expect(await auditActions(teamId)).toEqual(['team.archived']);

    const coachTry = await t.app.inject({
      method: 'POST',
      url: `/api/v1/teams/${teamId}/unarchive`,
      headers: { cookie: coach },
    });
    expect(coachTry.statusCode).toBe(403);
    const back = await t.app.inject({
      method: 'POST',
      url: `/api/v1/teams/${teamId}/unarchive`,
      headers: { cookie: admin },
    });
    expect(back.json().archivedAt).toBeNull();
    expect(await ids()).toContain(teamId);
    expect(await ids('?archived=true')).not.toContain(teamId);
    expect(await auditActions(teamId)).toEqual(['team.archived', 'team.unarchived']);
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
