import { AppError, ERRORS } from '../../domain/errors';
import type { ConsoleAction } from '../../domain/operator-console';
import {
  readableStepName,
  RESEND_STEP_NOTIFICATION_SIGNAL,
  TASK_REASSIGNED_SIGNAL,
  type TaskReassignedSignal,
} from '../../domain/workflows';
import { recordAudit } from '../audit/audit.repository';
import { listReviewers } from '../disclosures/disclosures.repository';
import { cancelWorkflowTasks, findTask, reassignTask } from '../tasks/tasks.repository';
import { describeScoped, forgetProcess, type ConsoleActor, type ConsoleContext } from './find-workflows.service';
import { lastCompletedWorkflowTaskEventId } from './history-timeline';
import { pendingActivitiesOf, pendingWorkflowTaskOf, type ListedExecution } from './execution-facts';

/**
 * Fixing processes. Every action names a reason, checks the caller may see the process (404 otherwise), acts on
 * Temporal (and the inbox where it concerns it) and writes one audit event in the process's school.
 */
export interface ActionOutcome {
  workflowId: string;
  action: ConsoleAction;
  /** What was done, in words, for the confirmation toast. */
  message: string;
  runId: string;
}

/** Modules whose workflow has its own signal for "send the notification again". */
const RESEND_SIGNALS: Record<string, string> = { invitation: 'resendInvitation' };

function requireReason(reason: string): string {
  const trimmed = reason.trim();
  if (!trimmed) throw new AppError('REASON_REQUIRED', [{ field: 'reason', message: ERRORS.REASON_REQUIRED.message }]);
  return trimmed;
}

function requireRunning(execution: ListedExecution): void {
  if (execution.status !== 'Running') throw new AppError('WORKFLOW_NOT_RUNNING');
}

async function audit(
  ctx: ConsoleContext,
  actor: ConsoleActor,
  execution: ListedExecution,
  action: string,
  details: Record<string, unknown>,
): Promise<void> {
  // Every action changed the process: the console must not show its earlier description.
  forgetProcess(ctx, execution.workflowId);
  await recordAudit(ctx.deps.database.db, {
    schoolId: execution.schoolId && isUuid(execution.schoolId) ? execution.schoolId : null,
    actorUserId: actor.userId,
    ip: actor.ip,
    userAgent: actor.userAgent,
    action,
    targetType: 'workflow',
    targetId: execution.workflowId,
    details: { module: execution.module, runId: execution.runId, entityId: execution.entityId, ...details },
  });
}

function identity(actor: ConsoleActor): string {
  return `operator-console:${actor.email}`;
}

/**
 * "Retry now": a workflow task that keeps failing is reset to the last completed workflow task (a new run that
 * replays up to there, after the code was fixed); failing activities are retried at once with a fresh attempt count.
 */
export async function retryWorkflow(
  ctx: ConsoleContext,
  actor: ConsoleActor,
  workflowId: string,
  reasonText: string,
): Promise<ActionOutcome> {
  const reason = requireReason(reasonText);
  const { description, execution } = await describeScoped(ctx, workflowId);
  requireRunning(execution);
  const namespace = ctx.deps.config.temporalNamespace;
  const wft = pendingWorkflowTaskOf(description);
  if (wft && wft.attempt >= 2) {
    const runId = await resetToLastWorkflowTask(ctx, actor, execution, reason);
    await audit(ctx, actor, execution, 'workflow.retried', { reason, how: 'reset', newRunId: runId });
    return {
      workflowId,
      action: 'retry',
      runId,
      message: 'The process was reset to its last good point and runs again.',
    };
  }
  const failing = pendingActivitiesOf(description).filter((a) => a.attempt >= 2 || a.lastFailureMessage);
  if (failing.length === 0) throw new AppError('NOTHING_TO_RETRY');
  for (const activity of failing) {
    await ctx.client.workflowService.resetActivity({
      namespace,
      execution: { workflowId, runId: execution.runId },
      identity: identity(actor),
      id: activity.activityId,
      resetHeartbeat: true,
    });
  }
  await audit(ctx, actor, execution, 'workflow.retried', {
    reason,
    how: 'activity',
    activities: failing.map((a) => ({ id: a.activityId, type: a.activityType, attempt: a.attempt })),
  });
  return {
    workflowId,
    action: 'retry',
    runId: execution.runId,
    message: `Retrying ${failing.map((a) => `"${readableStepName(a.activityType)}"`).join(', ')} now.`,
  };
}

async function resetToLastWorkflowTask(
  ctx: ConsoleContext,
  actor: ConsoleActor,
  execution: ListedExecution,
  reason: string,
): Promise<string> {
  const history = await ctx.client.workflow.getHandle(execution.workflowId, execution.runId).fetchHistory();
  const events = history.events ?? [];
  // A process whose very first workflow task fails has no completed one; it restarts from its first task.
  const eventId = lastCompletedWorkflowTaskEventId(events) ?? firstWorkflowTaskStartedEventId(events);
  if (eventId === null) throw new AppError('NOTHING_TO_RETRY');
  const response = await ctx.client.workflowService.resetWorkflowExecution({
    namespace: ctx.deps.config.temporalNamespace,
    workflowExecution: { workflowId: execution.workflowId, runId: execution.runId },
    reason: `${reason} (by ${actor.email})`,
    // protobufjs takes a plain number for an int64 field; the generated type only names Long.
    workflowTaskFinishEventId: eventId as never,
    requestId: crypto.randomUUID(),
  });
  return (response as { runId?: string | null }).runId ?? execution.runId;
}

function firstWorkflowTaskStartedEventId(
  events: Array<{ eventType?: number | null; eventId?: unknown }>,
): number | null {
  // EVENT_TYPE_WORKFLOW_TASK_STARTED is 6 in Temporal's enum.
  const started = events.find((e) => e.eventType === 6);
  return started ? Number(started.eventId) : null;
}

export async function cancelWorkflow(
  ctx: ConsoleContext,
  actor: ConsoleActor,
  workflowId: string,
  reasonText: string,
): Promise<ActionOutcome> {
  const reason = requireReason(reasonText);
  const { execution } = await describeScoped(ctx, workflowId);
  requireRunning(execution);
  await ctx.client.workflow.getHandle(workflowId, execution.runId).cancel();
  await audit(ctx, actor, execution, 'workflow.cancelled', { reason });
  return {
    workflowId,
    action: 'cancel',
    runId: execution.runId,
    message: 'Cancellation requested; the process winds down its own way.',
  };
}

/** Ends the process at once (no clean-up code runs), so its open inbox tasks are cancelled here. */
export async function terminateWorkflow(
  ctx: ConsoleContext,
  actor: ConsoleActor,
  workflowId: string,
  reasonText: string,
): Promise<ActionOutcome> {
  const reason = requireReason(reasonText);
  const { execution } = await describeScoped(ctx, workflowId);
  requireRunning(execution);
  await ctx.client.workflow.getHandle(workflowId, execution.runId).terminate(`${reason} (by ${actor.email})`);
  let cancelledTasks = 0;
  if (execution.schoolId && isUuid(execution.schoolId)) {
    cancelledTasks = await cancelWorkflowTasks(ctx.deps.database.db, execution.schoolId, { workflowId });
  }
  await audit(ctx, actor, execution, 'workflow.terminated', { reason, cancelledTasks });
  return { workflowId, action: 'terminate', runId: execution.runId, message: 'The process was terminated.' };
}

/** Hands a human step to another active user of the process's school and tells the workflow. */
export async function reassignWorkflowTask(
  ctx: ConsoleContext,
  actor: ConsoleActor,
  workflowId: string,
  input: { taskId?: string | undefined; toUserId: string; reason: string },
): Promise<ActionOutcome> {
  const reason = requireReason(input.reason);
  const { execution } = await describeScoped(ctx, workflowId);
  requireRunning(execution);
  const schoolId = execution.schoolId;
  if (!schoolId || !isUuid(schoolId)) throw new AppError('NOT_FOUND');
  // A disclosure's review belongs to its assigned reviewer; its workflow moves the inbox rows with it.
  if (!input.taskId || execution.module === 'disclosure') {
    return reassignDisclosureReview(ctx, actor, execution, schoolId, input.toUserId, reason);
  }
  const db = ctx.deps.database.db;
  const task = await findTask(db, schoolId, input.taskId);
  if (!task || task.workflowId !== workflowId) throw new AppError('NOT_FOUND');
  const assignee = await db
    .selectFrom('users')
    .select(['id', 'first_name', 'last_name'])
    .where('id', '=', input.toUserId)
    .where('school_id', '=', schoolId)
    .where('status', '=', 'ACTIVE')
    .executeTakeFirst();
  if (!assignee) {
    throw new AppError('ASSIGNEE_INVALID', [
      { field: 'toUserId', message: 'Choose an active user of the same school.' },
    ]);
  }
  const result = await reassignTask(db, schoolId, task.id, assignee.id);
  if (!result.ok) {
    throw new AppError(
      result.reason === 'NOT_FOUND'
        ? 'NOT_FOUND'
        : result.reason === 'NOT_OPEN'
          ? 'TASK_NOT_OPEN'
          : 'TASK_ALREADY_ASSIGNED',
    );
  }
  const signal: TaskReassignedSignal = {
    taskId: task.id,
    stepId: task.stepId,
    fromUserId: result.previousUserId,
    toUserId: assignee.id,
    toName: `${assignee.first_name} ${assignee.last_name}`.trim(),
    byUserId: actor.userId,
  };
  await ctx.client.workflow.getHandle(workflowId, execution.runId).signal(TASK_REASSIGNED_SIGNAL, signal);
  await audit(ctx, actor, execution, 'workflow.task_reassigned', {
    reason,
    taskId: task.id,
    stepId: task.stepId,
    fromUserId: result.previousUserId,
    fromRole: task.assigneeRole,
    fromEmail: task.assigneeEmail,
    toUserId: assignee.id,
  });
  return {
    workflowId,
    action: 'reassign',
    runId: execution.runId,
    message: `"${task.stepName || task.title}" is now assigned to ${assignee.first_name} ${assignee.last_name}.`,
  };
}

/**
 * A disclosure review is the disclosure's assigned reviewer's (its inbox rows follow the workflow's transitions). Hands
 * the review to another active compliance reviewer of the school (never the athlete whose deal it is) and tells the
 * workflow, which reassigns the review and its inbox rows.
 */
async function reassignDisclosureReview(
  ctx: ConsoleContext,
  actor: ConsoleActor,
  execution: ListedExecution,
  schoolId: string,
  toUserId: string,
  reason: string,
): Promise<ActionOutcome> {
  if (execution.module !== 'disclosure' || !execution.entityId || !isUuid(execution.entityId)) {
    throw new AppError('VALIDATION_FAILED', [{ field: 'taskId', message: 'Choose the task to reassign.' }]);
  }
  const db = ctx.deps.database.db;
  const disclosure = await db
    .selectFrom('disclosures')
    .select(['id', 'status', 'athlete_user_id', 'assigned_reviewer_id'])
    .where('school_id', '=', schoolId)
    .where('id', '=', execution.entityId)
    .executeTakeFirst();
  if (!disclosure) throw new AppError('NOT_FOUND');
  if (disclosure.status !== 'PENDING') throw new AppError('TASK_NOT_OPEN');
  if (disclosure.assigned_reviewer_id === toUserId) throw new AppError('TASK_ALREADY_ASSIGNED');
  const reviewer = (await listReviewers(db, schoolId)).find(
    (r) => r.id === toUserId && r.id !== disclosure.athlete_user_id,
  );
  if (!reviewer) {
    throw new AppError('ASSIGNEE_INVALID', [
      { field: 'toUserId', message: 'Choose an active compliance reviewer of the same school.' },
    ]);
  }
  const signal: TaskReassignedSignal = {
    taskId: '',
    stepId: 'review',
    fromUserId: disclosure.assigned_reviewer_id,
    toUserId: reviewer.id,
    toName: reviewer.name,
    byUserId: actor.userId,
  };
  await ctx.client.workflow.getHandle(execution.workflowId, execution.runId).signal(TASK_REASSIGNED_SIGNAL, signal);
  await audit(ctx, actor, execution, 'workflow.task_reassigned', {
    reason,
    stepId: 'review',
    fromUserId: disclosure.assigned_reviewer_id,
    toUserId: reviewer.id,
  });
  return {
    workflowId: execution.workflowId,
    action: 'reassign',
    runId: execution.runId,
    message: `The review is now assigned to ${reviewer.name}.`,
  };
}

/** Asks the process to send its current step's notification again (the module's own signal where it has one). */
export async function resendStepNotification(
  ctx: ConsoleContext,
  actor: ConsoleActor,
  workflowId: string,
  reasonText: string,
): Promise<ActionOutcome> {
  const reason = requireReason(reasonText);
  const { execution } = await describeScoped(ctx, workflowId);
  requireRunning(execution);
  const signal = (execution.module && RESEND_SIGNALS[execution.module]) || RESEND_STEP_NOTIFICATION_SIGNAL;
  await ctx.client.workflow.getHandle(workflowId, execution.runId).signal(signal, { stepName: execution.stepName });
  await audit(ctx, actor, execution, 'workflow.notification_resent', { reason, signal, step: execution.stepName });
  return {
    workflowId,
    action: 'resend-notification',
    runId: execution.runId,
    message: 'The process was asked to send the notification of its current step again.',
  };
}

function isUuid(value: string): boolean {
  return /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value);
}
