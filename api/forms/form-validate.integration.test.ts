import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { subtractYears } from '../../form-engine/dates';
import type { FormElement } from '../../form-engine/form-definition';
import { everyElementAnswers, everyElementConditions, everyElement } from '../../form-engine/testing/sample-forms';
import { shortText } from '../test-support/forms';
import { createTestApp, type TestApp } from '../test-support/test-app';
import { seedSchool, seedUser, sessionCookie } from '../test-support/seed-school';
import { todayIn } from './school-today';

const TIME_ZONE = 'Pacific/Honolulu';

let t: TestApp;
let admin: string;
let athleteCoach: string;
let formId: string;

/** The sample's filling date must not depend on when the test runs: move its date limits around today. */
function everyElementToday(today: string): FormElement[] {
  return everyElement().map((element) =>
    element.type === 'date' ? { ...element, limits: { minDate: subtractYears(today, 1), maxDate: today } } : element,
  );
}

function nextDay(iso: string): string {
  const date = new Date(`${iso}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + 1);
  return date.toISOString().slice(0, 10);
}

const elements: FormElement[] = [
  shortText('name', { dataLabel: 'Name', label: 'Your name', required: true } as Partial<FormElement>),
  {
    id: 'travel',
    type: 'radioButtons',
    dataLabel: 'Travel',
    label: 'Travelling?',
    options: [
      { id: 'yes', label: 'Yes' },
      { id: 'no', label: 'No' },
    ],
  },
  shortText('destination', { dataLabel: 'Destination', label: 'Where to?' }),
  { id: 'dob', type: 'dob', dataLabel: 'DOB', label: 'Date of birth' },
  shortText('guardian', { dataLabel: 'Guardian', label: 'Parent or guardian' }),
  { id: 'site', type: 'websiteLink', dataLabel: 'Website', label: 'Highlight video' },
];

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  const school = await seedSchool(db);
  await db.updateTable('schools').set({ time_zone: TIME_ZONE }).where('id', '=', school.id).execute();
  admin = await sessionCookie(db, await seedUser(db, school.id));
  const team = await db
    .insertInto('sport_teams')
    .values({ school_id: school.id, name: 'Varsity Swim', sport: 'Swimming' })
    .returning('id')
    .executeTakeFirstOrThrow();
  // A coach who is also an athlete: both profiles point at a team; forms permission comes from the coach role.
  const person = await seedUser(db, school.id, {
    roles: [{ role: 'COACH', titleGroup: 'ASSISTANT_COACH' }, { role: 'STUDENT_ATHLETE' }],
    firstName: 'Rita',
    sportTeamId: team.id,
  });
  await db
    .updateTable('athlete_profiles')
    .set({ student_id_number: 'U7654321', date_of_birth: '2007-02-03', class_year: 'SECOND_YEAR' })
    .where('user_id', '=', person.id)
    .execute();
  await db.updateTable('users').set({ middle_name: 'Q' }).where('id', '=', person.id).execute();
  athleteCoach = await sessionCookie(db, person);

  const created = await t.app.inject({
    method: 'POST',
    url: '/api/v1/forms',
    headers: { cookie: admin },
    payload: {
      name: 'Trip form',
      kind: 'LONG',
      definition: {
        elements,
        conditions: [
          {
            id: 'show-destination',
            action: 'show',
            target: 'destination',
            when: { combinator: 'and', conditions: [{ element: 'travel', operator: 'equals', value: 'yes' }] },
          },
          {
            id: 'guardian-for-minors',
            action: 'show',
            target: 'guardian',
            when: { combinator: 'and', conditions: [{ element: 'dob', operator: 'ageUnder', value: 18 }] },
          },
          {
            id: 'guardian-required',
            action: 'require',
            target: 'guardian',
            when: { combinator: 'and', conditions: [{ element: 'dob', operator: 'isNotEmpty' }] },
          },
        ],
      },
    },
  });
  expect(created.statusCode, created.body).toBe(201);
  formId = created.json().id;
});
afterAll(async () => t.close());

function validate(answers: Record<string, unknown>, extra: Record<string, unknown> = {}, cookie = admin) {
  return t.app.inject({
    method: 'POST',
    url: `/api/v1/forms/${formId}/validate`,
    headers: { cookie },
    payload: { answers, ...extra },
  });
}

function codes(res: { json(): { errors: Array<{ elementId: string; code: string }> } }) {
  return Object.fromEntries(res.json().errors.map((e) => [e.elementId, e.code]));
}

describe('POST /forms/:id/validate', () => {
  it('accepts a complete answer set and says which date it used', async () => {
    const res = await validate({ name: 'Rita', travel: 'yes', destination: 'Austin', site: 'https://example.com/v' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ valid: true, errors: [], today: todayIn(TIME_ZONE) });
  });

  it('requires required elements, with the catalogue wording, tied to the element', async () => {
    const res = await validate({ name: '   ' });
    expect(res.json()).toEqual({
      valid: false,
      errors: [{ elementId: 'name', code: 'MANDATORY_FIELD', message: 'Mandatory fields cannot be empty.', path: '' }],
      today: todayIn(TIME_ZONE),
    });
  });

  it('rejects an answer to a hidden element', async () => {
    const res = await validate({ name: 'Rita', travel: 'no', destination: 'Austin' });
    expect(res.json().valid).toBe(false);
    expect(codes(res)).toEqual({ destination: 'HIDDEN_ELEMENT_ANSWERED' });
  });

  it('applies the DOB condition on the form-filling date minus 18 years, in the school time zone', async () => {
    const today = todayIn(TIME_ZONE);
    const eighteen = subtractYears(today, 18);
    // Turning 18 tomorrow: still a minor, so the guardian is shown and required.
    const minor = await validate({ name: 'Rita', dob: nextDay(eighteen) });
    expect(codes(minor)).toEqual({ guardian: 'MANDATORY_FIELD' });
    expect((await validate({ name: 'Rita', dob: nextDay(eighteen), guardian: 'Mum' })).json().valid).toBe(true);
    // 18 today: an adult, so the guardian question is hidden and must not be answered.
    expect((await validate({ name: 'Rita', dob: eighteen })).json().valid).toBe(true);
    expect(codes(await validate({ name: 'Rita', dob: eighteen, guardian: 'Mum' }))).toEqual({
      guardian: 'HIDDEN_ELEMENT_ANSWERED',
    });
    // A date of birth after the filling date is refused.
    expect(codes(await validate({ name: 'Rita', dob: nextDay(today) }))).toHaveProperty('dob');
  });

  it('checks website links by URL pattern', async () => {
    const res = await validate({ name: 'Rita', site: 'not a link' });
    expect(res.json().errors).toEqual([
      { elementId: 'site', code: 'INVALID_LINK', message: 'Link must be http or https.', path: '' },
    ]);
    expect(codes(await validate({ name: 'Rita', site: 'ftp://example.com' }))).toEqual({ site: 'INVALID_LINK' });
  });

  it('rejects answers to unknown elements and validates a given version', async () => {
    const unknown = await validate({ name: 'Rita', ghost: 'boo' });
    expect(unknown.json().valid).toBe(false);
    expect(unknown.json().errors[0].elementId).toBe('ghost');
    expect((await validate({ name: 'Rita' }, { version: 1 })).json().valid).toBe(true);
    expect((await validate({ name: 'Rita' }, { version: 2 })).statusCode).toBe(404);
  });

  it('validates the sample form with every element type', async () => {
    const today = todayIn(TIME_ZONE);
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/v1/forms',
      headers: { cookie: admin },
      payload: {
        name: 'Every element',
        kind: 'LONG',
        definition: { elements: everyElementToday(today), conditions: everyElementConditions() },
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    const answers: Record<string, unknown> = { ...everyElementAnswers(), signed: today };
    const ok = await t.app.inject({
      method: 'POST',
      url: `/api/v1/forms/${created.json().id}/validate`,
      headers: { cookie: admin },
      payload: { answers },
    });
    expect(ok.json()).toMatchObject({ valid: true, errors: [] });
    const { sig: _sig, ...unsigned } = answers;
    const missing = await t.app.inject({
      method: 'POST',
      url: `/api/v1/forms/${created.json().id}/validate`,
      headers: { cookie: admin },
      payload: { answers: unsigned },
    });
    expect(codes(missing)).toEqual({ sig: 'MANDATORY_FIELD' });
  });
});

describe('GET /forms/prepopulation', () => {
  it("returns the caller's system data for pre-population, and today's date", async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/v1/forms/prepopulation',
      headers: { cookie: athleteCoach },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      firstName: 'Rita',
      middleName: 'Q',
      lastName: expect.stringMatching(/^User /),
      sports: ['Swimming'],
      studentId: 'U7654321',
      dateOfBirth: '2007-02-03',
      academicStanding: 'SECOND_YEAR',
      today: todayIn(TIME_ZONE),
    });
  });

  it('leaves out what is unknown', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/forms/prepopulation', headers: { cookie: admin } });
    expect(res.json()).toEqual({ firstName: 'Test', lastName: expect.any(String), today: todayIn(TIME_ZONE) });
  });
});
