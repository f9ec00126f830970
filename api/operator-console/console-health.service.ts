import { optionalTsToMs } from '@temporalio/common/lib/time';
import proto from '@temporalio/proto';
import { sql } from 'kysely';
import { TASK_QUEUE } from '../../domain/workflows';
import { countSeriesNeedingWorkflow, listSeriesNeedingWorkflow } from '../calendar/events.repository';
import { findOldestOpenTask } from '../tasks/tasks.repository';
import type { ConsoleContext } from './find-workflows.service';

/**
 * The health panel: who polls each task queue and how much work waits there, the oldest human task still open,
 * and the e-mail outbox backlog. Workers are shared by all schools; the task and outbox figures follow the scope.
 */
export interface QueueHealth {
  name: string;
  kind: 'workflow' | 'activity';
  pollers: Array<{ identity: string; lastSeenAt: string | null }>;
  livePollers: number;
  backlog: number | null;
  backlogAgeSeconds: number | null;
}

export interface ConsoleHealth {
  queues: QueueHealth[];
  oldestOpenTask: {
    id: string;
    workflowId: string;
    schoolId: string;
    stepName: string;
    title: string;
    createdAt: string;
    dueAt: string | null;
  } | null;
  outbox: { pending: number; failed: number; oldestPendingAt: string | null };
  /** Calendar series saved while the workflow service was down, still waiting for the reconciler (stuck). */
  calendarWaiting: {
    count: number;
    oldestAt: string | null;
    items: Array<{ eventId: string; schoolId: string; name: string; since: string }>;
  };
  checkedAt: string;
}

export async function loadConsoleHealth(ctx: ConsoleContext): Promise<ConsoleHealth> {
  const queueNames = [...new Set([TASK_QUEUE, ctx.deps.taskQueue ?? TASK_QUEUE])];
  const nowMs = ctx.now();
  const [queues, oldest, outbox, calendarWaiting] = await Promise.all([
    Promise.all(
      queueNames.flatMap((name) => [
        describeQueue(ctx, name, 'workflow', nowMs),
        describeQueue(ctx, name, 'activity', nowMs),
      ]),
    ),
    findOldestOpenTask(ctx.deps.database.db, ctx.scope),
    outboxBacklog(ctx),
    calendarBacklog(ctx),
  ]);
  return {
    queues,
    oldestOpenTask: oldest
      ? {
          id: oldest.id,
          workflowId: oldest.workflowId,
          schoolId: oldest.schoolId,
          stepName: oldest.stepName,
          title: oldest.title,
          createdAt: oldest.createdAt.toISOString(),
          dueAt: oldest.dueAt ? oldest.dueAt.toISOString() : null,
        }
      : null,
    outbox,
    calendarWaiting,
    checkedAt: new Date(nowMs).toISOString(),
  };
}

async function describeQueue(
  ctx: ConsoleContext,
  name: string,
  kind: 'workflow' | 'activity',
  nowMs: number,
): Promise<QueueHealth> {
  const taskQueueType =
    kind === 'workflow'
      ? proto.temporal.api.enums.v1.TaskQueueType.TASK_QUEUE_TYPE_WORKFLOW
      : proto.temporal.api.enums.v1.TaskQueueType.TASK_QUEUE_TYPE_ACTIVITY;
  const response = await ctx.client.workflowService.describeTaskQueue({
    namespace: ctx.deps.config.temporalNamespace,
    taskQueue: { name, kind: proto.temporal.api.enums.v1.TaskQueueKind.TASK_QUEUE_KIND_NORMAL },
    taskQueueType,
    reportStats: true,
  });
  const pollers = (response.pollers ?? []).map((p) => {
    const seen = optionalTsToMs(p.lastAccessTime);
    return {
      identity: p.identity ?? 'unknown',
      lastSeenAt: seen === undefined ? null : new Date(seen).toISOString(),
      seen,
    };
  });
  const stats = response.stats;
  const ageMs = optionalTsToMs(stats?.approximateBacklogAge);
  return {
    name,
    kind,
    pollers: pollers.map(({ identity, lastSeenAt }) => ({ identity, lastSeenAt })),
    livePollers: pollers.filter((p) => p.seen !== undefined && nowMs - p.seen < ctx.thresholds.pollerSilenceMs).length,
    backlog: stats?.approximateBacklogCount == null ? null : Number(stats.approximateBacklogCount),
    backlogAgeSeconds: ageMs === undefined ? null : Math.round(ageMs / 1000),
  };
}

async function outboxBacklog(ctx: ConsoleContext): Promise<ConsoleHealth['outbox']> {
  let q = ctx.deps.database.db
    .selectFrom('outbox')
    .select([
      sql<string>`count(*) filter (where status = 'PENDING')`.as('pending'),
      sql<string>`count(*) filter (where status = 'FAILED')`.as('failed'),
      sql<Date | null>`min(created_at) filter (where status = 'PENDING')`.as('oldest'),
    ]);
  if ('schoolId' in ctx.scope) q = q.where('school_id', '=', ctx.scope.schoolId);
  const row = await q.executeTakeFirstOrThrow();
  return {
    pending: Number(row.pending),
    failed: Number(row.failed),
    oldestPendingAt: row.oldest ? new Date(row.oldest).toISOString() : null,
  };
}

/** The calendar series whose process could not be started yet (the first few, oldest first). */
async function calendarBacklog(ctx: ConsoleContext): Promise<ConsoleHealth['calendarWaiting']> {
  const db = ctx.deps.database.db;
  const schoolId = 'schoolId' in ctx.scope ? ctx.scope.schoolId : undefined;
  const [summary, rows] = await Promise.all([
    countSeriesNeedingWorkflow(db, schoolId),
    listSeriesNeedingWorkflow(db, { schoolId, limit: 5 }),
  ]);
  return {
    count: summary.count,
    oldestAt: summary.oldest ? summary.oldest.toISOString() : null,
    items: rows.map((r) => ({
      eventId: r.id,
      schoolId: r.school_id,
      name: r.name,
      since: r.workflow_needed_at.toISOString(),
    })),
  };
}
