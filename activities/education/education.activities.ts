import type { Kysely } from 'kysely';
import { recordAudit } from '../../api/audit/audit.repository';
import {
  assigneesOf,
  closeTasksOfCompleted,
  findAssignment,
  markAssigneesOverdue,
  setAssignmentStatus,
} from '../../api/education/education.repository';
import { notifyEach } from '../../api/notifications/notifications.repository';
import { listSchoolAdmins } from '../../api/rosters/rosters.repository';
import { cancelWorkflowTasks, ensureTasks } from '../../api/tasks/tasks.repository';
import { CONTENT_KIND_LABELS, dueAtOf, type EducationAssignmentInput } from '../../domain/education';
import type { Database } from '../../migrations/database';
import { currentSideEffectKey } from '../shared/idempotency';

/** Where an assignee opens the content: a quiz's start page, or the content itself. */
export function educationItemUrl(kind: string, contentId: string): string {
  if (kind === 'QUIZ') return `/quiz/${contentId}`;
  if (kind === 'COURSE') return `/educationCourse/${contentId}`;
  return `/educationContent/${contentId}`;
}

/**
 * The writes of `education-assignment:<id>`. Each reads the rows first, so a retry after a killed worker finds its
 * work done: tasks are unique per (workflow, step, person), notifications and audit events carry keys from the
 * workflow id and the step, never the attempt.
 */
export function createEducationActivities(deps: { db: Kysely<Database> }) {
  const { db } = deps;

  const load = async (input: EducationAssignmentInput) => {
    const a = await findAssignment(db, input.schoolId, input.assignmentId);
    if (!a) throw new Error(`education assignment ${input.assignmentId} not found`);
    return a;
  };

  return {
    /** A My Tasks item and a notification for each assignee not yet done; returns how many are still open. */
    async openEducationTasks(input: EducationAssignmentInput): Promise<number> {
      const a = await load(input);
      const people = await assigneesOf(db, input.schoolId, input.assignmentId);
      const open = people.filter((p) => p.status !== 'COMPLETED');
      const kind = CONTENT_KIND_LABELS[a.kind].toLowerCase();
      await ensureTasks(
        db,
        input.schoolId,
        open.map((p) => ({
          workflowId: a.workflow_id,
          module: 'education',
          entityId: a.content_id,
          stepId: 'complete',
          stepName: a.kind === 'QUIZ' ? 'Take quiz' : 'Complete content',
          assigneeUserId: p.userId,
          title: `Complete the ${kind} "${a.headline}" by ${a.due_date}`,
          url: educationItemUrl(a.kind, a.content_id),
          dueAt: new Date(dueAtOf(a.due_date)),
        })),
      );
      await notifyEach(db, {
        schoolId: input.schoolId,
        userIds: open.map((p) => p.userId),
        payload: {
          module: 'education',
          status: 'assigned',
          title: 'New education item',
          body: `"${a.headline}" was assigned to you. Complete it by ${a.due_date}.`,
        },
        keyOf: (userId) => currentSideEffectKey('notification', `assigned:${userId}`),
      });
      await closeTasksOfCompleted(db, input.schoolId, a.workflow_id);
      return open.length;
    },

    /** Closes the tasks of those who completed; returns how many are still open. */
    async syncEducationAssignment(input: EducationAssignmentInput): Promise<number> {
      const a = await load(input);
      await closeTasksOfCompleted(db, input.schoolId, a.workflow_id);
      const people = await assigneesOf(db, input.schoolId, input.assignmentId);
      return people.filter((p) => p.status !== 'COMPLETED').length;
    },

    async remindEducationAssignees(input: EducationAssignmentInput): Promise<void> {
      const a = await load(input);
      const people = await assigneesOf(db, input.schoolId, input.assignmentId);
      await notifyEach(db, {
        schoolId: input.schoolId,
        userIds: people.filter((p) => p.status !== 'COMPLETED').map((p) => p.userId),
        payload: {
          module: 'education',
          status: 'reminder',
          title: 'Education item due soon',
          body: `"${a.headline}" is due on ${a.due_date}.`,
        },
        keyOf: (userId) => currentSideEffectKey('notification', `reminder:${userId}`),
      });
    },

    /** The due date passed: those not done turn overdue, and the school's admins hear who they are. */
    async markEducationOverdue(input: EducationAssignmentInput): Promise<void> {
      const a = await load(input);
      const late = await db.transaction().execute(async (trx) => {
        const names = await markAssigneesOverdue(trx, input.schoolId, input.assignmentId);
        await setAssignmentStatus(trx, input.schoolId, input.assignmentId, 'OVERDUE');
        await recordAudit(trx, {
          schoolId: input.schoolId,
          actorUserId: null,
          action: 'education.assignment_overdue',
          targetType: 'education_content',
          targetId: a.content_id,
          details: { assignmentId: a.id, overdue: names.length },
          idempotencyKey: currentSideEffectKey('audit', 'overdue'),
        });
        return names;
      });
      if (late.length === 0) return;
      const who = late.length === 1 ? '1 athlete has' : `${late.length} athletes have`;
      await notifyEach(db, {
        schoolId: input.schoolId,
        userIds: await listSchoolAdmins(db, input.schoolId),
        payload: {
          module: 'education',
          status: 'overdue',
          title: 'Education item overdue',
          body: `${who} not completed "${a.headline}", due on ${a.due_date}.`,
        },
        keyOf: (userId) => currentSideEffectKey('notification', `overdue:${userId}`),
      });
    },

    async closeEducationAssignment(input: EducationAssignmentInput & { outcome: 'COMPLETED' | 'RECALLED' }) {
      const a = await load(input);
      await setAssignmentStatus(db, input.schoolId, input.assignmentId, input.outcome);
      if (input.outcome === 'RECALLED') {
        await cancelWorkflowTasks(db, input.schoolId, { workflowId: a.workflow_id });
      } else {
        await closeTasksOfCompleted(db, input.schoolId, a.workflow_id);
      }
    },
  };
}

export type EducationActivities = ReturnType<typeof createEducationActivities>;
