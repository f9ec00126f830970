import type { Client } from '@temporalio/client';
import type { Kysely } from 'kysely';
import type { Database } from '../../migrations/database';
import type { ServerDeps } from '../types';
import { taskQueueOf } from '../shared/workflow-client';
import { startOrSignal } from './calendar-workflow';
import { clearWorkflowNeeded, listSeriesNeedingWorkflow } from './events.repository';
import { startPeriodicPass } from '../shared/periodic-pass';

export const RECONCILE_INTERVAL_MS = 60_000;
const BATCH = 200;

export interface ReconcileResult {
  started: number;
  failed: number;
}

/**
 * Starts (or signals) the process of every series still marked as needing it — changes saved while the workflow
 * service was down — and clears each mark the process has heard of. The first series that fails ends the pass (the
 * service is still down); it and the rest keep their marks for the next pass. A change made meanwhile sets a newer
 * mark, which stays.
 */
export async function reconcileCalendarWorkflows(deps: {
  db: Kysely<Database>;
  temporal: Client;
  taskQueue: string;
  schoolId?: string;
}): Promise<ReconcileResult> {
  const result: ReconcileResult = { started: 0, failed: 0 };
  const waiting = await listSeriesNeedingWorkflow(deps.db, { schoolId: deps.schoolId, limit: BATCH });
  for (const row of waiting) {
    try {
      await startOrSignal(deps.temporal, deps.taskQueue, row.school_id, row.id);
    } catch {
      // The service does not answer (each call already retried): the rest waits for the next pass.
      result.failed += 1;
      break;
    }
    await clearWorkflowNeeded(deps.db, row.school_id, row.id, row.workflow_needed_at);
    result.started += 1;
  }
  return result;
}

/** What the reconciler runs in: the server's dependencies and a logger (a Fastify app is one, and so is a script's). */
export interface ReconcilerHost {
  deps: Pick<ServerDeps, 'database' | 'temporal' | 'taskQueue'> & { config: Pick<ServerDeps['config'], 'maintenance'> };
  log: { info: (details: object, message: string) => void; error: (details: object, message: string) => void };
}

/**
 * Runs the reconciler once when the API starts and then every `intervalMs` until stopped (one pass at a time).
 * Not on the maintenance instance: it shares the database but not the live workflow service.
 */
export function startCalendarReconciler(
  app: ReconcilerHost,
  intervalMs = RECONCILE_INTERVAL_MS,
): { stop(): Promise<void> } {
  const { deps } = app;
  const temporal = deps.temporal;
  if (!temporal || deps.config.maintenance) return { stop: async () => undefined };
  return startPeriodicPass(
    () =>
      reconcileCalendarWorkflows({ db: deps.database.db, temporal, taskQueue: taskQueueOf(deps) })
        .then((r) => {
          if (r.started || r.failed) app.log.info(r, 'calendar: reconciled series processes');
        })
        .catch((err: unknown) => app.log.error({ err }, 'calendar: reconciling series processes failed')),
    intervalMs,
  );
}
