import { inject } from 'vitest';
import type { Client } from '@temporalio/client';
import { NativeConnection, Worker } from '@temporalio/worker';
import { connectDatabase, type DatabaseHandle } from '../../migrations/connect';
import { connectTemporalClient } from '../../api/temporal-client';

/** Per-test-file access to the shared integration resources started by global-setup.ts. */
export async function testDatabase(): Promise<DatabaseHandle> {
  return connectDatabase({ url: inject('databaseUrl'), poolSize: 5 });
}

export async function testTemporalClient(): Promise<{ client: Client; close: () => Promise<void> }> {
  // The API's own kind of client (api/temporal-client.ts).
  return connectTemporalClient(inject('temporalAddress'));
}

/** A unique task queue per test file keeps workers of parallel test files from taking each other's tasks. */
export function uniqueTaskQueue(name: string): string {
  return `test-${name}-${Date.now()}-${Math.floor(Math.random() * 1e6)}`;
}

export async function testWorkerConnection(): Promise<NativeConnection> {
  return NativeConnection.connect({ address: inject('temporalAddress') });
}

export function workflowBundle(): { codePath: string } {
  return { codePath: inject('workflowBundlePath') };
}

export { Worker };
