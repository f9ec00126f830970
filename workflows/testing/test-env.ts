import type { Client } from '@temporalio/client';
import { Worker, type NativeConnection } from '@temporalio/worker';
import type { AppConfig } from '../../api/config';
import { createActivities, type PlatformActivities } from '../../activities';
import { createTestConfig } from '../../activities/testing/fixtures';
import { runInBackground } from '../../activities/testing/background-worker';
import { createRecordingMailer, type RecordingMailer } from '../../activities/testing/recording-mailer';
import { createPlatformWorker } from '../../activities/worker';
import type { DatabaseHandle } from '../../migrations/connect';
import {
  testDatabase,
  testTemporalClient,
  testWorkerConnection,
  uniqueTaskQueue,
  workflowBundle,
} from '../../scripts/test-harness/context';

/**
 * One test file's view of the integration stack: the shared database and Temporal dev server, a platform worker on
 * its own task queue with a recording mailer, and a client. `extraWorker` starts another worker on another queue
 * with some activities replaced (slow or crashing ones).
 */
export interface WorkflowTestEnv {
  database: DatabaseHandle;
  client: Client;
  config: AppConfig;
  mailer: RecordingMailer;
  taskQueue: string;
  extraWorker(
    name: string,
    override: (real: PlatformActivities) => Partial<PlatformActivities>,
    options?: { shutdownGraceTime?: number; taskQueue?: string },
  ): Promise<{ taskQueue: string; worker: Worker; stop: () => Promise<void> }>;
  close(): Promise<void>;
}

export async function startWorkflowTestEnv(name: string): Promise<WorkflowTestEnv> {
  const database = await testDatabase();
  const connection: NativeConnection = await testWorkerConnection();
  const temporal = await testTemporalClient();
  const config = createTestConfig();
  const mailer = createRecordingMailer();
  const taskQueue = uniqueTaskQueue(name);
  const worker = await createPlatformWorker({
    config,
    database,
    connection,
    taskQueue,
    workflowBundlePath: workflowBundle().codePath,
    mailer,
  });
  const stoppers: Array<() => Promise<void>> = [runInBackground(worker).stop];

  return {
    database,
    client: temporal.client,
    config,
    mailer,
    taskQueue,
    async extraWorker(extraName, override, options = {}) {
      const real = createActivities({ db: database.db, config, mailer });
      const extraQueue = options.taskQueue ?? uniqueTaskQueue(extraName);
      const extra = await Worker.create({
        connection,
        taskQueue: extraQueue,
        workflowBundle: workflowBundle(),
        activities: { ...real, ...override(real) },
        shutdownGraceTime: options.shutdownGraceTime ?? 1000,
      });
      const { stop } = runInBackground(extra);
      stoppers.push(stop);
      return { taskQueue: extraQueue, worker: extra, stop };
    },
    async close() {
      for (const stop of stoppers.reverse()) await stop().catch(() => undefined);
      await connection.close();
      await temporal.close();
      await database.close();
    },
  };
}
