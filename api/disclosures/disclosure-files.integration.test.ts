import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makePdf, multipartPayload } from '../test-support/forms';
import { createTestApp, type TestApp } from '../test-support/test-app';
import { seedSchool, seedUser, sessionCookie, type SeededUser } from '../test-support/seed-school';
import { daysFromToday } from '../../scripts/test-harness/test-clock';

/**
 * Disclosure attachments stored for real (bytes in `stored_files`) and a group deal's participants. No Temporal
 * here: drafts are edited and attachments handled by the API alone; submission is covered by the workflow tests.
 */
let t: TestApp;
let athlete: SeededUser;
let teammate: SeededUser;
let otherAthlete: SeededUser;
let reviewer: SeededUser;
let staffAdmin: SeededUser;
let coach: SeededUser;
let foreignAthlete: SeededUser;
let foreignAdmin: SeededUser;
const cookies = new Map<string, string>();

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  const schoolId = (await seedSchool(db)).id;
  const foreignSchoolId = (await seedSchool(db)).id;
  athlete = await seedUser(db, schoolId, { roles: [{ role: 'STUDENT_ATHLETE' }], firstName: 'Ann' });
  teammate = await seedUser(db, schoolId, { roles: [{ role: 'STUDENT_ATHLETE' }], firstName: 'Tim' });
  otherAthlete = await seedUser(db, schoolId, { roles: [{ role: 'STUDENT_ATHLETE' }] });
  reviewer = await seedUser(db, schoolId);
  staffAdmin = await seedUser(db, schoolId, { roles: [{ role: 'SCHOOL_ADMIN', compliance: false }] });
  coach = await seedUser(db, schoolId, { roles: [{ role: 'COACH' }] });
  foreignAthlete = await seedUser(db, foreignSchoolId, { roles: [{ role: 'STUDENT_ATHLETE' }] });
  foreignAdmin = await seedUser(db, foreignSchoolId);
  for (const u of [athlete, teammate, otherAthlete, reviewer, staffAdmin, coach, foreignAthlete, foreignAdmin]) {
    cookies.set(u.id, await sessionCookie(db, u));
  }
});

afterAll(async () => {
  await t?.close();
});

function call(user: SeededUser, method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: unknown) {
  return t.app.inject({
    method,
    url: `/api/v1${url}`,
    headers: { cookie: cookies.get(user.id)! },
    ...(payload !== undefined ? { payload: payload as Record<string, unknown> } : {}),
  });
}

function upload(
  user: SeededUser,
  disclosureId: string,
  file: { filename: string; contentType: string; bytes: Buffer },
) {
  const { payload, headers } = multipartPayload(file);
  return t.app.inject({
    method: 'POST',
    url: `/api/v1/disclosures/${disclosureId}/attachments`,
    headers: { ...headers, cookie: cookies.get(user.id)! },
    payload,
  });
}

async function draft(user: SeededUser, fields: Record<string, unknown> = {}): Promise<string> {
  const res = await call(user, 'POST', '/disclosures', { type: 'SPONSORSHIP', companyName: 'Local Coffee', ...fields });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().id as string;
}

/** Makes a draft visible to reviewers (PENDING) without the workflow: the file routes only read the row. */
async function markPending(id: string) {
  await t.database.db
    .updateTable('disclosures')
    .set({ status: 'PENDING', submitted_at: new Date() })
    .where('id', '=', id)
    .execute();
}

const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(64, 1)]);

describe('disclosure attachments', () => {
  it('stores a PDF with its hash and lists it; the bytes come back to the owner and to a reviewer, audited', async () => {
    const id = await draft(athlete);
    const pdf = await makePdf(1);
    const res = await upload(athlete, id, { filename: 'contract.pdf', contentType: 'application/pdf', bytes: pdf });
    expect(res.statusCode, res.body).toBe(201);
    const [attachment] = res.json().attachments;
    expect(attachment).toMatchObject({ name: 'contract.pdf', size: pdf.length, contentType: 'application/pdf' });
    expect(attachment.fileId).toMatch(/^[0-9a-f-]{36}$/);
    expect(attachment.sha256).toMatch(/^[0-9a-f]{64}$/);
    expect(res.json().history.map((h: { action: string }) => h.action)).toContain('attach');

    const own = await call(athlete, 'GET', `/disclosures/${id}/attachments/${attachment.fileId}`);
    expect(own.statusCode).toBe(200);
    expect(own.headers['content-type']).toBe('application/pdf');
    expect(own.headers['content-disposition']).toContain('attachment; filename="contract.pdf"');
    expect(own.rawPayload.equals(pdf)).toBe(true);

    await markPending(id);
    const asReviewer = await call(reviewer, 'GET', `/disclosures/${id}/attachments/${attachment.fileId}`);
    expect(asReviewer.statusCode).toBe(200);
    expect(asReviewer.rawPayload.equals(pdf)).toBe(true);
    expect((await call(reviewer, 'GET', `/disclosures/${id}`)).json().can.download).toBe(true);

    const audit = await t.database.db
      .selectFrom('audit_events')
      .select(['action', 'actor_user_id'])
      .where('target_id', '=', id)
      .orderBy('created_at')
      .execute();
    expect(audit).toEqual([
      { action: 'disclosure.attachment_uploaded', actor_user_id: athlete.id },
      { action: 'disclosure.attachment_downloaded', actor_user_id: athlete.id },
      { action: 'disclosure.attachment_downloaded', actor_user_id: reviewer.id },
    ]);
  });

  it('refuses another athlete and another school with 404, and a staff admin without compliance with 403', async () => {
    const id = await draft(athlete);
    const res = await upload(athlete, id, { filename: 'photo.png', contentType: 'image/png', bytes: png });
    const fileId = res.json().attachments[0].fileId as string;
    await markPending(id);
    const url = `/disclosures/${id}/attachments/${fileId}`;
    for (const user of [otherAthlete, foreignAthlete, foreignAdmin]) {
      const denied = await call(user, 'GET', url);
      expect(denied.statusCode).toBe(404);
      expect(denied.json()).toEqual({ error: { code: 'NOT_FOUND', message: 'Not found.' } });
    }
    expect((await call(staffAdmin, 'GET', url)).statusCode).toBe(403);
    expect((await call(coach, 'GET', url)).statusCode).toBe(403);
    // A file id listed on another disclosure of the same athlete answers 404 through this one.
    const other = await draft(athlete);
    expect((await call(athlete, 'GET', `/disclosures/${other}/attachments/${fileId}`)).statusCode).toBe(404);
  });

  it('checks type by name and first bytes, size and count, in the catalogue wording', async () => {
    const id = await draft(athlete);
    const exe = await upload(athlete, id, {
      filename: 'run.exe',
      contentType: 'application/octet-stream',
      bytes: Buffer.from('MZ\u0090\u0000binary'),
    });
    expect(exe.statusCode).toBe(415);
    expect(exe.json().error).toMatchObject({
      code: 'FILE_TYPE_NOT_ALLOWED',
      message: 'This file type is not allowed.',
    });
    // A PNG renamed .pdf: the extension is allowed, the first bytes are not a PDF.
    const renamed = await upload(athlete, id, { filename: 'fake.pdf', contentType: 'application/pdf', bytes: png });
    expect(renamed.statusCode).toBe(415);
    expect(renamed.json().error.code).toBe('FILE_TYPE_NOT_ALLOWED');
    const big = Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(20 * 1024 * 1024, 0x20)]);
    const tooBig = await upload(athlete, id, { filename: 'big.pdf', contentType: 'application/pdf', bytes: big });
    expect(tooBig.statusCode).toBe(413);
    expect(tooBig.json().error).toMatchObject({
      code: 'FILE_TOO_LARGE',
      message: 'File too large.',
      details: [{ field: 'file', message: 'File too large: the limit is 20 MB.' }],
    });
    const csv = await upload(athlete, id, {
      filename: 'earnings.csv',
      contentType: 'application/octet-stream',
      bytes: Buffer.from(`month,amount\n${daysFromToday(0).slice(0, 7)},250\n`),
    });
    expect(csv.statusCode, csv.body).toBe(201);
    expect(csv.json().attachments[0].contentType).toBe('text/csv');
    for (let i = 0; i < 4; i++) {
      const ok = await upload(athlete, id, { filename: `p${i}.png`, contentType: 'image/png', bytes: png });
      expect(ok.statusCode).toBe(201);
    }
    const sixth = await upload(athlete, id, { filename: 'p6.png', contentType: 'image/png', bytes: png });
    expect(sixth.statusCode).toBe(400);
    expect(sixth.json().error).toMatchObject({ code: 'TOO_MANY_FILES', message: 'Max 5 files.' });
    const count = await t.database.db
      .selectFrom('stored_files')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('uploaded_by', '=', athlete.id)
      .where('filename', 'in', ['run.exe', 'fake.pdf', 'big.pdf', 'p6.png'])
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(0);
  });

  it('lets only the owner add or remove files, and only while the disclosure is editable', async () => {
    const id = await draft(athlete);
    const added = await upload(athlete, id, { filename: 'a.png', contentType: 'image/png', bytes: png });
    const fileId = added.json().attachments[0].fileId as string;
    expect(
      (await upload(otherAthlete, id, { filename: 'b.png', contentType: 'image/png', bytes: png })).statusCode,
    ).toBe(404);
    expect((await call(otherAthlete, 'DELETE', `/disclosures/${id}/attachments/${fileId}`)).statusCode).toBe(404);
    const removed = await call(athlete, 'DELETE', `/disclosures/${id}/attachments/${fileId}`);
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json().attachments).toEqual([]);
    expect(await t.database.db.selectFrom('stored_files').select('id').where('id', '=', fileId).execute()).toHaveLength(
      0,
    );
    await markPending(id);
    const late = await upload(athlete, id, { filename: 'c.png', contentType: 'image/png', bytes: png });
    expect(late.statusCode).toBe(409);
    expect(late.json().error.code).toBe('DISCLOSURE_NOT_EDITABLE');
  });
});

describe('group and team participants', () => {
  it('accepts student-athletes of the school, drops the submitter and names them in the detail', async () => {
    const id = await draft(athlete, { dealType: 'GROUP', participants: [teammate.id, athlete.id, teammate.id] });
    const detail = (await call(athlete, 'GET', `/disclosures/${id}`)).json();
    expect(detail.participants).toEqual([{ id: teammate.id, name: expect.stringMatching(/^Tim /) }]);
    const options = (await call(athlete, 'GET', '/disclosures/participant-options')).json().items as Array<{
      id: string;
    }>;
    expect(options.map((o) => o.id)).toEqual(expect.arrayContaining([athlete.id, teammate.id, otherAthlete.id]));
    expect(options.map((o) => o.id)).not.toContain(foreignAthlete.id);
    expect(options.map((o) => o.id)).not.toContain(coach.id);
  });

  it('refuses another school’s athlete, a coach or a name, with the catalogue wording per position', async () => {
    for (const bad of [foreignAthlete.id, coach.id, reviewer.id]) {
      const res = await call(athlete, 'POST', '/disclosures', {
        type: 'CAMPS',
        dealType: 'TEAM',
        participants: [teammate.id, bad],
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toEqual({
        code: 'DISCLOSURE_PARTICIPANTS_INVALID',
        message: 'Participants must be student-athletes of your school.',
        details: [
          {
            field: 'participants.1',
            message: 'Participants must be student-athletes of your school.',
            code: 'DISCLOSURE_PARTICIPANTS_INVALID',
          },
        ],
      });
    }
    const id = await draft(athlete, { dealType: 'GROUP' });
    const named = await call(athlete, 'PATCH', `/disclosures/${id}`, { participants: ['Tim Teammate'] });
    expect(named.statusCode).toBe(400);
    // A name is not an id: the schema refuses it, with the catalogue wording on the field.
    expect(named.json().error.details[0]).toMatchObject({
      field: 'participants.0',
      message: 'Participants must be student-athletes of your school.',
    });
  });

  it('needs at least one other athlete to submit a group deal', async () => {
    const id = await draft(athlete, {
      dealType: 'GROUP',
      participants: [athlete.id],
      startDate: daysFromToday(60),
      endDate: daysFromToday(61),
      location: 'Austin',
      paymentType: 'MONETARY',
      amount: 100,
      pointOfContact: { name: 'Pat' },
    });
    const res = await call(athlete, 'POST', `/disclosures/${id}/submit`, {});
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({
      code: 'MANDATORY_FIELD',
      details: [{ field: 'participants', message: 'Mandatory fields cannot be empty.' }],
    });
  });
});
