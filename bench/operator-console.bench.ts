import proto from '@temporalio/proto';
import { detectStuck, type ExecutionFacts } from '../api/operator-console/detect-stuck';
import { buildTimeline } from '../api/operator-console/history-timeline';
import { percentile, round, sample, type BenchRow } from './measure';

/**
 * The operator console's own work per request, without Temporal round trips: judging a stuck scan's 300 processes
 * and turning a 2,000-event history into the readable timeline.
 */
const EventType = proto.temporal.api.enums.v1.EventType;

function facts(i: number, now: number): ExecutionFacts {
  return {
    status: 'Running',
    taskQueue: 'platform',
    pendingWorkflowTask: i % 7 === 0 ? { state: 'SCHEDULED', attempt: 3, scheduledAtMs: now - 5_000 } : null,
    lastWorkflowTaskFailure: i % 7 === 0 ? { message: 'TypeError: x is undefined', nonDeterminism: false } : null,
    pendingActivities:
      i % 3 === 0
        ? [
            {
              activityId: '1',
              activityType: 'sendInvitationEmail',
              state: 'SCHEDULED',
              attempt: 4,
              maximumAttempts: 8,
              lastFailureMessage: 'connect ECONNREFUSED 127.0.0.1:25',
              scheduledAtMs: now - 60_000,
              nextAttemptAtMs: now + 30_000,
              lastStartedAtMs: now - 10_000,
            },
          ]
        : [],
    queueHasLivePoller: true,
    openTasks:
      i % 2 === 0
        ? [
            {
              id: `t${i}`,
              stepName: 'Review',
              title: 'Review',
              assigneeLabel: 'Ada',
              createdAtMs: now - 9e6,
              dueAtMs: now - 1e6,
            },
          ]
        : [],
    recordMismatch: null,
  };
}

function history(length: number) {
  const events = [];
  for (let id = 1; id <= length; id++) {
    const kind = id % 4;
    events.push({
      eventId: id,
      eventTime: proto.google.protobuf.Timestamp.fromObject({ seconds: 1_795_000_000 + id, nanos: 0 }),
      eventType:
        kind === 0
          ? EventType.EVENT_TYPE_ACTIVITY_TASK_SCHEDULED
          : kind === 1
            ? EventType.EVENT_TYPE_ACTIVITY_TASK_COMPLETED
            : kind === 2
              ? EventType.EVENT_TYPE_WORKFLOW_TASK_COMPLETED
              : EventType.EVENT_TYPE_WORKFLOW_EXECUTION_SIGNALED,
      activityTaskScheduledEventAttributes: { activityType: { name: 'step' } },
      activityTaskCompletedEventAttributes: { scheduledEventId: id - 1 },
      workflowExecutionSignaledEventAttributes: { signalName: 'resend' },
    });
  }
  return events as never[];
}

export async function runOperatorConsoleBench(): Promise<BenchRow[]> {
  const now = Date.now();
  const all = Array.from({ length: 300 }, (_, i) => facts(i, now));
  const judge = await sample(200, async () => all.map((f) => detectStuck(f, now)));
  const events = history(2000);
  const timeline = await sample(100, async () => buildTimeline(events));
  return [
    {
      name: 'console: judge 300 processes p95',
      value: round(percentile(judge, 95), 2),
      unit: 'ms',
      goal: 'informational',
    },
    {
      name: 'console: timeline of 2000 events p95',
      value: round(percentile(timeline, 95), 2),
      unit: 'ms',
      goal: 'informational',
    },
  ];
}
