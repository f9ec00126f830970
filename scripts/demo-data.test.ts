import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { verify } from 'argon2';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../api/config';
import { findLiveSession, insertSession } from '../api/auth/sessions.repository';
import { insertNotification } from '../api/notifications/notifications.repository';
import { parseAppEvent } from '../api/realtime/parse-app-event';
import { findRoleGrants } from '../api/users/role-grants.repository';
import { connectDatabase, EVENTS_CHANNEL, type DatabaseHandle } from '../migrations/connect';
import { migrateToLatest } from '../migrations/migrate';
import { DEMO_LOGINS, DEMO_PASSWORD, loadDemoData } from './demo-data';
import { demoAcademicYear } from './demo/demo-calendar';

// Runs on embedded PGlite (no server needed): the same database `npm start` uses by default.
describe('loadDemoData', () => {
  const dir = mkdtempSync(join(tmpdir(), 'demo-data-'));
  const config = loadConfig({ DATA_DIR: dir });
  let database: DatabaseHandle;

  beforeAll(async () => {
    database = await connectDatabase({ dataDir: join(dir, 'pglite') });
    await migrateToLatest(database.db);
    // Every migration on embedded PGlite: over a minute when the machine is shared.
  }, 180_000);

  afterAll(async () => {
    await database?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('loads once and skips on the next start', async () => {
    expect(await loadDemoData(database.db, config)).toMatchObject({ loaded: true });
    expect(await loadDemoData(database.db, config)).toMatchObject({ loaded: false, reason: 'already loaded' });
    const schools = await database.db.selectFrom('schools').select(['slug', 'plan']).orderBy('slug').execute();
    expect(schools).toEqual([
      { slug: 'basic-college', plan: 'COMPLIANCE' },
      { slug: 'demo-state', plan: 'CONNECT' },
      { slug: 'provider-operations', plan: 'COMPLIANCE' },
    ]);
  }, 60_000);

  it('gives every printed login an active account with roles and the demo password', async () => {
    for (const login of DEMO_LOGINS) {
      const user = await database.db
        .selectFrom('users')
        .select(['id', 'status', 'password_hash'])
        .where('email', '=', login.email)
        .executeTakeFirstOrThrow();
      expect(user.status).toBe('ACTIVE');
      const roles = await database.db.selectFrom('user_roles').select('role').where('user_id', '=', user.id).execute();
      expect(roles.map((r) => r.role)).toEqual(login.roles.map((g) => g.role));
    }
    const admin = await database.db
      .selectFrom('users')
      .select('password_hash')
      .where('email', '=', 'admin@demo.edu')
      .executeTakeFirstOrThrow();
    expect(admin.password_hash).toMatch(/^\$argon2id\$/);
    expect(await verify(admin.password_hash!, DEMO_PASSWORD)).toBe(true);
  });

  it('builds the demo school: four teams, the current year with terms (the demo year as of today), a squad of athletes', async () => {
    const school = await database.db
      .selectFrom('schools')
      .selectAll()
      .where('slug', '=', 'demo-state')
      .executeTakeFirstOrThrow();
    expect(school).toMatchObject({ division: '1', state: 'TX', time_zone: 'America/Chicago' });
    const teams = await database.db
      .selectFrom('sport_teams')
      .select('name')
      .where('school_id', '=', school.id)
      .execute();
    expect(teams).toHaveLength(4);
    const year = await database.db
      .selectFrom('academic_years')
      .selectAll()
      .where('school_id', '=', school.id)
      .executeTakeFirstOrThrow();
    const { startYear } = demoAcademicYear();
    expect(year).toMatchObject({ start_year: startYear, end_year: startYear + 1, is_current: true });
    const terms = await database.db
      .selectFrom('academic_terms')
      .select('term')
      .where('academic_year_id', '=', year.id)
      .execute();
    expect(terms.map((t) => t.term).sort()).toEqual(['FALL', 'SPRING', 'SUMMER']);
    const athletes = await database.db
      .selectFrom('athlete_profiles')
      .select(['sport_team_id', 'date_of_birth'])
      .where('school_id', '=', school.id)
      .execute();
    expect(athletes.length).toBeGreaterThanOrEqual(12);
    expect(athletes.every((a) => a.sport_team_id && /^\d{4}-\d{2}-\d{2}$/.test(a.date_of_birth ?? ''))).toBe(true);
    const coach = await database.db
      .selectFrom('staff_profiles')
      .innerJoin('users', 'users.id', 'staff_profiles.user_id')
      .select(['staff_profiles.sport_team_id', 'staff_profiles.title'])
      .where('users.email', '=', 'coach@demo.edu')
      .executeTakeFirstOrThrow();
    expect(coach.sport_team_id).toBeTruthy();
    // The demo coach is on two teams' staff (issue 15): head coach of Football, assistant of Men's Soccer.
    const coachTeams = await database.db
      .selectFrom('staff_teams')
      .innerJoin('users', 'users.id', 'staff_teams.user_id')
      .innerJoin('sport_teams', 'sport_teams.id', 'staff_teams.sport_team_id')
      .select(['sport_teams.name', 'staff_teams.title_group'])
      .where('users.email', '=', 'coach@demo.edu')
      .orderBy('sport_teams.name')
      .execute();
    expect(coachTeams).toEqual([
      { name: 'Football', title_group: 'HEAD_COACH' },
      { name: "Men's Soccer", title_group: 'ASSISTANT_COACH' },
    ]);
  });

  it('writes no sends, submissions or disclosures itself: those come from the workflows (runDemoProcesses)', async () => {
    const count = async (table: 'sent_packets' | 'packet_submissions' | 'disclosures' | 'tasks') =>
      Number(
        (
          await database.db
            .selectFrom(table)
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    expect(await count('sent_packets')).toBe(0);
    expect(await count('packet_submissions')).toBe(0);
    expect(await count('disclosures')).toBe(0);
    expect(await count('tasks')).toBe(0);
    const published = await database.db
      .selectFrom('packets')
      .select('name')
      .where('status', '=', 'PUBLISHED')
      .orderBy('name')
      .execute();
    expect(published.map((p) => p.name)).toEqual([
      'Away trip consent',
      'Pre-participation paperwork',
      'Summer conditioning waiver',
    ]);
    // The people the stuck processes need: the approver who will leave is active until then; the bouncing address.
    const people = await database.db
      .selectFrom('users')
      .select(['email', 'status'])
      .where('email', 'in', ['lortiz@demo.edu', 'bounce@students.demo.edu'])
      .orderBy('email')
      .execute();
    expect(people).toEqual([
      { email: 'bounce@students.demo.edu', status: 'NOT_INVITED' },
      { email: 'lortiz@demo.edu', status: 'ACTIVE' },
    ]);
  });

  it('answers the session lookup with its grants and time zone, and pushes a new notification once, on the embedded database too', async () => {
    const admin = await database.db
      .selectFrom('users as u')
      .innerJoin('schools as s', 's.id', 'u.school_id')
      .select(['u.id', 'u.school_id', 's.time_zone'])
      .where('u.email', '=', 'admin@demo.edu')
      .executeTakeFirstOrThrow();
    await insertSession(database.db, admin.school_id, {
      id: 'embedded-session',
      userId: admin.id,
      portal: null,
      ip: null,
      userAgent: null,
      expiresAt: new Date(Date.now() + 60_000),
    });
    const session = await findLiveSession(database.db, 'embedded-session');
    expect(session?.grants).toEqual(await findRoleGrants(database.db, admin.school_id, admin.id));
    expect(session?.grants.length).toBeGreaterThan(0);
    expect(session?.timeZone).toBe(admin.time_zone);

    const pushed: string[] = [];
    const unlisten = await database.listen(EVENTS_CHANNEL, (payload) => pushed.push(payload));
    const note = {
      schoolId: admin.school_id,
      userId: admin.id,
      payload: { module: 'paperwork', status: 'assigned', title: 'Embedded check', featureData: {} },
      dedupeKey: 'embedded-check',
    } as const;
    const id = await insertNotification(database.db, note);
    expect(await insertNotification(database.db, note)).toBeNull();
    await expect.poll(() => pushed.length).toBe(1);
    expect(parseAppEvent(pushed[0]!)).toEqual({
      type: 'notification',
      schoolId: admin.school_id,
      userId: admin.id,
      notificationId: id,
    });
    await unlisten();
  });
});
