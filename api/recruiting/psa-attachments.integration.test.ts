import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backendPid, asAnotherClient, untilBlockedBy } from '../test-support/lock-waits';
import { createTestApp, type TestApp } from '../test-support/test-app';
import { seedSchool, seedUser, sessionCookie, type SeededUser } from '../test-support/seed-school';
import { psaProfile } from './psa-profile';
import { findPsa, listPsas } from './psas.repository';

/**
 * Prospect attachments through the API on the real PostgreSQL: upload, list, audited download and deletion; the
 * spec's limits (20 files per PSA, 20 MB each, the allowed file types) in its wording; staff only; another school's
 * prospect or attachment is a 404. A merge moves the duplicate's files to the prospect kept, or is refused when the
 * two hold more than 20 together; the provider's operator lists and downloads them read-only.
 */
let t: TestApp;
let schoolId: string;
let admin: SeededUser;
let coach: SeededUser;
let athlete: SeededUser;
let outsider: SeededUser;
let operator: SeededUser;
const cookies = new Map<string, string>();

const PDF = (size = 64) => Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(Math.max(0, size - 9), 0x20)]);
const MB = 1024 * 1024;

async function call(user: SeededUser, method: 'GET' | 'POST' | 'DELETE', url: string, payload?: unknown) {
  const res = await t.app.inject({
    method,
    url: `/api/v1${url}`,
    headers: { cookie: cookies.get(user.id)! },
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
  const text = res.body;
  return {
    status: res.statusCode,
    headers: res.headers,
    raw: res.rawPayload,
    body: text.startsWith('{') || text.startsWith('[') ? res.json() : text,
  };
}

async function upload(user: SeededUser, psaId: string, name: string, bytes: Buffer) {
  const boundary = '----psaatt' + Math.random().toString(16).slice(2);
  const body = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
    ),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/v1/psas/${psaId}/attachments`,
    headers: { cookie: cookies.get(user.id)!, 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload: body,
  });
  return { status: res.statusCode, body: res.json() };
}

async function newPsa(school = schoolId, last = 'Prospect'): Promise<string> {
  return (
    await t.database.db
      .insertInto('psas')
      .values({ school_id: school, first_name: 'Ada', last_name: last })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
}

async function auditActions(psaId: string): Promise<string[]> {
  const rows = await t.database.db
    .selectFrom('audit_events')
    .select('action')
    .where('school_id', '=', schoolId)
    .where('target_id', '=', psaId)
    .orderBy('created_at')
    .execute();
  return rows.map((r) => r.action);
}

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  schoolId = (await seedSchool(db)).id;
  admin = await seedUser(db, schoolId, { roles: [{ role: 'SCHOOL_ADMIN', compliance: true }] });
  coach = await seedUser(db, schoolId, { roles: [{ role: 'COACH', titleGroup: 'HEAD_COACH' }] });
  athlete = await seedUser(db, schoolId, { roles: [{ role: 'STUDENT_ATHLETE' }] });
  outsider = await seedUser(db, (await seedSchool(db)).id, { roles: [{ role: 'SCHOOL_ADMIN', compliance: true }] });
  operator = await seedUser(db, (await seedSchool(db, { kind: 'PROVIDER' })).id, { roles: [{ role: 'OPERATOR' }] });
  for (const u of [admin, coach, athlete, outsider, operator]) cookies.set(u.id, await sessionCookie(db, u));
}, 120_000);

afterAll(async () => {
  await t?.close();
});

describe('prospect attachments', () => {
  it('uploads, lists, downloads and deletes a file, audited and in the prospect history', async () => {
    const psaId = await newPsa();
    const empty = await call(coach, 'GET', `/psas/${psaId}/attachments`);
    expect(empty.status).toBe(200);
    expect(empty.body).toEqual({ items: [], maxFiles: 20, maxFileBytes: 20 * MB });

    const up = await upload(coach, psaId, 'transcript.pdf', PDF(200));
    expect(up.status).toBe(201);
    expect(up.body.items).toHaveLength(1);
    const item = up.body.items[0];
    expect(item).toMatchObject({ filename: 'transcript.pdf', contentType: 'application/pdf', sizeBytes: 200 });
    expect(item.uploadedBy).toBe(coach.id);

    const listed = await call(admin, 'GET', `/psas/${psaId}/attachments`);
    expect(listed.body.items.map((a: { id: string }) => a.id)).toEqual([item.id]);

    const down = await call(admin, 'GET', `/psas/${psaId}/attachments/${item.id}`);
    expect(down.status).toBe(200);
    expect(down.headers['content-type']).toContain('application/pdf');
    expect(down.headers['content-disposition']).toContain('transcript.pdf');
    expect(Buffer.compare(down.raw, PDF(200))).toBe(0);

    const del = await call(admin, 'DELETE', `/psas/${psaId}/attachments/${item.id}`);
    expect(del.status).toBe(200);
    expect(del.body.items).toEqual([]);
    expect((await call(admin, 'GET', `/psas/${psaId}/attachments/${item.id}`)).status).toBe(404);
    const stored = await t.database.db
      .selectFrom('stored_files')
      .select('id')
      .where('school_id', '=', schoolId)
      .where('purpose', '=', 'psa-attachment')
      .where('filename', '=', 'transcript.pdf')
      .execute();
    expect(stored).toEqual([]);

    expect(await auditActions(psaId)).toEqual([
      'psa.attachment_uploaded',
      'psa.attachment_downloaded',
      'psa.attachment_deleted',
    ]);
    const profile = await call(coach, 'GET', `/psas/${psaId}`);
    expect(profile.body.events.map((e: { action: string }) => e.action)).toEqual(
      expect.arrayContaining(['attachmentAdded', 'attachmentRemoved']),
    );
  });

  it('keeps at most 20 files per prospect, in the spec wording', async () => {
    const psaId = await newPsa();
    for (let i = 0; i < 20; i++) {
      expect((await upload(coach, psaId, `film-${i}.pdf`, PDF(32))).status).toBe(201);
    }
    const over = await upload(coach, psaId, 'one-more.pdf', PDF(32));
    expect(over.status).toBe(400);
    expect(over.body.error.code).toBe('PSA_ATTACHMENTS_LIMIT');
    expect(over.body.error.message).toBe('Upload limits exceeded: max 20 files per PSA.');
    expect((await call(coach, 'GET', `/psas/${psaId}/attachments`)).body.items).toHaveLength(20);
    // Another prospect still has room: the limit is per PSA.
    expect((await upload(coach, await newPsa(), 'film.pdf', PDF(32))).status).toBe(201);
  });

  it('refuses a file over 20 MB and a type the spec does not allow', async () => {
    const psaId = await newPsa();
    const big = await upload(coach, psaId, 'huge.pdf', PDF(20 * MB + 1));
    expect(big.status).toBe(413);
    expect(big.body.error.code).toBe('FILE_TOO_LARGE');
    expect(big.body.error.details[0].message).toBe('File too large: the limit is 20 MB.');

    const exe = await upload(coach, psaId, 'setup.exe', Buffer.from('MZ\x90\x00program'));
    expect(exe.status).toBe(415);
    expect(exe.body.error.code).toBe('FILE_TYPE_NOT_ALLOWED');
    // A program renamed .pdf is refused by its first bytes.
    const renamed = await upload(coach, psaId, 'film.pdf', Buffer.from('MZ\x90\x00program'));
    expect(renamed.status).toBe(415);
    const emptyFile = await upload(coach, psaId, 'empty.pdf', Buffer.alloc(0));
    expect(emptyFile.status).toBe(400);

    expect((await call(coach, 'GET', `/psas/${psaId}/attachments`)).body.items).toEqual([]);
    expect(await auditActions(psaId)).toEqual([]);
  });

  it('answers 404 for another school’s prospect and attachment, and refuses non-staff', async () => {
    const psaId = await newPsa();
    const up = await upload(coach, psaId, 'transcript.pdf', PDF(64));
    const attachmentId = up.body.items[0].id;

    expect((await call(outsider, 'GET', `/psas/${psaId}/attachments`)).status).toBe(404);
    expect((await upload(outsider, psaId, 'x.pdf', PDF(32))).status).toBe(404);
    expect((await call(outsider, 'GET', `/psas/${psaId}/attachments/${attachmentId}`)).status).toBe(404);
    expect((await call(outsider, 'DELETE', `/psas/${psaId}/attachments/${attachmentId}`)).status).toBe(404);
    // The attachment asked for through another prospect of the same school is not found either.
    const other = await newPsa();
    expect((await call(coach, 'GET', `/psas/${other}/attachments/${attachmentId}`)).status).toBe(404);
    expect((await call(coach, 'DELETE', `/psas/${other}/attachments/${attachmentId}`)).status).toBe(404);

    expect((await call(athlete, 'GET', `/psas/${psaId}/attachments`)).status).toBe(403);
    expect((await upload(athlete, psaId, 'x.pdf', PDF(32))).status).toBe(403);
    expect((await call(athlete, 'DELETE', `/psas/${psaId}/attachments/${attachmentId}`)).status).toBe(403);

    expect((await call(coach, 'GET', `/psas/${psaId}/attachments`)).body.items).toHaveLength(1);
  });
});

describe('prospect attachments in a merge', () => {
  async function filesOf(psaId: string): Promise<string[]> {
    const res = await call(coach, 'GET', `/psas/${psaId}/attachments`);
    expect(res.status).toBe(200);
    return (res.body.items as { filename: string }[]).map((a) => a.filename).sort();
  }

  it("moves the duplicate's files to the prospect kept, downloadable there, with the count in the merge's details", async () => {
    const keep = await newPsa(schoolId, 'Kept');
    const drop = await newPsa(schoolId, 'Duplicate');
    expect((await upload(coach, keep, 'kept.pdf', PDF(40))).status).toBe(201);
    const one = (await upload(coach, drop, 'film.pdf', PDF(50))).body.items[0];
    expect((await upload(coach, drop, 'schedule.pdf', PDF(60))).status).toBe(201);

    const merged = await call(admin, 'POST', `/psas/${keep}/merge`, { duplicateId: drop });
    expect(merged.status).toBe(200);
    expect(await filesOf(keep)).toEqual(['film.pdf', 'kept.pdf', 'schedule.pdf']);
    // The moved file downloads from the prospect kept, its bytes unchanged; the duplicate answers 404.
    const down = await call(coach, 'GET', `/psas/${keep}/attachments/${one.id}`);
    expect(down.status).toBe(200);
    expect(Buffer.compare(down.raw, PDF(50))).toBe(0);
    expect((await call(coach, 'GET', `/psas/${drop}/attachments`)).status).toBe(404);
    expect((await call(coach, 'GET', `/psas/${drop}/attachments/${one.id}`)).status).toBe(404);

    const event = merged.body.events.find((e: { action: string }) => e.action === 'merged');
    expect(event.details).toMatchObject({ mergedId: drop, attachmentsMoved: 2 });
    const audit = await t.database.db
      .selectFrom('audit_events')
      .select('details')
      .where('school_id', '=', schoolId)
      .where('action', '=', 'psa.merged')
      .where('target_id', '=', keep)
      .executeTakeFirstOrThrow();
    expect(audit.details).toMatchObject({ mergedId: drop, attachmentsMoved: 2 });

    // A merge of a duplicate without files records none moved.
    const empty = await newPsa(schoolId, 'Empty');
    const again = await call(admin, 'POST', `/psas/${keep}/merge`, { duplicateId: empty });
    expect(again.status).toBe(200);
    const last = again.body.events.filter((e: { action: string }) => e.action === 'merged');
    expect(last.map((e: { details: { attachmentsMoved: number } }) => e.details.attachmentsMoved).sort()).toEqual([
      0, 2,
    ]);
  });

  it('refuses a merge that would leave more than 20 files, in the spec wording, and changes nothing', async () => {
    const keep = await newPsa(schoolId, 'Kept');
    const drop = await newPsa(schoolId, 'Duplicate');
    for (let i = 0; i < 15; i++) expect((await upload(coach, keep, `k-${i}.pdf`, PDF(32))).status).toBe(201);
    for (let i = 0; i < 6; i++) expect((await upload(coach, drop, `d-${i}.pdf`, PDF(32))).status).toBe(201);
    await t.database.db
      .updateTable('psas')
      .set({ tags: ['Visit'] })
      .where('id', '=', drop)
      .execute();
    const before = await t.database.db.selectFrom('psas').selectAll().where('id', 'in', [keep, drop]).execute();

    const refused = await call(admin, 'POST', `/psas/${keep}/merge`, { duplicateId: drop });
    expect(refused.status).toBe(400);
    expect(refused.body.error.code).toBe('PSA_ATTACHMENTS_LIMIT');
    expect(refused.body.error.message).toBe('Upload limits exceeded: max 20 files per PSA.');

    const after = await t.database.db.selectFrom('psas').selectAll().where('id', 'in', [keep, drop]).execute();
    expect(after).toEqual(before);
    expect(await filesOf(keep)).toHaveLength(15);
    expect(await filesOf(drop)).toHaveLength(6);
    expect(await auditActions(keep)).not.toContain('psa.merged');

    // With one file fewer the two make exactly 20: the merge goes through.
    const listed = await call(coach, 'GET', `/psas/${drop}/attachments`);
    expect((await call(coach, 'DELETE', `/psas/${drop}/attachments/${listed.body.items[0].id}`)).status).toBe(200);
    expect((await call(admin, 'POST', `/psas/${keep}/merge`, { duplicateId: drop })).status).toBe(200);
    expect(await filesOf(keep)).toHaveLength(20);
    expect((await upload(coach, keep, 'one-more.pdf', PDF(32))).body.error.code).toBe('PSA_ATTACHMENTS_LIMIT');
  });
});

describe('a merge racing uploads and edits', () => {
  async function attachmentCounts(ids: string[]): Promise<Record<string, number>> {
    const rows = await t.database.db
      .selectFrom('psa_attachments')
      .select(['psa_id', (eb) => eb.fn.countAll<string>().as('n')])
      .where('psa_id', 'in', ids)
      .groupBy('psa_id')
      .execute();
    return Object.fromEntries(ids.map((id) => [id, Number(rows.find((r) => r.psa_id === id)?.n ?? 0)]));
  }

  it('ends with every file on an open prospect, at most 20, whatever order uploads and the merge take', async () => {
    for (let round = 0; round < 3; round++) {
      const keep = await newPsa(schoolId, `Kept ${round}`);
      const drop = await newPsa(schoolId, `Duplicate ${round}`);
      for (let i = 0; i < 10; i++) expect((await upload(coach, keep, `k-${i}.pdf`, PDF(32))).status).toBe(201);
      for (let i = 0; i < 8; i++) expect((await upload(coach, drop, `d-${i}.pdf`, PDF(32))).status).toBe(201);

      const uploads = [keep, drop, keep, drop].map((psaId, i) => upload(coach, psaId, `late-${i}.pdf`, PDF(32)));
      const merging = call(admin, 'POST', `/psas/${keep}/merge`, { duplicateId: drop });
      const answers = await Promise.all(uploads);
      const merge = await merging;

      for (const a of answers) {
        expect([201, 400, 404], JSON.stringify(a.body)).toContain(a.status);
        if (a.status === 400) expect(a.body.error.code).toBe('PSA_ATTACHMENTS_LIMIT');
        if (a.status === 404) expect(a.body.error.code).toBe('NOT_FOUND');
      }
      expect([200, 400], JSON.stringify(merge.body)).toContain(merge.status);
      const stored = answers.filter((a) => a.status === 201).length;
      const counts = await attachmentCounts([keep, drop]);
      if (merge.status === 200) {
        // Nothing left on the prospect merged away; the one kept holds all, within the limit.
        expect(counts).toEqual({ [keep]: 18 + stored, [drop]: 0 });
        expect(counts[keep]).toBeLessThanOrEqual(20);
      } else {
        expect(merge.body.error.code).toBe('PSA_ATTACHMENTS_LIMIT');
        expect(counts[keep]! + counts[drop]!).toBe(18 + stored);
      }
    }
  });

  it('keeps an edit of the prospect kept that commits while the merge waits for its lock', async () => {
    const keep = await newPsa(schoolId, 'Kept');
    const drop = await newPsa(schoolId, 'Duplicate');
    await t.database.db
      .updateTable('psas')
      .set({ tags: ['Visit'] })
      .where('id', '=', keep)
      .execute();
    await t.database.db
      .updateTable('psas')
      .set({ tags: ['Camp'] })
      .where('id', '=', drop)
      .execute();

    let merging: ReturnType<typeof call> | undefined;
    await t.database.db.transaction().execute(async (trx) => {
      // An edit holds the kept prospect's row while the merge arrives; it commits once the merge waits on the lock.
      await trx.selectFrom('psas').select('id').where('id', '=', keep).forUpdate().execute();
      const pid = await backendPid(trx);
      merging = asAnotherClient(() => call(admin, 'POST', `/psas/${keep}/merge`, { duplicateId: drop }));
      await untilBlockedBy(t.database.db, pid, 'the merge');
      await trx
        .updateTable('psas')
        .set({ tags: ['Visit', 'Official visit'] })
        .where('id', '=', keep)
        .execute();
    });
    const merged = await merging!;
    expect(merged.status, JSON.stringify(merged.body)).toBe(200);
    const row = await t.database.db.selectFrom('psas').select('tags').where('id', '=', keep).executeTakeFirstOrThrow();
    expect(row.tags).toEqual(['Visit', 'Official visit', 'Camp']);
  });
});

describe("the provider operator's read-only attachments", () => {
  it('lists and downloads a school prospect’s files, audited in the school’s log with the operator as actor', async () => {
    const psaId = await newPsa();
    const empty = await call(operator, 'GET', `/operator/psas/${psaId}/attachments`);
    expect(empty.status).toBe(200);
    expect(empty.body).toEqual({ items: [], maxFiles: 20, maxFileBytes: 20 * MB });

    const item = (await upload(coach, psaId, 'transcript.pdf', PDF(120))).body.items[0];
    const listed = await call(operator, 'GET', `/operator/psas/${psaId}/attachments`);
    expect(listed.status).toBe(200);
    expect(listed.body.items).toEqual([
      expect.objectContaining({ id: item.id, filename: 'transcript.pdf', sizeBytes: 120, uploadedBy: coach.id }),
    ]);
    expect(listed.body.items[0].uploaderName).toBeTruthy();
    expect(Object.keys(listed.body.items[0]).sort()).toEqual(
      ['contentType', 'createdAt', 'filename', 'id', 'sizeBytes', 'uploadedBy', 'uploaderName'].sort(),
    );

    const down = await call(operator, 'GET', `/operator/psas/${psaId}/attachments/${item.id}`);
    expect(down.status).toBe(200);
    expect(down.headers['content-type']).toContain('application/pdf');
    expect(down.headers['content-disposition']).toContain('transcript.pdf');
    expect(Buffer.compare(down.raw, PDF(120))).toBe(0);
    const audit = await t.database.db
      .selectFrom('audit_events')
      .select(['actor_user_id', 'details'])
      .where('school_id', '=', schoolId)
      .where('target_id', '=', psaId)
      .where('action', '=', 'psa.attachment_downloaded')
      .execute();
    expect(audit).toEqual([
      {
        actor_user_id: operator.id,
        details: expect.objectContaining({ attachmentId: item.id, filename: 'transcript.pdf' }),
      },
    ]);
  });

  it('refuses school staff, and answers 404 for an unknown or merged-away prospect or another prospect’s file', async () => {
    const psaId = await newPsa();
    const item = (await upload(coach, psaId, 'transcript.pdf', PDF(64))).body.items[0];
    for (const user of [admin, coach, athlete, outsider]) {
      expect((await call(user, 'GET', `/operator/psas/${psaId}/attachments`)).status).toBe(403);
      expect((await call(user, 'GET', `/operator/psas/${psaId}/attachments/${item.id}`)).status).toBe(403);
    }
    const unknown = '00000000-0000-4000-8000-000000000000';
    expect((await call(operator, 'GET', `/operator/psas/${unknown}/attachments`)).status).toBe(404);
    expect((await call(operator, 'GET', `/operator/psas/${unknown}/attachments/${item.id}`)).status).toBe(404);
    const other = await newPsa();
    expect((await call(operator, 'GET', `/operator/psas/${other}/attachments/${item.id}`)).status).toBe(404);
    expect((await call(operator, 'GET', `/operator/psas/${psaId}/attachments/${unknown}`)).status).toBe(404);
    // There is no operator delete (the route answers GET only) and no operator upload.
    expect((await call(operator, 'DELETE', `/operator/psas/${psaId}/attachments/${item.id}`)).status).toBe(405);
    expect((await upload(operator, psaId, 'x.pdf', PDF(32))).status).toBe(403);

    // Merged away, the prospect is gone for the operator too; its file answers from the prospect kept.
    const keep = await newPsa();
    expect((await call(admin, 'POST', `/psas/${keep}/merge`, { duplicateId: psaId })).status).toBe(200);
    expect((await call(operator, 'GET', `/operator/psas/${psaId}/attachments`)).status).toBe(404);
    expect((await call(operator, 'GET', `/operator/psas/${psaId}/attachments/${item.id}`)).status).toBe(404);
    expect((await call(operator, 'GET', `/operator/psas/${keep}/attachments/${item.id}`)).status).toBe(200);
    expect((await call(coach, 'GET', `/psas/${psaId}/attachments`)).status).toBe(404);
  });
});

describe("the provider operator's read-only prospects", () => {
  it('answers the school’s prospect list and a profile with every property the records hold', async () => {
    const db = t.database.db;
    const psaId = await newPsa(schoolId, 'Operatorview');
    await upload(coach, psaId, 'transcript.pdf', PDF(64));
    const asJson = (value: unknown) => JSON.parse(JSON.stringify(value)) as unknown;
    const profile = await call(operator, 'GET', `/operator/psas/${psaId}`);
    expect(profile.status).toBe(200);
    expect(profile.body).toEqual(
      asJson({ schoolId, ...(await psaProfile(db, schoolId, (await findPsa(db, schoolId, psaId))!)) }),
    );
    expect(profile.body.events.length).toBeGreaterThan(0);
    const list = await call(operator, 'GET', `/schools/${schoolId}/psas?search=Operatorview`);
    expect(list.status).toBe(200);
    const page = await listPsas(db, schoolId, { archived: false, search: 'Operatorview' }, 50, 0);
    expect(list.body).toEqual({ schoolName: expect.any(String), ...(asJson(page) as object), limit: 50, offset: 0 });
    expect(list.body.items).toHaveLength(1);
  });
});
