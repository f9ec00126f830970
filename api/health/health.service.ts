import type { Client } from '@temporalio/client';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../migrations/database';

const PROBE_TIMEOUT_MS = 3000;

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return Promise.race([
    promise,
    new Promise<T>((_, reject) => setTimeout(() => reject(new Error('timeout')), ms).unref()),
  ]);
}

export async function checkDatabase(db: Kysely<Database>): Promise<'ok' | 'error'> {
  try {
    await withTimeout(sql`select 1`.execute(db), PROBE_TIMEOUT_MS);
    return 'ok';
  } catch {
    return 'error';
  }
}

/** Temporal is reachable when its frontend answers a cheap system-info call. */
export async function checkTemporal(temporal: Client | null): Promise<'ok' | 'error' | 'not configured'> {
  if (!temporal) return 'not configured';
  try {
    await withTimeout(temporal.workflowService.getSystemInfo({}), PROBE_TIMEOUT_MS);
    return 'ok';
  } catch {
    return 'error';
  }
}
