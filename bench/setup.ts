import { DefaultLogger, NativeConnection, Runtime, type Worker } from '@temporalio/worker';
import type { Client } from '@temporalio/client';
import type { FastifyInstance } from 'fastify';
import { loadConfig, type AppConfig } from '../api/config';
import { buildServer } from '../api/server';
import { connectTemporalClient } from '../api/temporal-client';
import { createPlatformWorker } from '../activities/worker';
import { connectDatabase, type DatabaseHandle } from '../migrations/connect';
import { DEMO_PASSWORD } from '../scripts/demo-data';
import { findTemporalCli } from '../scripts/temporal-cli';
import { startTemporalDevServer } from '../scripts/temporal-dev-server';
import { createFreshDatabase, freePort } from '../scripts/test-harness/global-setup';
import { sample } from './measure';

/**
 * The real stack the API-level benchmarks run on: a fresh PostgreSQL database with the migrations, a Temporal dev
 * server, the platform worker on its own task queue and the Fastify app (requests go through inject, no socket).
 */
export interface BenchStack {
  config: AppConfig;
  database: DatabaseHandle;
  db: DatabaseHandle['db'];
  app: FastifyInstance;
  worker: Worker;
  /** The worker's connection (another worker may share it). */
  nativeConnection: NativeConnection;
  /** The client the app uses. */
  temporal: Client;
  /** The platform worker's task queue (what the app starts workflows on). */
  taskQueue: string;
  /** Stops everything and drops the database. */
  close(): Promise<void>;
}

let runtimeInstalled = false;

/** `name` names the database (`<name>_<random>`) and the task queue. */
export async function startBenchStack(name: string): Promise<BenchStack> {
  if (!runtimeInstalled) {
    Runtime.install({ logger: new DefaultLogger('WARN') });
    runtimeInstalled = true;
  }
  const fresh = await createFreshDatabase(name);
  const cli = findTemporalCli();
  if (!cli) throw new Error('No Temporal CLI');
  const temporalServer = await startTemporalDevServer({ cli, port: await freePort() });
  const config = loadConfig({ ...process.env, NODE_ENV: 'test', DATABASE_URL: fresh.url, LOG_LEVEL: 'silent' });
  const database = await connectDatabase({ url: fresh.url });
  const api = await connectTemporalClient(temporalServer.address);
  const nativeConnection = await NativeConnection.connect({ address: temporalServer.address });
  const taskQueue = `${name.replace(/_/g, '-')}-${Date.now()}`;
  const worker = await createPlatformWorker({ config, database, connection: nativeConnection, taskQueue });
  const running = worker.run();
  const temporal = api.client;
  const app = await buildServer({ config, database, temporal, taskQueue });
  return {
    config,
    database,
    db: database.db,
    app,
    worker,
    nativeConnection,
    temporal,
    taskQueue,
    async close() {
      await app.close();
      worker.shutdown();
      await running;
      await nativeConnection.close();
      await api.close();
      await database.close();
      await temporalServer.stop();
      await fresh.drop();
    },
  };
}

let requestCount = 0;

/** Each request comes from its own address so the per-address rate limits are not what is measured. */
export function nextAddress(): string {
  requestCount += 1;
  return `10.${Math.floor(requestCount / 62500) % 250}.${Math.floor(requestCount / 250) % 250}.${requestCount % 250}`;
}

/** Logs a demo user in (demo password) and returns the session cookie header. */
export async function logIn(app: FastifyInstance, email: string): Promise<string> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/v1/auth/login',
    payload: { email, password: DEMO_PASSWORD },
    remoteAddress: nextAddress(),
  });
  if (res.statusCode !== 200) throw new Error(`login failed: ${res.statusCode} ${res.body}`);
  const cookie = res.cookies.find((c) => c.name === 'sid');
  if (!cookie) throw new Error('no session cookie');
  return `sid=${cookie.value}`;
}

/** Times `runs` GETs of `url` (after a short warm-up); a non-200 answer stops the benchmark. */
export async function timeGet(app: FastifyInstance, cookie: string, url: string, runs: number): Promise<number[]> {
  return sample(runs, async () => {
    const res = await app.inject({ method: 'GET', url, headers: { cookie }, remoteAddress: nextAddress() });
    if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
  });
}
