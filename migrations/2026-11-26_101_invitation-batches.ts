import { sql, type Kysely } from 'kysely';

/**
 * Invitations written together (a bulk upload, a roster's approved additions) carry the key of their batch, so the
 * durable invitation-batch workflow can find and start them in a stable order after any crash.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table invitations add column batch_id text`.execute(db);
  await sql`create index invitations_batch_idx on invitations (school_id, batch_id, id) where batch_id is not null`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index if exists invitations_batch_idx`.execute(db);
  await sql`alter table invitations drop column batch_id`.execute(db);
}
