import type { Client } from '@temporalio/client';
import { runInBackground } from '../../activities/testing/background-worker';
import { createPlatformWorker } from '../../activities/worker';
import {
  testTemporalClient,
  testWorkerConnection,
  uniqueTaskQueue,
  workflowBundle,
} from '../../scripts/test-harness/context';
import { createTestApp, type TestApp } from './test-app';

export interface AppWithWorker extends TestApp {
  temporal: Client;
  taskQueue: string;
}

/**
 * The real server plus a platform worker on a task queue of its own, both on the run's Temporal dev server and test
 * database, for integration tests that drive workflows through the API. close() stops everything in order.
 */
export async function startAppWithWorker(
  name: string,
  options: { env?: Record<string, string> } = {},
): Promise<AppWithWorker> {
  const client = await testTemporalClient();
  const taskQueue = uniqueTaskQueue(name);
  const t = await createTestApp({ temporal: client.client, taskQueue, ...(options.env ? { env: options.env } : {}) });
  const connection = await testWorkerConnection();
  const worker = runInBackground(
    await createPlatformWorker({
      config: t.config,
      database: t.database,
      connection,
      taskQueue,
      workflowBundlePath: workflowBundle().codePath,
    }),
  );
  return {
    ...t,
    temporal: client.client,
    taskQueue,
    async close() {
      await t.close();
      await worker.stop();
      await connection.close();
      await client.close();
    },
  };
}
