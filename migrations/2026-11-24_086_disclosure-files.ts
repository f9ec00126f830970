import { sql, type Kysely } from 'kysely';

/**
 * Stored files: the bytes of uploads, in one table any feature can point at (disclosure attachments first). Each row
 * belongs to a school and carries the uploader, the checked content type, the size and a SHA-256 of the bytes, so a
 * download can be verified against the record. bytea works the same on PostgreSQL and on the embedded PGlite.
 * A disclosure's `attachments` list keeps its entries' file ids (`fileId`) next to the name shown.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('stored_files')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('school_id', 'uuid', (c) => c.notNull().references('schools.id').onDelete('cascade'))
    .addColumn('uploaded_by', 'uuid', (c) => c.references('users.id').onDelete('set null'))
    /** What the file is for, e.g. `disclosure-attachment`; the owning row points at the file. */
    .addColumn('purpose', 'text', (c) => c.notNull())
    .addColumn('filename', 'text', (c) => c.notNull().check(sql`char_length(filename) between 1 and 255`))
    .addColumn('content_type', 'text', (c) => c.notNull())
    .addColumn('size_bytes', 'integer', (c) => c.notNull().check(sql`size_bytes >= 0`))
    .addColumn('sha256', 'text', (c) => c.notNull().check(sql`sha256 ~ '^[0-9a-f]{64}$'`))
    .addColumn('bytes', 'bytea', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('stored_files_school_idx').on('stored_files').columns(['school_id', 'purpose']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('stored_files').ifExists().execute();
}
