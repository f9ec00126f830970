import { forEachConcurrently } from '../../domain/concurrency';
import { randomUUID } from 'node:crypto';
import { AppError, ERRORS } from '../../domain/errors';
import type { BulkAction } from '../../domain/operator-console';
import { recordAudit } from '../audit/audit.repository';
import type { ServerDeps } from '../types';
import { listWorkflows, type ConsoleActor, type ConsoleContext, type ConsoleFilter } from './find-workflows.service';
import { cancelWorkflow, retryWorkflow, terminateWorkflow } from './workflow-actions.service';

/**
 * Bulk actions over a filtered set: the set is fixed when the job starts (at most MAX_BULK processes), then each
 * process gets the single action (with its own audit event) a few at a time while the UI polls the progress.
 * Jobs live in this API process's memory: progress is for watching, the audit log is the record.
 */
export const MAX_BULK = 500;
const CONCURRENCY = 4;
const KEEP_FINISHED_MS = 60 * 60 * 1000;

export interface BulkJob {
  id: string;
  schoolScope: string | null;
  actorUserId: string;
  action: BulkAction;
  state: 'RUNNING' | 'DONE';
  total: number;
  done: number;
  failed: number;
  errors: Array<{ workflowId: string; message: string }>;
  startedAt: string;
  finishedAt: string | null;
}

const jobsByServer = new WeakMap<ServerDeps, Map<string, BulkJob>>();

function jobsOf(deps: ServerDeps): Map<string, BulkJob> {
  let jobs = jobsByServer.get(deps);
  if (!jobs) {
    jobs = new Map();
    jobsByServer.set(deps, jobs);
  }
  const now = Date.now();
  for (const [id, job] of jobs) {
    if (job.finishedAt && now - Date.parse(job.finishedAt) > KEEP_FINISHED_MS) jobs.delete(id);
  }
  return jobs;
}

export async function startBulkAction(
  ctx: ConsoleContext,
  actor: ConsoleActor,
  input: { action: BulkAction; reason: string; filter: ConsoleFilter; stuckOnly: boolean },
): Promise<BulkJob> {
  const reason = input.reason.trim();
  if (!reason) throw new AppError('REASON_REQUIRED', [{ field: 'reason', message: ERRORS.REASON_REQUIRED.message }]);
  const { items } = await listWorkflows(
    ctx,
    { ...input.filter, status: 'Running' },
    { limit: MAX_BULK, offset: 0, stuckOnly: input.stuckOnly },
  );
  const targets = items.map((i) => i.workflowId);
  const job: BulkJob = {
    id: randomUUID(),
    schoolScope: 'schoolId' in ctx.scope ? ctx.scope.schoolId : null,
    actorUserId: actor.userId,
    action: input.action,
    state: targets.length ? 'RUNNING' : 'DONE',
    total: targets.length,
    done: 0,
    failed: 0,
    errors: [],
    startedAt: new Date().toISOString(),
    finishedAt: targets.length ? null : new Date().toISOString(),
  };
  jobsOf(ctx.deps).set(job.id, job);
  await recordAudit(ctx.deps.database.db, {
    schoolId: actor.schoolId,
    actorUserId: actor.userId,
    ip: actor.ip,
    userAgent: actor.userAgent,
    action: `workflow.bulk_${input.action}`,
    targetType: 'workflow-batch',
    targetId: job.id,
    details: { reason, filter: input.filter, stuckOnly: input.stuckOnly, total: targets.length },
  });
  void runJob(ctx, actor, job, targets, reason);
  return job;
}

async function runJob(
  ctx: ConsoleContext,
  actor: ConsoleActor,
  job: BulkJob,
  targets: string[],
  reason: string,
): Promise<void> {
  const act = job.action === 'retry' ? retryWorkflow : job.action === 'cancel' ? cancelWorkflow : terminateWorkflow;
  await forEachConcurrently(targets, CONCURRENCY, async (workflowId) => {
    try {
      await act(ctx, actor, workflowId, reason);
      job.done += 1;
    } catch (err) {
      job.failed += 1;
      if (job.errors.length < 50)
        job.errors.push({ workflowId, message: err instanceof Error ? err.message : String(err) });
    }
  });
  job.state = 'DONE';
  job.finishedAt = new Date().toISOString();
}

/** A job started by anyone with the same scope (an operator sees operators' jobs, an admin their school's). */
export function findBulkJob(ctx: ConsoleContext, jobId: string): BulkJob {
  const job = jobsOf(ctx.deps).get(jobId);
  const scope = 'schoolId' in ctx.scope ? ctx.scope.schoolId : null;
  if (!job || job.schoolScope !== scope) throw new AppError('NOT_FOUND');
  return job;
}
