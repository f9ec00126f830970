import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  findOldestOpenTask,
  listOpenTasksForAssignee,
  listOverdueTasks,
  listWorkflowTasks,
  reassignTask,
} from '../../api/tasks/tasks.repository';
import type { DatabaseHandle } from '../../migrations/connect';
import { testDatabase } from '../../scripts/test-harness/context';
import { seedSchool } from '../testing/fixtures';
import { runActivity } from '../testing/run-activity';
import { createTaskActivities } from './tasks.activities';

let database: DatabaseHandle;
beforeAll(async () => {
  database = await testDatabase();
});
afterAll(async () => {
  await database?.close();
});

async function seedSecondUser(schoolId: string): Promise<string> {
  const row = await database.db
    .insertInto('users')
    .values({ school_id: schoolId, email: `b-${randomUUID()}@test.edu`, first_name: 'Bo', last_name: 'Second' })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

describe('task activities', () => {
  it('open, complete and cancel are idempotent and scoped to the calling workflow', async () => {
    const school = await seedSchool(database.db);
    const activities = createTaskActivities({ db: database.db });
    const workflowId = `test-tasks:${randomUUID()}`;
    const input = {
      schoolId: school.schoolId,
      module: 'packet-submission',
      entityId: 'entity-1',
      stepId: 'review-1',
      stepName: 'Compliance review',
      assigneeUserId: school.adminId,
      title: 'Review the packet',
      url: '/packets/1',
      dueAt: new Date(Date.now() - 60_000).toISOString(),
    };
    const first = await runActivity({ workflowId }, activities.openTask, input);
    const again = await runActivity({ workflowId, attempt: 2 }, activities.openTask, input);
    expect(again.taskId).toBe(first.taskId);
    await runActivity({ workflowId }, activities.openTask, {
      ...input,
      stepId: 'sign-1',
      assigneeUserId: null,
      assigneeEmail: 'Parent@Example.com',
      dueAt: null,
    });

    const all = await listWorkflowTasks(database.db, { schoolId: school.schoolId }, workflowId);
    expect(all.map((t) => [t.stepId, t.status, t.assigneeEmail])).toEqual([
      ['review-1', 'OPEN', null],
      ['sign-1', 'OPEN', 'parent@example.com'],
    ]);
    const overdue = await listOverdueTasks(database.db, { schoolId: school.schoolId }, { now: new Date() });
    expect(overdue.map((t) => t.id)).toEqual([first.taskId]);
    const oldest = await findOldestOpenTask(database.db, { schoolId: school.schoolId });
    expect(oldest?.id).toBe(first.taskId);

    const done = await runActivity({ workflowId }, activities.completeTask, {
      schoolId: school.schoolId,
      stepId: 'review-1',
      completedBy: school.adminId,
    });
    const doneAgain = await runActivity({ workflowId }, activities.completeTask, {
      schoolId: school.schoolId,
      stepId: 'review-1',
    });
    expect([done.completed, doneAgain.completed]).toEqual([1, 0]);
    // Another workflow cannot cancel this one's tasks.
    const foreign = await runActivity({ workflowId: `${workflowId}-other` }, activities.cancelTasks, {
      schoolId: school.schoolId,
    });
    expect(foreign.cancelled).toBe(0);
    const cancelled = await runActivity({ workflowId }, activities.cancelTasks, { schoolId: school.schoolId });
    expect(cancelled.cancelled).toBe(1);

    const after = await listWorkflowTasks(database.db, { schoolId: school.schoolId }, workflowId);
    expect(after.map((t) => [t.stepId, t.status, t.completedBy])).toEqual([
      ['review-1', 'DONE', school.adminId],
      ['sign-1', 'CANCELLED', null],
    ]);
    // Opening a task again after it closed returns the closed row rather than a second one.
    const reopened = await runActivity({ workflowId }, activities.openTask, input);
    expect(reopened).toEqual({ taskId: first.taskId, status: 'DONE' });
  });

  it('reassigns an open task within its school only', async () => {
    const school = await seedSchool(database.db);
    const other = await seedSchool(database.db);
    const bob = await seedSecondUser(school.schoolId);
    const activities = createTaskActivities({ db: database.db });
    const workflowId = `test-tasks:${randomUUID()}`;
    const { taskId } = await runActivity({ workflowId }, activities.openTask, {
      schoolId: school.schoolId,
      module: 'disclosure',
      entityId: null,
      stepId: 'approve',
      stepName: 'Approve',
      assigneeRole: 'COMPLIANCE_OFFICER',
      title: 'Approve the disclosure',
    });
    expect(await reassignTask(database.db, other.schoolId, taskId, bob)).toEqual({ ok: false, reason: 'NOT_FOUND' });
    const moved = await reassignTask(database.db, school.schoolId, taskId, bob);
    expect(moved.ok && moved.task).toMatchObject({ assigneeUserId: bob, assigneeRole: null, status: 'OPEN' });
    expect(await reassignTask(database.db, school.schoolId, taskId, bob)).toEqual({
      ok: false,
      reason: 'ALREADY_ASSIGNED',
    });
    const inbox = await listOpenTasksForAssignee(database.db, school.schoolId, bob, { limit: 10, offset: 0 });
    expect(inbox.rows.map((t) => t.id)).toEqual([taskId]);
    expect(inbox.total).toBe(1);
  });
});
