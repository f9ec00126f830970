import { Context } from '@temporalio/activity';
import type { Kysely } from 'kysely';
import { cancelWorkflowTasks, completeStepTasks, openTask, type TaskRow } from '../../api/tasks/tasks.repository';
import type { Database } from '../../migrations/database';

/**
 * Human task inbox activities any workflow can use: open a task when a step starts waiting on a person, complete
 * it when they act, cancel what is left when the process ends or moves on. The workflow id comes from the activity's
 * context, so a workflow can only touch its own tasks. All three are idempotent (retries and reset runs repeat nothing).
 */
export interface OpenTaskActivityInput {
  schoolId: string;
  module: string;
  entityId: string | null;
  /** Unique within the workflow per round of the step ('review-1', 'sign:athlete'…). */
  stepId: string;
  stepName: string;
  assigneeUserId?: string | null;
  assigneeRole?: string | null;
  assigneeEmail?: string | null;
  title: string;
  url?: string | null;
  /** The SLA as an ISO timestamp computed by the workflow (workflow time + the configured window), or null. */
  dueAt?: string | null;
}

export interface TaskActivityResult {
  taskId: string;
  status: TaskRow['status'];
}

function currentWorkflowId(): string {
  const workflowId = Context.current().info.workflowExecution?.workflowId;
  if (!workflowId) throw new Error('Task activities must run inside a workflow activity');
  return workflowId;
}

export function createTaskActivities(deps: { db: Kysely<Database> }) {
  const { db } = deps;
  return {
    async openTask(input: OpenTaskActivityInput): Promise<TaskActivityResult> {
      const task = await openTask(db, input.schoolId, {
        workflowId: currentWorkflowId(),
        module: input.module,
        entityId: input.entityId,
        stepId: input.stepId,
        stepName: input.stepName,
        assigneeUserId: input.assigneeUserId,
        assigneeRole: input.assigneeRole,
        assigneeEmail: input.assigneeEmail,
        title: input.title,
        url: input.url,
        dueAt: input.dueAt ? new Date(input.dueAt) : null,
      });
      return { taskId: task.id, status: task.status };
    },

    async completeTask(input: {
      schoolId: string;
      stepId: string;
      completedBy?: string | null;
    }): Promise<{ completed: number }> {
      const completed = await completeStepTasks(db, input.schoolId, {
        workflowId: currentWorkflowId(),
        stepId: input.stepId,
        completedBy: input.completedBy ?? null,
      });
      return { completed };
    },

    async cancelTasks(input: { schoolId: string; stepId?: string }): Promise<{ cancelled: number }> {
      const cancelled = await cancelWorkflowTasks(db, input.schoolId, {
        workflowId: currentWorkflowId(),
        stepId: input.stepId,
      });
      return { cancelled };
    },
  };
}

export type TaskActivities = ReturnType<typeof createTaskActivities>;
