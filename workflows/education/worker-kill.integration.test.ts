import type { Client } from '@temporalio/client';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { actorFor } from '../../api/contracts/contracts.fixtures';
import {
  assignContent,
  changeContentStatus,
  completeContent,
  createContent,
} from '../../api/education/education.service';
import type { CoreDeps } from '../../api/shared/use-case';
import { seedSchool, seedUser, type SeededUser } from '../../api/test-support/seed-school';
import { createTestApp, type TestApp } from '../../api/test-support/test-app';
import { testTemporalClient, uniqueTaskQueue } from '../../scripts/test-harness/context';
import { daysFromToday } from '../../scripts/test-harness/test-clock';
import { until, workerProcess } from '../testing/worker-process';

/**
 * A worker killed (SIGKILL) while an assignment of content to a team waits: the reminder and the due moment both
 * pass while no worker runs. After a new worker takes over, each athlete has exactly one My Tasks item and hears
 * of the assignment and the reminder once each, the one not done turns overdue (audited once, the admin told once),
 * and the process ends when the last athlete completes.
 */
const taskQueue = uniqueTaskQueue('education-kill');
const worker = workerProcess(taskQueue);
let t: TestApp;
let temporal: Client;
let closeTemporal: () => Promise<void>;
let schoolId: string;
let educator: SeededUser;
let admin: SeededUser;
let athletes: SeededUser[];
let teamId: string;

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
      .values({ school_id: schoolId, name: 'Football', sport: 'Football', created_at: new Date() })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;
  educator = await seedUser(db, schoolId, { roles: [{ role: 'EDUCATOR' }] });
  admin = await seedUser(db, schoolId, { roles: [{ role: 'SCHOOL_ADMIN', compliance: true }] });
  athletes = [];
  for (let i = 0; i < 3; i++) {
    athletes.push(await seedUser(db, schoolId, { roles: [{ role: 'STUDENT_ATHLETE' }], sportTeamId: teamId }));
  }
  await worker.start();
}, 120_000);

afterAll(async () => {
  await worker.kill();
  await t?.close();
  await closeTemporal?.();
});

it('opens, reminds and marks overdue exactly once when the worker dies mid-assignment', async () => {
  const db = t.database.db;
  const deps: CoreDeps = { db, temporal, now: () => new Date(), taskQueue };
  const edu = actorFor(educator, schoolId, [{ role: 'EDUCATOR' }]);
  const content = await createContent(deps, edu, {
    kind: 'ARTICLE',
    headline: 'Kill drill: NIL and taxes',
    articleText: 'Income from NIL is taxable.',
  });
  await changeContentStatus(deps, edu, { id: content.id, action: 'publish' });
  const assigned = await assignContent(
    deps,
    edu,
    { id: content.id, teamIds: [teamId], dueDate: daysFromToday(30) },
    { remindInMs: 2500, dueInMs: 4000 },
  );
  const tasks = () => db.selectFrom('tasks').selectAll().where('workflow_id', '=', assigned.workflowId).execute();
  await until(async () => (await tasks()).length === 3, 30_000, 'three tasks');
  const [first, second, third] = athletes.map((a) => actorFor(a, schoolId, [{ role: 'STUDENT_ATHLETE' }]));
  await completeContent(deps, first!, content.id);

  // Dead through the reminder and the due moment.
  await worker.kill();
  await new Promise((r) => setTimeout(r, 5000));
  await worker.start();
  const statusOf = async (userId: string) =>
    (
      await db
        .selectFrom('education_assignees')
        .select('status')
        .where('assignment_id', '=', assigned.assignmentId)
        .where('user_id', '=', userId)
        .executeTakeFirstOrThrow()
    ).status;
  await until(async () => (await statusOf(athletes[1]!.id)) === 'OVERDUE', 60_000, 'overdue');
  // The overdue step ends by telling the admin; once that is written, the step is done.
  await until(
    () =>
      db
        .selectFrom('notifications')
        .select('id')
        .where('user_id', '=', admin.id)
        .where('title', '=', 'Education item overdue')
        .executeTakeFirst(),
    30_000,
    'admin told',
  );
  await new Promise((r) => setTimeout(r, 500));
  expect(await statusOf(athletes[0]!.id)).toBe('COMPLETED');

  // Killed again, then the other two complete; the process ends.
  await worker.kill();
  await completeContent(deps, second!, content.id);
  await completeContent(deps, third!, content.id);
  await worker.start();
  const result = await temporal.workflow.getHandle(assigned.workflowId).result();
  expect(result).toMatchObject({ phase: 'COMPLETED', open: 0, reminded: true });

  const all = await tasks();
  expect(all).toHaveLength(3);
  expect(all.every((r) => r.status === 'DONE')).toBe(true);
  const notes = await db
    .selectFrom('notifications')
    .select(['user_id', 'title'])
    .where('school_id', '=', schoolId)
    .where('module', '=', 'education')
    .execute();
  const count = (title: string, userId?: string) =>
    notes.filter((n) => n.title === title && (!userId || n.user_id === userId)).length;
  for (const a of athletes) expect(count('New education item', a.id)).toBe(1);
  expect(count('Education item due soon')).toBe(2);
  expect(count('Education item overdue', admin.id)).toBe(1);
  const audits = await db
    .selectFrom('audit_events')
    .select('id')
    .where('target_id', '=', content.id)
    .where('action', '=', 'education.assignment_overdue')
    .execute();
  expect(audits).toHaveLength(1);
  const row = await db
    .selectFrom('education_assignments')
    .select('status')
    .where('id', '=', assigned.assignmentId)
    .executeTakeFirstOrThrow();
  expect(row.status).toBe('COMPLETED');
}, 180_000);
