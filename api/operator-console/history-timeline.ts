import { defaultPayloadConverter } from '@temporalio/common';
import { describeAge } from '../../domain/operator-console';
import { ROLE_LABELS, type Role } from '../../domain/roles';
import { readableStepName } from '../../domain/workflows';
import { optionalTsToMs } from '@temporalio/common/lib/time';
import proto, { type temporal } from '@temporalio/proto';

/**
 * A workflow history as a timeline an operator reads: one line per meaningful event in plain words. The workflow
 * task bookkeeping (scheduled / started / completed) is left out; its failures and time-outs are kept.
 */
export type TimelineTone = 'info' | 'success' | 'warning' | 'error';

export interface TimelineEntry {
  eventId: number;
  at: string | null;
  tone: TimelineTone;
  title: string;
  detail: string | null;
}

type HistoryEvent = temporal.api.history.v1.IHistoryEvent;
const EventType = proto.temporal.api.enums.v1.EventType;

function decode(payload: temporal.api.common.v1.IPayload | null | undefined): unknown {
  if (!payload) return undefined;
  try {
    return defaultPayloadConverter.fromPayload(payload);
  } catch {
    return undefined;
  }
}

function failureMessage(failure: temporal.api.failure.v1.IFailure | null | undefined): string | null {
  if (!failure) return null;
  const cause = failure.cause?.message ? ` (cause: ${failure.cause.message})` : '';
  return `${failure.message ?? 'Unknown failure'}${cause}`;
}

function searchAttributeChanges(event: HistoryEvent): string {
  const fields = event.upsertWorkflowSearchAttributesEventAttributes?.searchAttributes?.indexedFields ?? {};
  const parts: string[] = [];
  for (const [name, payload] of Object.entries(fields)) {
    const value = decode(payload);
    const values = (Array.isArray(value) ? value : value === null || value === undefined ? [] : [value]).map(String);
    // A role waited on reads as the role's name ("School admin", not its code); ids stay as they are.
    const text = values.map((v) => (v in ROLE_LABELS ? ROLE_LABELS[v as Role] : v)).join(', ');
    parts.push(text ? `${name} = ${text}` : `${name} cleared`);
  }
  return parts.join('; ');
}

export function buildTimeline(events: HistoryEvent[]): TimelineEntry[] {
  const activityTypes = new Map<string, string>();
  const out: TimelineEntry[] = [];
  const push = (event: HistoryEvent, tone: TimelineTone, title: string, detail: string | null = null) => {
    const ms = optionalTsToMs(event.eventTime);
    out.push({
      eventId: Number(event.eventId ?? 0),
      at: ms === undefined ? null : new Date(ms).toISOString(),
      tone,
      title,
      detail,
    });
  };

  for (const event of events) {
    const id = String(event.eventId ?? '');
    switch (event.eventType) {
      case EventType.EVENT_TYPE_WORKFLOW_EXECUTION_STARTED: {
        const a = event.workflowExecutionStartedEventAttributes;
        push(
          event,
          'info',
          `Process started (${a?.workflowType?.name ?? 'workflow'})`,
          `Task queue ${a?.taskQueue?.name ?? '?'}`,
        );
        break;
      }
      case EventType.EVENT_TYPE_WORKFLOW_TASK_FAILED: {
        const a = event.workflowTaskFailedEventAttributes;
        const cause = a?.cause ? proto.temporal.api.enums.v1.WorkflowTaskFailedCause[a.cause] : null;
        const nonDeterminism = cause === 'WORKFLOW_TASK_FAILED_CAUSE_NON_DETERMINISTIC_ERROR';
        push(
          event,
          'error',
          nonDeterminism ? 'Workflow code no longer matches the history (non-determinism)' : 'Workflow code failed',
          failureMessage(a?.failure),
        );
        break;
      }
      case EventType.EVENT_TYPE_WORKFLOW_TASK_TIMED_OUT:
        push(event, 'warning', 'A worker took too long to run the workflow code', null);
        break;
      case EventType.EVENT_TYPE_ACTIVITY_TASK_SCHEDULED: {
        const a = event.activityTaskScheduledEventAttributes;
        const name = readableStepName(a?.activityType?.name ?? 'activity');
        activityTypes.set(id, name);
        push(event, 'info', `Step "${name}" scheduled`, null);
        break;
      }
      case EventType.EVENT_TYPE_ACTIVITY_TASK_STARTED: {
        const a = event.activityTaskStartedEventAttributes;
        const name = activityTypes.get(String(a?.scheduledEventId ?? '')) ?? 'activity';
        const attempt = a?.attempt ?? 1;
        push(event, 'info', `Step "${name}" started${attempt > 1 ? ` (attempt ${attempt})` : ''}`, a?.identity ?? null);
        break;
      }
      case EventType.EVENT_TYPE_ACTIVITY_TASK_COMPLETED: {
        const a = event.activityTaskCompletedEventAttributes;
        push(event, 'success', `Step "${activityTypes.get(String(a?.scheduledEventId ?? '')) ?? 'activity'}" done`);
        break;
      }
      case EventType.EVENT_TYPE_ACTIVITY_TASK_FAILED: {
        const a = event.activityTaskFailedEventAttributes;
        push(
          event,
          'error',
          `Step "${activityTypes.get(String(a?.scheduledEventId ?? '')) ?? 'activity'}" failed for good`,
          failureMessage(a?.failure),
        );
        break;
      }
      case EventType.EVENT_TYPE_ACTIVITY_TASK_TIMED_OUT: {
        const a = event.activityTaskTimedOutEventAttributes;
        push(
          event,
          'error',
          `Step "${activityTypes.get(String(a?.scheduledEventId ?? '')) ?? 'activity'}" timed out`,
          failureMessage(a?.failure),
        );
        break;
      }
      case EventType.EVENT_TYPE_ACTIVITY_TASK_CANCELED: {
        const a = event.activityTaskCanceledEventAttributes;
        push(
          event,
          'warning',
          `Step "${activityTypes.get(String(a?.scheduledEventId ?? '')) ?? 'activity'}" cancelled`,
        );
        break;
      }
      case EventType.EVENT_TYPE_TIMER_STARTED: {
        const ms = optionalTsToMs(event.timerStartedEventAttributes?.startToFireTimeout);
        push(event, 'info', 'Waiting (timer set)', ms === undefined ? null : `Wakes up after ${describeAge(0, ms)}`);
        break;
      }
      case EventType.EVENT_TYPE_TIMER_FIRED:
        push(event, 'info', 'Timer fired', null);
        break;
      case EventType.EVENT_TYPE_UPSERT_WORKFLOW_SEARCH_ATTRIBUTES:
        push(event, 'info', 'Step or tags changed', searchAttributeChanges(event) || null);
        break;
      case EventType.EVENT_TYPE_WORKFLOW_EXECUTION_SIGNALED: {
        const a = event.workflowExecutionSignaledEventAttributes;
        push(event, 'info', `Signal "${a?.signalName ?? '?'}" received`, a?.identity ?? null);
        break;
      }
      case EventType.EVENT_TYPE_WORKFLOW_EXECUTION_UPDATE_ACCEPTED: {
        const a = event.workflowExecutionUpdateAcceptedEventAttributes;
        push(event, 'info', `Person acted: "${a?.acceptedRequest?.input?.name ?? 'update'}" accepted`, null);
        break;
      }
      case EventType.EVENT_TYPE_WORKFLOW_EXECUTION_UPDATE_COMPLETED: {
        const a = event.workflowExecutionUpdateCompletedEventAttributes;
        const failure = failureMessage(a?.outcome?.failure);
        push(event, failure ? 'warning' : 'success', failure ? 'Action rejected' : 'Action applied', failure);
        break;
      }
      case EventType.EVENT_TYPE_WORKFLOW_EXECUTION_CANCEL_REQUESTED: {
        const a = event.workflowExecutionCancelRequestedEventAttributes;
        push(event, 'warning', 'Cancellation requested', a?.cause || a?.identity || null);
        break;
      }
      case EventType.EVENT_TYPE_WORKFLOW_EXECUTION_COMPLETED: {
        const result = decode(event.workflowExecutionCompletedEventAttributes?.result?.payloads?.[0]);
        push(event, 'success', 'Process completed', result === undefined ? null : `Result: ${JSON.stringify(result)}`);
        break;
      }
      case EventType.EVENT_TYPE_WORKFLOW_EXECUTION_FAILED:
        push(event, 'error', 'Process failed', failureMessage(event.workflowExecutionFailedEventAttributes?.failure));
        break;
      case EventType.EVENT_TYPE_WORKFLOW_EXECUTION_TIMED_OUT:
        push(event, 'error', 'Process timed out', null);
        break;
      case EventType.EVENT_TYPE_WORKFLOW_EXECUTION_CANCELED:
        push(event, 'warning', 'Process cancelled', null);
        break;
      case EventType.EVENT_TYPE_WORKFLOW_EXECUTION_TERMINATED: {
        const a = event.workflowExecutionTerminatedEventAttributes;
        push(event, 'error', 'Process terminated', a?.reason || null);
        break;
      }
      case EventType.EVENT_TYPE_WORKFLOW_EXECUTION_CONTINUED_AS_NEW:
        push(event, 'info', 'Continued as a new run', null);
        break;
      case EventType.EVENT_TYPE_START_CHILD_WORKFLOW_EXECUTION_INITIATED: {
        const a = event.startChildWorkflowExecutionInitiatedEventAttributes;
        push(event, 'info', `Child process started (${a?.workflowType?.name ?? 'workflow'})`, a?.workflowId ?? null);
        break;
      }
      case EventType.EVENT_TYPE_CHILD_WORKFLOW_EXECUTION_COMPLETED:
        push(event, 'success', 'Child process completed', null);
        break;
      case EventType.EVENT_TYPE_CHILD_WORKFLOW_EXECUTION_FAILED:
        push(event, 'error', 'Child process failed', null);
        break;
      default:
        break;
    }
  }
  return out;
}

/** The most recent WorkflowTaskFailed event's message and whether it was a non-determinism error. */
export function lastWorkflowTaskFailure(events: HistoryEvent[]): { message: string; nonDeterminism: boolean } | null {
  for (let i = events.length - 1; i >= 0; i -= 1) {
    const event = events[i]!;
    if (event.eventType !== EventType.EVENT_TYPE_WORKFLOW_TASK_FAILED) continue;
    const a = event.workflowTaskFailedEventAttributes;
    const cause = a?.cause ? proto.temporal.api.enums.v1.WorkflowTaskFailedCause[a.cause] : null;
    return {
      message: failureMessage(a?.failure) ?? 'Unknown failure',
      nonDeterminism:
        cause === 'WORKFLOW_TASK_FAILED_CAUSE_NON_DETERMINISTIC_ERROR' ||
        /nondetermin/i.test(a?.failure?.message ?? ''),
    };
  }
  return null;
}

/** The id of the last WorkflowTaskCompleted event: where "retry now" resets a process whose code keeps failing. */
export function lastCompletedWorkflowTaskEventId(events: HistoryEvent[]): number | null {
  for (let i = events.length - 1; i >= 0; i -= 1) {
    const event = events[i]!;
    if (event.eventType === EventType.EVENT_TYPE_WORKFLOW_TASK_COMPLETED) return Number(event.eventId);
  }
  return null;
}
