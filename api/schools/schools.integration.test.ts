import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAppWithWorker, type AppWithWorker } from '../test-support/app-with-worker';
import { createTestApp } from '../test-support/test-app';
import { seedSchool, seedUser, sessionCookie, uniqueTag, type SeededUser } from '../test-support/seed-school';

let t: AppWithWorker;
let operator: SeededUser;
let operatorCookie: string;
let adminCookie: string;
let coachCookie: string;

beforeAll(async () => {
  t = await startAppWithWorker('schools');
  const db = t.database.db;
  const provider = await seedSchool(db, { kind: 'PROVIDER' });
  operator = await seedUser(db, provider.id, { roles: [{ role: 'OPERATOR' }], firstName: 'Opal' });
  operatorCookie = await sessionCookie(db, operator);
  const school = await seedSchool(db);
  adminCookie = await sessionCookie(db, await seedUser(db, school.id));
  coachCookie = await sessionCookie(db, await seedUser(db, school.id, { roles: [{ role: 'COACH' }] }));
});

afterAll(async () => {
  await t?.close();
});

async function mailsTo(email: string, atLeast: number): Promise<Array<{ subject: string; text_body: string }>> {
  for (let i = 0; i < 100; i++) {
    const rows = await t.database.db
      .selectFrom('outbox')
      .select(['subject', 'text_body'])
      .where('to_address', '=', email)
      .orderBy('created_at')
      .execute();
    if (rows.length >= atLeast) return rows;
    await new Promise((r) => setTimeout(r, 150));
  }
  throw new Error(`no ${atLeast} mail(s) to ${email}`);
}

function tokenFrom(text: string): string {
  const match = /create-password\?token=([^\s"<>]+)/.exec(text);
  if (!match) throw new Error('no invitation link in mail');
  return decodeURIComponent(match[1]!);
}

function onboardingBody(overrides: Record<string, unknown> = {}) {
  const tag = uniqueTag();
  return {
    name: `Onboarded University ${tag}`,
    plan: 'COMPLIANCE',
    division: 'NAIA',
    state: 'KS',
    timeZone: 'America/Chicago',
    firstAdmin: { email: `first-admin-${tag}@test.example`, firstName: 'Fran', lastName: 'First', compliance: true },
    ...overrides,
  };
}

const onboard = (payload: Record<string, unknown>, cookie = operatorCookie) =>
  t.app.inject({ method: 'POST', url: '/api/v1/schools', headers: { cookie }, payload });
const changePlan = (schoolId: string, plan: string, cookie = operatorCookie) =>
  t.app.inject({
    method: 'PATCH',
    url: `/api/v1/schools/${schoolId}/plan`,
    headers: { cookie },
    payload: { plan },
  });

async function auditActions(schoolId: string): Promise<string[]> {
  const rows = await t.database.db
    .selectFrom('audit_events')
    .select('action')
    .where('school_id', '=', schoolId)
    .orderBy('id')
    .execute();
  return rows.map((r) => r.action);
}

describe('school onboarding', () => {
  it('creates the school and invites its first admin through the invitation workflow', async () => {
    const body = onboardingBody();
    const res = await onboard(body);
    expect(res.statusCode).toBe(201);
    const { school, firstAdmin, invitationId } = res.json();
    expect(school).toMatchObject({
      name: body.name,
      slug: body.name.toLowerCase().replace(/ /g, '-'),
      kind: 'SCHOOL',
      plan: 'COMPLIANCE',
      division: 'NAIA',
      state: 'KS',
      timeZone: 'America/Chicago',
      counts: { users: 1, activeUsers: 0, invitedUsers: 1, admins: 1, coaches: 0, athletes: 0, teams: 0 },
    });
    expect(school.admins).toEqual([
      expect.objectContaining({ email: body.firstAdmin.email, status: 'INVITED', compliance: true }),
    ]);
    expect(firstAdmin).toMatchObject({
      email: body.firstAdmin.email,
      status: 'INVITED',
      roles: [{ role: 'SCHOOL_ADMIN', compliance: true }],
      invitation: { id: invitationId, status: 'PENDING' },
    });

    const user = await t.database.db
      .selectFrom('users')
      .select('school_id')
      .where('id', '=', firstAdmin.id)
      .executeTakeFirstOrThrow();
    expect(user.school_id).toBe(school.id);
    // The operator is not one of the school's people, so the invitation names no inviter there.
    const invitation = await t.database.db
      .selectFrom('invitations')
      .select(['invited_by', 'workflow_id'])
      .where('id', '=', invitationId)
      .executeTakeFirstOrThrow();
    expect(invitation).toEqual({ invited_by: null, workflow_id: `invitation:${invitationId}` });

    const audit = await t.database.db
      .selectFrom('audit_events')
      .selectAll()
      .where('school_id', '=', school.id)
      .orderBy('id')
      .execute();
    expect(audit.map((a) => a.action)).toEqual(['user.invited', 'school.created']);
    expect(audit.every((a) => a.actor_user_id === operator.id)).toBe(true);
    expect(audit[1]!.details).toMatchObject({ slug: school.slug, plan: 'COMPLIANCE', firstAdminUserId: firstAdmin.id });
    expect(audit[1]!.ip).toBeTruthy();

    // The worker mails the invitation; its link opens an admin account in the new school.
    const [mail] = await mailsTo(body.firstAdmin.email, 1);
    expect(mail!.text_body).toContain(body.name);
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/create-password',
      payload: {
        token: tokenFrom(mail!.text_body),
        password: 'Chosen-Pass-2026!',
        confirmPassword: 'Chosen-Pass-2026!',
      },
    });
    expect(created.statusCode).toBe(200);
    expect(created.json()).toMatchObject({
      email: body.firstAdmin.email,
      portal: 'admin',
      school: { id: school.id, name: body.name, plan: 'COMPLIANCE', kind: 'SCHOOL', timeZone: 'America/Chicago' },
    });
    expect(created.json().permissions).toContain('audit:read');
    // The provider console now shows the admin as active, with a last-active time from the first login.
    const profile = await t.app.inject({
      method: 'GET',
      url: `/api/v1/schools/${school.id}`,
      headers: { cookie: operatorCookie },
    });
    expect(profile.json().counts).toMatchObject({ activeUsers: 1, invitedUsers: 0 });
    expect(profile.json().admins[0]).toMatchObject({ status: 'ACTIVE', lastActiveAt: expect.any(String) });
  });

  it('keeps a chosen slug and refuses a taken one with 409 SCHOOL_SLUG_TAKEN', async () => {
    const slug = `chosen-${uniqueTag()}`;
    const first = await onboard(onboardingBody({ slug, plan: 'CONNECT', division: 'JUCO/CC' }));
    expect(first.statusCode).toBe(201);
    expect(first.json().school).toMatchObject({ slug, plan: 'CONNECT', division: 'JUCO/CC' });
    const again = await onboard(onboardingBody({ slug }));
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toMatchObject({ code: 'SCHOOL_SLUG_TAKEN', details: [{ field: 'slug' }] });
  });

  it('refuses a first admin whose e-mail already has an account, and leaves no school behind', async () => {
    const body = onboardingBody({
      firstAdmin: { email: operator.email.toUpperCase(), firstName: 'D', lastName: 'Up', compliance: false },
    });
    const res = await onboard(body);
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toMatchObject({ code: 'EMAIL_EXISTS', details: [{ field: 'firstAdmin.email' }] });
    expect(
      await t.database.db.selectFrom('schools').select('id').where('name', '=', body.name).executeTakeFirst(),
    ).toBeUndefined();
  });

  it('validates division, state, time zone and slug', async () => {
    for (const [overrides, field] of [
      [{ division: 'Division 4' }, 'division'],
      [{ state: 'XX' }, 'state'],
      [{ timeZone: 'Mars/Olympus' }, 'timeZone'],
      [{ slug: 'Not A Slug' }, 'slug'],
      [{ name: '!!!' }, 'slug'],
      [{ name: '   ' }, 'name'],
    ] as const) {
      const res = await onboard(onboardingBody(overrides));
      expect(res.statusCode, JSON.stringify(overrides)).toBe(400);
      expect(res.json().error.code).toBe('VALIDATION_FAILED');
      expect(JSON.stringify(res.json().error.details), JSON.stringify(overrides)).toContain(field);
    }
  });

  it('answers 503 WORKFLOW_UNAVAILABLE without Temporal and creates nothing', async () => {
    const plain = await createTestApp({ database: t.database });
    try {
      const body = onboardingBody();
      const res = await plain.app.inject({
        method: 'POST',
        url: '/api/v1/schools',
        headers: { cookie: operatorCookie },
        payload: body,
      });
      expect(res.statusCode).toBe(503);
      expect(res.json().error.code).toBe('WORKFLOW_UNAVAILABLE');
      expect(
        await t.database.db.selectFrom('schools').select('id').where('name', '=', body.name).executeTakeFirst(),
      ).toBeUndefined();
      expect(
        await t.database.db
          .selectFrom('users')
          .select('id')
          .where('email', '=', body.firstAdmin.email)
          .executeTakeFirst(),
      ).toBeUndefined();
    } finally {
      await plain.close();
    }
  });

  it('is for provider operators only', async () => {
    const school = await seedSchool(t.database.db);
    for (const cookie of [adminCookie, coachCookie]) {
      expect((await onboard(onboardingBody(), cookie)).statusCode).toBe(403);
      const profile = await t.app.inject({
        method: 'GET',
        url: `/api/v1/schools/${school.id}`,
        headers: { cookie },
      });
      expect(profile.statusCode).toBe(403);
      expect((await changePlan(school.id, 'CONNECT', cookie)).statusCode).toBe(403);
    }
    expect((await t.app.inject({ method: 'POST', url: '/api/v1/schools', payload: onboardingBody() })).statusCode).toBe(
      401,
    );
  });
});

describe('school profile', () => {
  it('shows a school with its head counts; an unknown id is 404', async () => {
    const db = t.database.db;
    const school = await seedSchool(db, { plan: 'CONNECT' });
    await seedUser(db, school.id);
    await seedUser(db, school.id, { roles: [{ role: 'COACH', titleGroup: 'HEAD_COACH' }] });
    await seedUser(db, school.id, { roles: [{ role: 'STUDENT_ATHLETE' }], status: 'INVITED', password: null });
    await seedUser(db, school.id, { roles: [{ role: 'STUDENT_ATHLETE' }], status: 'INACTIVE' });
    await db.insertInto('sport_teams').values({ school_id: school.id, name: 'Rowing', sport: 'Rowing' }).execute();
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/v1/schools/${school.id}`,
      headers: { cookie: operatorCookie },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      id: school.id,
      plan: 'CONNECT',
      counts: { users: 4, activeUsers: 2, invitedUsers: 1, admins: 1, coaches: 1, athletes: 2, teams: 1 },
    });
    expect(res.json().admins).toHaveLength(1);
    const missing = await t.app.inject({
      method: 'GET',
      url: `/api/v1/schools/${randomUUID()}`,
      headers: { cookie: operatorCookie },
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error.code).toBe('NOT_FOUND');
  });
});

describe('plan upgrade', () => {
  it('upgrades Compliance to Connect once, audited, and never back', async () => {
    const school = await seedSchool(t.database.db, { plan: 'COMPLIANCE' });
    const up = await changePlan(school.id, 'CONNECT');
    expect(up.statusCode).toBe(200);
    expect(up.json().plan).toBe('CONNECT');
    const audit = await t.database.db
      .selectFrom('audit_events')
      .selectAll()
      .where('school_id', '=', school.id)
      .where('action', '=', 'school.plan_upgraded')
      .executeTakeFirstOrThrow();
    expect(audit).toMatchObject({ actor_user_id: operator.id, target_id: school.id });
    expect(audit.details).toMatchObject({ from: 'COMPLIANCE', to: 'CONNECT' });

    // Asking again changes nothing and writes no second event.
    const again = await changePlan(school.id, 'CONNECT');
    expect(again.statusCode).toBe(200);
    expect(await auditActions(school.id)).toEqual(['school.plan_upgraded']);

    const down = await changePlan(school.id, 'COMPLIANCE');
    expect(down.statusCode).toBe(409);
    expect(down.json().error).toMatchObject({
      code: 'PLAN_DOWNGRADE_REFUSED',
      message: 'Plan upgrades are irreversible: a school on the Connect plan cannot move back to Compliance.',
    });
    const row = await t.database.db
      .selectFrom('schools')
      .select('plan')
      .where('id', '=', school.id)
      .executeTakeFirstOrThrow();
    expect(row.plan).toBe('CONNECT');
  });

  it('is refused by the database too, whoever writes the row', async () => {
    const school = await seedSchool(t.database.db, { plan: 'CONNECT' });
    await expect(
      sql`update schools set plan = 'COMPLIANCE' where id = ${school.id}`.execute(t.database.db),
    ).rejects.toThrow(/irreversible/);
    // Other edits of a Connect school still work.
    await sql`update schools set name = 'Renamed' where id = ${school.id}`.execute(t.database.db);
  });

  it('lets the school’s admins use Connect features at once', async () => {
    const school = await seedSchool(t.database.db, { plan: 'COMPLIANCE' });
    const cookie = await sessionCookie(t.database.db, await seedUser(t.database.db, school.id));
    const before = await t.app.inject({ method: 'GET', url: '/api/v1/auth/me', headers: { cookie } });
    expect(before.json().school.plan).toBe('COMPLIANCE');
    await changePlan(school.id, 'CONNECT');
    const after = await t.app.inject({ method: 'GET', url: '/api/v1/auth/me', headers: { cookie } });
    expect(after.json().school.plan).toBe('CONNECT');
  });

  it('answers 404 for an unknown school and 400 for an unknown plan', async () => {
    expect((await changePlan(randomUUID(), 'CONNECT')).statusCode).toBe(404);
    const school = await seedSchool(t.database.db);
    expect((await changePlan(school.id, 'PLATINUM')).statusCode).toBe(400);
  });
});

describe('operator user management', () => {
  it('lists, re-roles, deactivates and reactivates the people of any school', async () => {
    const db = t.database.db;
    const school = await seedSchool(db);
    const coach = await seedUser(db, school.id, { roles: [{ role: 'COACH', titleGroup: 'ASSISTANT_COACH' }] });
    const base = `/api/v1/schools/${school.id}/users`;
    const list = await t.app.inject({ method: 'GET', url: `${base}?role=COACH`, headers: { cookie: operatorCookie } });
    expect(list.statusCode).toBe(200);
    expect(list.json()).toMatchObject({ total: 1, items: [{ id: coach.id, roles: [{ role: 'COACH' }] }] });

    const roles = await t.app.inject({
      method: 'PUT',
      url: `${base}/${coach.id}/roles`,
      headers: { cookie: operatorCookie },
      payload: {
        roles: [
          { role: 'COACH', titleGroup: 'HEAD_COACH' },
          { role: 'SCHOOL_ADMIN', compliance: true },
        ],
      },
    });
    expect(roles.statusCode).toBe(200);
    expect(roles.json().roles).toEqual([
      { role: 'COACH', titleGroup: 'HEAD_COACH' },
      { role: 'SCHOOL_ADMIN', compliance: true },
    ]);
    const off = await t.app.inject({
      method: 'POST',
      url: `${base}/${coach.id}/deactivate`,
      headers: { cookie: operatorCookie },
    });
    expect(off.json().status).toBe('INACTIVE');
    const on = await t.app.inject({
      method: 'POST',
      url: `${base}/${coach.id}/reactivate`,
      headers: { cookie: operatorCookie },
    });
    expect(on.json().status).toBe('ACTIVE');
    // Written to the school's own log, with the operator as the actor.
    const audit = await db
      .selectFrom('audit_events')
      .select(['action', 'actor_user_id'])
      .where('school_id', '=', school.id)
      .orderBy('id')
      .execute();
    expect(audit).toEqual([
      { action: 'user.role_changed', actor_user_id: operator.id },
      { action: 'user.deactivated', actor_user_id: operator.id },
      { action: 'user.reactivated', actor_user_id: operator.id },
    ]);
  });

  it('never grants the operator role inside a school', async () => {
    const school = await seedSchool(t.database.db);
    const user = await seedUser(t.database.db, school.id, { roles: [{ role: 'EDUCATOR' }] });
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/schools/${school.id}/users/${user.id}/roles`,
      headers: { cookie: operatorCookie },
      payload: { roles: [{ role: 'OPERATOR' }] },
    });
    expect(res.statusCode).toBe(403);
  });

  it('resends a first admin’s invitation from the provider console', async () => {
    const body = onboardingBody();
    const { school, firstAdmin, invitationId } = (await onboard(body)).json();
    await mailsTo(body.firstAdmin.email, 1);
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/v1/schools/${school.id}/users/${firstAdmin.id}/invitation/resend`,
      headers: { cookie: operatorCookie },
    });
    expect(res.statusCode).toBe(202);
    expect(res.json()).toEqual({ invitationId });
    expect(await mailsTo(body.firstAdmin.email, 2)).toHaveLength(2);
  });

  it('answers 404 for a user of another school addressed through this one', async () => {
    const a = await seedSchool(t.database.db);
    const b = await seedSchool(t.database.db);
    const inA = await seedUser(t.database.db, a.id, { roles: [{ role: 'COACH' }] });
    for (const [method, suffix, payload] of [
      ['PUT', 'roles', { roles: [{ role: 'EDUCATOR' }] }],
      ['POST', 'deactivate', undefined],
      ['POST', 'reactivate', undefined],
      ['POST', 'invitation/resend', undefined],
    ] as const) {
      const res = await t.app.inject({
        method,
        url: `/api/v1/schools/${b.id}/users/${inA.id}/${suffix}`,
        headers: { cookie: operatorCookie },
        ...(payload ? { payload } : {}),
      });
      expect(res.statusCode, suffix).toBe(404);
    }
    const roles = await t.database.db.selectFrom('user_roles').select('role').where('user_id', '=', inA.id).execute();
    expect(roles).toEqual([{ role: 'COACH' }]);
  });
});

describe("a school's student-athletes, for the operator", () => {
  it('lists them read-only and adds one with the create form’s checks; school users get 403', async () => {
    const db = t.database.db;
    const school = await seedSchool(db);
    const team = await db
      .insertInto('sport_teams')
      .values({ school_id: school.id, name: 'Golf', sport: 'Golf' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const url = `/api/v1/schools/${school.id}/athletes`;
    const empty = await t.app.inject({ method: 'GET', url, headers: { cookie: operatorCookie } });
    expect(empty.json()).toMatchObject({ items: [], total: 0 });

    const email = `op-${school.id.slice(0, 8)}@athletes.test`;
    const body = { firstName: 'Ola', lastName: 'Par', email, sportTeamId: team.id };
    const created = await t.app.inject({ method: 'POST', url, headers: { cookie: operatorCookie }, payload: body });
    expect(created.statusCode).toBe(201);
    expect(created.json().athlete).toMatchObject({ email, firstName: 'Ola' });
    const user = await db.selectFrom('users').select('school_id').where('email', '=', email).executeTakeFirstOrThrow();
    expect(user.school_id).toBe(school.id);
    const twice = await t.app.inject({ method: 'POST', url, headers: { cookie: operatorCookie }, payload: body });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().error.code).toBe('EMAIL_EXISTS');
    const bad = await t.app.inject({
      method: 'POST',
      url,
      headers: { cookie: operatorCookie },
      payload: { firstName: 'X', lastName: '', email: 'not-an-email' },
    });
    expect(bad.statusCode).toBe(400);

    const list = await t.app.inject({ method: 'GET', url, headers: { cookie: operatorCookie } });
    expect(list.json()).toMatchObject({ total: 1, items: [{ athletName: 'Ola Par' }] });
    const audit = await db
      .selectFrom('audit_events')
      .select('school_id')
      .where('action', '=', 'athlete.created')
      .where('target_id', '=', created.json().athlete.id)
      .executeTakeFirstOrThrow();
    expect(audit.school_id).toBe(school.id);
    for (const cookie of [adminCookie, coachCookie]) {
      expect((await t.app.inject({ method: 'GET', url, headers: { cookie } })).statusCode).toBe(403);
    }
    const unknown = await t.app.inject({
      method: 'GET',
      url: '/api/v1/schools/00000000-0000-4000-8000-000000000000/athletes',
      headers: { cookie: operatorCookie },
    });
    expect(unknown.statusCode).toBe(404);
  });

  it("opens one athlete's profile read-only, with the school and its zone named; school users get 403", async () => {
    const db = t.database.db;
    const school = await seedSchool(db);
    await db.updateTable('schools').set({ time_zone: 'America/Denver' }).where('id', '=', school.id).execute();
    const email = `prof-${school.id.slice(0, 8)}@athletes.test`;
    const created = await t.app.inject({
      method: 'POST',
      url: `/api/v1/schools/${school.id}/athletes`,
      headers: { cookie: operatorCookie },
      payload: { firstName: 'Pia', lastName: 'Ro', email },
    });
    expect(created.statusCode).toBe(201);
    const url = `/api/v1/operator/athletes/${created.json().athlete.id}`;
    const res = await t.app.inject({ method: 'GET', url, headers: { cookie: operatorCookie } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      email,
      firstName: 'Pia',
      editable: [],
      school: { id: school.id, timeZone: 'America/Denver' },
    });
    expect(res.json().profile).toHaveProperty('email', email);
    for (const cookie of [adminCookie, coachCookie]) {
      expect((await t.app.inject({ method: 'GET', url, headers: { cookie } })).statusCode).toBe(403);
    }
    const unknown = await t.app.inject({
      method: 'GET',
      url: '/api/v1/operator/athletes/00000000-0000-4000-8000-000000000000',
      headers: { cookie: operatorCookie },
    });
    expect(unknown.statusCode).toBe(404);
  });
});
