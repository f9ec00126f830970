import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test-support/test-app';
import { seedSchool, seedUser, sessionCookie, uniqueTag } from '../test-support/seed-school';

let t: TestApp;
let admin: string;
let coach: string;
let teamId: string;

beforeAll(async () => {
  t = await createTestApp();
  const school = await seedSchool(t.database.db);
  admin = await sessionCookie(t.database.db, await seedUser(t.database.db, school.id));
  const team = await t.database.db
    .insertInto('sport_teams')
    .values({ school_id: school.id, name: 'Soccer', sport: 'Soccer', gender: 'MEN' })
    .returning('id')
    .executeTakeFirstOrThrow();
  teamId = team.id;
  // A coach sees the athletes of their own team.
  coach = await sessionCookie(
    t.database.db,
    await seedUser(t.database.db, school.id, {
      roles: [{ role: 'COACH', titleGroup: 'HEAD_COACH' }],
      sportTeamId: teamId,
    }),
  );
});
afterAll(async () => t.close());

describe('student-athletes', () => {
  it('creates an athlete from the person form, lists it with the spec columns and updates it', async () => {
    const email = `athlete-${uniqueTag()}@test.example`;
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/v1/athletes',
      headers: { cookie: admin },
      payload: {
        email,
        firstName: 'Alex',
        lastName: 'Morgan',
        phoneNumber: '5125550100',
        dateOfBirth: '2006-04-02',
        studentIdNumber: 'S-100',
        sportTeamId: teamId,
        class: 'SECOND_YEAR',
        residencyStatus: 'IN_STATE',
        aidStatus: 'ATHLETIC_AID',
        enrollmentTerm: 'FALL',
        enrollmentYear: 2024,
        enrollmentTermForThisInstitution: 'FALL',
        enrollmentYearForThisInstitution: 2025,
        position: 'Forward',
        rosterStatus: 'OFFICIAL',
        city: 'Austin',
        zipCode: '78701',
        gpa: 3.6,
        isAtRisk: false,
        tags: ['captain'],
        eligibility: { academic: true, medical: true },
        parents: [{ name: 'Pat Morgan', email: 'pat@test.example', phone: '5125550101' }],
        socialMedia: { instagram: 'https://instagram.com/alex' },
      },
    });
    expect(created.statusCode).toBe(201);
    const athlete = created.json().athlete;
    expect(created.json().invitationId).toBeNull();
    expect(athlete).toMatchObject({ email, status: 'NOT_INVITED', sportTeamName: 'Soccer' });
    expect(athlete.profile).toMatchObject({
      dateOfBirth: '2006-04-02',
      city: 'Austin',
      class: 'SECOND_YEAR',
      gpa: 3.6,
      phoneNumber: '5125550100',
    });

    const list = await t.app.inject({
      method: 'GET',
      url: `/api/v1/athletes?teamId=${teamId}`,
      headers: { cookie: coach },
    });
    expect(list.statusCode).toBe(200);
    const row = list.json().items.find((r: { id: string }) => r.id === athlete.id);
    expect(row).toMatchObject({
      athletName: 'Alex Morgan',
      studentEmail: email,
      dob: '2006-04-02',
      studentRollNumber: 'S-100',
      sportTeamName: 'Soccer',
      userStatus: 'NOT_INVITED',
      classYear: 'SECOND_YEAR',
      cumulativeGPA: 3.6,
      tags: ['captain'],
      eligibility: ['academic', 'medical'],
      rosterStatus: 'OFFICIAL',
      aidType: 'ATHLETIC_AID',
      enrollmentAtThisInstitution: 'FALL 2025',
      enrollmentAtAnyInstitution: 'FALL 2024',
    });

    const updated = await t.app.inject({
      method: 'PATCH',
      url: `/api/v1/athletes/${athlete.id}`,
      headers: { cookie: admin },
      payload: { position: 'Midfield', city: null, bio: 'Team captain' },
    });
    expect(updated.statusCode).toBe(200);
    expect(updated.json().profile).toMatchObject({
      position: 'Midfield',
      city: null,
      bio: 'Team captain',
      zipCode: '78701',
    });
    const search = await t.app.inject({
      method: 'GET',
      url: '/api/v1/athletes?q=alex%20mor',
      headers: { cookie: admin },
    });
    expect(search.json()).toHaveProperty('items');
    expect(search.json().items.map((r: { id: string }) => r.id)).toContain(athlete.id);
  });

  it('validates e-mail, 10-digit phone, dates and zip with the catalogue wording', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/athletes',
      headers: { cookie: admin },
      payload: {
        email: 'nope',
        firstName: 'A',
        lastName: 'B',
        phoneNumber: '555-0100',
        dateOfBirth: '04/02/2006',
        zipCode: '12',
      },
    });
    expect(res.statusCode).toBe(400);
    const details = res.json().error.details;
    expect(details).toEqual(
      expect.arrayContaining([
        { field: 'email', message: 'Invalid email.', code: 'INVALID_EMAIL' },
        { field: 'phoneNumber', message: 'Phone number must have 10 digits.', code: 'INVALID_PHONE' },
        { field: 'dateOfBirth', message: 'Use a date written as YYYY-MM-DD.' },
        { field: 'zipCode', message: 'Invalid zip code.', code: 'INVALID_ZIP' },
      ]),
    );
  });

  it('refuses a duplicate e-mail with 409 EMAIL_EXISTS and an unknown team with 400', async () => {
    const email = `dup-${uniqueTag()}@test.example`;
    const ok = await t.app.inject({
      method: 'POST',
      url: '/api/v1/athletes',
      headers: { cookie: admin },
      payload: { email, firstName: 'A', lastName: 'B' },
    });
    expect(ok.statusCode).toBe(201);
    const dup = await t.app.inject({
      method: 'POST',
      url: '/api/v1/athletes',
      headers: { cookie: admin },
      payload: { email: email.toUpperCase(), firstName: 'A', lastName: 'B' },
    });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().error.code).toBe('EMAIL_EXISTS');
    const team = await t.app.inject({
      method: 'POST',
      url: '/api/v1/athletes',
      headers: { cookie: admin },
      payload: {
        email: `x-${uniqueTag()}@test.example`,
        firstName: 'A',
        lastName: 'B',
        sportTeamId: crypto.randomUUID(),
      },
    });
    expect(team.statusCode).toBe(400);
    expect(team.json().error.details[0].field).toBe('sportTeamId');
  });

  it('answers 503 WORKFLOW_UNAVAILABLE for invite: true without Temporal, and creates nothing', async () => {
    const email = `inv-${uniqueTag()}@test.example`;
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/athletes',
      headers: { cookie: admin },
      payload: { email, firstName: 'A', lastName: 'B', invite: true },
    });
    expect(res.statusCode).toBe(503);
    const user = await t.database.db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirst();
    expect(user).toBeUndefined();
  });

  it('coaches may read but not create athletes', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/athletes',
      headers: { cookie: coach },
      payload: { email: `c-${uniqueTag()}@test.example`, firstName: 'A', lastName: 'B' },
    });
    expect(res.statusCode).toBe(403);
  });
});
