import { NativeConnection } from '@temporalio/worker';
import { connectDatabase } from '../../migrations/connect';
import { createDevMailer } from '../mail/mailer';
import { createPlatformWorker } from '../worker';
import { createTestConfig } from './fixtures';

/**
 * The platform worker as its own process, for tests that kill it with SIGKILL (a crash, not a shutdown). Reads
 * TEST_DATABASE_URL, TEST_TEMPORAL_ADDRESS, TEST_TASK_QUEUE and TEST_WORKFLOW_BUNDLE; mail goes through the dev
 * mailer, so the outbox row is the delivered mail. Prints `worker-ready` once it polls.
 */
function required(name: string): string {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set`);
  return value;
}

async function main(): Promise<void> {
  const database = await connectDatabase({ url: required('TEST_DATABASE_URL'), poolSize: 10 });
  const connection = await NativeConnection.connect({ address: required('TEST_TEMPORAL_ADDRESS') });
  const worker = await createPlatformWorker({
    config: createTestConfig(),
    database,
    connection,
    taskQueue: required('TEST_TASK_QUEUE'),
    workflowBundlePath: required('TEST_WORKFLOW_BUNDLE'),
    mailer: createDevMailer(),
  });
  process.once('SIGTERM', () => worker.shutdown());
  const running = worker.run();
  console.log('worker-ready');
  await running;
  await connection.close();
  await database.close();
}

main().catch((err) => {
  console.error(err instanceof Error ? (err.stack ?? err.message) : err);
  process.exit(1);
});
