import { sql, type Kysely } from 'kysely';

/**
 * Form templates (issue 3): a form, its numbered versions (the engine's definition as JSON, frozen once published
 * or answered) and the PDF a "PDF import" form shows. Versions point at their form through (form_id, school_id)
 * so a version can never belong to another school than its form.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('forms')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('school_id', 'uuid', (c) => c.notNull().references('schools.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('category', 'text')
    .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('LONG','SHORT','PDF')`))
    .addColumn('created_by', 'uuid', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('archived_at', 'timestamptz')
    .addUniqueConstraint('forms_id_school_key', ['id', 'school_id'])
    .execute();
  // The template list: live forms of one school, most recently changed first.
  await sql`create index forms_school_live_idx on forms (school_id, updated_at desc) where archived_at is null`.execute(
    db,
  );

  await db.schema
    .createTable('form_versions')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('school_id', 'uuid', (c) => c.notNull().references('schools.id').onDelete('cascade'))
    .addColumn('form_id', 'uuid', (c) => c.notNull())
    .addColumn('version', 'integer', (c) => c.notNull().check(sql`version >= 1`))
    .addColumn('definition', 'jsonb', (c) => c.notNull())
    .addColumn('status', 'text', (c) =>
      c
        .notNull()
        .defaultTo('DRAFT')
        .check(sql`status in ('DRAFT','PUBLISHED')`),
    )
    .addColumn('published_at', 'timestamptz')
    .addColumn('has_answers', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('form_versions_form_version_key', ['form_id', 'version'])
    .addForeignKeyConstraint('form_versions_form_fkey', ['form_id', 'school_id'], 'forms', ['id', 'school_id'], (fk) =>
      fk.onDelete('cascade'),
    )
    .addCheckConstraint('form_versions_published_at', sql`status <> 'PUBLISHED' or published_at is not null`)
    .execute();

  await db.schema
    .createTable('form_documents')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('school_id', 'uuid', (c) => c.notNull().references('schools.id').onDelete('cascade'))
    .addColumn('form_id', 'uuid', (c) => c.notNull().unique())
    .addColumn('filename', 'text', (c) => c.notNull())
    // 20 MB: the spec's cap on PDF imports (part 2 §5).
    .addColumn('size_bytes', 'integer', (c) => c.notNull().check(sql`size_bytes between 0 and 20971520`))
    .addColumn('page_count', 'integer')
    .addColumn('data', 'bytea', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addForeignKeyConstraint('form_documents_form_fkey', ['form_id', 'school_id'], 'forms', ['id', 'school_id'], (fk) =>
      fk.onDelete('cascade'),
    )
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of ['form_documents', 'form_versions', 'forms']) {
    await db.schema.dropTable(table).ifExists().cascade().execute();
  }
}
