import * as XLSX from '@e965/xlsx';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipartPayload } from '../test-support/forms';
import { createTestApp, type TestApp } from '../test-support/test-app';
import { seedSchool, seedTeam, seedUser, sessionCookie } from '../test-support/seed-school';
import { fixtureYear } from '../test-support/fixture-year';

/** The fixtures are written for the fall of 2027; they move to a year still ahead of today (test-support). */
const Y = fixtureYear(2027, '09-01');

/** Bulk upload of events and competitions: per-row problems in the spec's wording and nothing stored, then a clean file stored whole. */
let t: TestApp;
let admin: string;
let athlete: string;
let schoolId: string;

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  schoolId = (await seedSchool(db)).id;
  const teamId = await seedTeam(db, schoolId, 'Football');
  admin = await sessionCookie(db, await seedUser(db, schoolId));
  athlete = await sessionCookie(
    db,
    await seedUser(db, schoolId, { roles: [{ role: 'STUDENT_ATHLETE' }], sportTeamId: teamId }),
  );
});
afterAll(async () => t.close());

const HEADERS = ['Name', 'Team', 'Category', 'Location', 'Time zone', 'Start date', 'Start time', 'End time'];

function sheet(rows: string[][], type: 'xlsx' | 'csv' = 'xlsx') {
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet([HEADERS, ...rows]), 'Sheet1');
  const bytes = XLSX.write(book, { type: 'buffer', bookType: type }) as Buffer;
  return multipartPayload({ filename: `games.${type}`, contentType: 'application/octet-stream', bytes });
}

const post = (url: string, cookie: string, body: ReturnType<typeof sheet>) =>
  t.app.inject({ method: 'POST', url: `/api/v1${url}`, headers: { cookie, ...body.headers }, payload: body.payload });

const count = async () =>
  Number(
    (
      await t.database.db
        .selectFrom('calendar_events')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where('school_id', '=', schoolId)
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('event bulk upload', () => {
  it('reports every bad row in the spec wording and stores nothing', async () => {
    const bad = sheet([
      ['vs. State', 'Football', 'Home', 'Stadium', 'America/Chicago', `${Y}-09-04`, '6:00 PM', '9:00 PM'],
      ['vs. Tech', 'Hockey', 'Away', '', '', `${Y}-09-11`, '18:00', '21:00'],
      ['vs. City', 'Football', 'Practice', '', '', `${Y}-09-18`, '18:00', '21:00'],
      ['vs. Old', 'Football', 'Home', '', '', '2020-09-18', '18:00', '21:00'],
      ['vs. Late', 'Football', 'Home', '', '', `${Y}-09-25`, '21:00', '18:00'],
    ]);
    const res = await post('/event-uploads?kind=COMPETITION', admin, bad);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().created).toBe(0);
    expect(res.json().problems).toEqual([
      { row: 3, field: 'team', message: 'No team named “Hockey” in your school.' },
      { row: 4, field: 'category', message: 'Category must be Home competition or Away-from-home competition.' },
      { row: 6, field: 'endTime', message: 'Start time must be before end time.' },
    ]);
    expect(await count()).toBe(0);
  });

  it('stores a clean file whole, as CSV too, and refuses more than 200 rows', async () => {
    const good = sheet(
      [
        ['vs. State', 'Football', 'Home competition', 'Stadium', 'America/Chicago', `9/4/${Y}`, '6:00 PM', '9:00 PM'],
        ['at Tech', 'football', 'Away', 'Tech field', '', `${Y}-09-11`, '13:00', '16:00'],
      ],
      'csv',
    );
    const checked = await post('/event-uploads/check?kind=COMPETITION', admin, good);
    expect(checked.json()).toEqual({ rows: 2, created: 0, problems: [] });
    expect(await count()).toBe(0);
    const stored = await post('/event-uploads?kind=COMPETITION&timeZone=America/New_York', admin, good);
    expect(stored.json()).toEqual({ rows: 2, created: 2, problems: [] });
    const rows = await t.database.db
      .selectFrom('calendar_events')
      .select(['name', 'category', 'time_zone', 'starts_at'])
      .where('school_id', '=', schoolId)
      .orderBy('starts_at')
      .execute();
    expect(rows).toEqual([
      {
        name: 'vs. State',
        category: 'HOME_COMPETITION',
        time_zone: 'America/Chicago',
        starts_at: new Date(`${Y}-09-04T23:00:00Z`),
      },
      {
        name: 'at Tech',
        category: 'AWAY_COMPETITION',
        time_zone: 'America/New_York',
        starts_at: new Date(`${Y}-09-11T17:00:00Z`),
      },
    ]);
    const many = sheet(
      Array.from({ length: 201 }, (_, i) => [`Game ${i}`, 'Football', 'Home', '', '', `${Y}-10-01`, '18:00', '20:00']),
    );
    const tooMany = await post('/event-uploads?kind=COMPETITION', admin, many);
    expect(tooMany.json().problems).toEqual([
      { row: 0, field: 'file', message: 'Upload at most 200 events per batch; this file has 201.' },
    ]);
    expect((await post('/event-uploads?kind=EVENT', athlete, good)).statusCode).toBe(403);
    const template = await t.app.inject({
      method: 'GET',
      url: '/api/v1/event-uploads/template?kind=EVENT',
      headers: { cookie: admin },
    });
    expect(template.statusCode).toBe(200);
    const book = XLSX.read(template.rawPayload, { type: 'buffer' });
    expect(XLSX.utils.sheet_to_json<string[]>(book.Sheets[book.SheetNames[0]!]!, { header: 1 })[0]).toContain(
      'Start date',
    );
  });
});
