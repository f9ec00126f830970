import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test-support/test-app';
import { seedSchool, seedUser, sessionCookie } from '../test-support/seed-school';

/**
 * Issue 36: every name or title a person types is one line. A CR/LF (which splits a calendar, a CSV row or a mail
 * header) is refused with NAME_INVALID_CHARACTERS on that field; zero-width and bidirectional characters are stripped.
 * Teams, events and athletes are covered by their own tests; this walks every other name field of the API.
 */
let t: TestApp;
let admin: string;
let operator: string;
let athlete: string;

beforeAll(async () => {
  t = await createTestApp();
  const school = await seedSchool(t.database.db, { plan: 'CONNECT' });
  admin = await sessionCookie(t.database.db, await seedUser(t.database.db, school.id));
  athlete = await sessionCookie(
    t.database.db,
    await seedUser(t.database.db, school.id, { roles: [{ role: 'STUDENT_ATHLETE' }] }),
  );
  const provider = await seedSchool(t.database.db, { kind: 'PROVIDER' });
  operator = await sessionCookie(
    t.database.db,
    await seedUser(t.database.db, provider.id, { roles: [{ role: 'OPERATOR' }] }),
  );
});
afterAll(async () => t.close());

const BAD = 'Line one\r\nX-Injected: yes';

interface Probe {
  what: string;
  method: 'POST' | 'PATCH' | 'PUT';
  url: string;
  who: 'admin' | 'operator' | 'athlete';
  body: Record<string, unknown>;
  /** The field the refusal names, as the error's details write it. */
  field: string;
}

const id = randomUUID();
const probes: Probe[] = [
  {
    what: 'staff invitation',
    method: 'POST',
    url: '/users/invite',
    who: 'admin',
    body: { email: 'x@test.example', firstName: BAD, lastName: 'Doe', roles: [{ role: 'SCHOOL_ADMIN' }] },
    field: 'firstName',
  },
  {
    what: 'staff profile edit',
    method: 'PATCH',
    url: `/staff/${id}`,
    who: 'admin',
    body: { title: BAD },
    field: 'title',
  },
  {
    what: 'prospect',
    method: 'POST',
    url: '/psas',
    who: 'admin',
    body: { firstName: 'A', lastName: BAD },
    field: 'lastName',
  },
  {
    what: 'prospect tag',
    method: 'PATCH',
    url: `/psas/${id}`,
    who: 'admin',
    body: { tags: [BAD] },
    field: 'tags.0',
  },
  { what: 'form', method: 'POST', url: '/forms', who: 'admin', body: { name: BAD, kind: 'LONG' }, field: 'name' },
  { what: 'form rename', method: 'PUT', url: `/forms/${id}`, who: 'admin', body: { name: BAD }, field: 'name' },
  { what: 'form clone', method: 'POST', url: `/forms/${id}/clone`, who: 'admin', body: { name: BAD }, field: 'name' },
  { what: 'folder', method: 'POST', url: '/packet-folders', who: 'admin', body: { name: BAD }, field: 'name' },
  {
    what: 'folder rename',
    method: 'PATCH',
    url: `/packet-folders/${id}`,
    who: 'admin',
    body: { name: BAD },
    field: 'name',
  },
  {
    what: 'packet',
    method: 'POST',
    url: '/packets',
    who: 'admin',
    body: { name: BAD, description: '', formIds: [] },
    field: 'name',
  },
  {
    what: 'packet external signer',
    method: 'POST',
    url: `/packets/${id}/send`,
    who: 'admin',
    body: {
      recipients: { userIds: [], teamIds: [], groups: [] },
      externalSigners: { step: { email: 'x@test.example', firstName: BAD, lastName: 'Doe' } },
    },
    field: 'externalSigners.step.firstName',
  },
  {
    what: 'template from the library',
    method: 'POST',
    url: `/template-library/${id}/use`,
    who: 'admin',
    body: { name: BAD },
    field: 'name',
  },
  {
    what: 'template',
    method: 'POST',
    url: '/templates',
    who: 'operator',
    body: { schoolId: id, packetId: id, title: BAD },
    field: 'title',
  },
  {
    what: 'recruiting form template',
    method: 'POST',
    url: '/recruiting-forms/templates',
    who: 'admin',
    body: { name: BAD },
    field: 'name',
  },
  { what: 'athlete tag', method: 'POST', url: '/athlete-tags', who: 'admin', body: { name: BAD }, field: 'name' },
  {
    what: 'custom field',
    method: 'POST',
    url: '/athlete-custom-fields',
    who: 'admin',
    body: { name: BAD, scope: 'INSTITUTION' },
    field: 'name',
  },
  { what: 'school settings', method: 'PATCH', url: '/school', who: 'admin', body: { name: BAD }, field: 'name' },
  {
    what: 'school onboarding',
    method: 'POST',
    url: '/schools',
    who: 'operator',
    body: {
      name: BAD,
      plan: 'CONNECT',
      division: '1',
      state: 'TX',
      timeZone: 'America/Chicago',
      firstAdmin: { email: 'x@test.example', firstName: 'A', lastName: 'B', compliance: true },
    },
    field: 'name',
  },
  {
    what: 'disclosure company',
    method: 'POST',
    url: '/disclosures',
    who: 'athlete',
    body: { type: 'SPONSORSHIP', companyName: BAD },
    field: 'companyName',
  },
  {
    what: 'disclosure contact',
    method: 'POST',
    url: '/disclosures',
    who: 'athlete',
    body: { type: 'SPONSORSHIP', pointOfContact: { name: BAD } },
    field: 'pointOfContact.name',
  },
  { what: 'expense', method: 'POST', url: '/expenses', who: 'admin', body: { name: BAD }, field: 'name' },
  {
    what: 'questionnaire',
    method: 'POST',
    url: '/questionnaires',
    who: 'admin',
    body: { name: BAD, customUrl: 'camp', formId: id, confirmationMessage: 'Thanks' },
    field: 'name',
  },
];

describe('names are single lines at the API (issue 36)', () => {
  it.each(probes)('refuses a line break in the $what name', async (probe) => {
    const res = await t.app.inject({
      method: probe.method,
      url: `/api/v1${probe.url}`,
      headers: { cookie: { admin, operator, athlete }[probe.who] },
      payload: probe.body,
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().error).toEqual({
      code: 'NAME_INVALID_CHARACTERS',
      message: 'Name must not contain line breaks or control characters.',
      details: [
        {
          field: probe.field,
          code: 'NAME_INVALID_CHARACTERS',
          message: 'Name must not contain line breaks or control characters.',
        },
      ],
    });
  });

  it('refuses NUL and C1 controls too, and answers the other mistakes of the body alongside', async () => {
    for (const name of ['Nul\u0000name', 'C1\u0085name', 'Tab\tname']) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/v1/packet-folders',
        headers: { cookie: admin },
        payload: { name },
      });
      expect(res.json().error.code, JSON.stringify(name)).toBe('NAME_INVALID_CHARACTERS');
    }
    const mixed = await t.app.inject({
      method: 'POST',
      url: '/api/v1/athlete-custom-fields',
      headers: { cookie: admin },
      payload: { name: BAD, scope: 'NOWHERE' },
    });
    expect(mixed.statusCode).toBe(400);
    expect(mixed.json().error.code).toBe('VALIDATION_FAILED');
    expect(mixed.json().error.details).toContainEqual(
      expect.objectContaining({ field: 'name', code: 'NAME_INVALID_CHARACTERS' }),
    );
  });

  it('strips zero-width and bidirectional characters before the name is stored', async () => {
    const folder = await t.app.inject({
      method: 'POST',
      url: '/api/v1/packet-folders',
      headers: { cookie: admin },
      payload: { name: 'Bud\u200bget\u202e 2\u2066025\u2069\ufeff' },
    });
    expect(folder.statusCode, folder.body).toBe(201);
    expect(folder.json().name).toBe('Budget 2025');
    const stored = await t.database.db
      .selectFrom('packet_folders')
      .select('name')
      .where('id', '=', folder.json().id)
      .executeTakeFirstOrThrow();
    expect(stored.name).toBe('Budget 2025');

    const tag = await t.app.inject({
      method: 'POST',
      url: '/api/v1/athlete-tags',
      headers: { cookie: admin },
      payload: { name: '\u200fCap\u200dtain' },
    });
    expect(tag.statusCode, tag.body).toBe(201);
    expect(tag.json().name).toBe('Captain');

    // A name of invisible characters only is as empty as it looks.
    const empty = await t.app.inject({
      method: 'POST',
      url: '/api/v1/athlete-tags',
      headers: { cookie: admin },
      payload: { name: '\u200b\u200b' },
    });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().error.details).toEqual([expect.objectContaining({ field: 'name', code: 'MANDATORY_FIELD' })]);
  });
});
