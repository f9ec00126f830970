/**
 * Records the signed-copy workflow's history into workflows/packets/histories/ for the replay test:
 *   npx tsx scripts/record-signer-copy-history.ts
 * The link named does not exist, so the activity finds nothing to send; the history still holds every command the
 * workflow issues (search attributes, the activity, the last step), which is what replay checks.
 */
import { randomUUID } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { Client, Connection } from '@temporalio/client';
import { NativeConnection } from '@temporalio/worker';
import { createDevMailer } from '../activities/mail/mailer';
import { runInBackground } from '../activities/testing/background-worker';
import { createTestConfig } from '../activities/testing/fixtures';
import { createPlatformWorker } from '../activities/worker';
import { seedSchool } from '../api/test-support/seed-school';
import { packetWorkflowIds } from '../domain/packets';
import { connectDatabase } from '../migrations/connect';
import { packetSignerCopyWorkflow } from '../workflows/packets/signer-copy.workflow';
import { findTemporalCli } from './temporal-cli';
import { startTemporalDevServer } from './temporal-dev-server';
import { createFreshDatabase, freePort } from './test-harness/global-setup';

const ROOT = resolve(import.meta.dirname, '..');
const TASK_QUEUE = 'record-signer-copy-history';

async function main(): Promise<void> {
  const cli = findTemporalCli();
  if (!cli) throw new Error('No Temporal CLI found (set TEMPORAL_CLI)');
  const server = await startTemporalDevServer({ cli, port: await freePort() });
  const fresh = await createFreshDatabase('record_signer_copy_history');
  const database = await connectDatabase({ url: fresh.url, poolSize: 2 });
  const nativeConnection = await NativeConnection.connect({ address: server.address });
  const connection = await Connection.connect({ address: server.address });
  try {
    const worker = await createPlatformWorker({
      config: createTestConfig(),
      database,
      connection: nativeConnection,
      taskQueue: TASK_QUEUE,
      mailer: createDevMailer(),
    });
    const background = runInBackground(worker);
    try {
      const school = await seedSchool(database.db);
      const linkId = randomUUID();
      const client = new Client({ connection });
      const handle = await client.workflow.start(packetSignerCopyWorkflow, {
        taskQueue: TASK_QUEUE,
        workflowId: packetWorkflowIds.signerCopy(linkId),
        args: [{ schoolId: school.id, linkId, submissionId: randomUUID() }],
      });
      await handle.result();
      const history = await handle.fetchHistory();
      const dir = join(ROOT, 'workflows', 'packets', 'histories');
      mkdirSync(dir, { recursive: true });
      const file = join(dir, 'packet-signer-copy.json');
      writeFileSync(file, JSON.stringify(history, null, 2) + '\n');
      console.log(`recorded ${history.events?.length ?? 0} events -> ${file.slice(ROOT.length + 1)}`);
    } finally {
      await background.stop();
    }
  } finally {
    await connection.close();
    await nativeConnection.close();
    await database.close();
    await fresh.drop();
    await server.stop();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
