import { sql, type Kysely } from 'kysely';

/**
 * Stuck detection at scale (issue 35). A failed mail must lead the operator console to its process without scanning
 * processes: the outbox row now names the workflow that sent it. Older failed rows get it back from their key
 * (`mail:<workflowId>:<eventKey>`, the event key being the last segment). A partial index serves the failed ones.
 * The console's stuck scan also reads the open inbox tasks past their due time; the existing
 * `tasks_open_due_idx` (due_at) serves that, and this index lets the per-workflow lookups read only open rows.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table outbox add column workflow_id text`.execute(db);
  await sql`update outbox set workflow_id = substring(idempotency_key from '^mail:(.+):[^:]+$')
    where status = 'FAILED' and workflow_id is null`.execute(db);
  await sql`create index outbox_failed_workflow_idx on outbox (workflow_id) where status = 'FAILED'`.execute(db);
  await sql`create index tasks_open_workflow_idx on tasks (workflow_id) where status = 'OPEN'`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index if exists tasks_open_workflow_idx`.execute(db);
  await sql`drop index if exists outbox_failed_workflow_idx`.execute(db);
  await sql`alter table outbox drop column if exists workflow_id`.execute(db);
}
