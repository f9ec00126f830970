import type { Client } from '@temporalio/client';
import type { NativeConnection } from '@temporalio/worker';
import { forEachConcurrently } from '../../domain/concurrency';
import { withOwnWorker } from './own-worker';

/**
 * The floor of starting workflows on a server: `count` trivial workflows (one workflow task each, which completes the
 * run) started with `inFlight` start calls at a time, with a worker of their own polling their task queue on the same
 * process. Returns when every start call has answered and when every run has completed.
 */
export async function measureStartFloor(options: {
  client: Client;
  connection: NativeConnection;
  count: number;
  inFlight: number;
}): Promise<{ startedMs: number; completedMs: number }> {
  return withOwnWorker(options.connection, 'start-floor', 'trivial.workflow.ts', async (taskQueue) => {
    const prefix = `start-floor:${taskQueue}`;
    const begin = performance.now();
    const indexes = Array.from({ length: options.count }, (_, at) => at);
    await forEachConcurrently(indexes, options.inFlight, async (at) => {
      await options.client.workflow.start('trivialWorkflow', { workflowId: `${prefix}:${at}`, taskQueue });
    });
    const startedMs = performance.now() - begin;
    for (;;) {
      const { count } = await options.client.workflow.count(
        `WorkflowType = 'trivialWorkflow' AND TaskQueue = '${taskQueue}' AND ExecutionStatus = 'Completed'`,
      );
      if (count >= options.count) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    return { startedMs, completedMs: performance.now() - begin };
  });
}
