import * as XLSX from '@e965/xlsx';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAppWithWorker, type AppWithWorker } from '../test-support/app-with-worker';
import { makePdf, multipartPayload } from '../test-support/forms';
import { seedSchool, seedUser, sessionCookie, uniqueTag } from '../test-support/seed-school';
import { asAnotherClient, backendPid, untilBlockedBy } from '../test-support/lock-waits';

/**
 * Student-athlete profiles end to end through the API on the real database (and the real Temporal server for
 * invitations): every field, the spec's limits and wording, the views of admin, coach and athlete, tenant
 * isolation, tags, files, the list's export and account actions.
 */
let t: AppWithWorker;
let schoolId: string;
let admin: string;
let adminId: string;
let coach: string;
let otherCoach: string;
let teamId: string;
let otherTeamId: string;
let foreignAdmin: string;

async function api(cookie: string, method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE', url: string, payload?: object) {
  return t.app.inject({ method, url: `/api/v1${url}`, headers: { cookie }, ...(payload ? { payload } : {}) });
}

async function newAthlete(fields: Record<string, unknown> = {}): Promise<string> {
  const res = await api(admin, 'POST', '/athletes', {
    email: `ath-${uniqueTag()}@test.example`,
    firstName: 'Sam',
    lastName: `Rivera ${uniqueTag()}`,
    sportTeamId: teamId,
    ...fields,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().athlete.id;
}

/** A session of the athlete themself, as if they had accepted their invitation (account active). */
async function athleteCookie(id: string): Promise<string> {
  await t.database.db.updateTable('users').set({ status: 'ACTIVE' }).where('id', '=', id).execute();
  return sessionCookie(t.database.db, { id, email: '', schoolId });
}

beforeAll(async () => {
  t = await startAppWithWorker('athlete-profiles');
  const db = t.database.db;
  const school = await seedSchool(db);
  schoolId = school.id;
  const team = async (name: string) =>
    (
      await db
        .insertInto('sport_teams')
        .values({ school_id: schoolId, name, sport: name, gender: 'WOMEN' })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
  teamId = await team(`Volleyball ${school.tag}`);
  otherTeamId = await team(`Tennis ${school.tag}`);
  const adminUser = await seedUser(db, schoolId);
  adminId = adminUser.id;
  admin = await sessionCookie(db, adminUser);
  const coachRole = { roles: [{ role: 'COACH' as const, titleGroup: 'HEAD_COACH' as const }] };
  coach = await sessionCookie(db, await seedUser(db, schoolId, { ...coachRole, sportTeamId: teamId }));
  otherCoach = await sessionCookie(db, await seedUser(db, schoolId, { ...coachRole, sportTeamId: otherTeamId }));
  const foreign = await seedSchool(db);
  foreignAdmin = await sessionCookie(db, await seedUser(db, foreign.id));
}, 120_000);
afterAll(async () => t?.close());

describe('athlete profile fields', () => {
  it('round-trips every profile field and shows the 23 list columns from real columns', async () => {
    const id = await newAthlete({
      dateOfBirth: '2005-09-12',
      studentIdNumber: 'V-77',
      class: 'THIRD_YEAR',
      residencyStatus: 'INTERNATIONAL',
      aidType: 'COMBO',
      cumulativeGpa: 3.45,
      credits: 75,
      isAtRisk: true,
      isTransferStudent: true,
      isEnrolledFullTime: true,
      enrollmentTerm: 'SPRING',
      enrollmentYear: 2023,
      enrollmentTermForThisInstitution: 'FALL',
      enrollmentYearForThisInstitution: 2024,
      athleticGrantAmount: 12000,
      totalAidPercentage: 80,
      totalAidAmount: 15000.5,
      eligibilityTypes: ['academic', 'competition'],
      positions: ['Setter', 'Libero'],
      rosterStatus: 'UNOFFICIAL',
      athleteStatus: 'REDSHIRT',
      bio: 'Two-time all-conference.',
      academicAdvisorId: adminId,
      parents: [{ name: 'Ana Rivera', email: 'ana@test.example', phone: '5125550111' }],
      socialMedia: { instagram: `https://instagram.com/sam${uniqueTag()}` },
      notes: 'Watch workload.',
      tags: ['Captain', 'Scholarship'],
    });
    const view = (await api(admin, 'GET', `/athletes/${id}`)).json();
    expect(view.viewer).toBe('admin');
    expect(view.academicAdvisorName).toMatch(/Test User/);
    expect(view.profile).toMatchObject({
      cumulativeGpa: 3.45,
      gpa: 3.45,
      credits: 75,
      positions: ['Setter', 'Libero'],
      position: 'Setter, Libero',
      eligibilityTypes: ['academic', 'competition'],
      aidType: 'COMBO',
      notes: 'Watch workload.',
      academicAdvisorId: adminId,
    });
    expect(view.tags.map((x: { name: string }) => x.name)).toEqual(['Captain', 'Scholarship']);
    const stored = await t.database.db
      .selectFrom('athlete_profiles')
      .select(['cumulative_gpa', 'positions', 'total_aid_amount', 'data'])
      .where('user_id', '=', id)
      .executeTakeFirstOrThrow();
    expect(stored).toMatchObject({ cumulative_gpa: 3.45, positions: ['Setter', 'Libero'], total_aid_amount: 15000.5 });
    expect(stored.data).not.toHaveProperty('gpa');

    const list = (await api(admin, 'GET', `/athletes?q=V-77`)).json();
    expect(Object.keys(list.items[0]).filter((k) => k !== 'id' && k !== 'sportTeamId')).toHaveLength(23);
    expect(list.items[0]).toMatchObject({
      cumulativeGPA: 3.45,
      isAtRisk: true,
      isTransferStudent: true,
      enrollmentAtThisInstitution: 'FALL 2024',
      enrollmentAtAnyInstitution: 'SPRING 2023',
      aidType: 'COMBO',
      totalAidPercentage: 80,
      eligibility: ['academic', 'competition'],
      tags: ['Captain', 'Scholarship'],
      position: 'Setter, Libero',
    });
  });

  it('refuses a fourth position, bad or reused social links and a non-staff advisor in the spec wording', async () => {
    const id = await newAthlete();
    const four = await api(admin, 'PATCH', `/athletes/${id}`, { position: 'A, B, C, D' });
    expect(four.statusCode).toBe(400);
    expect(four.json().error).toMatchObject({ code: 'POSITIONS_LIMIT', message: 'Positions max 3, comma separated.' });

    const wrongNetwork = await api(admin, 'PATCH', `/athletes/${id}`, {
      socialMedia: { instagram: 'https://facebook.com/sam' },
    });
    expect(wrongNetwork.statusCode).toBe(400);
    expect(wrongNetwork.json().error.code).toBe('SOCIAL_LINK_INVALID');
    expect(wrongNetwork.json().error.details[0].field).toBe('socialMedia.instagram');

    const link = `https://www.tiktok.com/@taken${uniqueTag()}`;
    expect((await api(admin, 'PATCH', `/athletes/${id}`, { socialMedia: { tiktok: link } })).statusCode).toBe(200);
    const other = await newAthlete();
    const reused = await api(admin, 'PATCH', `/athletes/${other}`, {
      socialMedia: { tiktok: link.replace('https://www.', 'http://').toUpperCase().replace('HTTP://', 'http://') },
    });
    expect(reused.statusCode).toBe(400);
    expect(reused.json().error).toMatchObject({
      code: 'SOCIAL_LINK_INVALID',
      message: 'Social media URLs must be valid and unique per user.',
    });

    const advisor = await api(admin, 'PATCH', `/athletes/${id}`, { academicAdvisorId: other });
    expect(advisor.statusCode).toBe(400);
    expect(advisor.json().error.code).toBe('ADVISOR_NOT_STAFF');
  });

  it('audits each change with the fields before and after', async () => {
    const id = await newAthlete({ bio: 'Old bio', cumulativeGpa: 2.9 });
    await api(admin, 'PATCH', `/athletes/${id}`, { bio: 'New bio', cumulativeGpa: 3.1 });
    const events = (await api(admin, 'GET', `/audit-events?targetId=${id}&action=athlete.profile_updated`)).json();
    expect(events.items[0].details).toMatchObject({
      viewer: 'admin',
      before: { bio: 'Old bio', cumulativeGpa: 2.9 },
      after: { bio: 'New bio', cumulativeGpa: 3.1 },
    });
  });
});

describe('views by role', () => {
  it('a coach sees their own team only (404 otherwise) and edits only coach fields', async () => {
    const id = await newAthlete({ notes: 'staff only' });
    expect((await api(otherCoach, 'GET', `/athletes/${id}`)).statusCode).toBe(404);
    expect((await api(otherCoach, 'PATCH', `/athletes/${id}`, { positions: ['X'] })).statusCode).toBe(404);
    const otherList = (await api(otherCoach, 'GET', '/athletes?limit=200')).json();
    expect(otherList.items.map((r: { id: string }) => r.id)).not.toContain(id);

    const view = (await api(coach, 'GET', `/athletes/${id}`)).json();
    expect(view.viewer).toBe('coach');
    expect(view.editable).toContain('positions');
    expect(view.editable).not.toContain('cumulativeGpa');
    expect((await api(coach, 'PATCH', `/athletes/${id}`, { positions: ['Outside hitter'] })).statusCode).toBe(200);
    const refused = await api(coach, 'PATCH', `/athletes/${id}`, { cumulativeGpa: 4 });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.details).toEqual([
      { field: 'cumulativeGpa', message: 'You cannot change this field.' },
    ]);
  });

  it('an athlete sees and edits their own profile without staff-only fields, and nobody else’s', async () => {
    const id = await newAthlete({ notes: 'staff only', isAtRisk: true });
    const other = await newAthlete();
    const me = await athleteCookie(id);
    const view = (await api(me, 'GET', `/athletes/${id}`)).json();
    expect(view.viewer).toBe('athlete');
    expect(view.profile).not.toHaveProperty('notes');
    expect(view.profile).not.toHaveProperty('isAtRisk');
    expect(view).not.toHaveProperty('tags');
    const bio = await api(me, 'PATCH', `/athletes/${id}`, { bio: 'My own words' });
    expect(bio.statusCode).toBe(200);
    expect(bio.json().profile.bio).toBe('My own words');
    expect((await api(me, 'PATCH', `/athletes/${id}`, { rosterStatus: 'OFFICIAL' })).statusCode).toBe(403);
    expect((await api(me, 'GET', `/athletes/${other}`)).statusCode).toBe(404);
    expect((await api(me, 'GET', '/athletes')).statusCode).toBe(403);
  });

  it('keeps schools apart', async () => {
    const id = await newAthlete();
    expect((await api(foreignAdmin, 'GET', `/athletes/${id}`)).statusCode).toBe(404);
    expect((await api(foreignAdmin, 'PATCH', `/athletes/${id}`, { bio: 'x' })).statusCode).toBe(404);
    const list = (await api(foreignAdmin, 'GET', '/athletes?limit=200')).json();
    expect(list.items.map((r: { id: string }) => r.id)).not.toContain(id);
    expect(
      (await api(foreignAdmin, 'POST', '/athletes/accounts', { action: 'deactivate', athleteIds: [id] })).json(),
    ).toMatchObject({ results: [{ id, ok: false, error: 'Not found.' }] });
  });
});

describe('tags', () => {
  it('keeps names unique per school and limits tags per year: 10, and 30 for coaches', async () => {
    const name = `Leader ${uniqueTag()}`;
    expect((await api(admin, 'POST', '/athlete-tags', { name })).statusCode).toBe(201);
    const dup = await api(admin, 'POST', '/athlete-tags', { name: ` ${name.toUpperCase()} ` });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().error).toMatchObject({ code: 'TAG_NAME_EXISTS', message: 'Tag names must be unique.' });
    expect((await api(foreignAdmin, 'POST', '/athlete-tags', { name })).statusCode).toBe(201);

    const ids: string[] = [];
    for (let i = 0; i < 31; i++) {
      ids.push((await api(coach, 'POST', '/athlete-tags', { name: `T${i} ${uniqueTag()}` })).json().id);
    }
    const id = await newAthlete();
    const eleven = await api(admin, 'PUT', `/athletes/${id}/tags`, { tagIds: ids.slice(0, 11) });
    expect(eleven.statusCode).toBe(400);
    expect(eleven.json().error).toMatchObject({ code: 'TAGS_LIMIT', message: 'Max 10 student-athlete tags per year.' });
    expect((await api(admin, 'PUT', `/athletes/${id}/tags`, { tagIds: ids.slice(0, 10) })).statusCode).toBe(200);
    expect((await api(coach, 'PUT', `/athletes/${id}/tags`, { tagIds: ids.slice(0, 30) })).statusCode).toBe(200);
    const over = await api(coach, 'PUT', `/athletes/${id}/tags`, { tagIds: ids });
    expect(over.json().error.code).toBe('COACH_TAGS_LIMIT');
    const view = (await api(admin, 'GET', `/athletes/${id}`)).json();
    expect(view.tags).toHaveLength(30);
  });

  it("keeps to the year's limit when two replacements of an athlete's tags come at once: the later set wins", async () => {
    const db = t.database.db;
    const ids: string[] = [];
    for (let i = 0; i < 12; i++) {
      ids.push((await api(admin, 'POST', '/athlete-tags', { name: `R${i} ${uniqueTag()}` })).json().id);
    }
    const id = await newAthlete();
    const year = await db
      .selectFrom('academic_years')
      .select('id')
      .where('school_id', '=', schoolId)
      .where('is_current', '=', true)
      .executeTakeFirst();
    let replacing: ReturnType<typeof api> | undefined;
    await db.transaction().execute(async (trx) => {
      // Another replacement (tags 1 to 8, as PUT /athletes/:id/tags stores them) holds the profile while this one,
      // tags 3 to 12, arrives.
      await trx.selectFrom('athlete_profiles').select('user_id').where('user_id', '=', id).forUpdate().execute();
      await trx
        .insertInto('athlete_tag_assignments')
        .values(
          ids.slice(0, 8).map((tagId) => ({
            school_id: schoolId,
            athlete_user_id: id,
            tag_id: tagId,
            academic_year_id: year?.id ?? null,
            by_coach: false,
            assigned_by: adminId,
          })),
        )
        .execute();
      const pid = await backendPid(trx);
      replacing = asAnotherClient(() => api(admin, 'PUT', `/athletes/${id}/tags`, { tagIds: ids.slice(2) }));
      await untilBlockedBy(t.database.db, pid, 'the replacement');
    });
    const replaced = await replacing!;
    expect(replaced.statusCode, replaced.body).toBe(200);
    const stored = await db
      .selectFrom('athlete_tag_assignments')
      .select('tag_id')
      .where('athlete_user_id', '=', id)
      .execute();
    expect(stored.map((r) => r.tag_id).sort()).toEqual(ids.slice(2).sort());
  });
});

describe('files', () => {
  it('stores a real file checked by content, refuses a disguised one, and stops at 50', async () => {
    const id = await newAthlete();
    const pdf = await makePdf();
    const up = multipartPayload({ filename: 'physical.pdf', contentType: 'application/pdf', bytes: pdf });
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/v1/athletes/${id}/files`,
      headers: { ...up.headers, cookie: admin },
      payload: up.payload,
    });
    expect(res.statusCode, res.body).toBe(201);
    const file = res.json().files[0];
    const download = await api(admin, 'GET', `/athletes/${id}/files/${file.id}`);
    expect(download.statusCode).toBe(200);
    expect(Buffer.compare(download.rawPayload, pdf)).toBe(0);
    expect((await api(otherCoach, 'GET', `/athletes/${id}/files/${file.id}`)).statusCode).toBe(404);

    const fake = multipartPayload({
      filename: 'virus.pdf',
      contentType: 'application/pdf',
      bytes: Buffer.from('MZ\x90\x00 not a pdf'),
    });
    const refused = await t.app.inject({
      method: 'POST',
      url: `/api/v1/athletes/${id}/files`,
      headers: { ...fake.headers, cookie: admin },
      payload: fake.payload,
    });
    expect(refused.statusCode).toBe(415);

    const db = t.database.db;
    for (let i = 0; i < 49; i++) {
      const s = await db
        .insertInto('stored_files')
        .values({
          school_id: schoolId,
          uploaded_by: adminId,
          purpose: 'athlete-file',
          filename: `f${i}.pdf`,
          content_type: 'application/pdf',
          size_bytes: pdf.byteLength,
          sha256: 'a'.repeat(64),
          bytes: pdf,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await db
        .insertInto('athlete_files')
        .values({ file_id: s.id, school_id: schoolId, athlete_user_id: id })
        .execute();
    }
    const full = await t.app.inject({
      method: 'POST',
      url: `/api/v1/athletes/${id}/files`,
      headers: { ...up.headers, cookie: admin },
      payload: up.payload,
    });
    expect(full.statusCode).toBe(400);
    expect(full.json().error).toMatchObject({
      code: 'ATHLETE_FILES_LIMIT',
      message: 'Upload limits exceeded: at most 50 files per student-athlete.',
    });
  });
});

describe('list, export and accounts', () => {
  it('remembers the chosen columns per user', async () => {
    expect((await api(admin, 'GET', '/athletes/list-columns')).json().columns).toContain('athletName');
    const saved = await api(admin, 'PUT', '/athletes/list-columns', { columns: ['athletName', 'cumulativeGPA'] });
    expect(saved.statusCode).toBe(200);
    expect((await api(admin, 'GET', '/athletes/list-columns')).json().columns).toEqual(['athletName', 'cumulativeGPA']);
    expect((await api(coach, 'GET', '/athletes/list-columns')).json().columns).not.toEqual([
      'athletName',
      'cumulativeGPA',
    ]);
    expect((await api(admin, 'PUT', '/athletes/list-columns', { columns: ['nope'] })).statusCode).toBe(400);
  });

  it('exports what the list shows as CSV and XLSX, with formula cells made safe', async () => {
    const tag = uniqueTag();
    await newAthlete({ studentIdNumber: `=HYPERLINK("x")${tag}`, cumulativeGpa: 3.9, residencyStatus: 'IN_STATE' });
    await newAthlete({ studentIdNumber: `+1${tag}`, cumulativeGpa: 2.1, residencyStatus: 'IN_STATE' });
    await newAthlete({ studentIdNumber: `OUT${tag}`, cumulativeGpa: 3.0, residencyStatus: 'OUT_OF_STATE' });
    const query = `q=${tag}&residencyStatus=IN_STATE&sortBy=cumulativeGPA&sortDir=desc&columns=studentRollNumber,cumulativeGPA,residencyStatus`;
    const csv = await api(admin, 'GET', `/athletes/export?format=csv&${query}`);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toMatch(/text\/csv/);
    const lines = csv.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines).toEqual([
      'Student ID,Cumulative GPA,Residency',
      `"'=HYPERLINK(""x"")${tag}",3.90,In state`,
      `'+1${tag},2.10,In state`,
    ]);

    const xlsx = await api(admin, 'GET', `/athletes/export?format=xlsx&${query}`);
    expect(xlsx.statusCode).toBe(200);
    const book = XLSX.read(xlsx.rawPayload, { type: 'buffer' });
    const rows = XLSX.utils.sheet_to_json<string[]>(book.Sheets[book.SheetNames[0]!]!, { header: 1 });
    expect(rows).toEqual([
      ['Student ID', 'Cumulative GPA', 'Residency'],
      [`'=HYPERLINK("x")${tag}`, 3.9, 'In state'],
      [`'+1${tag}`, 2.1, 'In state'],
    ]);
    const sheet = book.Sheets[book.SheetNames[0]!]!;
    expect(sheet.A2?.f).toBeUndefined();
    expect((await api(admin, 'GET', '/athletes/export?format=csv&columns=nope')).statusCode).toBe(400);
  });

  it('activates, deactivates and reactivates athletes in bulk, filterable by invitation status', async () => {
    const tag = uniqueTag();
    const a = await newAthlete({ studentIdNumber: `B1${tag}` });
    const b = await newAthlete({ studentIdNumber: `B2${tag}` });
    const invited = await api(admin, 'POST', '/athletes/accounts', { action: 'activate', athleteIds: [a, b] });
    expect(invited.json().results).toEqual([
      { id: a, ok: true, status: 'INVITED', error: null },
      { id: b, ok: true, status: 'INVITED', error: null },
    ]);
    const listInvited = (await api(admin, 'GET', `/athletes?q=${tag}&accountStatus=INVITED`)).json();
    expect(listInvited.total).toBe(2);

    const off = await api(admin, 'POST', '/athletes/accounts', { action: 'deactivate', athleteIds: [a, b] });
    expect(off.json().results.map((r: { status: string }) => r.status)).toEqual(['INACTIVE', 'INACTIVE']);
    const inactive = (await api(admin, 'GET', `/athletes?q=${tag}&accountStatus=INACTIVE`)).json();
    expect(inactive.total).toBe(2);
    const on = await api(admin, 'POST', '/athletes/accounts', { action: 'reactivate', athleteIds: [a] });
    expect(on.json().results[0]).toMatchObject({ ok: true, status: 'INVITED' });
    expect((await api(coach, 'POST', '/athletes/accounts', { action: 'deactivate', athleteIds: [b] })).statusCode).toBe(
      403,
    );
    const audit = (await api(admin, 'GET', `/audit-events?targetId=${b}&action=user.deactivated`)).json();
    expect(audit.total).toBe(1);
  });
});
