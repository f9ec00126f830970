import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test-support/test-app';
import { seedSchool, seedUser, sessionCookie } from '../test-support/seed-school';

// fixed-date fixture: the rows are inserted with their submitted_at and the report filters by the range it is given;
// neither reads the clock, so these dates mean the same on any day.

/** The reporting page's figures: totals by sport, type, status and month, within a date range, and the CSV. */
let t: TestApp;
let cookie: string;
let schoolId: string;

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  schoolId = (await seedSchool(db)).id;
  const team = (sport: string) =>
    db
      .insertInto('sport_teams')
      .values({ school_id: schoolId, name: sport, sport })
      .returning('id')
      .executeTakeFirstOrThrow();
  const football = (await team('Football')).id;
  const soccer = (await team('Soccer')).id;
  const athlete = await seedUser(db, schoolId, { roles: [{ role: 'STUDENT_ATHLETE' }] });
  const admin = await seedUser(db, schoolId);
  cookie = await sessionCookie(db, admin);
  const rows: Array<[string, string | null, string, string, number | null, number | null, boolean]> = [
    // submitted, team, type, status, amount, in-kind estimate, archived
    ['2027-01-10', football, 'SPONSORSHIP', 'APPROVED', 100_00, null, false],
    ['2027-01-20', football, 'SPONSORSHIP', 'PENDING', 200_00, null, false],
    ['2027-02-05', soccer, 'CAMPS', 'REJECTED', 50_00, null, false],
    ['2027-02-28', null, 'AUTOGRAPH', 'APPROVED', null, 30_00, false],
    ['2027-03-15', soccer, 'CAMPS', 'APPROVED', 1_000_00, null, false],
    // Archived and draft rows leave every metric.
    ['2027-01-15', football, 'SPONSORSHIP', 'APPROVED', 9_999_00, null, true],
  ];
  for (const [submitted, teamId, type, status, amount, estimate, archived] of rows) {
    await db
      .insertInto('disclosures')
      .values({
        school_id: schoolId,
        athlete_user_id: athlete.id,
        sport_team_id: teamId,
        type,
        status: status as 'APPROVED',
        company_name: `Co ${type}`,
        amount_cents: amount,
        estimated_amount_cents: estimate,
        payment_type: estimate === null ? 'MONETARY' : 'IN_KIND',
        submitted_at: new Date(`${submitted}T15:00:00Z`),
        archived_at: archived ? new Date() : null,
      })
      .execute();
  }
  await db
    .insertInto('disclosures')
    .values({ school_id: schoolId, athlete_user_id: athlete.id, type: 'NIL', amount_cents: 5_00 })
    .execute();
});

afterAll(async () => {
  await t?.close();
});

const get = (url: string) => t.app.inject({ method: 'GET', url: `/api/v1${url}`, headers: { cookie } });

describe('disclosure reporting', () => {
  it('totals by sport, type, status and month, in-kind estimates counted, archived and drafts left out', async () => {
    const r = (await get('/disclosures/report')).json();
    expect(r.total).toEqual({ count: 5, amount: 1380 });
    expect(r.bySport).toEqual([
      { key: 'Football', count: 2, amount: 300 },
      { key: 'No team', count: 1, amount: 30 },
      { key: 'Soccer', count: 2, amount: 1050 },
    ]);
    expect(r.byType).toEqual([
      { key: 'AUTOGRAPH', count: 1, amount: 30 },
      { key: 'CAMPS', count: 2, amount: 1050 },
      { key: 'SPONSORSHIP', count: 2, amount: 300 },
    ]);
    expect(r.byStatus).toEqual([
      { key: 'APPROVED', count: 3, amount: 1130 },
      { key: 'PENDING', count: 1, amount: 200 },
      { key: 'REJECTED', count: 1, amount: 50 },
    ]);
    expect(r.byMonth).toEqual([
      { key: '2027-01', count: 2, amount: 300 },
      { key: '2027-02', count: 2, amount: 80 },
      { key: '2027-03', count: 1, amount: 1000 },
    ]);
  });

  it('limits every figure and the CSV export to the chosen dates (both days included)', async () => {
    const r = (await get('/disclosures/report?from=2027-01-20&to=2027-02-28')).json();
    expect(r.total).toEqual({ count: 3, amount: 280 });
    expect(r.byMonth.map((m: { key: string }) => m.key)).toEqual(['2027-01', '2027-02']);
    const csv = await get('/disclosures/export.csv?from=2027-01-20&to=2027-02-28');
    expect(csv.statusCode).toBe(200);
    const lines = csv.body.trim().split('\r\n');
    expect(lines).toHaveLength(4);
    expect(
      lines
        .slice(1)
        .map((l) => l.slice(0, 10))
        .sort(),
    ).toEqual(['2027-01-20', '2027-02-05', '2027-02-28']);
    const bad = await get('/disclosures/report?from=2027-13-01');
    expect(bad.statusCode).toBe(400);
  });
});

describe('disclosure settings', () => {
  it('reads the reviewer reminder time (48 hours by default) and lets a compliance admin change it, audited', async () => {
    expect((await get('/disclosures/settings')).json()).toEqual({ reviewReminderHours: 48 });
    const put = (hours: unknown) =>
      t.app.inject({
        method: 'PUT',
        url: '/api/v1/disclosures/settings',
        headers: { cookie },
        payload: { reviewReminderHours: hours },
      });
    const bad = await put(0);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.details[0]).toMatchObject({
      field: 'reviewReminderHours',
      message: 'Set a valid time: a whole number of hours from 1 to 168.',
    });
    expect((await put(200)).statusCode).toBe(400);
    const ok = await put(24);
    expect(ok.statusCode, ok.body).toBe(200);
    expect((await get('/disclosures/settings')).json()).toEqual({ reviewReminderHours: 24 });
    const audit = await t.database.db
      .selectFrom('audit_events')
      .select('details')
      .where('action', '=', 'disclosure.settings_updated')
      .where('school_id', '=', schoolId)
      .execute();
    expect(audit.map((a) => a.details)).toEqual([{ reviewReminderHours: 24 }]);
  });
});
