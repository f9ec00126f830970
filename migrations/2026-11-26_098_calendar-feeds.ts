import { sql, type Kysely } from 'kysely';

/**
 * Personal calendar feeds (issue 16): one live feed per person. The feed URL carries `<id>.<mac>` (an HMAC of the
 * id under the app secret), so nothing secret is stored; regenerating revokes the old row and makes a new one.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('calendar_feeds')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('school_id', 'uuid', (c) => c.notNull().references('schools.id').onDelete('cascade'))
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('revoked_at', 'timestamptz')
    .addColumn('last_fetched_at', 'timestamptz')
    .execute();
  await sql`create unique index calendar_feeds_live_idx on calendar_feeds (school_id, user_id) where revoked_at is null`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('calendar_feeds').execute();
}
