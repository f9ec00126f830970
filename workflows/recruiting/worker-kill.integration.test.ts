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
 * Workers killed (SIGKILL) around prospect-to-roster approvals: for each of several prospects the worker dies as
 * soon as the approval is under way and a new one takes over. Every prospect ends with exactly one athlete account,
 * one roster entry, one invitation and one invitation e-mail.
 */
const PROSPECTS = 2;
const taskQueue = uniqueTaskQueue('psa-kill');
const worker = workerProcess(taskQueue);
let t: TestApp;
let temporal: Client;
let closeTemporal: () => Promise<void>;
let teamId: string;
let yearId: string;
let admin: SeededUser;
let coach: SeededUser;
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
      .values({ school_id: schoolId, name: 'Swimming', sport: 'Swimming' })
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
  admin = await seedUser(db, schoolId);
  coach = await seedUser(db, schoolId, { roles: [{ role: 'COACH' }], sportTeamId: teamId });
  for (const u of [admin, coach]) cookies.set(u.id, await sessionCookie(db, u));
  await worker.start();
}, 120_000);

afterAll(async () => {
  await worker.kill();
  await t?.close();
  await closeTemporal?.();
});

it('makes one athlete, one roster entry and one invitation per prospect when the worker dies mid-approval', async () => {
  const db = t.database.db;
  const emails: string[] = [];
  for (let i = 0; i < PROSPECTS; i++) {
    const email = `kill-${i}-${Date.now()}@example.com`;
    emails.push(email);
    const created = await call(coach, '/psas', { firstName: `Kill${i}`, lastName: 'Test', email });
    expect(created.statusCode).toBe(201);
    const psaId = created.json().psa.id as string;
    expect(
      (await call(coach, `/psas/${psaId}/transfer`, { sportTeamId: teamId, academicYearId: yearId })).statusCode,
    ).toBe(200);
    await until(
      () =>
        db
          .selectFrom('tasks')
          .select('id')
          .where('workflow_id', '=', `psa-transfer:${psaId}`)
          .where('status', '=', 'OPEN')
          .executeTakeFirst(),
      60_000,
      'approval task open',
    );
    const approval = call(admin, `/psas/${psaId}/transfer/decision`, { decision: 'APPROVE' });
    // Killed at a different point each round: at once, or once the athlete or the invitation exists.
    if (i % 2 === 1) {
      await until(
        () => db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirst(),
        60_000,
        'athlete written',
      );
    } else {
      await new Promise((r) => setTimeout(r, 30 * i));
    }
    await worker.kill();
    await worker.start();
    const answer = await approval;
    // The Update's answer may be lost with the worker; the decision still stands (or is made again, once).
    if (answer.statusCode !== 200) {
      const retry = await call(admin, `/psas/${psaId}/transfer/decision`, { decision: 'APPROVE' });
      expect([200, 409]).toContain(retry.statusCode);
    }
    await until(
      async () => (await temporal.workflow.getHandle(`psa-transfer:${psaId}`).describe()).status.name === 'COMPLETED',
      120_000,
      'transfer completed',
    );
  }
  const mails = await until(
    async () => {
      const rows = await db.selectFrom('outbox').select('to_address').where('to_address', 'in', emails).execute();
      return rows.length >= PROSPECTS ? rows : null;
    },
    180_000,
    'every athlete mailed',
  );
  await new Promise((r) => setTimeout(r, 3000));
  expect((await db.selectFrom('outbox').select('id').where('to_address', 'in', emails).execute()).length).toBe(
    PROSPECTS,
  );
  expect(new Set(mails.map((m) => m.to_address)).size).toBe(PROSPECTS);
  const users = await db.selectFrom('users').select('id').where('email', 'in', emails).execute();
  expect(users).toHaveLength(PROSPECTS);
  const ids = users.map((u) => u.id);
  expect(await db.selectFrom('roster_entries').select('id').where('athlete_user_id', 'in', ids).execute()).toHaveLength(
    PROSPECTS,
  );
  expect(await db.selectFrom('invitations').select('id').where('user_id', 'in', ids).execute()).toHaveLength(PROSPECTS);
  const added = await db.selectFrom('psas').select('commitment_status').where('email', 'in', emails).execute();
  expect(added.every((p) => p.commitment_status === 'ADDED_TO_ROSTER')).toBe(true);
}, 400_000);
