import { Client } from '@temporalio/client';
import { NativeConnection } from '@temporalio/worker';

/**
 * The API's Temporal client, over the SDK's native connection: its gRPC runs in the Rust core's threads rather than
 * in JavaScript on the event loop that answers requests. Requests are retried on the same transient failures as the
 * JavaScript connection's default. Fails when the server cannot be reached.
 */
export async function connectTemporalClient(
  address: string,
  namespace?: string,
): Promise<{ client: Client; close(): Promise<void> }> {
  const connection = await NativeConnection.connect({ address });
  return {
    client: new Client({ connection, ...(namespace ? { namespace } : {}) }),
    close: () => connection.close(),
  };
}
