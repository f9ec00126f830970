/**
 * Records the signed-copy workflow's history into workflows/packets/histories/ for the replay test:
 *   npx tsx scripts/record-signer-copy-history.ts
 * The link named does not exist, so the activity finds nothing to send; the history still holds every command the
 * workflow issues (search attributes, the activity, the last step), which is what replay checks.
 */
import { recordHistories } from './test-harness/recorder';
import { randomUUID } from 'node:crypto';
import { seedSchool } from '../api/test-support/seed-school';
import { packetWorkflowIds } from '../domain/packets';
import { packetSignerCopyWorkflow } from '../workflows/packets/signer-copy.workflow';

const TASK_QUEUE = 'record-signer-copy-history';

recordHistories(TASK_QUEUE, async ({ client, database, write }) => {
  const school = await seedSchool(database.db);
  const linkId = randomUUID();
  const handle = await client.workflow.start(packetSignerCopyWorkflow, {
    taskQueue: TASK_QUEUE,
    workflowId: packetWorkflowIds.signerCopy(linkId),
    args: [{ schoolId: school.id, linkId, submissionId: randomUUID() }],
  });
  await handle.result();
  await write(handle, 'packets', 'packet-signer-copy');
});
