import { sql, type Kysely } from 'kysely';

/**
 * A folder remembers whom it is shared with: sharing gives those staff edit access to the folder's packets, and a
 * packet filed into the folder later (created in it, or moved into it) gets the same editors.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('packet_folders')
    .addColumn('editor_ids', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('packet_folders').dropColumn('editor_ids').execute();
}
