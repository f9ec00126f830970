import type { Client, WorkflowExecutionDescription } from '@temporalio/client';
import { optionalTsToMs } from '@temporalio/common/lib/time';
import proto from '@temporalio/proto';
import type { Kysely } from 'kysely';
import type { WorkflowStatus } from '../../domain/operator-console';
import type { Database } from '../../migrations/database';
import type { SchoolScope, TaskRow } from '../tasks/tasks.repository';
import type { AssigneeCheck, ExecutionFacts, OpenTaskFacts, PendingActivityFacts } from './detect-stuck';
import { lastWorkflowTaskFailure } from './history-timeline';

/**
 * Gathers what stuck detection needs about processes: Temporal's description (pending workflow task, pending
 * activities), the task queue's pollers, the open inbox tasks and the modules' own records. Lookups that serve
 * many processes (pollers per queue, tasks and records per page) are batched.
 */
export interface ListedExecution {
  workflowId: string;
  runId: string;
  workflowType: string;
  status: WorkflowStatus;
  taskQueue: string;
  module: string | null;
  schoolId: string | null;
  entityId: string | null;
  waitingOn: string | null;
  stepName: string | null;
  startTime: Date;
  closeTime: Date | null;
}

const ActivityState = proto.temporal.api.enums.v1.PendingActivityState;
const WorkflowTaskState = proto.temporal.api.enums.v1.PendingWorkflowTaskState;

function keyword(value: unknown): string | null {
  if (Array.isArray(value)) return value.length ? String(value[0]) : null;
  return value === undefined || value === null ? null : String(value);
}

/** The list and describe answers both carry these fields; one mapping serves both. */
export function toListedExecution(info: {
  workflowId: string;
  runId: string;
  type: string;
  status: { name: string };
  taskQueue: string;
  searchAttributes: Record<string, unknown>;
  startTime: Date;
  closeTime?: Date | undefined;
}): ListedExecution {
  const sa = info.searchAttributes;
  return {
    workflowId: info.workflowId,
    runId: info.runId,
    workflowType: info.type,
    status: statusName(info.status.name),
    taskQueue: info.taskQueue,
    module: keyword(sa.Module),
    schoolId: keyword(sa.SchoolId),
    entityId: keyword(sa.EntityId),
    waitingOn: keyword(sa.WaitingOn),
    stepName: keyword(sa.StepName),
    startTime: info.startTime,
    closeTime: info.closeTime ?? null,
  };
}

function statusName(name: string): WorkflowStatus {
  switch (name) {
    case 'RUNNING':
      return 'Running';
    case 'COMPLETED':
      return 'Completed';
    case 'FAILED':
      return 'Failed';
    case 'CANCELLED':
    case 'CANCELED':
      return 'Canceled';
    case 'TERMINATED':
      return 'Terminated';
    case 'TIMED_OUT':
      return 'TimedOut';
    case 'CONTINUED_AS_NEW':
      return 'Completed';
    default:
      return 'Running';
  }
}

export function pendingActivitiesOf(description: WorkflowExecutionDescription): PendingActivityFacts[] {
  return (description.raw.pendingActivities ?? []).map((a) => ({
    activityId: a.activityId ?? '',
    activityType: a.activityType?.name ?? 'activity',
    state: activityState(a.state),
    attempt: a.attempt ?? 1,
    maximumAttempts: a.maximumAttempts ?? 0,
    lastFailureMessage: a.lastFailure?.message ?? null,
    scheduledAtMs: optionalTsToMs(a.scheduledTime) ?? null,
    nextAttemptAtMs: optionalTsToMs(a.nextAttemptScheduleTime) ?? null,
    lastStartedAtMs: optionalTsToMs(a.lastStartedTime) ?? null,
  }));
}

function activityState(state: number | null | undefined): PendingActivityFacts['state'] {
  switch (state) {
    case ActivityState.PENDING_ACTIVITY_STATE_SCHEDULED:
      return 'SCHEDULED';
    case ActivityState.PENDING_ACTIVITY_STATE_STARTED:
      return 'STARTED';
    case ActivityState.PENDING_ACTIVITY_STATE_CANCEL_REQUESTED:
      return 'CANCEL_REQUESTED';
    case ActivityState.PENDING_ACTIVITY_STATE_PAUSED:
      return 'PAUSED';
    case ActivityState.PENDING_ACTIVITY_STATE_PAUSE_REQUESTED:
      return 'PAUSE_REQUESTED';
    default:
      return 'UNKNOWN';
  }
}

export function pendingWorkflowTaskOf(
  description: WorkflowExecutionDescription,
): ExecutionFacts['pendingWorkflowTask'] {
  const wft = description.raw.pendingWorkflowTask;
  if (!wft) return null;
  return {
    state:
      wft.state === WorkflowTaskState.PENDING_WORKFLOW_TASK_STATE_SCHEDULED
        ? 'SCHEDULED'
        : wft.state === WorkflowTaskState.PENDING_WORKFLOW_TASK_STATE_STARTED
          ? 'STARTED'
          : 'UNKNOWN',
    attempt: wft.attempt ?? 1,
    scheduledAtMs: optionalTsToMs(wft.scheduledTime) ?? null,
  };
}

/**
 * Asks each task queue whether a worker polled it lately (workflow or activity side), and reuses the answer for
 * `reuseMs` (one server's requests share one cache), so a page of processes on one queue asks once.
 */
export class PollerCache {
  private readonly answers = new Map<string, { at: number; answer: Promise<boolean | null> }>();
  constructor(
    private readonly client: Client,
    private readonly namespace: string,
    private readonly silenceMs: number,
    private readonly reuseMs = 0,
  ) {}

  hasLivePoller(taskQueue: string, nowMs: number): Promise<boolean | null> {
    const known = this.answers.get(taskQueue);
    if (known && (this.reuseMs === 0 || nowMs - known.at < this.reuseMs)) return known.answer;
    const answer = this.ask(taskQueue, nowMs).catch(() => null);
    this.answers.set(taskQueue, { at: nowMs, answer });
    return answer;
  }

  private async ask(taskQueue: string, nowMs: number): Promise<boolean> {
    const types = [
      proto.temporal.api.enums.v1.TaskQueueType.TASK_QUEUE_TYPE_WORKFLOW,
      proto.temporal.api.enums.v1.TaskQueueType.TASK_QUEUE_TYPE_ACTIVITY,
    ];
    const answers = await Promise.all(
      types.map(async (taskQueueType) => {
        const response = await this.client.workflowService.describeTaskQueue({
          namespace: this.namespace,
          taskQueue: { name: taskQueue, kind: proto.temporal.api.enums.v1.TaskQueueKind.TASK_QUEUE_KIND_NORMAL },
          taskQueueType,
        });
        return (response.pollers ?? []).some((p) => {
          const seen = optionalTsToMs(p.lastAccessTime);
          return seen !== undefined && nowMs - seen < this.silenceMs;
        });
      }),
    );
    return answers.some(Boolean);
  }
}

export interface TaskWithAssignee extends TaskRow {
  assigneeLabel: string;
}

/** The tasks of some workflows with a readable assignee (a user's name, an e-mail, or a role). */
export async function loadWorkflowTasks(
  db: Kysely<Database>,
  scope: SchoolScope,
  workflowIds: string[],
  options: { openOnly: boolean },
): Promise<Map<string, TaskWithAssignee[]>> {
  const out = new Map<string, TaskWithAssignee[]>();
  if (workflowIds.length === 0) return out;
  let q = db
    .selectFrom('tasks as t')
    .leftJoin('users as u', (j) => j.onRef('u.id', '=', 't.assignee_user_id').onRef('u.school_id', '=', 't.school_id'))
    .selectAll('t')
    .select(['u.first_name', 'u.last_name', 'u.email as user_email'])
    .where('t.workflow_id', 'in', workflowIds);
  if ('schoolId' in scope) q = q.where('t.school_id', '=', scope.schoolId);
  if (options.openOnly) q = q.where('t.status', '=', 'OPEN');
  const rows = await q.orderBy('t.created_at').orderBy('t.id').execute();
  for (const r of rows) {
    const task: TaskWithAssignee = {
      id: r.id,
      schoolId: r.school_id,
      workflowId: r.workflow_id,
      module: r.module,
      entityId: r.entity_id,
      stepId: r.step_id,
      stepName: r.step_name,
      assigneeUserId: r.assignee_user_id,
      assigneeRole: r.assignee_role,
      assigneeEmail: r.assignee_email,
      title: r.title,
      url: r.url,
      status: r.status,
      createdAt: r.created_at,
      dueAt: r.due_at,
      completedAt: r.completed_at,
      completedBy: r.completed_by,
      assigneeLabel: r.first_name
        ? `${r.first_name} ${r.last_name ?? ''}`.trim()
        : (r.assignee_email ??
          (r.assignee_role ? `any ${r.assignee_role.toLowerCase().replace(/_/g, ' ')}` : 'nobody')),
    };
    const list = out.get(r.workflow_id) ?? [];
    list.push(task);
    out.set(r.workflow_id, list);
  }
  return out;
}

export function toOpenTaskFacts(
  tasks: TaskWithAssignee[],
  assignees: ReadonlyMap<string, AssigneeCheck> = new Map(),
): OpenTaskFacts[] {
  return tasks
    .filter((t) => t.status === 'OPEN')
    .map((t) => ({
      id: t.id,
      stepName: t.stepName,
      title: t.title,
      assigneeLabel: t.assigneeLabel,
      createdAtMs: t.createdAt.getTime(),
      dueAtMs: t.dueAt ? t.dueAt.getTime() : null,
      ...assignees.get(t.id),
    }));
}

/**
 * Each module's own record checked against its process, batched per page. An invitation still PENDING whose
 * process has ended can never be accepted: nothing will expire it either.
 */
export async function checkRecords(db: Kysely<Database>, executions: ListedExecution[]): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  const endedInvitations = executions.filter((e) => e.module === 'invitation' && e.status !== 'Running');
  if (endedInvitations.length > 0) {
    const rows = await db
      .selectFrom('invitations')
      .select(['workflow_id', 'status', 'school_id'])
      .where(
        'workflow_id',
        'in',
        endedInvitations.map((e) => e.workflowId),
      )
      .where('status', '=', 'PENDING')
      .execute();
    for (const row of rows) {
      const execution = endedInvitations.find((e) => e.workflowId === row.workflow_id);
      if (!execution || (execution.schoolId && execution.schoolId !== row.school_id)) continue;
      out.set(
        row.workflow_id,
        `The invitation is still PENDING in the database but its process is ${execution.status.toLowerCase()}: it will never be accepted, reminded or expired. Invite the person again.`,
      );
    }
  }
  return out;
}

/** Reads the failure of a workflow task that keeps failing from the history (only asked when it does). */
export async function readWorkflowTaskFailure(
  client: Client,
  execution: { workflowId: string; runId: string },
): Promise<ExecutionFacts['lastWorkflowTaskFailure']> {
  const history = await client.workflow.getHandle(execution.workflowId, execution.runId).fetchHistory();
  return lastWorkflowTaskFailure(history.events ?? []);
}
