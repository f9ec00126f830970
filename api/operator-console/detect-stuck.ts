import {
  describeAge,
  STUCK_THRESHOLDS,
  type StuckThresholds,
  type StuckReason,
  type WorkflowStatus,
} from '../../domain/operator-console';
import { readableStepName } from '../../domain/workflows';

/**
 * Stuck detection as a pure function of what Temporal and the database say about one process, so every rule is
 * unit-tested and the service only gathers facts. Each reason is one sentence in plain words.
 */
export interface PendingActivityFacts {
  activityId: string;
  activityType: string;
  state: 'SCHEDULED' | 'STARTED' | 'CANCEL_REQUESTED' | 'PAUSED' | 'PAUSE_REQUESTED' | 'UNKNOWN';
  attempt: number;
  maximumAttempts: number;
  lastFailureMessage: string | null;
  scheduledAtMs: number | null;
  nextAttemptAtMs: number | null;
  lastStartedAtMs: number | null;
}

export interface OpenTaskFacts {
  id: string;
  stepName: string;
  title: string;
  assigneeLabel: string;
  createdAtMs: number;
  dueAtMs: number | null;
  /**
   * Why the assignee can never act, or null: the person was deactivated (`INACTIVE`), is no longer a member of the
   * school (`REMOVED`), or nobody active holds the role the task waits on (`NO_MEMBERS`).
   */
  assigneeUnavailable?: 'INACTIVE' | 'REMOVED' | 'NO_MEMBERS' | null;
  /** An active person of the school the step could go to instead. */
  suggestedAssignee?: { id: string; name: string } | null;
}

/** Why an open task's assignee can never act, and who could take it instead (see unavailable-assignees.ts). */
export interface AssigneeCheck {
  assigneeUnavailable: NonNullable<OpenTaskFacts['assigneeUnavailable']>;
  suggestedAssignee: { id: string; name: string } | null;
}

export interface ExecutionFacts {
  status: WorkflowStatus;
  taskQueue: string;
  pendingWorkflowTask: {
    state: 'SCHEDULED' | 'STARTED' | 'UNKNOWN';
    attempt: number;
    scheduledAtMs: number | null;
  } | null;
  /** The last WorkflowTaskFailed event, read from history only when the task is on a repeat attempt. */
  lastWorkflowTaskFailure: { message: string; nonDeterminism: boolean } | null;
  pendingActivities: PendingActivityFacts[];
  /** Whether the task queue has a poller seen recently; null when it could not be asked. */
  queueHasLivePoller: boolean | null;
  openTasks: OpenTaskFacts[];
  /** A module's own check of its record against the process ("the invitation is ACCEPTED but…"), or null. */
  recordMismatch: string | null;
  /**
   * The person a module's own record says the process waits on (a disclosure's assigned reviewer), when they can no
   * longer act; such processes have no inbox task to carry it.
   */
  recordAssigneeUnavailable?: RecordAssigneeFacts | null;
  /** Mails of this process that failed and were not sent since (from the outbox). */
  failedMails?: FailedMailFacts[];
}

export interface FailedMailFacts {
  to: string;
  subject: string;
  attempts: number;
  lastError: string | null;
}

export interface RecordAssigneeFacts {
  stepName: string;
  assigneeLabel: string;
  suggestedAssignee: { id: string; name: string } | null;
}

export type Thresholds = StuckThresholds;

export function detectStuck(facts: ExecutionFacts, nowMs: number, thresholds: Thresholds = STUCK_THRESHOLDS) {
  const reasons: StuckReason[] = [];
  const running = facts.status === 'Running';

  if (running && facts.pendingWorkflowTask && facts.pendingWorkflowTask.attempt >= thresholds.workflowTaskAttempts) {
    const failure = facts.lastWorkflowTaskFailure;
    const attempt = facts.pendingWorkflowTask.attempt;
    const message = failure ? truncate(failure.message) : 'no failure message recorded';
    reasons.push({
      kind: 'WORKFLOW_TASK_FAILING',
      reason: failure?.nonDeterminism
        ? `The workflow code no longer matches this running process (non-determinism error, attempt ${attempt}): ${message}. Deploy a compatible version or reset the process.`
        : `The workflow code throws an error every time it runs (attempt ${attempt}): ${message}. Fix the code, then retry.`,
    });
  }

  if (running) {
    for (const activity of facts.pendingActivities) {
      if (activity.attempt < thresholds.activityAttempts) continue;
      const limit = activity.maximumAttempts > 0 ? ` of ${activity.maximumAttempts}` : '';
      const next =
        activity.nextAttemptAtMs && activity.nextAttemptAtMs - nowMs >= 1000
          ? `; next try in ${describeAge(nowMs, activity.nextAttemptAtMs)}`
          : '';
      reasons.push({
        kind: 'ACTIVITY_RETRYING',
        activityId: activity.activityId,
        reason: `Step "${readableStepName(activity.activityType)}" keeps failing and is retrying (attempt ${activity.attempt}${limit}); last failure: ${truncate(activity.lastFailureMessage ?? 'none recorded')}${next}.`,
      });
    }
  }

  for (const task of facts.openTasks) {
    if (!running || task.dueAtMs === null || task.dueAtMs >= nowMs) continue;
    reasons.push({
      kind: 'HUMAN_STEP_OVERDUE',
      taskId: task.id,
      reason: `"${task.stepName || task.title}" has waited on ${task.assigneeLabel} for ${describeAge(task.createdAtMs, nowMs)}, ${describeAge(task.dueAtMs, nowMs)} past its due time.`,
    });
  }

  for (const task of facts.openTasks) {
    if (!running || !task.assigneeUnavailable) continue;
    reasons.push(
      assigneeUnavailable(
        task.stepName || task.title,
        task.assigneeLabel,
        task.assigneeUnavailable,
        task.suggestedAssignee ?? null,
        task.id,
      ),
    );
  }
  // A record's named person (a disclosure's reviewer) counts only where no inbox task names the same wait already.
  const named = facts.recordAssigneeUnavailable;
  if (running && named && !facts.openTasks.some((t) => t.assigneeUnavailable)) {
    reasons.push(assigneeUnavailable(named.stepName, named.assigneeLabel, 'INACTIVE', named.suggestedAssignee));
  }

  // A mail still being retried is already named by its step; one the process gave up on waits on nobody.
  if (running && !reasons.some((r) => r.kind === 'ACTIVITY_RETRYING')) {
    for (const mail of facts.failedMails ?? []) {
      const tries = mail.attempts === 1 ? '1 attempt' : `${mail.attempts} attempts`;
      reasons.push({
        kind: 'MAIL_FAILED',
        reason: `The mail "${truncate(mail.subject, 120)}" to ${mail.to} could not be sent (${tries}): ${truncate(mail.lastError ?? 'no error recorded')}. Fix the address or the mail server, then resend it.`,
      });
    }
  }

  if (running) {
    const unpicked = oldestUnpickedTaskMs(facts, nowMs);
    if (unpicked !== null && nowMs - unpicked >= thresholds.unpickedTaskMs) {
      reasons.push({
        kind: 'NO_WORKER',
        reason: `No worker has picked up this process's work on task queue "${facts.taskQueue}" for ${describeAge(unpicked, nowMs)}${facts.queueHasLivePoller === false ? ' and nothing polls that queue' : ''}: start a worker for it.`,
      });
    } else if (facts.queueHasLivePoller === false && hasPendingWork(facts)) {
      reasons.push({
        kind: 'NO_WORKER',
        reason: `No worker polls task queue "${facts.taskQueue}", so this process cannot move on: start a worker for it.`,
      });
    }
  }

  if (!running && facts.openTasks.length > 0) {
    const names = facts.openTasks.map((t) => `"${t.stepName || t.title}" (${t.assigneeLabel})`).join(', ');
    reasons.push({
      kind: 'STATE_MISMATCH',
      reason: `The process is ${facts.status.toLowerCase()} but the inbox still shows ${facts.openTasks.length === 1 ? 'an open task' : `${facts.openTasks.length} open tasks`}: ${names}.`,
    });
  }
  if (facts.recordMismatch) reasons.push({ kind: 'STATE_MISMATCH', reason: facts.recordMismatch });
  return reasons;
}

function assigneeUnavailable(
  stepName: string,
  assigneeLabel: string,
  unavailable: NonNullable<OpenTaskFacts['assigneeUnavailable']>,
  suggested: { id: string; name: string } | null,
  taskId?: string,
): StuckReason {
  const why =
    unavailable === 'INACTIVE'
      ? `is waiting on ${assigneeLabel}, who is no longer active at the school`
      : unavailable === 'REMOVED'
        ? `is waiting on a person who is no longer a member of the school`
        : `is waiting on ${assigneeLabel}, but nobody active at the school holds that role`;
  const fix = suggested ? `Reassign it, for example to ${suggested.name}.` : 'Reassign it to someone who can act.';
  return {
    kind: 'ASSIGNEE_UNAVAILABLE',
    ...(taskId ? { taskId } : {}),
    reason: `"${stepName}" ${why}: nobody else may act for them, so it will wait forever. ${fix}`,
    ...(suggested ? { suggestedAssignee: suggested } : {}),
  };
}

/** When the oldest piece of work a worker should have started was made available, or null if none waits. */
function oldestUnpickedTaskMs(facts: ExecutionFacts, nowMs: number): number | null {
  const times: number[] = [];
  const wft = facts.pendingWorkflowTask;
  if (wft && wft.state === 'SCHEDULED' && wft.scheduledAtMs !== null) times.push(wft.scheduledAtMs);
  for (const activity of facts.pendingActivities) {
    if (activity.state !== 'SCHEDULED') continue;
    // During a retry backoff the activity is SCHEDULED too; it waits for a worker only once the backoff is over.
    const readyAt = activity.nextAttemptAtMs ?? activity.scheduledAtMs;
    if (readyAt !== null && readyAt <= nowMs) times.push(readyAt);
  }
  return times.length ? Math.min(...times) : null;
}

function hasPendingWork(facts: ExecutionFacts): boolean {
  return facts.pendingWorkflowTask !== null || facts.pendingActivities.length > 0;
}

function truncate(text: string, max = 300): string {
  const oneLine = text.replace(/\s+/g, ' ').trim();
  return oneLine.length > max ? `${oneLine.slice(0, max - 1)}…` : oneLine;
}
