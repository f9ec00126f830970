import type { Client } from '@temporalio/client';
import proto from '@temporalio/proto';

/**
 * Where a Workflow Update's time goes, read from the workflow histories the server recorded: from the workflow task
 * that carried the Update to the Update's completion, the time spent waiting for a worker to pick up workflow tasks
 * and activities, running them, and the number of each. Timestamps are the server's, so the split is exact up to the
 * server's own clock reads; what lies outside the window (the API's own queries, the client's long poll) is the
 * request's time minus the window.
 */
const T = proto.temporal.api.enums.v1.EventType;
type HistoryEvent = proto.temporal.api.history.v1.IHistoryEvent;

export interface UpdateBreakdown {
  /** Per sampled workflow, in milliseconds. */
  windowMs: number[];
  workflowTaskWaitMs: number[];
  workflowTaskRunMs: number[];
  activityWaitMs: number[];
  activityRunMs: number[];
  workflowTasks: number[];
  activities: number[];
  localActivities: number[];
}

function ms(event: HistoryEvent | undefined): number {
  const t = event?.eventTime;
  if (!t) return Number.NaN;
  return Number(t.seconds ?? 0) * 1000 + (t.nanos ?? 0) / 1e6;
}

function payloadsText(payloads: proto.temporal.api.common.v1.IPayloads | null | undefined): string {
  return (payloads?.payloads ?? []).map((p) => Buffer.from(p.data ?? new Uint8Array()).toString('utf8')).join('\n');
}

/** The span of the first accepted Update whose arguments contain `marker` (for example `"action":"APPROVE"`). */
function splitUpdate(events: HistoryEvent[], marker: string) {
  const acceptedAt = events.findIndex(
    (e) =>
      e.eventType === T.EVENT_TYPE_WORKFLOW_EXECUTION_UPDATE_ACCEPTED &&
      payloadsText(e.workflowExecutionUpdateAcceptedEventAttributes?.acceptedRequest?.input?.args).includes(marker),
  );
  if (acceptedAt < 0) return null;
  const acceptedId = Number(events[acceptedAt]!.eventId);
  let startAt = acceptedAt;
  while (startAt > 0 && events[startAt]!.eventType !== T.EVENT_TYPE_WORKFLOW_TASK_SCHEDULED) startAt -= 1;
  const endAt = events.findIndex(
    (e, i) =>
      i > acceptedAt &&
      e.eventType === T.EVENT_TYPE_WORKFLOW_EXECUTION_UPDATE_COMPLETED &&
      Number(e.workflowExecutionUpdateCompletedEventAttributes?.acceptedEventId) === acceptedId,
  );
  if (endAt < 0) return null;
  const window = events.slice(startAt, endAt + 1);
  const byId = new Map(events.map((e) => [Number(e.eventId), e]));
  let wftWait = 0;
  let wftRun = 0;
  let actWait = 0;
  let actRun = 0;
  let wfts = 0;
  let acts = 0;
  let locals = 0;
  for (const e of window) {
    switch (e.eventType) {
      case T.EVENT_TYPE_WORKFLOW_TASK_STARTED:
        wfts += 1;
        wftWait += ms(e) - ms(byId.get(Number(e.workflowTaskStartedEventAttributes?.scheduledEventId)));
        break;
      case T.EVENT_TYPE_WORKFLOW_TASK_COMPLETED:
        wftRun += ms(e) - ms(byId.get(Number(e.workflowTaskCompletedEventAttributes?.startedEventId)));
        break;
      case T.EVENT_TYPE_ACTIVITY_TASK_STARTED:
        acts += 1;
        actWait += ms(e) - ms(byId.get(Number(e.activityTaskStartedEventAttributes?.scheduledEventId)));
        break;
      case T.EVENT_TYPE_ACTIVITY_TASK_COMPLETED:
        actRun += ms(e) - ms(byId.get(Number(e.activityTaskCompletedEventAttributes?.startedEventId)));
        break;
      case T.EVENT_TYPE_MARKER_RECORDED:
        if (e.markerRecordedEventAttributes?.markerName === 'core_local_activity') locals += 1;
        break;
      default:
        break;
    }
  }
  return {
    window: ms(events[endAt]) - ms(events[startAt]),
    wftWait,
    wftRun,
    actWait,
    actRun,
    wfts,
    acts,
    locals,
  };
}

/** Reads the histories of `workflowIds` (a sample) and splits the Update whose arguments contain `marker`. */
export async function breakDownUpdates(
  client: Client,
  workflowIds: string[],
  marker: string,
): Promise<UpdateBreakdown> {
  const out: UpdateBreakdown = {
    windowMs: [],
    workflowTaskWaitMs: [],
    workflowTaskRunMs: [],
    activityWaitMs: [],
    activityRunMs: [],
    workflowTasks: [],
    activities: [],
    localActivities: [],
  };
  for (const id of workflowIds) {
    const history = await client.workflow
      .getHandle(id)
      .fetchHistory()
      .catch(() => null);
    const split = history ? splitUpdate(history.events ?? [], marker) : null;
    if (!split) continue;
    out.windowMs.push(split.window);
    out.workflowTaskWaitMs.push(split.wftWait);
    out.workflowTaskRunMs.push(split.wftRun);
    out.activityWaitMs.push(split.actWait);
    out.activityRunMs.push(split.actRun);
    out.workflowTasks.push(split.wfts);
    out.activities.push(split.acts);
    out.localActivities.push(split.locals);
  }
  return out;
}

export function mean(values: number[]): number {
  return values.length === 0 ? Number.NaN : values.reduce((a, b) => a + b, 0) / values.length;
}
