import { sql, type Kysely } from 'kysely';

/**
 * An athlete upload's import claim (issue 36): which import holds it and since when. A claim is set outside the
 * import's transaction, so a process killed mid-import left the upload IMPORTING for good; a claim older than the
 * claim timeout whose row no live import transaction has locked can now be taken again.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table athlete_uploads add column claim_id uuid, add column claimed_at timestamptz`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table athlete_uploads drop column claim_id, drop column claimed_at`.execute(db);
}
