import { NativeConnection } from '@temporalio/worker';
import type { AppConfig } from '../../api/config';
import type { DatabaseHandle } from '../../migrations/connect';
import { createMailer } from '../../activities/mail/mailer';
import { createPlatformWorker } from '../../activities/worker';

/**
 * Starts the platform worker in this process (PGlite admits one process, so worker and API share it). `onFailure`
 * hears about a worker that stops by itself, so the start can shut everything down instead of limping on.
 */
export async function runWorker(deps: {
  config: AppConfig;
  database: DatabaseHandle;
  address: string;
  onFailure: (err: unknown) => void;
}): Promise<{ stop(): Promise<void> }> {
  const connection = await NativeConnection.connect({ address: deps.address });
  const mailer = createMailer(deps.config);
  try {
    const worker = await createPlatformWorker({ config: deps.config, database: deps.database, connection, mailer });
    let stopping = false;
    const running = worker.run().catch((err: unknown) => {
      if (!stopping) deps.onFailure(err);
    });
    return {
      async stop() {
        stopping = true;
        if (worker.getState() === 'RUNNING') worker.shutdown();
        await running;
        await mailer.close();
        await connection.close();
      },
    };
  } catch (err) {
    await mailer.close().catch(() => undefined);
    await connection.close().catch(() => undefined);
    throw err;
  }
}
