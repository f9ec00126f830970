import type { Client, WorkflowExecutionDescription } from '@temporalio/client';
import { WorkflowNotFoundError } from '@temporalio/common';
import { forEachConcurrently } from '../../domain/concurrency';
import { AppError } from '../../domain/errors';
import {
  STUCK_THRESHOLDS,
  WORKFLOW_STATUSES,
  relatedRecordPath,
  type StuckReason,
  type StuckThresholds,
  type WorkflowStatus,
} from '../../domain/operator-console';
import type { AuthContext, ServerDeps } from '../types';
import { requireTemporal } from '../shared/workflow-client';
import type { SchoolScope } from '../tasks/tasks.repository';
import { detectStuck, type ExecutionFacts } from './detect-stuck';
import {
  checkRecords,
  loadWorkflowTasks,
  pendingActivitiesOf,
  pendingWorkflowTaskOf,
  PollerCache,
  readWorkflowTaskFailure,
  toListedExecution,
  toOpenTaskFacts,
  type ListedExecution,
  type TaskWithAssignee,
} from './execution-facts';
import { buildTimeline, type TimelineEntry } from './history-timeline';
import { checkAssignees, checkRecordAssignees } from './unavailable-assignees';
import type { AssigneeCheck, RecordAssigneeFacts } from './detect-stuck';
import { loadWorkflowGraph, type WorkflowGraph } from './workflow-graph.service';
import { buildVisibilityQuery, quoteValue, type WorkflowFilter } from './visibility-query';
import { CONSOLE_CACHE, perServerCache, StaleWhileRevalidate } from './console-cache';
import {
  findFailedMailWorkflowIds,
  findOpenTaskWorkflowIds,
  findStuckTaskWorkflowIds,
  listAssignableUsers,
  loadFailedMails,
  summarizeOpenTasks,
  type FailedMail,
} from './operator-console.repository';

/**
 * Finding processes: a filtered list from Temporal visibility with each running process judged for being stuck,
 * counts per status, and one process in detail. Operators see every school; a school admin only their own, by a
 * SchoolId clause the server adds to every query and checks on every process it describes.
 */
export interface ConsoleContext {
  deps: ServerDeps;
  client: Client;
  scope: SchoolScope;
  thresholds: StuckThresholds;
  now: () => number;
  /** What this server's requests share (see console-cache.ts). */
  cache: ConsoleCache;
}

/** Who acts through the console, as the audit log and the processes record it (built by the routes). */
export interface ConsoleActor {
  userId: string;
  email: string;
  /** The actor's own school (the audit log's school for events that name none). */
  schoolId: string;
  ip: string | null;
  userAgent: string | null;
}

export interface ConsoleCache {
  /** Temporal's descriptions of running processes, by workflow id and run id. */
  descriptions: StaleWhileRevalidate<WorkflowExecutionDescription>;
  /** The judged scan of the newest running processes, by scope and filter. */
  scans: StaleWhileRevalidate<WorkflowListItem[]>;
  /** Visibility counts (a list's total, the counts per status), by query: a count reads every matching process. */
  counts: StaleWhileRevalidate<CountAnswer>;
  pollers: PollerCache;
}

function consoleCache(deps: ServerDeps, client: Client, thresholds: StuckThresholds): ConsoleCache {
  return perServerCache(deps, 'operator-console', () => ({
    descriptions: new StaleWhileRevalidate(CONSOLE_CACHE.freshMs, CONSOLE_CACHE.staleMs),
    scans: new StaleWhileRevalidate(CONSOLE_CACHE.freshMs, CONSOLE_CACHE.staleMs),
    counts: new StaleWhileRevalidate(CONSOLE_CACHE.freshMs, CONSOLE_CACHE.staleMs),
    pollers: new PollerCache(client, deps.config.temporalNamespace, thresholds.pollerSilenceMs, CONSOLE_CACHE.freshMs),
  }));
}

/** After an action on a process: nothing the console shows may come from before it. */
export function forgetProcess(ctx: ConsoleContext, workflowId: string): void {
  ctx.cache.descriptions.forget(`${workflowId}\u0000`);
  ctx.cache.scans.clear();
  ctx.cache.counts.clear();
}

type CountAnswer = Awaited<ReturnType<Client['workflow']['count']>>;

/** A visibility count, shared by the requests of a few seconds (console-cache.ts). */
function countCached(ctx: ConsoleContext, query: string): Promise<CountAnswer> {
  return ctx.cache.counts.get(query, () => ctx.client.workflow.count(query));
}

function describeCached(ctx: ConsoleContext, execution: ListedExecution): Promise<WorkflowExecutionDescription> {
  return ctx.cache.descriptions.get(`${execution.workflowId}\u0000${execution.runId}`, () =>
    ctx.client.workflow.getHandle(execution.workflowId, execution.runId).describe(),
  );
}

export function consoleContext(deps: ServerDeps, auth: AuthContext): ConsoleContext {
  const thresholds = { ...STUCK_THRESHOLDS, ...deps.stuckThresholds };
  const client = requireTemporal(deps);
  return {
    deps,
    client,
    scope: consoleScope(auth),
    thresholds,
    now: () => Date.now(),
    cache: consoleCache(deps, client, thresholds),
  };
}

/** Provider operators work across schools; a school admin with 'workflows:operate' only in their own. */
export function consoleScope(auth: AuthContext): SchoolScope {
  const operator = auth.school.kind === 'PROVIDER' && auth.grants.some((g) => g.role === 'OPERATOR');
  return operator ? { allSchools: true } : { schoolId: auth.school.id };
}

export interface ConsoleFilter {
  schoolId?: string | undefined;
  module?: string | undefined;
  status?: WorkflowStatus | undefined;
  entityId?: string | undefined;
  olderThanMinutes?: number | undefined;
}

export function scopedFilter(ctx: ConsoleContext, filter: ConsoleFilter): WorkflowFilter {
  const out: WorkflowFilter = {};
  const schoolId = 'schoolId' in ctx.scope ? ctx.scope.schoolId : filter.schoolId;
  if (schoolId) out.schoolId = schoolId;
  if (filter.module) out.module = filter.module;
  if (filter.status) out.status = filter.status;
  if (filter.entityId) out.entityId = filter.entityId;
  if (filter.olderThanMinutes) out.startedBefore = new Date(ctx.now() - filter.olderThanMinutes * 60_000);
  return out;
}

export interface WorkflowListItem extends ListedExecution {
  schoolName: string | null;
  stuck: StuckReason[];
}

/** Lists processes matching the filter, newest first; `stuckOnly` scans running ones and keeps the stuck. */
export async function listWorkflows(
  ctx: ConsoleContext,
  filter: ConsoleFilter,
  page: { limit: number; offset: number; stuckOnly: boolean },
): Promise<{ items: WorkflowListItem[]; total: number | null }> {
  if (page.stuckOnly) return listStuckWorkflows(ctx, filter, page);
  const query = buildVisibilityQuery(scopedFilter(ctx, filter));
  const executions = await collect(ctx, query, page.offset + page.limit);
  const slice = executions.slice(page.offset, page.offset + page.limit);
  const [items, total] = await Promise.all([judge(ctx, slice), countCached(ctx, query).then((c) => c.count)]);
  return { items, total };
}

/** How many of the newest running processes are also described, for what only Temporal knows (see below). */
const RECENT_RUNNING_SCAN = 100;
/** Workflow ids per visibility lookup (`WorkflowId IN (...)`). */
const LOOKUP_CHUNK = 200;
/** Workflow ids per check against the open tasks (`workflow_id IN (...)`, well under PostgreSQL's parameter cap). */
const OPEN_TASK_CHUNK = 5000;

/**
 * Every stuck process in scope, complete however many run (issue 35). The evidence comes first, each from one query
 * over all of it: open tasks overdue or waiting on someone who can never act, failed mails (the database), open
 * tasks of processes that ended (the database, then visibility by id), processes Temporal itself reports as having
 * problems (visibility). Only the page shown is then described in full. What only a process's description holds
 * (a step retrying, a queue without a worker) is added from a scan of the newest running processes.
 */
async function listStuckWorkflows(
  ctx: ConsoleContext,
  filter: ConsoleFilter,
  page: { limit: number; offset: number },
): Promise<{ items: WorkflowListItem[]; total: number }> {
  const scoped = scopedFilter(ctx, filter);
  const db = ctx.deps.database.db;
  const [taskIds, mailIds, openTasks, scanned] = await Promise.all([
    findStuckTaskWorkflowIds(db, scoped, new Date(ctx.now())),
    findFailedMailWorkflowIds(db, scoped),
    summarizeOpenTasks(db, scoped),
    scanRecentRunning(ctx, scoped),
  ]);
  const overdueOrUnavailable = new Set(taskIds);
  const [evidence, endedWithTasks] = await Promise.all([
    lookupLatestRuns(ctx, scoped, [...new Set([...taskIds, ...mailIds])]),
    scoped.status === 'Running' ? [] : findEndedProcesses(ctx, scoped, openTasks, overdueOrUnavailable),
  ]);
  // A process with an overdue or orphaned task is stuck whether it runs (waiting) or not (the inbox disagrees); a
  // failed mail only matters while its process still runs.
  const certain = new Map<string, ListedExecution>();
  for (const e of evidence) {
    if (overdueOrUnavailable.has(e.workflowId) || e.status === 'Running') certain.set(e.workflowId, e);
  }
  for (const e of endedWithTasks) certain.set(e.workflowId, e);
  const judgedById = new Map(scanned.filter((i) => !certain.has(i.workflowId)).map((i) => [i.workflowId, i]));
  const all = [...certain.values(), ...judgedById.values()].sort(newestFirst);
  const slice = all.slice(page.offset, page.offset + page.limit);
  for (const item of await judge(
    ctx,
    slice.filter((e) => !judgedById.has(e.workflowId)),
  )) {
    judgedById.set(item.workflowId, item);
  }
  const items = slice.map((e) => judgedById.get(e.workflowId)!).filter((item) => item.stuck.length > 0);
  return { items, total: all.length };
}

/**
 * The newest running processes and those Temporal flags itself (`TemporalReportedProblems`), described and judged,
 * keeping the stuck: what only a description shows. Shared by the requests of a few seconds (console-cache.ts).
 */
function scanRecentRunning(ctx: ConsoleContext, scoped: WorkflowFilter): Promise<WorkflowListItem[]> {
  if (scoped.status && scoped.status !== 'Running') return Promise.resolve([]);
  const running: WorkflowFilter = { ...scoped, status: 'Running' };
  const { startedBefore, ...rest } = running;
  // The age filter counts in whole minutes here, so the key does not change with every request's clock.
  const key = JSON.stringify({
    ...rest,
    olderThan: startedBefore ? Math.round(startedBefore.getTime() / 60_000) : null,
  });
  return ctx.cache.scans.get(key, async () => {
    const [recent, reported] = await Promise.all([
      collect(ctx, buildVisibilityQuery(running), RECENT_RUNNING_SCAN),
      collectReportedProblems(ctx, running),
    ]);
    const unique = [...new Map([...recent, ...reported].map((e) => [e.workflowId, e])).values()];
    return (await judge(ctx, unique)).filter((item) => item.stuck.length > 0);
  });
}

function newestFirst(a: ListedExecution, b: ListedExecution): number {
  return b.startTime.getTime() - a.startTime.getTime() || a.workflowId.localeCompare(b.workflowId);
}

/** Running processes Temporal flags itself (`TemporalReportedProblems`, e.g. a workflow task failing again and again). */
async function collectReportedProblems(ctx: ConsoleContext, filter: WorkflowFilter): Promise<ListedExecution[]> {
  const query = `${buildVisibilityQuery(filter)} AND TemporalReportedProblems IS NOT NULL`;
  // A server without the attribute refuses the query; the scan of recent processes still covers what it would add.
  return collect(ctx, query, 500).catch(() => []);
}

/** The current run of each process named, matching the filter; processes not in visibility (or scope) drop out. */
async function lookupLatestRuns(ctx: ConsoleContext, filter: WorkflowFilter, ids: readonly string[]) {
  const runs: ListedExecution[] = [];
  const chunks: string[][] = [];
  for (let i = 0; i < ids.length; i += LOOKUP_CHUNK) chunks.push(ids.slice(i, i + LOOKUP_CHUNK));
  await forEachConcurrently(chunks, 4, async (chunk) => {
    // A reset leaves earlier runs of the same id behind; allow for a few each.
    runs.push(...(await collect(ctx, buildVisibilityQuery({ ...filter, workflowIds: chunk }), chunk.length * 4)));
  });
  const latest = new Map<string, ListedExecution>();
  for (const run of runs) {
    const known = latest.get(run.workflowId);
    if (!known || run.startTime > known.startTime) latest.set(run.workflowId, run);
  }
  return [...latest.values()];
}

/**
 * The processes with an open task (other than those in `known`) whose current run has ended. Whichever side is
 * smaller is read: the processes that ended since the oldest open task was opened (one ended before it cannot hold
 * it), then checked against the open tasks by id; or, when more ended than that, every open task's process, looked
 * up by id in chunks. Issue 35: at 50,000 open tasks, reading every one's id on each load cost more than the rest of
 * the stuck list; the ended side is usually the short one. A reset's earlier run does not count while a newer run of
 * the same id still runs.
 */
async function findEndedProcesses(
  ctx: ConsoleContext,
  filter: WorkflowFilter,
  open: { count: number; oldest: Date | null },
  known: ReadonlySet<string>,
) {
  if (open.count === 0 || !open.oldest) return [];
  const db = ctx.deps.database.db;
  // One list page holds 1,000 processes, one id lookup LOOKUP_CHUNK ids: list the ended ones while that is cheaper.
  const maxPages = Math.ceil(open.count / LOOKUP_CHUNK);
  const since = `${buildVisibilityQuery({ ...filter, endedOnly: true })} AND CloseTime >= ${quoteValue(open.oldest.toISOString())}`;
  let ended: ListedExecution[] | null = null;
  if (maxPages > 1) {
    const latest = new Map<string, ListedExecution>();
    let seen = 0;
    for await (const info of ctx.client.workflow.list({ query: since, pageSize: 1000 })) {
      if (++seen > maxPages * 1000) break;
      if (known.has(info.workflowId)) continue;
      const run = toListedExecution(info);
      const prior = latest.get(run.workflowId);
      if (!prior || run.startTime > prior.startTime) latest.set(run.workflowId, run);
    }
    if (seen <= maxPages * 1000) {
      const withTasks = new Set<string>();
      const endedIds = [...latest.keys()];
      for (let i = 0; i < endedIds.length; i += OPEN_TASK_CHUNK) {
        for (const id of await findOpenTaskWorkflowIds(db, filter, endedIds.slice(i, i + OPEN_TASK_CHUNK))) {
          withTasks.add(id);
        }
      }
      ended = [...latest.values()].filter((e) => withTasks.has(e.workflowId));
    }
  }
  if (ended === null) {
    const ids = (await findOpenTaskWorkflowIds(db, filter)).filter((id) => !known.has(id));
    ended = await lookupLatestRuns(ctx, { ...filter, endedOnly: true }, ids);
  }
  if (ended.length === 0) return [];
  const stillRunning = new Set(
    (
      await lookupLatestRuns(
        ctx,
        { ...filter, status: 'Running' },
        ended.map((e) => e.workflowId),
      )
    ).map((e) => e.workflowId),
  );
  return ended.filter((e) => !stillRunning.has(e.workflowId));
}

async function collect(ctx: ConsoleContext, query: string, max: number): Promise<ListedExecution[]> {
  const out: ListedExecution[] = [];
  if (max <= 0) return out;
  for await (const info of ctx.client.workflow.list({ query, pageSize: Math.min(max, 100) })) {
    out.push(toListedExecution(info));
    if (out.length >= max) break;
  }
  return out;
}

/** Counts per status for the filter (the status filter itself is left out, so every tab shows its number). */
export async function countWorkflows(
  ctx: ConsoleContext,
  filter: ConsoleFilter,
): Promise<Record<WorkflowStatus, number> & { total: number }> {
  const query = buildVisibilityQuery(scopedFilter(ctx, { ...filter, status: undefined }));
  const counts = Object.fromEntries(WORKFLOW_STATUSES.map((s) => [s, 0])) as Record<WorkflowStatus, number>;
  const grouped = await countCached(ctx, `${query} GROUP BY ExecutionStatus`);
  for (const group of grouped.groups) {
    const name = String(group.groupValues[0] ?? '') as WorkflowStatus;
    if (name in counts) counts[name] = group.count;
  }
  return { ...counts, total: grouped.count };
}

/** Judges each process: describes the running ones (bounded concurrency) and checks tasks and records. */
async function judge(ctx: ConsoleContext, executions: ListedExecution[]): Promise<WorkflowListItem[]> {
  const db = ctx.deps.database.db;
  const ids = executions.map((e) => e.workflowId);
  if (executions.length === 0) return [];
  const [tasks, records, schoolNames, recordAssignees, failedMails] = await Promise.all([
    loadWorkflowTasks(db, ctx.scope, ids, { openOnly: true }),
    checkRecords(db, executions),
    loadSchoolNames(ctx, executions),
    checkRecordAssignees(db, executions),
    loadFailedMails(db, ids),
  ]);
  const assignees = await checkAssignees(db, [...tasks.values()].flat());
  const pollers = ctx.cache.pollers;
  const nowMs = ctx.now();
  const items = new Array<WorkflowListItem>(executions.length);
  await forEachConcurrently(executions, 16, async (execution, index) => {
    const facts = await gatherFacts(ctx, execution, {
      pollers,
      tasks: tasks.get(execution.workflowId) ?? [],
      assignees,
      recordAssignee: recordAssignees.get(execution.workflowId) ?? null,
      recordMismatch: records.get(execution.workflowId) ?? null,
      failedMails: failedMails.get(execution.workflowId) ?? [],
      nowMs,
    });
    items[index] = {
      ...execution,
      schoolName: execution.schoolId ? (schoolNames.get(execution.schoolId) ?? null) : null,
      stuck: detectStuck(facts.facts, nowMs, ctx.thresholds),
    };
  });
  return items;
}

async function gatherFacts(
  ctx: ConsoleContext,
  execution: ListedExecution,
  extra: {
    pollers: PollerCache;
    tasks: TaskWithAssignee[];
    assignees: ReadonlyMap<string, AssigneeCheck>;
    recordAssignee: RecordAssigneeFacts | null;
    recordMismatch: string | null;
    failedMails?: FailedMail[];
    nowMs: number;
  },
  known?: WorkflowExecutionDescription,
): Promise<{ facts: ExecutionFacts; description: WorkflowExecutionDescription | null }> {
  const facts: ExecutionFacts = {
    status: execution.status,
    taskQueue: execution.taskQueue,
    pendingWorkflowTask: null,
    lastWorkflowTaskFailure: null,
    pendingActivities: [],
    queueHasLivePoller: null,
    openTasks: toOpenTaskFacts(extra.tasks, extra.assignees),
    recordMismatch: extra.recordMismatch,
    recordAssigneeUnavailable: extra.recordAssignee,
    failedMails: extra.failedMails ?? [],
  };
  if (execution.status !== 'Running') return { facts, description: known ?? null };
  let description: WorkflowExecutionDescription | null = known ?? null;
  try {
    description ??= await describeCached(ctx, execution);
  } catch (err) {
    if (err instanceof WorkflowNotFoundError) return { facts, description: null };
    throw err;
  }
  facts.pendingWorkflowTask = pendingWorkflowTaskOf(description);
  facts.pendingActivities = pendingActivitiesOf(description);
  facts.queueHasLivePoller = await extra.pollers.hasLivePoller(execution.taskQueue, extra.nowMs);
  if (facts.pendingWorkflowTask && facts.pendingWorkflowTask.attempt >= ctx.thresholds.workflowTaskAttempts) {
    facts.lastWorkflowTaskFailure = await readWorkflowTaskFailure(ctx.client, execution).catch(() => null);
  }
  return { facts, description };
}

async function loadSchoolNames(ctx: ConsoleContext, executions: ListedExecution[]): Promise<Map<string, string>> {
  const ids = [...new Set(executions.map((e) => e.schoolId).filter((id): id is string => isUuid(id)))];
  if (ids.length === 0) return new Map();
  const rows = await ctx.deps.database.db.selectFrom('schools').select(['id', 'name']).where('id', 'in', ids).execute();
  return new Map(rows.map((r) => [r.id, r.name]));
}

function isUuid(value: string | null): boolean {
  return value !== null && /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value);
}

/**
 * Describes one process the caller may see; a process of another school (or none) answers 404, the same as a
 * missing one, so ids of other schools cannot be probed.
 */
export async function describeScoped(
  ctx: ConsoleContext,
  workflowId: string,
): Promise<{ description: WorkflowExecutionDescription; execution: ListedExecution }> {
  let description: WorkflowExecutionDescription;
  try {
    description = await ctx.client.workflow.getHandle(workflowId).describe();
  } catch (err) {
    if (err instanceof WorkflowNotFoundError) throw new AppError('NOT_FOUND');
    throw err;
  }
  const execution = toListedExecution(description);
  if (!execution.module) throw new AppError('NOT_FOUND');
  if ('schoolId' in ctx.scope && execution.schoolId !== ctx.scope.schoolId) throw new AppError('NOT_FOUND');
  return { description, execution };
}

/** Active people of a process's school its human step can be handed to (first 50 by name, matching `text`). */
export async function findAssignableUsers(ctx: ConsoleContext, workflowId: string, text: string | undefined) {
  const { execution } = await describeScoped(ctx, workflowId);
  if (!execution.schoolId) throw new AppError('NOT_FOUND');
  return listAssignableUsers(ctx.deps.database.db, execution.schoolId, text?.trim() || undefined);
}

export interface WorkflowDetail {
  item: WorkflowListItem;
  historyLength: number;
  pendingWorkflowTask: ExecutionFacts['pendingWorkflowTask'];
  pendingActivities: ExecutionFacts['pendingActivities'];
  tasks: TaskWithAssignee[];
  timeline: TimelineEntry[];
  recordPath: string | null;
  temporalUiUrl: string;
  graph: WorkflowGraph | null;
}

export async function getWorkflowDetail(ctx: ConsoleContext, workflowId: string): Promise<WorkflowDetail> {
  const { description, execution } = await describeScoped(ctx, workflowId);
  const db = ctx.deps.database.db;
  const [tasks, records, schoolNames, history, graph, recordAssignees, failedMails] = await Promise.all([
    loadWorkflowTasks(db, ctx.scope, [workflowId], { openOnly: false }),
    checkRecords(db, [execution]),
    loadSchoolNames(ctx, [execution]),
    ctx.client.workflow.getHandle(workflowId, execution.runId).fetchHistory(),
    loadWorkflowGraph(db, execution),
    checkRecordAssignees(db, [execution]),
    loadFailedMails(db, [workflowId]),
  ]);
  const workflowTasks = tasks.get(workflowId) ?? [];
  const assignees = await checkAssignees(db, workflowTasks);
  const nowMs = ctx.now();
  const pollers = new PollerCache(ctx.client, ctx.deps.config.temporalNamespace, ctx.thresholds.pollerSilenceMs);
  const { facts } = await gatherFacts(
    ctx,
    execution,
    {
      pollers,
      tasks: workflowTasks,
      assignees,
      recordAssignee: recordAssignees.get(workflowId) ?? null,
      recordMismatch: records.get(workflowId) ?? null,
      failedMails: failedMails.get(workflowId) ?? [],
      nowMs,
    },
    description,
  );
  const { config } = ctx.deps;
  return {
    item: {
      ...execution,
      schoolName: execution.schoolId ? (schoolNames.get(execution.schoolId) ?? null) : null,
      stuck: detectStuck(facts, nowMs, ctx.thresholds),
    },
    historyLength: description.historyLength,
    pendingWorkflowTask: facts.pendingWorkflowTask,
    pendingActivities: facts.pendingActivities,
    tasks: workflowTasks,
    timeline: buildTimeline(history.events ?? []),
    recordPath: graph.recordPath ?? relatedRecordPath(execution.module, execution.schoolId, execution.entityId),
    graph: graph.graph,
    temporalUiUrl: `${config.temporalUiUrl}/namespaces/${encodeURIComponent(config.temporalNamespace)}/workflows/${encodeURIComponent(workflowId)}/${encodeURIComponent(execution.runId)}/history`,
  };
}
