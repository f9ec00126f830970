import { join } from 'node:path';
import { sql } from 'kysely';
import { ConfigError, type AppConfig } from '../../api/config';
import { connectDatabase, type DatabaseHandle } from '../../migrations/connect';
import { describeError } from './describe-error';

const REACH_TIMEOUT_MS = 10_000;

/** Shows a database URL without its password, for messages. */
export function redactUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return '(unparseable URL)';
  }
}

/**
 * Opens DATABASE_URL, or the embedded PGlite database under DATA_DIR, and proves it answers; an unreachable
 * server stops the start with a message naming DATABASE_URL.
 */
export async function openDatabase(config: AppConfig): Promise<DatabaseHandle> {
  const handle = await connectDatabase({ url: config.databaseUrl, dataDir: join(config.dataDir, 'pglite') });
  try {
    await Promise.race([
      sql`select 1`.execute(handle.db),
      new Promise((_, reject) => setTimeout(() => reject(new Error('no answer')), REACH_TIMEOUT_MS).unref()),
    ]);
  } catch (err) {
    await handle.close().catch(() => undefined);
    if (!config.databaseUrl) throw err;
    throw new ConfigError(
      'DATABASE_URL',
      `cannot connect to ${redactUrl(config.databaseUrl)} within ${REACH_TIMEOUT_MS / 1000} s (${describeError(err)})`,
    );
  }
  return handle;
}
