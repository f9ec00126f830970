import type { Client } from '@temporalio/client';
import type { NativeConnection } from '@temporalio/worker';
import { forEachConcurrently } from '../../domain/concurrency';
import { withOwnWorker } from './own-worker';
import { floorUpdate } from './waiting.workflow';

/**
 * The floor of a person's action on a server: `count` waiting workflows, each sent one bare Update (answered in
 * memory, nothing written), `inFlight` Updates at a time, with a worker of their own polling their task queue on the
 * same process. `endsRun` makes the Update end its run, as a final approval does; otherwise the run goes on waiting,
 * as after a submission. Returns each Update's milliseconds and the wall time of them all.
 */
export async function measureUpdateFloor(options: {
  client: Client;
  connection: NativeConnection;
  count: number;
  inFlight: number;
  endsRun: boolean;
}): Promise<{ times: number[]; wallMs: number }> {
  return withOwnWorker(options.connection, 'update-floor', 'waiting.workflow.ts', async (taskQueue) => {
    const ids = Array.from({ length: options.count }, (_, at) => `update-floor:${taskQueue}:${at}`);
    await forEachConcurrently(ids, options.inFlight, async (workflowId) => {
      await options.client.workflow.start('waitingWorkflow', { workflowId, taskQueue, args: [!options.endsRun] });
    });
    // Every run past its first workflow task (waiting at its handler) before the Updates start.
    await forEachConcurrently(ids, options.inFlight, async (workflowId) => {
      const handle = options.client.workflow.getHandle(workflowId);
      for (;;) {
        const { historyLength } = await handle.describe();
        if (historyLength >= 4) return;
        await new Promise((r) => setTimeout(r, 100));
      }
    });
    const times = new Array<number>(ids.length);
    const begin = performance.now();
    await forEachConcurrently(ids, options.inFlight, async (workflowId, at) => {
      const sent = performance.now();
      await options.client.workflow.getHandle(workflowId).executeUpdate(floorUpdate, { args: [at] });
      times[at] = performance.now() - sent;
    });
    return { times, wallMs: performance.now() - begin };
  });
}
