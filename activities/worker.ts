import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Client } from '@temporalio/client';
import { NativeConnection, Runtime, Worker } from '@temporalio/worker';
import { loadConfig, type AppConfig } from '../api/config';
import { TASK_QUEUE } from '../domain/workflows';
import { connectDatabase, type DatabaseHandle } from '../migrations/connect';
import { createActivities } from './index';
import { createMailer, type Mailer } from './mail/mailer';
import { createWorkerLogger } from './worker-logger';
import { WORKFLOW_BUNDLER_OPTIONS, WORKFLOWS_PATH } from './workflow-bundle';

export interface PlatformWorkerDeps {
  config: AppConfig;
  database: DatabaseHandle;
  connection: NativeConnection;
  taskQueue?: string;
  /** A pre-built bundle (tests, production images); without it the workflows are bundled from source at start. */
  workflowBundlePath?: string;
  /** Defaults to createMailer(config); the caller then owns closing it. */
  mailer?: Mailer;
}

/** The worker that runs every platform workflow and activity on one task queue. Not started: call run(). */
export async function createPlatformWorker(deps: PlatformWorkerDeps): Promise<Worker> {
  const mailer = deps.mailer ?? createMailer(deps.config);
  return Worker.create({
    connection: deps.connection,
    namespace: deps.config.temporalNamespace,
    taskQueue: deps.taskQueue ?? TASK_QUEUE,
    ...(deps.workflowBundlePath
      ? { workflowBundle: { codePath: deps.workflowBundlePath } }
      : { workflowsPath: WORKFLOWS_PATH, bundlerOptions: WORKFLOW_BUNDLER_OPTIONS }),
    activities: createActivities({
      db: deps.database.db,
      config: deps.config,
      mailer,
      // The worker's own connection serves the activities that start workflows.
      temporal: new Client({ connection: deps.connection, namespace: deps.config.temporalNamespace }),
    }),
    // Activities are short (a mail, a row); give the running ones a moment to finish on shutdown.
    shutdownGraceTime: '10 seconds',
  });
}

/** Standalone worker (`npm run worker`, the compose `worker` service): runs until SIGINT or SIGTERM. */
async function runStandaloneWorker(): Promise<void> {
  const config = loadConfig(process.env);
  // One line per retried activity failure, as under `npm start`; LOG_LEVEL=debug prints each in full.
  Runtime.install({ logger: createWorkerLogger(config.logLevel) });
  const database = await connectDatabase({ url: config.databaseUrl, dataDir: resolve(config.dataDir, 'pglite') });
  const connection = await NativeConnection.connect({ address: config.temporalAddress ?? 'localhost:7233' });
  const mailer = createMailer(config);
  try {
    const worker = await createPlatformWorker({ config, database, connection, mailer });
    const stop = () => {
      if (worker.getState() === 'RUNNING') worker.shutdown();
    };
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
    console.log(
      `Worker polling task queue "${TASK_QUEUE}" on ${config.temporalAddress ?? 'localhost:7233'} (mail: ${mailer.mode})`,
    );
    await worker.run();
    console.log('Worker stopped');
  } finally {
    await mailer.close();
    await connection.close();
    await database.close();
  }
}

const isMain = process.argv[1] !== undefined && import.meta.url === pathToFileURL(resolve(process.argv[1])).href;
if (isMain) {
  runStandaloneWorker().catch((err) => {
    console.error(err instanceof Error ? err.message : err);
    process.exit(1);
  });
}
