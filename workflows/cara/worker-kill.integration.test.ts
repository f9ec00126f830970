import type { Client } from '@temporalio/client';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ensureCaraLogWorkflow } from '../../api/cara/cara-logs.service';
import { seedSchool, seedUser, sessionCookie, type SeededUser } from '../../api/test-support/seed-school';
import { createTestApp, type TestApp } from '../../api/test-support/test-app';
import { testTemporalClient, uniqueTaskQueue } from '../../scripts/test-harness/context';
import { until, workerProcess } from '../testing/worker-process';
import { academicStartYear, addDays, mondayOfWeek } from '../../scripts/test-harness/test-clock';

/**
 * The log's week is last week (ended, so its log can be generated), eleven weeks into an in-season segment, inside
 * a term and the current academic year around it.
 */
const logWeek = mondayOfWeek(-1);
const segmentStart = addDays(logWeek, -77);

/**
 * A worker killed (SIGKILL) in the middle of a CARA log approval: after a new worker takes over, the log is approved
 * once: one history row, one audit event, one "approved" notification per submitter, no reviewer task left open.
 */
const taskQueue = uniqueTaskQueue('cara-kill');
const worker = workerProcess(taskQueue);
let t: TestApp;
let temporal: Client;
let closeTemporal: () => Promise<void>;
let schoolId: string;
let teamId: string;
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
  schoolId = (await seedSchool(db)).id;
  teamId = (
    await db
      .insertInto('sport_teams')
      .values({ school_id: schoolId, name: 'Rowing', sport: 'Rowing' })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
  const year = await db
    .insertInto('academic_years')
    .values({
      school_id: schoolId,
      start_year: academicStartYear(segmentStart),
      end_year: academicStartYear(segmentStart) + 1,
      is_current: true,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('academic_terms')
    .values({
      school_id: schoolId,
      academic_year_id: year.id,
      term: 'FALL',
      start_date: addDays(segmentStart, -12),
      end_date: addDays(logWeek, 23),
      vacations: JSON.stringify([]),
    })
    .execute();
  await db
    .insertInto('sport_segments')
    .values({
      school_id: schoolId,
      sport_team_id: teamId,
      academic_year_id: year.id,
      season_type: 'IN_SEASON',
      segment_type: 'CHAMPIONSHIP',
      start_date: segmentStart,
      end_date: addDays(logWeek, 18),
      start_day_of_week: 'MONDAY',
    })
    .execute();
  admin = await seedUser(db, schoolId, { roles: [{ role: 'SCHOOL_ADMIN', compliance: true }] });
  coach = await seedUser(db, schoolId, { roles: [{ role: 'COACH' }], sportTeamId: teamId });
  for (let i = 0; i < 20; i++)
    await seedUser(db, schoolId, { roles: [{ role: 'STUDENT_ATHLETE' }], sportTeamId: teamId });
  await db
    .insertInto('cara_settings')
    .values({
      school_id: schoolId,
      sport_team_id: teamId,
      logging_enabled: true,
      submitter_ids: [coach.id],
      reviewer_ids: [admin.id],
    })
    .execute();
  for (const u of [admin, coach]) cookies.set(u.id, await sessionCookie(db, u));
  await worker.start();
}, 120_000);

afterAll(async () => {
  await worker.kill();
  await t?.close();
  await closeTemporal?.();
});

it('approves the log exactly once when the worker dies mid-approval', async () => {
  const db = t.database.db;
  const started = await ensureCaraLogWorkflow(
    { database: { db }, taskQueue },
    temporal,
    schoolId,
    teamId,
    addDays(logWeek, 2),
    {
      generateAt: new Date(Date.now() + 200).toISOString(),
      remindAt: null,
      surveyExpiresAt: null,
    },
  );
  const log = await until(
    () =>
      db
        .selectFrom('cara_logs')
        .select(['id', 'status'])
        .where('workflow_id', '=', started.workflowId)
        .where('status', '=', 'READY')
        .executeTakeFirst(),
    60_000,
    'log generated',
  );
  expect((await call(coach, `/cara/logs/${log.id}/submit`, {})).statusCode).toBe(200);

  const approval = call(admin, `/cara/logs/${log.id}/review`, { decision: 'APPROVE' });
  // Killed as soon as the approval is under way (the Update reached the workflow) or already written.
  await until(
    async () => {
      const history = await temporal.workflow.getHandle(started.workflowId).fetchHistory();
      return history.events?.some(
        (e) => e.workflowExecutionUpdateAcceptedEventAttributes && JSON.stringify(e).includes('reviewCaraLog'),
      );
    },
    60_000,
    'approval accepted',
  );
  await worker.kill();
  await worker.start();
  expect((await approval).statusCode).toBe(200);

  const row = await db.selectFrom('cara_logs').select('status').where('id', '=', log.id).executeTakeFirstOrThrow();
  expect(row.status).toBe('APPROVED');
  await new Promise((r) => setTimeout(r, 1500));
  const approvals = await db
    .selectFrom('cara_log_events')
    .select('id')
    .where('cara_log_id', '=', log.id)
    .where('action', '=', 'approve')
    .execute();
  expect(approvals).toHaveLength(1);
  const audits = await db
    .selectFrom('audit_events')
    .select('id')
    .where('target_id', '=', log.id)
    .where('action', '=', 'cara-log.approve')
    .execute();
  expect(audits).toHaveLength(1);
  const notes = await db
    .selectFrom('notifications')
    .select('id')
    .where('user_id', '=', coach.id)
    .where('status', '=', 'approved')
    .execute();
  expect(notes).toHaveLength(1);
  const open = await db
    .selectFrom('tasks')
    .select('id')
    .where('workflow_id', '=', started.workflowId)
    .where('status', '=', 'OPEN')
    .execute();
  expect(open).toEqual([]);
}, 300_000);
