import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test-support/test-app';
import { seedSchool, seedUser, sessionCookie } from '../test-support/seed-school';

// fixed-date fixture: the academic years API stores the years and terms it is given and reads no clock; nothing
// here is compared with today.

let t: TestApp;
let admin: string;

beforeAll(async () => {
  t = await createTestApp();
  const school = await seedSchool(t.database.db);
  admin = await sessionCookie(t.database.db, await seedUser(t.database.db, school.id));
});
afterAll(async () => t.close());

const terms = [
  { term: 'FALL', startDate: '2026-08-24', finalsStartDate: '2026-12-07', endDate: '2026-12-15' },
  {
    term: 'SPRING',
    startDate: '2027-01-11',
    finalsStartDate: '2027-05-03',
    endDate: '2027-05-12',
    vacations: [{ name: 'Spring break', startDate: '2027-03-15', endDate: '2027-03-19' }],
  },
  { term: 'SUMMER', startDate: '2027-06-01', endDate: '2027-08-06' },
];

describe('academic years', () => {
  it('refuses a line break in a vacation name', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/academic-years',
      headers: { cookie: admin },
      payload: {
        startYear: 2030,
        terms: [
          { ...terms[1], vacations: [{ name: 'Spring\r\nbreak', startDate: '2027-03-15', endDate: '2027-03-19' }] },
        ],
      },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.details[0]).toMatchObject({ code: 'NAME_INVALID_CHARACTERS' });
  });

  it('creates a year with terms, keeps one current year per school', async () => {
    const first = await t.app.inject({
      method: 'POST',
      url: '/api/v1/academic-years',
      headers: { cookie: admin },
      payload: { startYear: 2026, isCurrent: true, terms },
    });
    expect(first.statusCode).toBe(201);
    expect(first.json()).toMatchObject({ startYear: 2026, endYear: 2027, label: '2026-2027', isCurrent: true });
    expect(first.json().terms.map((x: { term: string }) => x.term)).toEqual(['FALL', 'SPRING', 'SUMMER']);
    expect(first.json().terms[1].vacations).toHaveLength(1);

    const second = await t.app.inject({
      method: 'POST',
      url: '/api/v1/academic-years',
      headers: { cookie: admin },
      payload: { startYear: 2027, isCurrent: true },
    });
    expect(second.statusCode).toBe(201);
    const list = (
      await t.app.inject({ method: 'GET', url: '/api/v1/academic-years', headers: { cookie: admin } })
    ).json().items;
    expect(
      list.filter((y: { isCurrent: boolean }) => y.isCurrent).map((y: { startYear: number }) => y.startYear),
    ).toEqual([2027]);

    const back = await t.app.inject({
      method: 'PATCH',
      url: `/api/v1/academic-years/${first.json().id}`,
      headers: { cookie: admin },
      payload: { isCurrent: true },
    });
    expect(back.json().isCurrent).toBe(true);
    const again = (
      await t.app.inject({
        method: 'GET',
        url: `/api/v1/academic-years/${second.json().id}`,
        headers: { cookie: admin },
      })
    ).json();
    expect(again.isCurrent).toBe(false);

    const dup = await t.app.inject({
      method: 'POST',
      url: '/api/v1/academic-years',
      headers: { cookie: admin },
      payload: { startYear: 2026 },
    });
    expect(dup.statusCode).toBe(409);
  });

  it('rejects terms that end before they start or finals outside the term, per field', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/academic-years',
      headers: { cookie: admin },
      payload: {
        startYear: 2030,
        terms: [
          { term: 'FALL', startDate: '2030-12-01', endDate: '2030-08-01' },
          { term: 'SPRING', startDate: '2031-01-10', finalsStartDate: '2031-06-01', endDate: '2031-05-01' },
        ],
      },
    });
    expect(res.statusCode).toBe(400);
    const fields = res.json().error.details.map((d: { field: string }) => d.field);
    expect(fields).toEqual(expect.arrayContaining(['terms.0.endDate', 'terms.1.finalsStartDate']));
    const badYear = await t.app.inject({
      method: 'POST',
      url: '/api/v1/academic-years',
      headers: { cookie: admin },
      payload: { startYear: 2030, endYear: 2032 },
    });
    expect(badYear.json().error.details[0].field).toBe('endYear');
    const badDate = await t.app.inject({
      method: 'POST',
      url: '/api/v1/academic-years',
      headers: { cookie: admin },
      payload: { startYear: 2030, terms: [{ term: 'FALL', startDate: '2030-02-30', endDate: '2030-12-01' }] },
    });
    expect(badDate.statusCode).toBe(400);
    expect(badDate.json().error.details[0]).toMatchObject({
      field: 'terms.0.startDate',
      message: 'Use a date written as YYYY-MM-DD.',
    });
  });
});
