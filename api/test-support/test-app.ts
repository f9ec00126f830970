import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Client } from '@temporalio/client';
import type { FastifyInstance } from 'fastify';
import { testDatabase } from '../../scripts/test-harness/context';
import type { DatabaseHandle } from '../../migrations/connect';
import { loadConfig, type AppConfig } from '../config';
import { buildServer, type ServerDeps } from '../server';

export const TEST_SECRET = 'test-secret-that-is-at-least-32-characters-long';

export function testConfig(env: Record<string, string> = {}): AppConfig {
  return loadConfig({
    NODE_ENV: 'test',
    APP_SECRET: TEST_SECRET,
    DATA_DIR: mkdtempSync(join(tmpdir(), 'api-test-')),
    LOG_LEVEL: 'silent',
    ...env,
  });
}

export interface TestApp {
  app: FastifyInstance;
  database: DatabaseHandle;
  config: AppConfig;
  close(): Promise<void>;
}

/** The real server on the run's test database; Temporal only when a test passes a client. */
export async function createTestApp(
  options: {
    env?: Record<string, string>;
    temporal?: Client | null;
    taskQueue?: string;
    uiDir?: string;
    database?: DatabaseHandle;
    stuckThresholds?: ServerDeps['stuckThresholds'];
  } = {},
): Promise<TestApp> {
  const config = testConfig(options.env);
  const database = options.database ?? (await testDatabase());
  const app = await buildServer({
    config,
    database,
    temporal: options.temporal ?? null,
    ...(options.taskQueue ? { taskQueue: options.taskQueue } : {}),
    ...(options.stuckThresholds ? { stuckThresholds: options.stuckThresholds } : {}),
    uiDir: options.uiDir ?? join(config.dataDir, 'no-ui'),
  });
  await app.ready();
  return {
    app,
    database,
    config,
    async close() {
      await app.close();
      if (!options.database) await database.close();
    },
  };
}
