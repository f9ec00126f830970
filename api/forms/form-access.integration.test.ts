import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedForm } from '../test-support/forms';
import { createTestApp, type TestApp } from '../test-support/test-app';
import { seedSchool, seedUser, sessionCookie } from '../test-support/seed-school';

let t: TestApp;
let coach: string;
let athlete: string;
let basicAdmin: string;
let formId: string;
let basicFormId: string;

/** Every forms route, with a valid body, aimed at `id`. */
function routes(id: string): Array<{ method: 'GET' | 'POST' | 'PUT' | 'DELETE'; url: string; payload?: object }> {
  return [
    { method: 'GET', url: '/api/v1/forms' },
    { method: 'GET', url: '/api/v1/forms/prepopulation' },
    { method: 'POST', url: '/api/v1/forms', payload: { name: 'X', kind: 'LONG' } },
    { method: 'GET', url: `/api/v1/forms/${id}` },
    { method: 'PUT', url: `/api/v1/forms/${id}`, payload: { name: 'Taken over' } },
    { method: 'POST', url: `/api/v1/forms/${id}/publish` },
    { method: 'POST', url: `/api/v1/forms/${id}/clone`, payload: {} },
    { method: 'POST', url: `/api/v1/forms/${id}/validate`, payload: { answers: {} } },
    { method: 'PUT', url: `/api/v1/forms/${id}/document` },
    { method: 'GET', url: `/api/v1/forms/${id}/document` },
    { method: 'DELETE', url: `/api/v1/forms/${id}` },
  ];
}

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  const school = await seedSchool(db);
  const admin = await seedUser(db, school.id);
  formId = (await seedForm(db, school.id, admin.id, { pdf: true })).formId;
  coach = await sessionCookie(
    db,
    await seedUser(db, school.id, { roles: [{ role: 'COACH', titleGroup: 'HEAD_COACH' }] }),
  );
  athlete = await sessionCookie(db, await seedUser(db, school.id, { roles: [{ role: 'STUDENT_ATHLETE' }] }));
  const basic = await seedSchool(db, { plan: 'COMPLIANCE' });
  const basicUser = await seedUser(db, basic.id);
  basicAdmin = await sessionCookie(db, basicUser);
  basicFormId = (await seedForm(db, basic.id, basicUser.id)).formId;
});
afterAll(async () => t.close());

describe('forms access', () => {
  it('refuses every forms route to a student-athlete with 403 FORBIDDEN', async () => {
    for (const route of routes(formId)) {
      const res = await t.app.inject({ ...route, headers: { cookie: athlete } });
      expect(res.statusCode, `${route.method} ${route.url}`).toBe(403);
      expect(res.json().error.code).toBe('FORBIDDEN');
    }
  });

  it("refuses every forms route to a school without the 'Connect' plan with 403 PLAN_REQUIRED", async () => {
    for (const route of routes(basicFormId)) {
      const res = await t.app.inject({ ...route, headers: { cookie: basicAdmin } });
      expect(res.statusCode, `${route.method} ${route.url}`).toBe(403);
      expect(res.json().error).toEqual({
        code: 'PLAN_REQUIRED',
        message: "This feature needs the 'Connect' product plan.",
      });
    }
  });

  it('asks for a session first', async () => {
    for (const route of routes(formId)) {
      const res = await t.app.inject(route);
      expect(res.statusCode, `${route.method} ${route.url}`).toBe(401);
    }
  });

  it('lets coaches read, build and publish forms', async () => {
    const list = await t.app.inject({ method: 'GET', url: '/api/v1/forms', headers: { cookie: coach } });
    expect(list.statusCode).toBe(200);
    expect(list.json().items.map((x: { id: string }) => x.id)).toContain(formId);
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/v1/forms',
      headers: { cookie: coach },
      payload: { name: 'Coach form', kind: 'SHORT' },
    });
    expect(created.statusCode).toBe(201);
    const published = await t.app.inject({
      method: 'POST',
      url: `/api/v1/forms/${created.json().id}/publish`,
      headers: { cookie: coach },
    });
    expect(published.json().version.status).toBe('PUBLISHED');
  });
});
