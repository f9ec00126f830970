import { mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { Client, Connection, type WorkflowHandle } from '@temporalio/client';
import { NativeConnection } from '@temporalio/worker';
import { createDevMailer } from '../../activities/mail/mailer';
import { runInBackground } from '../../activities/testing/background-worker';
import { createTestConfig } from '../../activities/testing/fixtures';
import { createPlatformWorker } from '../../activities/worker';
import type { AppConfig } from '../../api/config';
import { connectDatabase, type DatabaseHandle } from '../../migrations/connect';
import { findTemporalCli } from '../temporal-cli';
import { startTemporalDevServer } from '../temporal-dev-server';
import { createFreshDatabase, freePort } from './global-setup';

const ROOT = resolve(import.meta.dirname, '../..');

export interface Recording {
  client: Client;
  database: DatabaseHandle;
  config: AppConfig;
  /** Writes the handle's history as workflows/<feature>/histories/<name>.json for the replay test. */
  write(handle: WorkflowHandle, feature: string, name: string): Promise<void>;
}

/**
 * The stage of the record-*-histories scripts: its own Temporal dev server and a fresh database (dropped at the end),
 * the real platform worker on `taskQueue`, and a `write` that stores a history where the replay test
 * (workflows/replay.integration.test.ts) reads it. Exits 1 with the error when `run` fails.
 */
export function recordHistories(taskQueue: string, run: (recording: Recording) => Promise<void>): void {
  stage(taskQueue, run).catch((err) => {
    console.error(err);
    process.exit(1);
  });
}

async function stage(taskQueue: string, run: (recording: Recording) => Promise<void>): Promise<void> {
  const cli = findTemporalCli();
  if (!cli) throw new Error('No Temporal CLI found (set TEMPORAL_CLI)');
  const server = await startTemporalDevServer({ cli, port: await freePort() });
  const fresh = await createFreshDatabase(taskQueue.replaceAll('-', '_'));
  const database = await connectDatabase({ url: fresh.url, poolSize: 4 });
  const nativeConnection = await NativeConnection.connect({ address: server.address });
  const connection = await Connection.connect({ address: server.address });
  const config = createTestConfig();
  try {
    const worker = await createPlatformWorker({
      config,
      database,
      connection: nativeConnection,
      taskQueue,
      mailer: createDevMailer(),
    });
    const background = runInBackground(worker);
    try {
      await run({ client: new Client({ connection }), database, config, write });
    } finally {
      await background.stop();
    }
  } finally {
    await connection.close();
    await nativeConnection.close();
    await database.close();
    await fresh.drop();
    await server.stop();
  }
}

async function write(handle: WorkflowHandle, feature: string, name: string): Promise<void> {
  const history = await handle.fetchHistory();
  const dir = join(ROOT, 'workflows', feature, 'histories');
  mkdirSync(dir, { recursive: true });
  const file = join(dir, `${name}.json`);
  writeFileSync(file, JSON.stringify(history, null, 2) + '\n');
  console.log(`recorded ${history.events?.length ?? 0} events -> ${file.slice(ROOT.length + 1)}`);
}
