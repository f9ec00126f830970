import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { connectDatabase } from '../migrations/connect';
import { migrateToLatest } from '../migrations/migrate';
import { ConfigError, loadConfig } from './config';
import { buildServer } from './server';
import { startCalendarReconciler } from './calendar/calendar-reconcile';
import { startPacketSendReconciler } from './packets/send-recovery';
import { connectTemporalClient } from './temporal-client';

/**
 * The API on its own (`npm run api`, the compose `api` service): config from the environment, the database
 * (migrated; the migrator locks, so several instances may start together), a Temporal client, then listen.
 * SIGINT/SIGTERM close the server (in-flight requests finish), then Temporal and the database.
 */
export async function runApi(env: Record<string, string | undefined> = process.env): Promise<void> {
  const config = loadConfig(env);
  if (!config.temporalAddress)
    throw new ConfigError(
      'TEMPORAL_ADDRESS',
      'is required to run the API on its own (host:port of the Temporal frontend)',
    );
  const database = await connectDatabase({ url: config.databaseUrl, dataDir: resolve(config.dataDir, 'pglite') });
  let connection: Awaited<ReturnType<typeof connectTemporalClient>> | undefined;
  try {
    await migrateToLatest(database.db);
    connection = await connectTemporalClient(config.temporalAddress, config.temporalNamespace).catch((err: unknown) => {
      throw new ConfigError(
        'TEMPORAL_ADDRESS',
        `cannot reach Temporal at ${config.temporalAddress}: ${err instanceof Error ? err.message : String(err)}`,
      );
    });
    const app = await buildServer({ config, database, temporal: connection.client });
    // Series saved while the workflow service was down get their process at start and every minute after.
    const reconciler = startCalendarReconciler(app);
    // Sends whose process died before their workflow started get it at start and every minute after (issue 36).
    const sendReconciler = startPacketSendReconciler(app);
    let closing = false;
    const shutdown = (signal: string) => {
      if (closing) return;
      closing = true;
      app.log.info({ signal }, 'shutting down');
      void Promise.all([reconciler.stop(), sendReconciler.stop()])
        .then(() => app.close())
        .then(() => connection?.close())
        .then(() => database.close())
        .then(() => process.exit(0))
        .catch((err: unknown) => {
          app.log.error({ err }, 'shutdown failed');
          process.exit(1);
        });
    };
    process.once('SIGINT', () => shutdown('SIGINT'));
    process.once('SIGTERM', () => shutdown('SIGTERM'));
    await app.listen({ host: config.host, port: config.port });
  } catch (err) {
    await connection?.close().catch(() => undefined);
    await database.close().catch(() => undefined);
    throw err;
  }
}

const isMain = process.argv[1] !== undefined && import.meta.url === pathToFileURL(resolve(process.argv[1])).href;
if (isMain) {
  runApi().catch((err: unknown) => {
    console.error(err instanceof ConfigError ? `Configuration error: ${err.message}` : err);
    process.exit(1);
  });
}
