import { randomUUID } from 'node:crypto';
/**
 * Records the template assignment workflow's histories into workflows/templates/histories/ for the replay test,
 * like scripts/record-packet-histories.ts does for packets:
 *   npx tsx scripts/record-template-histories.ts [scenario-name]
 * One scenario assigns a template to 250 schools (three batches, run side by side), one un-assigns them, and one
 * duplicates the template.
 */
import { recordHistories } from './test-harness/recorder';
import { Client } from '@temporalio/client';
import { seedSchool } from '../api/test-support/seed-school';
import {
  templateAssignmentWorkflowId,
  templateDuplicationWorkflowId,
  type TemplateAssignmentAction,
} from '../domain/templates';
import type { DatabaseHandle } from '../migrations/connect';
import { templateAssignmentWorkflow } from '../workflows/templates/template-assignment.workflow';
import { templateDuplicationWorkflow } from '../workflows/templates/template-duplication.workflow';

const TASK_QUEUE = 'record-template-histories';

async function runJob(
  client: Client,
  database: DatabaseHandle,
  templateId: string,
  providerId: string,
  action: TemplateAssignmentAction,
  tag: string,
) {
  const job = await database.db
    .insertInto('template_assignment_jobs')
    .values({
      template_id: templateId,
      action,
      selection: JSON.stringify({ filter: { q: tag } }),
      workflow_id: `pending-${action}`,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const workflowId = templateAssignmentWorkflowId(job.id);
  await database.db
    .updateTable('template_assignment_jobs')
    .set({ workflow_id: workflowId })
    .where('id', '=', job.id)
    .execute();
  const handle = await client.workflow.start(templateAssignmentWorkflow, {
    taskQueue: TASK_QUEUE,
    workflowId,
    args: [{ jobId: job.id, templateId, action, providerSchoolId: providerId }],
  });
  await handle.result();
  return handle;
}

recordHistories(TASK_QUEUE, async ({ client, database, write }) => {
  const db = database.db;
  const provider = await seedSchool(db, { kind: 'PROVIDER' });
  const tag = 'recorded';
  for (let i = 0; i < 250; i++) await seedSchool(db, { name: `School ${tag} ${i}` });
  const template = await db
    .insertInto('templates')
    .values({ title: 'Recorded', description: 'Replay', workflow: JSON.stringify({ steps: [], edges: [] }) })
    .returning('id')
    .executeTakeFirstOrThrow();
  const duplicate = async () => {
    const copyId = randomUUID();
    const handle = await client.workflow.start(templateDuplicationWorkflow, {
      taskQueue: TASK_QUEUE,
      workflowId: templateDuplicationWorkflowId(copyId),
      args: [{ sourceTemplateId: template.id, copyId, requestedBy: null, providerSchoolId: provider.id }],
    });
    await handle.result();
    return handle;
  };
  const scenarios = [
    ['template-assigned-in-batches', () => runJob(client, database, template.id, provider.id, 'ASSIGN', tag)],
    ['template-unassigned-in-batches', () => runJob(client, database, template.id, provider.id, 'UNASSIGN', tag)],
    ['template-duplicated', duplicate],
  ] as const;
  // `npx tsx scripts/record-template-histories.ts <name>` records only that scenario (older files stay as recorded).
  for (const [name, run] of scenarios.filter(([n]) => !process.argv[2] || n === process.argv[2])) {
    await write(await run(), 'templates', name);
  }
});
