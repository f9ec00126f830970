import type { FastifyInstance } from 'fastify';
import { ConfigError, type AppConfig } from '../../api/config';
import type { DatabaseHandle } from '../../migrations/connect';
import { buildServer } from '../../api/server';
import { startCalendarReconciler } from '../../api/calendar/calendar-reconcile';
import { startPacketSendReconciler } from '../../api/packets/send-recovery';
import { connectTemporalClient } from '../../api/temporal-client';
import { withinBound } from './within-bound';

const CLOSE_BOUND_MS = 2000;

/**
 * Builds the API with a Temporal client and listens on HOST:PORT. `beforeListen` drives the built app in process
 * before anyone can reach it (the demo processes), so /readyz answers only once they are done.
 */
export async function runApi(deps: {
  config: AppConfig;
  database: DatabaseHandle;
  address: string;
  beforeListen?: (app: FastifyInstance) => Promise<void>;
}): Promise<{ stop(): Promise<void> }> {
  const connection = await connectTemporalClient(deps.address, deps.config.temporalNamespace);
  try {
    const app = await buildServer({ config: deps.config, database: deps.database, temporal: connection.client });
    try {
      await deps.beforeListen?.(app);
      await app.listen({ host: deps.config.host, port: deps.config.port });
    } catch (err) {
      // Bounded: after a demo wait passed its bound, a request may still hang on the database (issue 34).
      await withinBound('API', CLOSE_BOUND_MS, app.close()).catch(() => undefined);
      if ((err as NodeJS.ErrnoException).code === 'EADDRINUSE') {
        throw new ConfigError('PORT', `port ${deps.config.port} is already in use`);
      }
      throw err;
    }
    // Series saved while the workflow service was down get their process now and every minute after.
    const reconciler = startCalendarReconciler(app);
    // Sends whose process died before their workflow started get it now and every minute after (issue 36).
    const sendReconciler = startPacketSendReconciler(app);
    return {
      async stop() {
        await Promise.all([reconciler.stop(), sendReconciler.stop()]);
        // Fastify's close stops accepting connections first, then lets requests in flight finish.
        await app.close();
        await connection.close();
      },
    };
  } catch (err) {
    await connection.close().catch(() => undefined);
    throw err;
  }
}
