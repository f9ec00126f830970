import { sql, type Kysely } from 'kysely';

/**
 * An event whose series process could not be started or signalled (the workflow service was down) keeps the moment
 * it first needed it; the reconciler starts the missing processes and clears the mark. The partial index keeps
 * the reconciler's scan to the marked rows only.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table calendar_events add column workflow_needed_at timestamptz`.execute(db);
  await sql`create index calendar_events_workflow_needed_idx
    on calendar_events (workflow_needed_at) where workflow_needed_at is not null`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index if exists calendar_events_workflow_needed_idx`.execute(db);
  await sql`alter table calendar_events drop column if exists workflow_needed_at`.execute(db);
}
