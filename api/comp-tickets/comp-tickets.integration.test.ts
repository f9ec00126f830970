import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_COMP_TICKET_SETTINGS } from '../../domain/comp-tickets';
import { createTestApp, type TestApp } from '../test-support/test-app';
import { seedSchool, seedUser, sessionCookie } from '../test-support/seed-school';

let t: TestApp;
let schoolA: string;
let adminA: string;
let adminB: string;
let coachA: string;
let athleteA: string;
let staffAdminA: string;
let basicAdmin: string;

const VALID = {
  ticketsPerUser: 6,
  info: { fullName: 'MANDATORY', email: 'MANDATORY', mobilePhone: 'OPTIONAL', relationship: 'NOT_ASKED' },
  reminderHours: 24,
  recipientRoles: ['COACH', 'STUDENT_ATHLETE'],
};

function put(cookie: string, payload: unknown) {
  return t.app.inject({ method: 'PUT', url: '/api/v1/comp-tickets', headers: { cookie }, payload: payload as object });
}
function get(cookie: string) {
  return t.app.inject({ method: 'GET', url: '/api/v1/comp-tickets', headers: { cookie } });
}

beforeAll(async () => {
  t = await createTestApp();
  const { db } = t.database;
  const a = await seedSchool(db);
  schoolA = a.id;
  const b = await seedSchool(db);
  const basic = await seedSchool(db, { plan: 'COMPLIANCE' });
  adminA = await sessionCookie(db, await seedUser(db, a.id));
  staffAdminA = await sessionCookie(
    db,
    await seedUser(db, a.id, { roles: [{ role: 'SCHOOL_ADMIN', compliance: false }] }),
  );
  coachA = await sessionCookie(db, await seedUser(db, a.id, { roles: [{ role: 'COACH', titleGroup: 'HEAD_COACH' }] }));
  athleteA = await sessionCookie(db, await seedUser(db, a.id, { roles: [{ role: 'STUDENT_ATHLETE' }] }));
  adminB = await sessionCookie(db, await seedUser(db, b.id));
  basicAdmin = await sessionCookie(db, await seedUser(db, basic.id));
});
afterAll(async () => t.close());

describe('comp ticket configuration', () => {
  it('reads the defaults until saved, then saves and reads back one configuration per school', async () => {
    const before = await get(adminA);
    expect(before.statusCode).toBe(200);
    expect(before.json()).toEqual({ ...DEFAULT_COMP_TICKET_SETTINGS, updatedAt: null });

    const saved = await put(adminA, VALID);
    expect(saved.statusCode).toBe(200);
    // Roles come back in a fixed order whatever order they were sent in.
    expect(saved.json()).toMatchObject({ ...VALID, recipientRoles: ['STUDENT_ATHLETE', 'COACH'] });
    expect(saved.json().updatedAt).toEqual(expect.any(String));

    const again = await put(adminA, { ...VALID, ticketsPerUser: 99, reminderHours: null, recipientRoles: [] });
    expect(again.statusCode).toBe(200);
    const read = await get(staffAdminA);
    expect(read.json()).toMatchObject({ ticketsPerUser: 99, reminderHours: null, recipientRoles: [] });
    // School A's rows only: other test files save configurations of their own schools in the same database.
    const rows = await t.database.db
      .selectFrom('comp_ticket_settings')
      .selectAll()
      .where('school_id', '=', schoolA)
      .execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]!.tickets_per_user).toBe(99);
    const audit = await t.database.db
      .selectFrom('audit_events')
      .where('action', '=', 'comp_tickets.configured')
      .select(['school_id', 'details'])
      .execute();
    expect(audit.length).toBeGreaterThanOrEqual(2);
  });

  it('refuses 100 tickets or more and an invalid reminder time with the catalogue wording', async () => {
    for (const ticketsPerUser of [100, 250, -1, 2.5]) {
      const res = await put(adminA, { ...VALID, ticketsPerUser });
      expect(res.statusCode, String(ticketsPerUser)).toBe(400);
      expect(res.json().error.details).toContainEqual({
        field: 'ticketsPerUser',
        code: 'COMP_TICKETS_LIMIT',
        message: 'Tickets per user must be a whole number under 100.',
      });
    }
    for (const reminderHours of [0, -3, 169, 1.5]) {
      const res = await put(adminA, { ...VALID, reminderHours });
      expect(res.statusCode, String(reminderHours)).toBe(400);
      expect(res.json().error.details).toContainEqual(
        expect.objectContaining({ field: 'reminderHours', code: 'COMP_TICKET_REMINDER_INVALID' }),
      );
      expect(res.json().error.details[0].message).toMatch(/^Set a valid time/);
    }
    const badInfo = await put(adminA, { ...VALID, info: { ...VALID.info, email: 'SOMETIMES' } });
    expect(badInfo.statusCode).toBe(400);
    const missing = await put(adminA, { ticketsPerUser: 4 });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.details).toContainEqual(expect.objectContaining({ code: 'MANDATORY_FIELD' }));
    const badRole = await put(adminA, { ...VALID, recipientRoles: ['VENDOR'] });
    expect(badRole.statusCode).toBe(400);
    // Nothing refused was stored.
    expect((await get(adminA)).json().ticketsPerUser).not.toBe(100);
  });

  it("keeps each school's configuration to itself", async () => {
    await put(adminA, { ...VALID, ticketsPerUser: 12 });
    const other = await get(adminB);
    expect(other.statusCode).toBe(200);
    expect(other.json()).toEqual({ ...DEFAULT_COMP_TICKET_SETTINGS, updatedAt: null });
    const savedB = await put(adminB, { ...VALID, ticketsPerUser: 2 });
    expect(savedB.statusCode).toBe(200);
    expect((await get(adminA)).json().ticketsPerUser).toBe(12);
    expect((await get(adminB)).json().ticketsPerUser).toBe(2);
  });

  it('is for school admins on the Connect plan only', async () => {
    for (const cookie of [coachA, athleteA]) {
      expect((await get(cookie)).statusCode).toBe(403);
      expect((await put(cookie, VALID)).statusCode).toBe(403);
    }
    const basic = await get(basicAdmin);
    expect(basic.statusCode).toBe(403);
    expect(basic.json().error.code).toBe('PLAN_REQUIRED');
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/comp-tickets' })).statusCode).toBe(401);
  });
});
