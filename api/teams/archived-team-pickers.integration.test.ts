import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test-support/test-app';
import { seedSchool, seedTeam, seedUser, sessionCookie, uniqueTag } from '../test-support/seed-school';

/** Issue 36: an archived team is hidden from every picker (and kept everywhere its history is shown). */
let t: TestApp;
let admin: string;
let operator: string;
let schoolId: string;
let activeId: string;
let archivedId: string;

beforeAll(async () => {
  t = await createTestApp();
  const school = await seedSchool(t.database.db);
  schoolId = school.id;
  admin = await sessionCookie(t.database.db, await seedUser(t.database.db, school.id));
  const provider = await seedSchool(t.database.db, { kind: 'PROVIDER' });
  operator = await sessionCookie(
    t.database.db,
    await seedUser(t.database.db, provider.id, { roles: [{ role: 'OPERATOR' }] }),
  );
  activeId = await seedTeam(t.database.db, schoolId, `Active ${uniqueTag()}`);
  archivedId = await seedTeam(t.database.db, schoolId, `Archived ${uniqueTag()}`);
  const archived = await t.app.inject({
    method: 'POST',
    url: `/api/v1/teams/${archivedId}/archive`,
    headers: { cookie: admin },
  });
  expect(archived.statusCode, archived.body).toBe(200);
});
afterAll(async () => t.close());

async function teamIds(url: string, cookie: string, pick: (body: never) => Array<{ id: string }>): Promise<string[]> {
  const res = await t.app.inject({ method: 'GET', url: `/api/v1${url}`, headers: { cookie } });
  expect(res.statusCode, res.body).toBe(200);
  return pick(res.json() as never).map((team) => team.id);
}

describe('archived teams leave the pickers', () => {
  it.each([
    ['the calendar teams', '/calendar/teams', 'admin', (b: { items: Array<{ id: string }> }) => b.items],
    [
      "the questionnaire form's teams",
      '/questionnaires/meta',
      'admin',
      (b: { teams: Array<{ id: string }> }) => b.teams,
    ],
    [
      "the operator's team picker",
      '/schools/:school/teams',
      'operator',
      (b: { items: Array<{ id: string }> }) => b.items,
    ],
  ] as const)('%s list the active team only', async (_what, url, who, pick) => {
    const ids = await teamIds(
      url.replace(':school', schoolId),
      who === 'admin' ? admin : operator,
      pick as (body: never) => Array<{ id: string }>,
    );
    expect(ids).toContain(activeId);
    expect(ids).not.toContain(archivedId);
  });

  it('keeps a coach on an archived team editable', async () => {
    const coach = await seedUser(t.database.db, schoolId, {
      roles: [{ role: 'COACH', titleGroup: 'ASSISTANT_COACH' }],
      sportTeamId: archivedId,
    });
    const res = await t.app.inject({
      method: 'PATCH',
      url: `/api/v1/staff/${coach.id}`,
      headers: { cookie: admin },
      payload: { title: 'Assistant', teams: [{ sportTeamId: archivedId }] },
    });
    expect(res.statusCode, res.body).toBe(200);
  });
});
