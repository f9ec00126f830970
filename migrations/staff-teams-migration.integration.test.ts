import { Kysely, PostgresDialect, sql } from 'kysely';
import { Migrator } from 'kysely/migration';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, inject } from 'vitest';
import { migrationProvider } from './index';

// fixed-date fixture: the dates are the names of migrations, fixed for good.

/**
 * Migration 110 on a database as it stood before it (a schema of its own in the run's database): every staff
 * profile's team becomes a `staff_teams` row with the coach's title group, and the foreign keys keep a team of one
 * school away from a staff member of another.
 */
const schema = `mig110_${process.pid}_${Date.now()}`;
let pool: pg.Pool;
let db: Kysely<any>; // the schema as of migration 109, untyped

beforeAll(async () => {
  const url = inject('databaseUrl');
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create schema ${schema}`);
  await admin.end();
  pool = new pg.Pool({ connectionString: url, max: 1, options: `-c search_path=${schema}` });
  db = new Kysely({ dialect: new PostgresDialect({ pool }) });
  const migrator = new Migrator({ db, provider: migrationProvider, migrationTableSchema: schema });
  const before = await migrator.migrateTo('2026-11-26_109_segment-first-contest-exemption');
  if (before.error) throw before.error;
}, 120_000);

afterAll(async () => {
  await sql.raw(`drop schema if exists ${schema} cascade`).execute(db);
  await db.destroy();
});

describe('migration 110: staff_teams', () => {
  it("copies each staff profile's team with the coach's title group, and keeps schools apart", async () => {
    const school = async (name: string) =>
      (
        await db
          .insertInto('schools')
          .values({ name, slug: `${name}-${Date.now()}` })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id as string;
    const s1 = await school('one');
    const s2 = await school('two');
    const team = async (schoolId: string, name: string) =>
      (
        await db
          .insertInto('sport_teams')
          .values({ school_id: schoolId, name, sport: name })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id as string;
    const football = await team(s1, 'Football');
    const rugby = await team(s2, 'Rugby');
    const user = async (schoolId: string, email: string) =>
      (
        await db
          .insertInto('users')
          .values({ school_id: schoolId, email, first_name: 'A', last_name: 'B' })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id as string;
    const coach = await user(s1, 'coach@one.test');
    const manager = await user(s1, 'manager@one.test');
    const admin = await user(s1, 'admin@one.test');
    await db
      .insertInto('user_roles')
      .values({ user_id: coach, school_id: s1, role: 'COACH', title_group: 'HEAD_COACH' })
      .execute();
    await db
      .insertInto('staff_profiles')
      .values([
        { user_id: coach, school_id: s1, sport_team_id: football, title: 'Head Football Coach' },
        { user_id: manager, school_id: s1, sport_team_id: football, title: 'TEAM_MANAGER' },
        { user_id: admin, school_id: s1, sport_team_id: null, title: 'Director' },
      ])
      .execute();

    const migrator = new Migrator({ db, provider: migrationProvider, migrationTableSchema: schema });
    const up = await migrator.migrateTo('2026-11-26_110_staff-teams');
    expect(up.error).toBeUndefined();

    const rows = await db
      .selectFrom('staff_teams')
      .select(['school_id', 'user_id', 'sport_team_id', 'title_group'])
      .orderBy('title_group')
      .execute();
    expect(rows).toEqual([
      { school_id: s1, user_id: coach, sport_team_id: football, title_group: 'HEAD_COACH' },
      { school_id: s1, user_id: manager, sport_team_id: football, title_group: 'TEAM_MANAGER' },
    ]);
    // A team of another school cannot be joined to this school's staff member.
    await expect(
      db.insertInto('staff_teams').values({ school_id: s1, user_id: coach, sport_team_id: rugby }).execute(),
    ).rejects.toThrow(/foreign key/);
    await expect(
      db.insertInto('staff_teams').values({ school_id: s2, user_id: coach, sport_team_id: rugby }).execute(),
    ).rejects.toThrow(/foreign key/);
    // One row per (person, team).
    await expect(
      db.insertInto('staff_teams').values({ school_id: s1, user_id: coach, sport_team_id: football }).execute(),
    ).rejects.toThrow(/duplicate key/);

    const down = await migrator.migrateTo('2026-11-26_109_segment-first-contest-exemption');
    expect(down.error).toBeUndefined();
  });
});
