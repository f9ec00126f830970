import * as XLSX from '@e965/xlsx';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { waitFor } from '../../activities/testing/fixtures';
import { startAppWithWorker, type AppWithWorker } from '../test-support/app-with-worker';
import { seedSchool, seedUser, sessionCookie, type SeededUser } from '../test-support/seed-school';
import { backendPid, asAnotherClient, untilBlockedBy } from '../test-support/lock-waits';
import { academicStartYear, daysFromToday, testToday } from '../../scripts/test-harness/test-clock';
import { PSA_FIELDS } from '../../domain/recruiting';
import { psaProfile } from './psa-profile';
import { psaPickLists, upsertTransferRequest } from './psa-writes.repository';
import { TRANSFER_CLAIM_GRACE_MS } from './psa-transfer.service';
import {
  boardColumns,
  duplicateGroups,
  filteredPsas,
  findPsa,
  listActivities,
  schoolTags,
  toPsaDto,
  type PsaRow,
} from './psas.repository';

/** The current academic year is the one holding today. */
const thisYear = academicStartYear(testToday());

/**
 * Prospects through the API on the real PostgreSQL and Temporal: create with the spec's checks, list, filters and
 * export, archive, tags and rating, board moves (audited), the activity log's flags, duplicates and merge, bulk
 * upload (per-row errors before anything is stored), and the psa-transfer process: reject, approve (athlete on the
 * roster with an invitation), irreversibility, idempotency and a duplicate e-mail already on the roster.
 */
let t: AppWithWorker;
let schoolId: string;
let teamId: string;
let yearId: string;
let admin: SeededUser;
let coach: SeededUser;
let outsider: SeededUser;
const cookies = new Map<string, string>();

async function call(user: SeededUser, method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: unknown) {
  const res = await t.app.inject({
    method,
    url: `/api/v1${url}`,
    headers: { cookie: cookies.get(user.id)! },
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
  const text = res.body;
  return { status: res.statusCode, body: text.startsWith('{') || text.startsWith('[') ? res.json() : text };
}

async function upload(user: SeededUser, url: string, name: string, bytes: Buffer) {
  const boundary = '----psa' + Math.random().toString(16).slice(2);
  const body = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
    ),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/v1${url}`,
    headers: { cookie: cookies.get(user.id)!, 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload: body,
  });
  return { status: res.statusCode, body: res.json() };
}

function sheet(rows: string[][], kind: 'xlsx' | 'csv' = 'csv'): Buffer {
  const ws = XLSX.utils.aoa_to_sheet(rows);
  const wb = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(wb, ws, 'Prospects');
  return XLSX.write(wb, { type: 'buffer', bookType: kind }) as Buffer;
}

beforeAll(async () => {
  t = await startAppWithWorker('psas');
  const db = t.database.db;
  schoolId = (await seedSchool(db)).id;
  teamId = (
    await db
      .insertInto('sport_teams')
      .values({ school_id: schoolId, name: 'Volleyball', sport: 'Volleyball' })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
  yearId = (
    await db
      .insertInto('academic_years')
      .values({ school_id: schoolId, start_year: thisYear, end_year: thisYear + 1, is_current: true })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
  admin = await seedUser(db, schoolId, { roles: [{ role: 'SCHOOL_ADMIN', compliance: true }] });
  coach = await seedUser(db, schoolId, { roles: [{ role: 'COACH', titleGroup: 'HEAD_COACH' }], sportTeamId: teamId });
  outsider = await seedUser(db, (await seedSchool(db)).id);
  for (const u of [admin, coach, outsider]) cookies.set(u.id, await sessionCookie(db, u));
}, 120_000);

afterAll(async () => {
  await t?.close();
});

const create = (body: Record<string, unknown>, user: SeededUser = coach) => call(user, 'POST', '/psas', body);

describe('prospects', () => {
  it('creates a prospect with every check in the spec wording', async () => {
    const ok = await create({
      firstName: 'Maya',
      lastName: 'Reyes',
      email: 'Maya.Reyes@example.com',
      mobileNumber: '(512) 555-0101',
      graduationYear: 2028,
      satScore: 1480,
      actScore: 33,
      gpa: 3.9,
      heightFeet: 6,
      heightInches: 1,
      sportTeamId: teamId,
      highlightLinks: ['https://video.example/maya'],
      customFields: [{ name: 'Club ranking', value: '4th' }],
      tags: ['Setter', 'Priority'],
      rating: 4,
    });
    expect(ok.status).toBe(201);
    expect(ok.body.psa).toMatchObject({
      email: 'maya.reyes@example.com',
      mobileNumber: '5125550101',
      satScore: 1480,
      height: `6' 1"`,
      commitmentStatus: 'NOT_COMMITTED',
      psaState: 'ACTIVE',
      tags: ['Setter', 'Priority'],
      rating: 4,
    });
    const sat = await create({ firstName: 'A', lastName: 'B', satScore: 1700 });
    expect(sat.status).toBe(400);
    expect(sat.body.error.details[0].message).toBe('SAT max 1600.');
    const act = await create({ firstName: 'A', lastName: 'B', actScore: 37 });
    expect(act.body.error.details[0].message).toBe('ACT max 36.');
    const dup = await create({ firstName: 'Other', lastName: 'Maya', email: 'maya.reyes@EXAMPLE.com' });
    expect(dup.status).toBe(409);
    expect(dup.body.error).toMatchObject({ code: 'PSA_EMAIL_EXISTS', message: 'Email exists.' });
    const notes = await create({ firstName: 'A', lastName: 'B', notes: Array(501).fill('w').join(' ') });
    expect(notes.body.error.code).toBe('PSA_NOTES_TOO_LONG');
    const missing = await create({ firstName: ' ', lastName: 'B' });
    expect(missing.body.error.code).toBe('MANDATORY_FIELD');
  });

  it('lists, filters, exports, archives and hides prospects from another school', async () => {
    await create({ firstName: 'Zed', lastName: 'Alpha', graduationYear: 2029, email: 'zed@example.com' });
    const all = await call(coach, 'GET', '/psas?search=maya');
    expect(all.body.items.map((p: { name: string }) => p.name)).toEqual(['Maya Reyes']);
    const byYear = await call(coach, 'GET', '/psas?graduationYear=2029');
    expect(byYear.body.items.every((p: { graduationYear: number }) => p.graduationYear === 2029)).toBe(true);
    const csv = await call(coach, 'GET', '/psas/export?columns=name,email,satScore');
    expect(csv.body).toContain('Name,Email,SAT');
    expect(csv.body).toContain('Maya Reyes,maya.reyes@example.com,1480');
    const zed = byYear.body.items[0].id as string;
    expect((await call(coach, 'POST', `/psas/${zed}/archive`)).status).toBe(200);
    expect((await call(coach, 'GET', '/psas?graduationYear=2029')).body.total).toBe(0);
    expect((await call(coach, 'GET', '/psas?archived=true')).body.items.map((p: { id: string }) => p.id)).toContain(
      zed,
    );
    const again = await call(coach, 'POST', `/psas/${zed}/unarchive`);
    expect(again.body.psa.psaState).toBe('UNARCHIVED');
    expect((await call(outsider, 'GET', `/psas/${zed}`)).status).toBe(404);
    expect((await call(outsider, 'GET', '/psas')).body.total).toBe(0);
  });

  it('keeps at most 50 tags per school', async () => {
    const many = Array.from({ length: 49 }, (_, i) => `tag-${i}`);
    const r = await create({ firstName: 'Tag', lastName: 'Heavy', tags: many });
    expect(r.body.error).toMatchObject({ code: 'PSA_TAG_LIMIT', message: 'Recruiting board tags max 50.' });
  });

  it('moves cards on the board, audits every move, and flags official visits', async () => {
    const p = (await create({ firstName: 'Board', lastName: 'Card', email: 'board@example.com' })).body.psa.id;
    const move = await call(coach, 'POST', `/psas/${p}/move`, { commitmentStatus: 'COMMITTED', via: 'keyboard' });
    expect(move.status).toBe(200);
    const board = await call(coach, 'GET', '/psas/board');
    expect(board.body.columns.COMMITTED.map((c: { id: string }) => c.id)).toContain(p);
    const audits = await t.database.db
      .selectFrom('audit_events')
      .select(['details'])
      .where('action', '=', 'psa.boardMoved')
      .where('target_id', '=', p)
      .execute();
    expect(audits[0]!.details).toMatchObject({ from: 'NOT_COMMITTED', to: 'COMMITTED', via: 'keyboard' });
    const toRoster = await call(coach, 'POST', `/psas/${p}/move`, { commitmentStatus: 'ADDED_TO_ROSTER' });
    expect(toRoster.status).toBe(409);
    // Two official visits, two months and one month ago.
    const [firstVisit, secondVisit] = [daysFromToday(-60), daysFromToday(-30)];
    for (const [at, nights] of [
      [`${firstVisit}T12:00:00Z`, 2],
      [`${secondVisit}T12:00:00Z`, 3],
    ] as const) {
      const r = await call(coach, 'POST', `/psas/${p}/activities`, { kind: 'OFFICIAL_VISIT', occurredAt: at, nights });
      expect(r.status).toBe(201);
    }
    const profile = await call(coach, 'GET', `/psas/${p}`);
    const visits = profile.body.activities as { occurredAt: string; flags: string[] }[];
    expect(visits.find((v) => v.occurredAt.startsWith(firstVisit))!.flags).toEqual([]);
    expect(visits.find((v) => v.occurredAt.startsWith(secondVisit))!.flags).toEqual([
      'More than one official visit to this school.',
      'Official visit over 2 nights.',
    ]);
    expect(profile.body.psa.lastContactDate).toBe(`${secondVisit}T12:00:00.000Z`);
    expect(profile.body.events.map((e: { action: string }) => e.action)).toContain('moved');
  });

  it('finds duplicates by e-mail or phone and merges them', async () => {
    const a = (await create({ firstName: 'Dup', lastName: 'One', mobileNumber: '5125550199', tags: ['A'] })).body.psa;
    const b = (
      await create({
        firstName: 'Dup',
        lastName: 'Two',
        mobileNumber: '512-555-0199',
        highSchoolName: 'North HS',
        tags: ['B'],
      })
    ).body.psa;
    const groups = await call(coach, 'GET', '/psas/duplicates');
    expect(groups.body.find((g: { value: string }) => g.value === '5125550199').prospects).toHaveLength(2);
    const profile = await call(coach, 'GET', `/psas/${a.id}`);
    expect(profile.body.duplicates).toEqual([expect.objectContaining({ id: b.id, matchedOn: 'phone' })]);
    const merged = await call(coach, 'POST', `/psas/${a.id}/merge`, { duplicateId: b.id });
    expect(merged.status).toBe(200);
    expect(merged.body.psa).toMatchObject({ highSchoolName: 'North HS', tags: ['A', 'B'] });
    expect((await call(coach, 'GET', `/psas/${b.id}`)).status).toBe(404);
    expect((await call(coach, 'POST', `/psas/${a.id}/merge`, { duplicateId: a.id })).body.error.code).toBe(
      'PSA_MERGE_INVALID',
    );
  });

  it('uploads a sheet only when every row is valid', async () => {
    const header = ['First name', 'Last name', 'Email', 'SAT', 'Commitment status'];
    const bad = sheet([header, ['Ann', 'Lee', 'ann@example.com', '1200', ''], ['Bo', '', 'bad', '1700', 'maybe']]);
    const checked = await upload(coach, '/psas/uploads/check', 'prospects.csv', bad);
    expect(checked.status).toBe(200);
    expect(Object.keys(checked.body).sort()).toEqual(['errors', 'headers', 'rows']);
    expect(checked.body.rows).toBe(2);
    expect(checked.body.headers).toHaveLength(header.length);
    expect(checked.body.errors).toEqual(
      expect.arrayContaining([
        { row: 3, column: 'lastName', message: 'Mandatory fields cannot be empty.' },
        { row: 3, column: 'email', message: 'Invalid email.' },
        { row: 3, column: 'satScore', message: 'SAT max 1600.' },
        { row: 3, column: 'commitmentStatus', message: 'Choose a commitment status.' },
      ]),
    );
    const refused = await upload(coach, '/psas/uploads', 'prospects.csv', bad);
    expect(refused.body.error.code).toBe('UPLOAD_ROW_ERRORS');
    expect((await call(coach, 'GET', '/psas?search=ann@example.com')).body.total).toBe(0);
    const good = sheet(
      [
        header,
        ['Ann', 'Lee', 'ann@example.com', '1200', 'Verbally committed'],
        ['Bo', 'Kim', 'bo@example.com', '', ''],
      ],
      'xlsx',
    );
    const stored = await upload(coach, '/psas/uploads', 'prospects.xlsx', good);
    expect(stored).toMatchObject({ status: 201, body: { created: 2 } });
    const ann = (await call(coach, 'GET', '/psas?search=ann@example.com')).body.items[0];
    expect(ann.commitmentStatus).toBe('VERBALLY_COMMITTED');
    const again = await upload(coach, '/psas/uploads/check', 'prospects.xlsx', good);
    expect(again.body.errors).toEqual(expect.arrayContaining([{ row: 2, column: 'email', message: 'Email exists.' }]));
    const tooMany = sheet([header, ...Array.from({ length: 1001 }, (_, i) => [`P${i}`, 'X', '', '', ''])]);
    expect((await upload(coach, '/psas/uploads/check', 'big.csv', tooMany)).body.error.code).toBe(
      'UPLOAD_LIMIT_EXCEEDED',
    );
    expect((await upload(coach, '/psas/uploads/check', 'x.pdf', Buffer.from('%PDF-1.4'))).status).toBe(415);
  });

  it('applies the spec height rules to the bulk upload, a create and an edit', async () => {
    const header = ['First name', 'Last name', 'Height feet', 'Height inches'];
    const rows = sheet([
      header,
      ['Tall', 'Height', '10', '11'],
      ['Inches', 'Only', '', '5'],
      ['Too', 'Tall', '11', ''],
      ['Too', 'Many', '6', '12'],
    ]);
    const checked = await upload(coach, '/psas/uploads/check', 'heights.csv', rows);
    expect(checked.body.errors).toEqual([
      { row: 3, column: 'heightFeet', message: 'Height required when inches given.' },
      { row: 4, column: 'heightFeet', message: 'Height feet under 11.' },
      { row: 5, column: 'heightInches', message: 'Height inches under 12.' },
    ]);
    const stored = await upload(coach, '/psas/uploads', 'heights.csv', sheet([header, ['Tall', 'Height', '10', '11']]));
    expect(stored).toMatchObject({ status: 201, body: { created: 1 } });
    const tall = (await call(coach, 'GET', '/psas?search=Height')).body.items[0];
    expect(tall.height).toBe(`10' 11"`);

    const noFeet = await create({ firstName: 'No', lastName: 'Feet', heightInches: 3 });
    expect(noFeet.status).toBe(400);
    expect(noFeet.body.error.details).toEqual([
      { field: 'heightFeet', code: 'VALIDATION_FAILED', message: 'Height required when inches given.' },
    ]);
    const plain = await create({ firstName: 'Plain', lastName: 'Prospect' });
    const inchesOnly = await call(coach, 'PATCH', `/psas/${plain.body.psa.id}`, { heightInches: 3 });
    expect(inchesOnly.status).toBe(400);
    expect(inchesOnly.body.error.details[0].message).toBe('Height required when inches given.');
    const withFeet = await call(coach, 'PATCH', `/psas/${plain.body.psa.id}`, { heightFeet: 5 });
    expect(withFeet.status).toBe(200);
    const thenInches = await call(coach, 'PATCH', `/psas/${plain.body.psa.id}`, { heightInches: 3 });
    expect(thenInches.body.psa.height).toBe(`5' 3"`);
  });
});

describe('prospect-to-roster transfer', () => {
  const transfer = (psaId: string, user: SeededUser = coach) =>
    call(user, 'POST', `/psas/${psaId}/transfer`, { sportTeamId: teamId, academicYearId: yearId });
  const decide = (psaId: string, decision: 'APPROVE' | 'REJECT', reason?: string) =>
    call(admin, 'POST', `/psas/${psaId}/transfer/decision`, { decision, ...(reason ? { reason } : {}) });

  it('takes back a transfer claim whose request died before its process started', async () => {
    const db = t.database.db;
    const psa = (
      await create({ firstName: 'Ola', lastName: 'Crash', email: 'ola.crash@example.com', sportTeamId: teamId })
    ).body.psa;
    // A request that wrote its PENDING row and died before starting the process: the row, and no process.
    await upsertTransferRequest(db, {
      schoolId,
      psaId: psa.id,
      sportTeamId: teamId,
      academicYearId: yearId,
      requestedBy: coach.id,
      workflowId: `psa-transfer:${psa.id}`,
    });
    // Young, the claim may still be its own request's: refused as pending.
    expect((await transfer(psa.id)).body.error.code).toBe('PSA_TRANSFER_PENDING');
    await db
      .updateTable('psa_transfers')
      .set({ requested_at: new Date(Date.now() - TRANSFER_CLAIM_GRACE_MS - 60_000) })
      .where('psa_id', '=', psa.id)
      .execute();
    // Past the grace period with no process, the next request takes it back and starts the process.
    const retried = await transfer(psa.id);
    expect(retried.status).toBe(200);
    expect(retried.body.transfer).toMatchObject({ status: 'PENDING' });
    const run = await t.temporal.workflow.getHandle(`psa-transfer:${psa.id}`).describe();
    expect(run.status.name).toBe('RUNNING');
    await waitFor(() =>
      db
        .selectFrom('tasks')
        .select('id')
        .where('workflow_id', '=', `psa-transfer:${psa.id}`)
        .where('status', '=', 'OPEN')
        .executeTakeFirst(),
    );
    // With its process running, an old claim is a real pending transfer: refused again.
    await db
      .updateTable('psa_transfers')
      .set({ requested_at: new Date(Date.now() - TRANSFER_CLAIM_GRACE_MS - 60_000) })
      .where('psa_id', '=', psa.id)
      .execute();
    expect((await transfer(psa.id)).body.error.code).toBe('PSA_TRANSFER_PENDING');
    const audit = await db
      .selectFrom('audit_events')
      .select('details')
      .where('target_id', '=', psa.id)
      .where('action', '=', 'psa.transferRequested')
      .execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]!.details).toMatchObject({ reclaimedStaleRequest: true });
  });

  it('is rejected with a reason, requested again, approved once, and never undone', async () => {
    const db = t.database.db;
    const psa = (
      await create({ firstName: 'Nia', lastName: 'Brooks', email: 'nia.brooks@example.com', sportTeamId: teamId })
    ).body.psa;
    await call(coach, 'POST', `/psas/${psa.id}/activities`, {
      kind: 'PHONE_CALL',
      occurredAt: `${daysFromToday(-7)}T15:00:00Z`,
      summary: 'Talked about the program.',
    });
    expect((await transfer(psa.id)).status).toBe(200);
    expect((await transfer(psa.id)).body.error.code).toBe('PSA_TRANSFER_PENDING');
    const task = await waitFor(() =>
      db
        .selectFrom('tasks')
        .selectAll()
        .where('workflow_id', '=', `psa-transfer:${psa.id}`)
        .where('status', '=', 'OPEN')
        .executeTakeFirst(),
    );
    expect(task).toMatchObject({ assignee_role: 'SCHOOL_ADMIN', url: `/psaProfile/${psa.id}` });
    const requested = () =>
      db
        .selectFrom('notifications')
        .select(['user_id', 'module', 'status', 'body', 'payload'])
        .where('school_id', '=', schoolId)
        .where('title', '=', 'Transfer requested')
        .where(sql<boolean>`payload->'featureData'->>'psaId' = ${psa.id}`)
        .execute();
    const first = await waitFor(async () => (await requested())[0]);
    expect(first).toMatchObject({
      user_id: admin.id,
      module: 'recruiting',
      status: 'init',
      body: `Nia Brooks is waiting to join the Volleyball roster for ${thisYear}-${thisYear + 1}.`,
      payload: { featureData: { psaId: psa.id } },
    });
    // Coaches cannot decide; a rejection needs a reason.
    expect((await call(coach, 'POST', `/psas/${psa.id}/transfer/decision`, { decision: 'APPROVE' })).status).toBe(403);
    expect((await decide(psa.id, 'REJECT')).body.error.code).toBe('PSA_REJECT_REASON_REQUIRED');
    const rejected = await decide(psa.id, 'REJECT', 'Wait for the spring evaluation.');
    expect(rejected.status).toBe(200);
    expect(rejected.body.transfer).toMatchObject({ status: 'REJECTED', reason: 'Wait for the spring evaluation.' });

    expect((await transfer(psa.id)).status).toBe(200);
    // The new request is news again: the admin is told once per request, never the coach who asked.
    await waitFor(async () => (await requested()).length === 2);
    expect((await requested()).map((n) => n.user_id)).toEqual([admin.id, admin.id]);
    // The profile's live graph: requested again after one rejection, waiting on the school admins.
    const pendingGraph = await call(coach, 'GET', `/psas/${psa.id}/transfer-graph`);
    expect(pendingGraph.status).toBe(200);
    expect(pendingGraph.body.graph).toMatchObject({
      kind: 'psa-transfer',
      status: 'PENDING',
      waitingOn: ['SCHOOL_ADMIN'],
      decision: null,
      loopsTaken: 1,
      followUp: 'PENDING',
    });
    expect((await call(outsider, 'GET', `/psas/${psa.id}/transfer-graph`)).status).toBe(404);
    const [once, twice] = await Promise.all([decide(psa.id, 'APPROVE'), decide(psa.id, 'APPROVE')]);
    expect([once.status, twice.status].sort()).toEqual([200, 409]);
    const done = (await call(coach, 'GET', `/psas/${psa.id}`)).body;
    expect(done.psa.commitmentStatus).toBe('ADDED_TO_ROSTER');
    expect(done.transfer.status).toBe('APPROVED');
    expect((await call(coach, 'GET', `/psas/${psa.id}/transfer-graph`)).body.graph).toMatchObject({
      status: 'APPROVED',
      decision: 'APPROVED',
      waitingOn: [],
      followUp: 'DONE',
    });
    const users = await db
      .selectFrom('users')
      .select(['id', 'status'])
      .where('email', '=', 'nia.brooks@example.com')
      .execute();
    expect(users).toHaveLength(1);
    expect(users[0]!.status).toBe('INVITED');
    const entry = await db
      .selectFrom('roster_entries as e')
      .innerJoin('rosters as r', 'r.id', 'e.roster_id')
      .where('e.athlete_user_id', '=', users[0]!.id)
      .select(['r.sport_team_id', 'r.academic_year_id', 'e.invitation_id'])
      .execute();
    expect(entry).toEqual([{ sport_team_id: teamId, academic_year_id: yearId, invitation_id: expect.any(String) }]);
    const profile = await db
      .selectFrom('athlete_profiles')
      .select('data')
      .where('user_id', '=', users[0]!.id)
      .executeTakeFirstOrThrow();
    expect((profile.data as { recruitingHistory: { activities: unknown[] } }).recruitingHistory.activities).toEqual([
      expect.objectContaining({ kind: 'Phone Call', summary: 'Talked about the program.' }),
    ]);
    await waitFor(() =>
      db.selectFrom('outbox').select('id').where('to_address', '=', 'nia.brooks@example.com').executeTakeFirst(),
    );
    // Irreversible: no undo, no move out of the column, no second transfer.
    const undo = await call(coach, 'POST', `/psas/${psa.id}/transfer/undo`);
    expect(undo.body.error).toMatchObject({
      code: 'PSA_TRANSFER_IRREVERSIBLE',
      message: 'A transfer to the roster cannot be undone.',
    });
    expect((await call(admin, 'DELETE', `/psas/${psa.id}/transfer`)).body.error.code).toBe('PSA_TRANSFER_IRREVERSIBLE');
    expect((await call(coach, 'POST', `/psas/${psa.id}/move`, { commitmentStatus: 'COMMITTED' })).body.error.code).toBe(
      'PSA_ADDED_TO_ROSTER',
    );
    expect((await transfer(psa.id)).body.error.code).toBe('PSA_TRANSFER_IRREVERSIBLE');
    expect((await decide(psa.id, 'APPROVE')).body.error.code).toBe('ALREADY_DECIDED');
    // Running the process's approval again (a retried activity) makes no second athlete.
    const rerun = await t.temporal.workflow.getHandle(`psa-transfer:${psa.id}`).result();
    expect(rerun).toMatchObject({ status: 'APPROVED', invitationStarted: true });
    expect(
      await db.selectFrom('users').select('id').where('email', '=', 'nia.brooks@example.com').execute(),
    ).toHaveLength(1);
  });

  it('refuses a prospect whose e-mail is already on that roster', async () => {
    const db = t.database.db;
    const athlete = await seedUser(db, schoolId, {
      roles: [{ role: 'STUDENT_ATHLETE' }],
      email: 'on.roster@example.com',
    });
    const roster = await db
      .selectFrom('rosters')
      .select('id')
      .where('sport_team_id', '=', teamId)
      .where('academic_year_id', '=', yearId)
      .executeTakeFirstOrThrow();
    await db
      .insertInto('roster_entries')
      .values({ school_id: schoolId, roster_id: roster.id, athlete_user_id: athlete.id })
      .execute();
    const psa = (await create({ firstName: 'On', lastName: 'Roster', email: 'on.roster@example.com' })).body.psa;
    const r = await transfer(psa.id);
    expect(r.status).toBe(409);
    expect(r.body.error).toMatchObject({
      code: 'PSA_ALREADY_ON_ROSTER',
      message: 'An athlete with this email is already on this roster.',
    });
    // Put on the roster after the request: the approval itself refuses, and the transfer stays pending.
    const late = (await create({ firstName: 'Late', lastName: 'Add', email: 'late.add@example.com' })).body.psa;
    expect((await transfer(late.id)).status).toBe(200);
    const lateUser = await seedUser(db, schoolId, {
      roles: [{ role: 'STUDENT_ATHLETE' }],
      email: 'late.add@example.com',
    });
    await db
      .insertInto('roster_entries')
      .values({ school_id: schoolId, roster_id: roster.id, athlete_user_id: lateUser.id })
      .execute();
    const approve = await decide(late.id, 'APPROVE');
    expect(approve.body.error?.code).toBe('PSA_ALREADY_ON_ROSTER');
    expect((await call(coach, 'GET', `/psas/${late.id}`)).body.transfer.status).toBe('PENDING');
  });

  it('blocks the approval of a prospect archived after the request, and lets it through once unarchived', async () => {
    const psa = (await create({ firstName: 'Archived', lastName: 'Later', email: 'archived.later@example.com' })).body
      .psa;
    expect((await transfer(psa.id)).status).toBe(200);
    expect((await call(coach, 'POST', `/psas/${psa.id}/archive`)).status).toBe(200);
    const approve = await decide(psa.id, 'APPROVE');
    expect(approve.status).toBe(409);
    expect(approve.body.error).toMatchObject({
      code: 'PSA_ARCHIVED',
      message: 'This prospect is archived. Unarchive them first.',
    });
    const after = (await call(coach, 'GET', `/psas/${psa.id}`)).body;
    expect(after.transfer.status).toBe('PENDING');
    expect(after.psa.commitmentStatus).not.toBe('ADDED_TO_ROSTER');
    const athletes = await t.database.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', 'archived.later@example.com')
      .execute();
    expect(athletes).toHaveLength(0);
    // Unarchived, the same pending transfer may be approved.
    expect((await call(coach, 'POST', `/psas/${psa.id}/unarchive`)).status).toBe(200);
    const approved = await decide(psa.id, 'APPROVE');
    expect(approved.status).toBe(200);
    expect(approved.body.transfer.status).toBe('APPROVED');
  });
});

describe("the school's tag limit with edits at once", () => {
  it("refuses an edit's new tags when another prospect's tag, saved meanwhile, leaves no room within 50", async () => {
    const db = t.database.db;
    const school = (await seedSchool(db)).id;
    const user = await seedUser(db, school, { roles: [{ role: 'SCHOOL_ADMIN', compliance: true }] });
    cookies.set(user.id, await sessionCookie(db, user));
    const tags = Array.from({ length: 48 }, (_, i) => `tag-${i}`);
    const heavy = await call(user, 'POST', '/psas', { firstName: 'Tag', lastName: 'Heavy', tags });
    expect(heavy.status, JSON.stringify(heavy.body)).toBe(201);
    const other = (await call(user, 'POST', '/psas', { firstName: 'Other', lastName: 'Prospect' })).body.psa.id;
    const edited = (await call(user, 'POST', '/psas', { firstName: 'Edited', lastName: 'Prospect' })).body.psa.id;
    let editing: ReturnType<typeof call> | undefined;
    await db.transaction().execute(async (trx) => {
      // Another edit saves the school's 49th tag on another prospect, in the school's turn for tags, while this one
      // (two more tags) arrives; the edited prospect's row is held too, so the edit waits whatever it does first.
      await sql`select pg_advisory_xact_lock(hashtext(${`psa-tags:${school}`}))`.execute(trx);
      await trx.selectFrom('psas').select('id').where('id', '=', edited).forUpdate().execute();
      await trx
        .updateTable('psas')
        .set({ tags: ['tag-48'] })
        .where('id', '=', other)
        .execute();
      const pid = await backendPid(trx);
      editing = asAnotherClient(() => call(user, 'PATCH', `/psas/${edited}`, { tags: ['late-1', 'late-2'] }));
      await untilBlockedBy(t.database.db, pid, 'the edit');
    });
    const res = await editing!;
    expect(res.status).toBe(400);
    expect(res.body.error).toMatchObject({ code: 'PSA_TAG_LIMIT', message: 'Recruiting board tags max 50.' });
    const { rows } = await sql<{ n: string }>`
      select count(distinct lower(tag)) as n from psas, unnest(tags) as tag where school_id = ${school}`.execute(db);
    expect(Number(rows[0]!.n)).toBe(49);
  });
});

/** What a value looks like once it went through JSON, as an answer's body does. */
const asJson = (value: unknown) => JSON.parse(JSON.stringify(value)) as unknown;

describe('the prospect answers', () => {
  it('carry every property the records hold: profile, list, board, meta, duplicates, moves and activities', async () => {
    const db = t.database.db;
    const full = await create({
      firstName: 'Fullfields',
      lastName: 'Prospect',
      email: 'fullfields@example.com',
      mobileNumber: '5125550190',
      highSchoolName: 'Central High',
      graduationYear: thisYear + 2,
      dob: daysFromToday(-17 * 365),
      ncaaEligibilityNumber: '1234567890',
      recruitedPosition: 'Setter',
      secondaryPosition: 'Libero',
      recruitingCoachId: coach.id,
      sportTeamId: teamId,
      clubTeamName: 'Austin Juniors',
      clubJersey: '12',
      heightFeet: 5,
      heightInches: 10,
      weight: 150.5,
      satScore: 1300,
      actScore: 30,
      gpa: 3.75,
      classRank: '5 of 300',
      honors: 'All-district',
      intendedMajor: 'Biology',
      siblings: 'One sister',
      residencyStatus: 'In state',
      instagram: 'fullfields',
      tiktok: 'fullfields',
      twitter: 'fullfields',
      hudl: 'https://hudl.example/fullfields',
      homeAddress: '1 Main St',
      city: 'Austin',
      state: 'TX',
      zipcode: '78701',
      guardian1Name: 'Pat Prospect',
      guardian1Phone: '5125550191',
      guardian1Email: 'pat@example.com',
      guardian2Name: 'Sam Prospect',
      guardian2Phone: '5125550192',
      guardian2Email: 'sam@example.com',
      highSchoolCoachName: 'Coach High',
      highSchoolCoachPhone: '5125550193',
      highSchoolCoachEmail: 'hs.coach@example.com',
      clubCoachName: 'Coach Club',
      clubCoachPhone: '5125550194',
      clubCoachEmail: 'club.coach@example.com',
      notes: 'Strong serve.',
      highlightLinks: ['https://video.example/fullfields'],
      customFields: [{ name: 'Club ranking', value: '2nd' }],
      tags: ['Fullfields'],
      rating: 5,
    });
    expect(full.status, JSON.stringify(full.body)).toBe(201);
    const id = full.body.psa.id as string;
    for (const name of Object.keys(PSA_FIELDS)) expect(full.body.psa[name], name).not.toBeNull();
    // A second prospect on the same phone makes a duplicate; an activity, a move and a transfer fill the history.
    expect((await create({ firstName: 'Samephone', lastName: 'Prospect', mobileNumber: '5125550190' })).status).toBe(
      201,
    );
    const logged = await call(coach, 'POST', `/psas/${id}/activities`, {
      kind: 'OFFICIAL_VISIT',
      occurredAt: `${daysFromToday(-3)}T15:00:00Z`,
      nights: 2,
      location: 'Campus',
      summary: 'Toured the gym.',
    });
    expect(logged.status).toBe(201);
    expect(logged.body).toEqual(asJson({ items: await listActivities(db, schoolId, id) }));
    const moved = await call(coach, 'POST', `/psas/${id}/move`, { commitmentStatus: 'COMMITTED', via: 'menu' });
    expect(moved.status).toBe(200);
    expect(moved.body).toEqual({ id, commitmentStatus: 'COMMITTED', boardRank: expect.any(Number) });
    expect(
      (await call(coach, 'POST', `/psas/${id}/transfer`, { sportTeamId: teamId, academicYearId: yearId })).status,
    ).toBe(200);

    const profile = await call(coach, 'GET', `/psas/${id}`);
    expect(profile.status).toBe(200);
    expect(profile.body).toEqual(asJson(await psaProfile(db, schoolId, (await findPsa(db, schoolId, id))!)));
    expect(profile.body.transfer).toMatchObject({ status: 'PENDING', sportTeamId: teamId, academicYearId: yearId });
    expect(profile.body.duplicates).toHaveLength(1);
    expect(profile.body.activities).toHaveLength(1);
    expect(profile.body.events.length).toBeGreaterThan(1);

    const list = await call(coach, 'GET', '/psas?search=fullfields');
    const rows = (await filteredPsas(db, schoolId, { archived: false, search: 'fullfields' }).execute()) as PsaRow[];
    expect(list.body).toEqual({ items: asJson(rows.map(toPsaDto)), total: 1, limit: 50, offset: 0 });

    const board = await call(coach, 'GET', '/psas/board');
    expect(board.body).toEqual(asJson({ columns: await boardColumns(db, schoolId, null) }));
    expect(board.body.columns.COMMITTED).toEqual(
      expect.arrayContaining([expect.objectContaining({ id, transferStatus: 'PENDING', sportTeam: 'Volleyball' })]),
    );

    const duplicates = await call(coach, 'GET', '/psas/duplicates');
    expect(duplicates.body).toEqual(asJson(await duplicateGroups(db, schoolId)));

    const meta = await call(coach, 'GET', '/psas/meta');
    const picks = await psaPickLists(db, schoolId);
    expect(meta.body).toEqual({
      teams: asJson(picks.teams),
      coaches: asJson(picks.coaches),
      tags: await schoolTags(db, schoolId),
      years: picks.years.map((y) => ({ id: y.id, label: `${y.start_year}-${y.end_year}`, isCurrent: y.is_current })),
      canApprove: expect.any(Boolean),
    });
  });
});
