import * as XLSX from '@e965/xlsx';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipartPayload } from '../test-support/forms';
import { seedSchool, seedUser, sessionCookie, type SeededUser } from '../test-support/seed-school';
import { createTestApp, type TestApp } from '../test-support/test-app';

/**
 * Phone calls uploaded in bulk on the real PostgreSQL: a few rows stored as PHONE_CALL activity (duration, coach,
 * last contact, audit) and shown on each profile; a file over 1,000 rows, a row naming an unknown or another
 * school's prospect, and a role without recruiting access are refused with nothing stored.
 */
let t: TestApp;
let schoolId: string;
let coach: SeededUser;
let assistant: SeededUser;
let athlete: SeededUser;
let otherCoach: SeededUser;
let ann: string;
let bo: string;
let foreign: string;
const cookies = new Map<string, string>();

const HEADER = ['Prospect email', 'Prospect ID', 'Date', 'Time', 'Duration (minutes)', 'Coach email', 'Notes'];
/** A date some days back, as the sheet writes it: safely in the past in any school time zone. */
const daysAgo = (n: number) => new Date(Date.now() - n * 86_400_000).toISOString().slice(0, 10);

function sheet(rows: string[][], kind: 'xlsx' | 'csv' = 'csv'): Buffer {
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet(rows), 'Calls');
  return XLSX.write(book, { type: 'buffer', bookType: kind }) as Buffer;
}

async function upload(user: SeededUser, url: string, name: string, bytes: Buffer) {
  const { payload, headers } = multipartPayload({ filename: name, contentType: 'application/octet-stream', bytes });
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/v1/psas/phone-calls/uploads${url}`,
    headers: { ...headers, cookie: cookies.get(user.id)! },
    payload,
  });
  return { status: res.statusCode, body: res.json() };
}

const callsOf = (psaId: string) =>
  t.database.db
    .selectFrom('psa_activities')
    .selectAll()
    .where('psa_id', '=', psaId)
    .where('kind', '=', 'PHONE_CALL')
    .execute();

async function seedPsa(school: string, by: string, firstName: string, email: string) {
  const row = await t.database.db
    .insertInto('psas')
    .values({ school_id: school, first_name: firstName, last_name: 'Prospect', email, created_by: by })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  schoolId = (await seedSchool(db)).id;
  const otherSchool = (await seedSchool(db)).id;
  coach = await seedUser(db, schoolId, { roles: [{ role: 'COACH', titleGroup: 'HEAD_COACH' }] });
  assistant = await seedUser(db, schoolId, { roles: [{ role: 'COACH', titleGroup: 'ASSISTANT_COACH' }] });
  athlete = await seedUser(db, schoolId, { roles: [{ role: 'STUDENT_ATHLETE' }] });
  otherCoach = await seedUser(db, otherSchool, { roles: [{ role: 'COACH', titleGroup: 'HEAD_COACH' }] });
  for (const u of [coach, assistant, athlete, otherCoach]) cookies.set(u.id, await sessionCookie(db, u));
  ann = await seedPsa(schoolId, coach.id, 'Ann', 'ann.calls@example.com');
  bo = await seedPsa(schoolId, coach.id, 'Bo', 'bo.calls@example.com');
  foreign = await seedPsa(otherSchool, otherCoach.id, 'Foreign', 'foreign.calls@example.com');
}, 120_000);

afterAll(async () => {
  await t?.close();
});

describe('phone call bulk upload', () => {
  it('stores a few valid rows as phone calls in one go, shown on each profile, with an audit event', async () => {
    const good = sheet(
      [
        HEADER,
        ['ann.calls@example.com', '', daysAgo(3), '4:30 PM', '15', '', 'Talked about the official visit.'],
        ['', bo, daysAgo(4), '09:00', '5', assistant.email, ''],
        ['ANN.calls@example.com', '', daysAgo(2), '10:15', '20', '', ''],
      ],
      'xlsx',
    );
    const checked = await upload(coach, '/check', 'calls.xlsx', good);
    expect(checked).toMatchObject({ status: 200, body: { rows: 3, errors: [] } });
    expect(await callsOf(ann)).toHaveLength(0);

    const stored = await upload(coach, '', 'calls.xlsx', good);
    expect(stored).toMatchObject({ status: 201, body: { created: 3 } });
    const annCalls = await callsOf(ann);
    expect(annCalls).toHaveLength(2);
    expect(annCalls.find((c) => c.duration_minutes === 15)).toMatchObject({
      coach_user_id: coach.id,
      logged_by: coach.id,
      summary: 'Talked about the official visit.',
    });
    expect(await callsOf(bo)).toEqual([expect.objectContaining({ duration_minutes: 5, coach_user_id: assistant.id })]);

    const profile = await t.app.inject({
      method: 'GET',
      url: `/api/v1/psas/${ann}`,
      headers: { cookie: cookies.get(coach.id)! },
    });
    const body = profile.json();
    expect(body.activities).toHaveLength(2);
    expect(body.activities[0]).toMatchObject({ kind: 'PHONE_CALL', durationMinutes: 20, flags: [] });
    expect(body.psa.lastContactDate).toBe(
      new Date(
        annCalls
          .map((c) => +new Date(c.occurred_at))
          .sort()
          .at(-1)!,
      ).toISOString(),
    );

    const audits = await t.database.db
      .selectFrom('audit_events')
      .select(['target_id', 'actor_user_id', 'details'])
      .where('action', '=', 'psa.phoneCallsUploaded')
      .where('school_id', '=', schoolId)
      .execute();
    expect(audits.map((a) => a.target_id).sort()).toEqual([ann, bo].sort());
    expect(audits.every((a) => a.actor_user_id === coach.id)).toBe(true);
    expect(audits.find((a) => a.target_id === ann)!.details).toMatchObject({ batchCalls: 3 });

    // The same file again: every call is already logged, and nothing more is stored.
    const again = await upload(coach, '', 'calls.xlsx', good);
    expect(again.status).toBe(400);
    expect(again.body.error.code).toBe('UPLOAD_ROW_ERRORS');
    expect(again.body.error.details[0]).toEqual({
      field: 'row 2: Time',
      message: 'This phone call is already logged.',
    });
    expect(await callsOf(ann)).toHaveLength(2);
  });

  it('refuses 1,001 rows with the spec wording', async () => {
    const rows = Array.from({ length: 1001 }, () => ['ann.calls@example.com', '', daysAgo(5), '10:00', '5', '', '']);
    const r = await upload(coach, '/check', 'big.csv', sheet([HEADER, ...rows]));
    expect(r.status).toBe(400);
    expect(r.body.error).toMatchObject({
      code: 'UPLOAD_LIMIT_EXCEEDED',
      message: 'Upload limits exceeded.',
      details: [
        {
          field: 'file',
          message: 'Upload limits exceeded: at most 1,000 phone calls per batch (this file has 1,001).',
        },
      ],
    });
  });

  it('refuses the whole file when a row names an unknown prospect, and stores nothing', async () => {
    const before = (await callsOf(bo)).length;
    const bad = sheet([
      HEADER,
      ['bo.calls@example.com', '', daysAgo(6), '11:00', '10', '', ''],
      ['nobody@example.com', '', daysAgo(6), '11:30', '10', '', ''],
    ]);
    const checked = await upload(coach, '/check', 'calls.csv', bad);
    expect(checked.body).toMatchObject({
      rows: 1,
      errors: [{ row: 3, column: 'Prospect email', message: 'No prospect with this email in your school.' }],
    });
    const refused = await upload(coach, '', 'calls.csv', bad);
    expect(refused.status).toBe(400);
    expect(refused.body.error).toMatchObject({
      code: 'UPLOAD_ROW_ERRORS',
      details: [{ field: 'row 3: Prospect email', message: 'No prospect with this email in your school.' }],
    });
    expect(await callsOf(bo)).toHaveLength(before);
  });

  it("refuses another school's prospect, by e-mail or by id", async () => {
    const bad = sheet([
      HEADER,
      ['foreign.calls@example.com', '', daysAgo(6), '11:00', '10', '', ''],
      ['', foreign, daysAgo(6), '11:00', '10', '', ''],
      ['ann.calls@example.com', '', daysAgo(6), '12:00', '10', otherCoach.email, ''],
    ]);
    const refused = await upload(coach, '', 'calls.csv', bad);
    expect(refused.status).toBe(400);
    expect(refused.body.error.details).toEqual([
      { field: 'row 2: Prospect email', message: 'No prospect with this email in your school.' },
      { field: 'row 3: Prospect ID', message: 'No prospect with this ID in your school.' },
      { field: 'row 4: Coach email', message: 'No coach or school admin with this email in your school.' },
    ]);
    expect(await callsOf(foreign)).toHaveLength(0);
    // The other school's coach cannot log calls to this school's prospects either.
    const theirs = await upload(
      otherCoach,
      '',
      'calls.csv',
      sheet([HEADER, ['', ann, daysAgo(6), '13:00', '10', '', '']]),
    );
    expect(theirs.body.error.details).toEqual([
      { field: 'row 2: Prospect ID', message: 'No prospect with this ID in your school.' },
    ]);
  });

  it('refuses a role without recruiting access, and a file that is no spreadsheet', async () => {
    const file = sheet([HEADER, ['ann.calls@example.com', '', daysAgo(7), '10:00', '5', '', '']]);
    for (const url of ['', '/check']) {
      const r = await upload(athlete, url, 'calls.csv', file);
      expect(r.status).toBe(403);
    }
    const template = await t.app.inject({
      method: 'GET',
      url: '/api/v1/psas/phone-calls/uploads/template?format=csv',
      headers: { cookie: cookies.get(athlete.id)! },
    });
    expect(template.statusCode).toBe(403);
    expect((await upload(coach, '/check', 'calls.pdf', Buffer.from('%PDF-1.4'))).status).toBe(415);
    const noColumns = await upload(
      coach,
      '/check',
      'calls.csv',
      sheet([
        ['Email', 'Date'],
        ['a@b.co', daysAgo(2)],
      ]),
    );
    expect(noColumns.body.error.code).toBe('UPLOAD_FAILED');
  });

  it('offers a template to download, as CSV or XLSX', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/v1/psas/phone-calls/uploads/template?format=csv',
      headers: { cookie: cookies.get(coach.id)! },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toBe('attachment; filename="phone-calls-template.csv"');
    // A UTF-8 byte-order mark first, so spreadsheet programs read the file as UTF-8.
    expect(res.body.replace(/^\uFEFF/, '').split(/\r?\n/)[0]).toBe(HEADER.join(','));
    const xlsx = await t.app.inject({
      method: 'GET',
      url: '/api/v1/psas/phone-calls/uploads/template',
      headers: { cookie: cookies.get(coach.id)! },
    });
    expect(xlsx.rawPayload.subarray(0, 2).toString()).toBe('PK');
  });
});
