import { sql, type Kysely } from 'kysely';

/**
 * A send's packet-send workflow is started after the transaction that writes the sent packet and its submissions. A
 * process that died in between left a send no workflow would ever carry out (issue 36). `workflow_started_at` marks a
 * send whose workflow has been started; the send reconciler (api/packets/send-recovery.ts) starts the workflow of any
 * send older than its grace period that is still unmarked. Sends from before this column were all started.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table sent_packets add column workflow_started_at timestamptz`.execute(db);
  await sql`update sent_packets set workflow_started_at = sent_at`.execute(db);
  await sql`create index sent_packets_workflow_not_started on sent_packets (sent_at) where workflow_started_at is null`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index if exists sent_packets_workflow_not_started`.execute(db);
  await sql`alter table sent_packets drop column if exists workflow_started_at`.execute(db);
}
