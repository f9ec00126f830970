import type { Client } from '@temporalio/client';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { seedSchool, seedUser, sessionCookie, type SeededUser } from '../../api/test-support/seed-school';
import { createTestApp, type TestApp } from '../../api/test-support/test-app';
import { testTemporalClient, uniqueTaskQueue } from '../../scripts/test-harness/context';
import { until, workerProcess } from '../testing/worker-process';
import { academicStartYear, testToday } from '../../scripts/test-harness/test-clock';

/** The year the roster is for: the academic year after the one holding today. */
const nextYear = academicStartYear(testToday()) + 1;

/**
 * A worker killed (SIGKILL) in the middle of a roster approval that invites the newcomers: after a new worker
 * takes over, every newcomer has exactly one invitation and exactly one invitation e-mail.
 */
const NEWCOMERS = 25;
const taskQueue = uniqueTaskQueue('roster-kill');
const worker = workerProcess(taskQueue);
let t: TestApp;
let temporal: Client;
let closeTemporal: () => Promise<void>;
let teamId: string;
let yearId: string;
let admin: SeededUser;
let coach: SeededUser;
const newcomers: SeededUser[] = [];
const cookies = new Map<string, string>();

const call = (user: SeededUser, url: string, payload: Record<string, unknown> = {}) =>
  t.app.inject({ method: 'POST', url: `/api/v1${url}`, headers: { cookie: cookies.get(user.id)! }, payload });

beforeAll(async () => {
  const client = await testTemporalClient();
  temporal = client.client;
  closeTemporal = client.close;
  t = await createTestApp({ temporal, taskQueue });
  const db = t.database.db;
  const schoolId = (await seedSchool(db)).id;
  teamId = (
    await db
      .insertInto('sport_teams')
      .values({ school_id: schoolId, name: 'Rowing', sport: 'Rowing' })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
  yearId = (
    await db
      .insertInto('academic_years')
      .values({ school_id: schoolId, start_year: nextYear, end_year: nextYear + 1 })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
  await db
    .insertInto('academic_terms')
    .values({
      school_id: schoolId,
      academic_year_id: yearId,
      term: 'FALL',
      start_date: `${nextYear}-08-20`,
      end_date: `${nextYear}-12-15`,
      vacations: JSON.stringify([]),
    })
    .execute();
  admin = await seedUser(db, schoolId);
  coach = await seedUser(db, schoolId, { roles: [{ role: 'COACH' }], sportTeamId: teamId });
  for (let i = 0; i < NEWCOMERS; i++) {
    newcomers.push(
      await seedUser(db, schoolId, { roles: [{ role: 'STUDENT_ATHLETE' }], status: 'NOT_INVITED', password: null }),
    );
  }
  for (const u of [admin, coach]) cookies.set(u.id, await sessionCookie(db, u));
  await worker.start();
}, 120_000);

afterAll(async () => {
  await worker.kill();
  await t?.close();
  await closeTemporal?.();
});

it('invites each newcomer exactly once when the worker dies mid-approval', async () => {
  const db = t.database.db;
  const path = `/rosters/${teamId}/${yearId}`;
  expect((await call(coach, `${path}/rollover`)).statusCode).toBe(200);
  expect((await call(coach, `${path}/athletes`, { athleteUserIds: newcomers.map((n) => n.id) })).statusCode).toBe(200);
  expect((await call(coach, `${path}/submit`)).statusCode).toBe(200);

  const approval = call(admin, `${path}/review`, { decision: 'APPROVE', inviteNewAthletes: true });
  // Killed as soon as the approval has started writing invitations (or the roster is completed).
  await until(
    async () =>
      (await db.selectFrom('invitations').select('id').where('user_id', '=', newcomers[0]!.id).executeTakeFirst()) ||
      (await db
        .selectFrom('rosters')
        .select('id')
        .where('sport_team_id', '=', teamId)
        .where('rollover_status', '=', 'COMPLETED')
        .executeTakeFirst()),
    60_000,
    'approval started',
  );
  await worker.kill();
  await worker.start();
  expect((await approval).statusCode).toBe(200);

  const emails = newcomers.map((n) => n.email);
  const mails = await until(
    async () => {
      const rows = await db.selectFrom('outbox').select('to_address').where('to_address', 'in', emails).execute();
      return rows.length >= NEWCOMERS ? rows : null;
    },
    180_000,
    'every newcomer mailed',
  );
  // Give a duplicate, if one were coming, the time to appear.
  await new Promise((r) => setTimeout(r, 3000));
  const after = await db.selectFrom('outbox').select('to_address').where('to_address', 'in', emails).execute();
  expect(after.length).toBe(NEWCOMERS);
  expect(new Set(mails.map((m) => m.to_address)).size).toBe(NEWCOMERS);
  const invitations = await db
    .selectFrom('invitations')
    .select('user_id')
    .where(
      'user_id',
      'in',
      newcomers.map((n) => n.id),
    )
    .execute();
  expect(invitations).toHaveLength(NEWCOMERS);
}, 300_000);
