import * as XLSX from '@e965/xlsx';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { workflowIds } from '../../domain/workflows';
import { daysFromToday } from '../../scripts/test-harness/test-clock';
import { ModuleKey, StepNameKey } from '../../workflows/shared/search-attributes';
import { startAppWithWorker, type AppWithWorker } from '../test-support/app-with-worker';
import { multipartPayload } from '../test-support/forms';
import { seedSchool, seedUser, sessionCookie, uniqueTag } from '../test-support/seed-school';

let t: AppWithWorker;
let schoolId: string;
let admin: string;
let adminId: string;
let coach: string;
let otherAdmin: string;
let athlete: string;
const team = `Rowing ${uniqueTag()}`;

beforeAll(async () => {
  t = await startAppWithWorker('athlete-uploads');
  const db = t.database.db;
  schoolId = (await seedSchool(db)).id;
  const teamRow = await db
    .insertInto('sport_teams')
    .values({ school_id: schoolId, name: team, sport: 'Rowing', gender: 'WOMEN' })
    .returning('id')
    .executeTakeFirstOrThrow();
  const adminUser = await seedUser(db, schoolId);
  adminId = adminUser.id;
  admin = await sessionCookie(db, adminUser);
  coach = await sessionCookie(
    db,
    await seedUser(db, schoolId, { roles: [{ role: 'COACH', titleGroup: 'HEAD_COACH' }], sportTeamId: teamRow.id }),
  );
  athlete = await sessionCookie(db, await seedUser(db, schoolId, { roles: [{ role: 'STUDENT_ATHLETE' }] }));
  otherAdmin = await sessionCookie(db, await seedUser(db, (await seedSchool(db)).id));
}, 120_000);
afterAll(async () => t.close());

type Cell = string | number | Date | XLSX.CellObject;
const HEADERS = ['First name', 'Last name', 'Email', 'Phone', 'Team', 'Date of birth', 'Class', 'Residency'];

function sheetBytes(rows: Cell[][], bookType: 'xlsx' | 'biff8'): Buffer {
  const sheet = XLSX.utils.aoa_to_sheet(rows.map((r) => r.map((c) => (typeof c === 'object' && 't' in c ? '' : c))));
  rows.forEach((r, ri) =>
    r.forEach((c, ci) => {
      if (typeof c === 'object' && 't' in c) sheet[XLSX.utils.encode_cell({ r: ri, c: ci })] = c;
    }),
  );
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, sheet, 'Athletes');
  return XLSX.write(book, { type: 'buffer', bookType }) as Buffer;
}

const csv = (lines: string[][], bom = false) =>
  Buffer.from(
    (bom ? '\uFEFF' : '') + lines.map((l) => l.map((c) => `"${c.replace(/"/g, '""')}"`).join(',')).join('\r\n'),
  );

async function upload(cookie: string, filename: string, bytes: Buffer) {
  const { payload, headers } = multipartPayload({ filename, contentType: 'application/octet-stream', bytes });
  return t.app.inject({ method: 'POST', url: '/api/v1/athletes/uploads', headers: { ...headers, cookie }, payload });
}

const importUpload = (cookie: string, id: string, invite = false) =>
  t.app.inject({
    method: 'POST',
    url: `/api/v1/athletes/uploads/${id}/import`,
    headers: { cookie },
    payload: { invite },
  });

const email = (name: string) => `${name}-${uniqueTag()}@test.example`;

async function countUsers(emails: string[]): Promise<number> {
  const rows = await t.database.db
    .selectFrom('users')
    .select('id')
    .where(
      'email',
      'in',
      emails.map((e) => e.toLowerCase()),
    )
    .execute();
  return rows.length;
}

describe('bulk upload of student-athletes', () => {
  it('checks every row of a CSV with a BOM, reports bad rows and duplicates, and stores nothing', async () => {
    const existing = email('existing');
    await seedUser(t.database.db, schoolId, { email: existing, roles: [{ role: 'STUDENT_ATHLETE' }] });
    const good = email('good');
    const twice = email('twice');
    const lines = [
      HEADERS,
      ['Ana', 'Lopez', good, '(512) 555-0100', team, '2006-04-02', 'Freshman', 'In state'],
      ['Ben', 'Ray', 'not-an-email', '555', 'Chess', '02/30/2006', 'Eleventh year', 'Mars'],
      ['Cy', 'Doe', twice, '', '', '', '', ''],
      ['Di', 'Fox', twice.toUpperCase(), '', '', '', '', ''],
      ['', 'NoFirst', existing, '', '', '', '', ''],
    ];
    const res = await upload(admin, 'athletes.csv', csv(lines, true));
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body.headers[0]).toBe('First name');
    expect(body.mapping).toEqual([
      'firstName',
      'lastName',
      'email',
      'phoneNumber',
      'sportTeamId',
      'dateOfBirth',
      'class',
      'residencyStatus',
    ]);
    expect(body.rowCount).toBe(5);
    const errs = body.errors as { row: number; column: string; message: string }[];
    expect(errs.filter((e) => e.row === 2)).toEqual([]);
    expect(errs).toEqual(
      expect.arrayContaining([
        { row: 3, column: 'Email', message: 'Invalid email.' },
        { row: 3, column: 'Phone', message: 'Phone number must have 10 digits.' },
        { row: 3, column: 'Team', message: 'Unknown sport team.' },
        { row: 3, column: 'Date of birth', message: 'Use a date written as YYYY-MM-DD.' },
        { row: 3, column: 'Residency', message: 'Must be one of: In state, Out of state, International.' },
        { row: 5, column: 'Email', message: 'This email is already in row 4 of this file.' },
        { row: 6, column: 'First name', message: 'Mandatory fields cannot be empty.' },
        { row: 6, column: 'Email', message: 'Email exists.' },
      ]),
    );
    expect(errs.find((e) => e.row === 3 && e.column === 'Class')?.message).toMatch(/^Must be one of: First Year/);
    expect(body.errorRowCount).toBe(3);

    const refused = await importUpload(admin, body.id);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.code).toBe('UPLOAD_ROW_ERRORS');
    expect(refused.json().error.details[0].message).toMatch(/^Row 3, /);
    expect(await countUsers([good, twice])).toBe(0);
  });

  it('runs the single-athlete form rules on each row: a future date of birth and a 4th position, by row and column', async () => {
    const ok = email('ok');
    const future = email('future');
    const four = email('four');
    const lines = [
      ['First name', 'Last name', 'Email', 'Date of birth', 'Position'],
      ['Ok', 'Row', ok, daysFromToday(-7000), 'QB, WR, TE'],
      ['Fu', 'Ture', future, daysFromToday(1), ''],
      ['Fo', 'Ur', four, '', 'QB, WR, TE, K'],
    ];
    const res = await upload(admin, 'rules.csv', csv(lines));
    expect(res.statusCode).toBe(201);
    expect(res.json().errors).toEqual([
      { row: 3, column: 'Date of birth', message: 'Date of birth cannot be in the future.' },
      { row: 4, column: 'Position', message: 'Positions max 3, comma separated.' },
    ]);
    const refused = await importUpload(admin, res.json().id);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.code).toBe('UPLOAD_ROW_ERRORS');
    expect(refused.json().error.details.map((d: { message: string }) => d.message)).toEqual([
      'Row 3, Date of birth: Date of birth cannot be in the future.',
      'Row 4, Position: Positions max 3, comma separated.',
    ]);
    expect(await countUsers([ok, future, four])).toBe(0);

    // The single-athlete form refuses the same, with the same wording.
    const single = await t.app.inject({
      method: 'POST',
      url: '/api/v1/athletes',
      headers: { cookie: admin },
      payload: { email: future, firstName: 'Fu', lastName: 'Ture', dateOfBirth: daysFromToday(1) },
    });
    expect(single.statusCode).toBe(400);
    expect(single.json().error).toMatchObject({
      code: 'DATE_OF_BIRTH_IN_FUTURE',
      details: [{ field: 'dateOfBirth', message: 'Date of birth cannot be in the future.' }],
    });
  });

  it('matches near headers, lets the mapping be changed, and imports an XLSX with formula-like cells as text', async () => {
    const a = email('formula');
    const b = email('plain');
    const bytes = sheetBytes(
      [
        ['Frist Name', 'Surname', 'E-mail address', 'Jersey', 'DOB'],
        [
          { t: 's', v: '=HYPERLINK("http://x.test")', f: 'HYPERLINK("http://x.test")' },
          '-Smith',
          a,
          '@7',
          new Date(Date.UTC(2005, 10, 20)),
        ],
        ['+Plus', 'Jones', b, '=1+2', '2006-01-31'],
      ],
      'xlsx',
    );
    const res = await upload(admin, 'roster.xlsx', bytes);
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body.mapping).toEqual(['firstName', 'lastName', 'email', null, 'dateOfBirth']);
    expect(body.errors).toEqual([]);
    expect(body.samples[0][0]).toBe('=HYPERLINK("http://x.test")');

    const remapped = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/athletes/uploads/${body.id}/mapping`,
      headers: { cookie: admin },
      payload: { mapping: ['firstName', 'lastName', 'email', 'position', null] },
    });
    expect(remapped.statusCode).toBe(200);
    expect(remapped.json().mapping[3]).toBe('position');

    const missing = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/athletes/uploads/${body.id}/mapping`,
      headers: { cookie: admin },
      payload: { mapping: ['firstName', 'lastName', null, 'position', null] },
    });
    expect(missing.json().errors).toEqual([
      { row: 1, column: 'Column mapping', message: 'Choose the column that holds Email.' },
    ]);
    await t.app.inject({
      method: 'PUT',
      url: `/api/v1/athletes/uploads/${body.id}/mapping`,
      headers: { cookie: admin },
      payload: { mapping: ['firstName', 'lastName', 'email', 'position', 'dateOfBirth'] },
    });

    const done = await importUpload(admin, body.id);
    expect(done.statusCode).toBe(200);
    expect(done.json()).toMatchObject({ status: 'IMPORTED', createdCount: 2, invitationsStarted: 0 });
    const stored = await t.database.db
      .selectFrom('users as u')
      .innerJoin('athlete_profiles as p', 'p.user_id', 'u.id')
      .select(['u.email', 'u.first_name', 'u.last_name', 'u.status', 'p.position', 'p.date_of_birth', 'p.school_id'])
      .where('u.email', 'in', [a, b])
      .orderBy('u.email')
      .execute();
    expect(stored).toHaveLength(2);
    const byEmail = Object.fromEntries(stored.map((s) => [s.email, s]));
    expect(byEmail[a]).toMatchObject({
      first_name: '=HYPERLINK("http://x.test")',
      last_name: '-Smith',
      position: '@7',
      date_of_birth: '2005-11-20',
      status: 'NOT_INVITED',
      school_id: schoolId,
    });
    expect(byEmail[b]).toMatchObject({ first_name: '+Plus', position: '=1+2', date_of_birth: '2006-01-31' });

    const again = await importUpload(admin, body.id);
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe('UPLOAD_ALREADY_IMPORTED');
    const audit = await t.database.db
      .selectFrom('audit_events')
      .select('action')
      .where('school_id', '=', schoolId)
      .where('action', 'in', ['athlete.created', 'athletes.uploaded'])
      .where('actor_user_id', '=', adminId)
      .execute();
    expect(audit.filter((e) => e.action === 'athlete.created').length).toBeGreaterThanOrEqual(2);
  });

  it('reads a legacy XLS file and imports, its invitations started by the durable invitation-batch workflow', async () => {
    const emails = [email('xls-a'), email('xls-b')];
    const bytes = sheetBytes(
      [
        HEADERS,
        ['Xia', 'Li', emails[0]!, 5125550111, team, new Date(Date.UTC(2007, 0, 15)), 'Sophomore', 'International'],
        ['Yan', 'Wu', emails[1]!, '512-555-0112', team, '1/9/2007', 'Third Year', 'out of state'],
      ],
      'biff8',
    );
    const res = await upload(admin, 'legacy.xls', bytes);
    expect(res.statusCode).toBe(201);
    expect(res.json().errors).toEqual([]);
    const done = await importUpload(admin, res.json().id, true);
    expect(done.statusCode).toBe(200);
    expect(done.json()).toMatchObject({ status: 'IMPORTED', createdCount: 2, invite: true });
    const uploadId = res.json().id as string;
    const handle = t.temporal.workflow.getHandle(workflowIds.invitationBatch(`upload:${uploadId}`));
    expect(await handle.result()).toEqual({ total: 2, started: 2, finished: true });
    // What the operator console shows of it: its module and, as its step, how far it got.
    const described = await handle.describe();
    expect(described.typedSearchAttributes.get(ModuleKey)).toBe('invitation-batch');
    expect(described.typedSearchAttributes.get(StepNameKey)).toBe('Done: started 2 of 2 invitations');
    const after = await t.app.inject({
      method: 'GET',
      url: `/api/v1/athletes/uploads/${uploadId}`,
      headers: { cookie: admin },
    });
    expect(after.json()).toMatchObject({
      invitationsStarted: 2,
      progress: { stage: 'done', done: 2, total: 2 },
    });
    const stored = await t.database.db
      .selectFrom('users as u')
      .innerJoin('athlete_profiles as p', 'p.user_id', 'u.id')
      .innerJoin('invitations as i', 'i.user_id', 'u.id')
      .select([
        'u.email',
        'u.status',
        'u.phone_number',
        'p.class_year',
        'p.residency_status',
        'p.date_of_birth',
        'i.id',
      ])
      .where('u.email', 'in', emails)
      .orderBy('u.email')
      .execute();
    expect(stored).toHaveLength(2);
    const first = stored.find((s) => s.email === emails[0])!;
    expect(first).toMatchObject({
      status: 'INVITED',
      phone_number: '5125550111',
      class_year: 'SECOND_YEAR',
      residency_status: 'INTERNATIONAL',
      date_of_birth: '2007-01-15',
    });
    expect(stored.find((s) => s.email === emails[1])).toMatchObject({
      residency_status: 'OUT_OF_STATE',
      date_of_birth: '2007-01-09',
    });
    const description = await t.temporal.workflow.getHandle(workflowIds.invitation(first.id)).describe();
    expect(description.status.name).toBe('RUNNING');
  });

  // Issue 36: a process killed mid-import left its upload IMPORTING for good, and a retry answered 409.
  it('takes a dead import’s stale claim again, but never a live or fresh one', async () => {
    const emails = [email('crash-a'), email('crash-b')];
    const res = await upload(
      admin,
      'crash.csv',
      csv([HEADERS, ...emails.map((e, i) => [`Crash${i}`, 'Test', e, '', team, '', '', ''])]),
    );
    expect(res.statusCode).toBe(201);
    const id = res.json().id as string;
    const claim = (claimedAt: Date) =>
      t.database.db
        .updateTable('athlete_uploads')
        .set({
          status: 'IMPORTING',
          claim_id: crypto.randomUUID(),
          claimed_at: claimedAt,
          progress: JSON.stringify({ stage: 'store', done: 1, total: 2 }),
        })
        .where('id', '=', id)
        .execute();
    await claim(new Date());
    expect((await importUpload(admin, id)).statusCode).toBe(409);
    expect(await countUsers(emails)).toBe(0);
    // The importer died an hour ago: its transaction rolled back, and its claim has timed out.
    await claim(new Date(Date.now() - 60 * 60_000));
    const retried = await importUpload(admin, id);
    expect(retried.statusCode).toBe(200);
    expect(retried.json()).toMatchObject({ status: 'IMPORTED', createdCount: 2 });
    expect(await countUsers(emails)).toBe(2);
    expect((await importUpload(admin, id)).statusCode).toBe(409);
  });

  it('refuses more than 1,000 rows, and more than 200 for a coach', async () => {
    const rows = (n: number) => [HEADERS, ...Array.from({ length: n }, (_, i) => ['A', `B${i}`, `bulk${i}@x.test`])];
    const over = await upload(admin, 'big.csv', csv(rows(1001)));
    expect(over.statusCode).toBe(400);
    expect(over.json().error).toMatchObject({ code: 'UPLOAD_LIMIT_EXCEEDED', message: 'Upload limits exceeded.' });
    expect(over.json().error.details[0].message).toMatch(/1,001 rows.*at most 1,000/);

    const coachOver = await upload(coach, 'coach.csv', csv(rows(201)));
    expect(coachOver.statusCode).toBe(400);
    expect(coachOver.json().error.details[0].message).toMatch(/a coach can upload at most 200/);
    const coachOk = await upload(coach, 'coach.csv', csv(rows(200)));
    expect(coachOk.statusCode).toBe(201);
    expect(coachOk.json().errors).toEqual([]);

    const empty = await upload(admin, 'empty.csv', csv([HEADERS]));
    expect(empty.json().error.code).toBe('UPLOAD_EMPTY');
    const fake = await upload(admin, 'fake.xlsx', Buffer.from('First name\nAna'));
    expect(fake.statusCode).toBe(415);
  });

  it('keeps a coach to their own team and uploads to one school only', async () => {
    const e = email('coach');
    const res = await upload(
      coach,
      'mine.csv',
      csv([
        ['First name', 'Last name', 'Email'],
        ['Cam', 'Poe', e],
      ]),
    );
    expect(res.statusCode).toBe(201);
    expect(res.json().errors).toEqual([]);
    const bad = await upload(coach, 'x.csv', csv([HEADERS, ['Cam', 'Poe', email('c2'), '', 'Football', '', '', '']]));
    expect(bad.json().errors).toEqual([{ row: 2, column: 'Team', message: 'Unknown sport team.' }]);

    const id = res.json().id as string;
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/v1/athletes/uploads/${id}`, headers: { cookie: otherAdmin } }))
        .statusCode,
    ).toBe(404);
    expect((await importUpload(otherAdmin, id)).statusCode).toBe(404);
    expect((await upload(athlete, 'a.csv', csv([HEADERS]))).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: `/api/v1/athletes/uploads/${id}` })).statusCode).toBe(401);

    const done = await importUpload(coach, id);
    expect(done.statusCode).toBe(200);
    const stored = await t.database.db
      .selectFrom('users as u')
      .innerJoin('athlete_profiles as p', 'p.user_id', 'u.id')
      .innerJoin('sport_teams as s', 's.id', 'p.sport_team_id')
      .select(['s.name', 'u.school_id'])
      .where('u.email', '=', e)
      .executeTakeFirstOrThrow();
    expect(stored).toEqual({ name: team, school_id: schoolId });
  });

  it('serves the template in XLSX and CSV with every column header', async () => {
    const x = await t.app.inject({
      method: 'GET',
      url: '/api/v1/athletes/uploads/template',
      headers: { cookie: admin },
    });
    expect(x.statusCode).toBe(200);
    const book = XLSX.read(x.rawPayload, { type: 'buffer' });
    const first = XLSX.utils.sheet_to_json<string[]>(book.Sheets[book.SheetNames[0]!]!, { header: 1 })[0]!;
    expect(first.slice(0, 3)).toEqual(['First name', 'Last name', 'Middle name']);
    const c = await t.app.inject({
      method: 'GET',
      url: '/api/v1/athletes/uploads/template?format=csv',
      headers: { cookie: coach },
    });
    expect(c.headers['content-type']).toMatch(/^text\/csv/);
    expect(c.body.split('\n')[0]).toMatch(/^\uFEFF?First name,Last name,/);
  });
});
