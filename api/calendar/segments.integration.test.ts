import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test-support/test-app';
import { seedSchool, seedTeam, seedUser, sessionCookie } from '../test-support/seed-school';
import { backendPid, asAnotherClient, untilBlockedBy } from '../test-support/lock-waits';

// fixed-date fixture: segments are checked against the year and terms the test creates and the other segments; the
// segments API reads no clock, so these dates mean the same on any day.

let t: TestApp;
let schoolId: string;
let admin: string;
let coach: string;
let coachId: string;
let athlete: string;
let otherAdmin: string;
let teamId: string;
let otherTeamId: string;
let yearId: string;

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  const school = await seedSchool(db);
  schoolId = school.id;
  teamId = await seedTeam(db, schoolId, 'Football');
  otherTeamId = await seedTeam(db, schoolId, 'Soccer');
  admin = await sessionCookie(db, await seedUser(db, schoolId));
  const coachUser = await seedUser(db, schoolId, {
    roles: [{ role: 'COACH', titleGroup: 'HEAD_COACH' }],
    sportTeamId: teamId,
  });
  coachId = coachUser.id;
  coach = await sessionCookie(db, coachUser);
  athlete = await sessionCookie(
    db,
    await seedUser(db, schoolId, { roles: [{ role: 'STUDENT_ATHLETE' }], sportTeamId: teamId }),
  );
  const other = await seedSchool(db);
  otherAdmin = await sessionCookie(db, await seedUser(db, other.id));
  const year = await t.app.inject({
    method: 'POST',
    url: '/api/v1/academic-years',
    headers: { cookie: admin },
    payload: {
      startYear: 2026,
      isCurrent: true,
      terms: [
        { term: 'FALL', startDate: '2026-08-24', finalsStartDate: '2026-12-07', endDate: '2026-12-16' },
        { term: 'SPRING', startDate: '2027-01-19', finalsStartDate: '2027-05-03', endDate: '2027-05-12' },
      ],
    },
  });
  yearId = year.json().id;
});
afterAll(async () => t.close());

const segment = (extra: Record<string, unknown> = {}) => ({
  sportTeamId: teamId,
  academicYearId: yearId,
  seasonType: 'IN_SEASON',
  segmentType: 'CHAMPIONSHIP',
  startDate: '2026-08-24',
  endDate: '2026-12-05',
  startDayOfWeek: 'MONDAY',
  ...extra,
});

function post(cookie: string, payload: Record<string, unknown>) {
  return t.app.inject({ method: 'POST', url: '/api/v1/segments', headers: { cookie }, payload });
}

describe('sport segments', () => {
  it('lets a coach create a segment of their own team, tells the staff, and audits it', async () => {
    const res = await post(admin, segment());
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      sportTeamName: 'Football',
      startDayOfWeek: 'MONDAY',
      exemptWeekBeforeFirstContest: false,
    });
    const note = await t.database.db
      .selectFrom('notifications')
      .select(['module', 'status'])
      .where('user_id', '=', coachId)
      .executeTakeFirst();
    expect(note).toEqual({ module: 'segment', status: 'init' });
    const audit = await t.database.db
      .selectFrom('audit_events')
      .select('action')
      .where('target_id', '=', res.json().id)
      .execute();
    expect(audit.map((a) => a.action)).toEqual(['segment.created']);

    const own = await post(
      coach,
      segment({
        seasonType: 'OUT_OF_SEASON',
        segmentType: 'NONCHAMPIONSHIP',
        startDate: '2027-01-19',
        endDate: '2027-05-12',
      }),
    );
    expect(own.statusCode).toBe(201);
  });

  it('refuses overlapping segments of one team, but not of another team', async () => {
    const overlap = await post(
      admin,
      segment({ startDate: '2026-12-01', endDate: '2026-12-10', segmentType: 'POSTSEASON' }),
    );
    expect(overlap.statusCode).toBe(409);
    expect(overlap.json().error).toMatchObject({
      code: 'SEGMENT_OVERLAP',
      message: 'Segments of one team cannot overlap.',
    });
    const elsewhere = await post(admin, segment({ sportTeamId: otherTeamId }));
    expect(elsewhere.statusCode).toBe(201);
  });

  it('refuses dates outside the year, equal dates and a type of another season, in the spec wording', async () => {
    const outside = await post(admin, segment({ startDate: '2026-08-01', endDate: '2026-08-20' }));
    expect(outside.json().error.code).toBe('SEGMENT_OUTSIDE_YEAR');
    const same = await post(admin, segment({ startDate: '2026-12-10', endDate: '2026-12-10' }));
    expect(same.json().error.message).toBe('Segment start and end must differ and be filled.');
    const mismatch = await post(
      admin,
      segment({ segmentType: 'NONCHAMPIONSHIP', startDate: '2026-12-10', endDate: '2026-12-12' }),
    );
    expect(mismatch.json().error).toMatchObject({ code: 'SEGMENT_TYPE_MISMATCH', details: [{ field: 'segmentType' }] });
  });

  it('lets a championship segment start before the first class day, but not a nonchampionship one', async () => {
    const preseasonTeam = await seedTeam(t.database.db, schoolId, 'Volleyball');
    const early = await post(admin, segment({ sportTeamId: preseasonTeam, startDate: '2026-08-03' }));
    expect(early.statusCode).toBe(201);
    expect(early.json()).toMatchObject({ startDate: '2026-08-03', segmentType: 'CHAMPIONSHIP' });
    const offSeason = await post(
      admin,
      segment({
        sportTeamId: preseasonTeam,
        seasonType: 'OUT_OF_SEASON',
        segmentType: 'NONCHAMPIONSHIP',
        startDate: '2027-01-10',
        endDate: '2027-02-01',
      }),
    );
    expect(offSeason.statusCode).toBe(201);
    const before = await post(
      admin,
      segment({
        sportTeamId: await seedTeam(t.database.db, schoolId, 'Tennis'),
        seasonType: 'OUT_OF_SEASON',
        segmentType: 'NONCHAMPIONSHIP',
        startDate: '2026-08-03',
      }),
    );
    expect(before.json().error.code).toBe('SEGMENT_OUTSIDE_YEAR');
  });

  it('requires the start day of the week, in the spec wording', async () => {
    const { startDayOfWeek: _omitted, ...withoutDay } = segment({ startDate: '2027-02-01', endDate: '2027-03-01' });
    const res = await post(admin, withoutDay);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.details).toEqual([
      expect.objectContaining({ field: 'startDayOfWeek', message: 'Mandatory fields cannot be empty.' }),
    ]);
  });

  it('says no academic calendar year was found for an unknown or foreign year', async () => {
    const res = await post(admin, segment({ academicYearId: '00000000-0000-4000-8000-000000000000' }));
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toMatchObject({ code: 'NO_ACADEMIC_YEAR', message: 'No academic calendar year found.' });
    const bare = await t.app.inject({
      method: 'POST',
      url: '/api/v1/academic-years',
      headers: { cookie: admin },
      payload: { startYear: 2030 },
    });
    const noTerms = await post(admin, segment({ academicYearId: bare.json().id }));
    expect(noTerms.json().error.code).toBe('ACADEMIC_TERM_NOT_CONFIGURED');
  });

  it('keeps coaches to their own teams and athletes to reading, and shows nothing of another school', async () => {
    const foreign = await post(
      coach,
      segment({ sportTeamId: otherTeamId, startDate: '2027-01-19', endDate: '2027-02-01' }),
    );
    expect(foreign.statusCode).toBe(403);
    expect(foreign.json().error.code).toBe('TEAM_NOT_YOURS');
    const coachList = await t.app.inject({ method: 'GET', url: '/api/v1/segments', headers: { cookie: coach } });
    expect(new Set(coachList.json().items.map((s: { sportTeamName: string }) => s.sportTeamName))).toEqual(
      new Set(['Football']),
    );
    const athleteWrite = await post(athlete, segment());
    expect(athleteWrite.statusCode).toBe(403);
    const athleteList = await t.app.inject({ method: 'GET', url: '/api/v1/segments', headers: { cookie: athlete } });
    expect(athleteList.json().items).toHaveLength(2);

    const adminList = await t.app.inject({ method: 'GET', url: '/api/v1/segments', headers: { cookie: admin } });
    const anyId = adminList.json().items[0].id;
    const otherList = await t.app.inject({ method: 'GET', url: '/api/v1/segments', headers: { cookie: otherAdmin } });
    expect(otherList.json().items).toEqual([]);
    const otherPatch = await t.app.inject({
      method: 'PATCH',
      url: `/api/v1/segments/${anyId}`,
      headers: { cookie: otherAdmin },
      payload: { startDayOfWeek: 'SUNDAY' },
    });
    expect(otherPatch.statusCode).toBe(404);
    const otherPost = await post(otherAdmin, segment());
    expect(otherPost.statusCode).toBe(404);
  });

  it('edits a segment against the others of its team and deletes it', async () => {
    const list = (
      await t.app.inject({ method: 'GET', url: `/api/v1/segments?sportTeamId=${teamId}`, headers: { cookie: admin } })
    ).json().items;
    const [first, second] = list as Array<{ id: string }>;
    const clash = await t.app.inject({
      method: 'PATCH',
      url: `/api/v1/segments/${first!.id}`,
      headers: { cookie: coach },
      payload: { endDate: '2027-01-20' },
    });
    expect(clash.json().error.code).toBe('SEGMENT_OVERLAP');
    const ok = await t.app.inject({
      method: 'PATCH',
      url: `/api/v1/segments/${first!.id}`,
      headers: { cookie: coach },
      payload: { endDate: '2026-12-12', startDayOfWeek: 'SUNDAY', exemptWeekBeforeFirstContest: true },
    });
    expect(ok.json()).toMatchObject({
      endDate: '2026-12-12',
      startDayOfWeek: 'SUNDAY',
      exemptWeekBeforeFirstContest: true,
    });
    // A later edit that leaves the mark out keeps it.
    const kept = await t.app.inject({
      method: 'PATCH',
      url: `/api/v1/segments/${first!.id}`,
      headers: { cookie: coach },
      payload: { startDayOfWeek: 'MONDAY' },
    });
    expect(kept.json()).toMatchObject({ startDayOfWeek: 'MONDAY', exemptWeekBeforeFirstContest: true });
    const del = await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/segments/${second!.id}`,
      headers: { cookie: coach },
    });
    expect(del.statusCode).toBe(204);
  });
});

describe('an edit of a segment racing another edit', () => {
  it('keeps the fields another edit commits while this edit waits for the team', async () => {
    const db = t.database.db;
    const team = await seedTeam(db, schoolId, 'Rowing');
    const created = await post(admin, segment({ sportTeamId: team }));
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().id as string;
    const patch = (payload: object) =>
      t.app.inject({ method: 'PATCH', url: `/api/v1/segments/${id}`, headers: { cookie: admin }, payload });
    let patching: ReturnType<typeof patch> | undefined;
    await db.transaction().execute(async (trx) => {
      // Another edit (the start day and the exempt week) holds the team while this one, the end date, arrives.
      await trx.selectFrom('sport_teams').select('id').where('id', '=', team).forUpdate().execute();
      const pid = await backendPid(trx);
      patching = asAnotherClient(() => patch({ endDate: '2026-12-12' }));
      await untilBlockedBy(t.database.db, pid, 'the edit');
      await trx
        .updateTable('sport_segments')
        .set({ start_day_of_week: 'SUNDAY', exempt_week_before_first_contest: true })
        .where('id', '=', id)
        .execute();
    });
    const patched = await patching!;
    expect(patched.statusCode, patched.body).toBe(200);
    expect(patched.json()).toMatchObject({
      endDate: '2026-12-12',
      startDayOfWeek: 'SUNDAY',
      exemptWeekBeforeFirstContest: true,
    });
    const row = await db
      .selectFrom('sport_segments')
      .select(['end_date', 'start_day_of_week', 'exempt_week_before_first_contest'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({
      end_date: '2026-12-12',
      start_day_of_week: 'SUNDAY',
      exempt_week_before_first_contest: true,
    });
  });
});
