import { sql, type Kysely } from 'kysely';

/**
 * The template library (spec part 1 §4): platform-level packet blueprints owned by the provider. A template keeps
 * frozen copies of a packet's forms (definitions, and the PDF of an imported form) and its workflow, whose question
 * refs name the template's own form ids; no row points into a school, so a template outlives the packet it came
 * from. Assignments say which schools see a template (un-assigning keeps the row with `unassigned_at`); assignment
 * jobs are the provider's batch runs (one Temporal workflow each) with their progress, which the UI polls.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('templates')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('hipaa', 'boolean', (c) => c.notNull().defaultTo(false))
    // PacketWorkflowDefinition with refs `<template_forms.id>:<elementId>`.
    .addColumn('workflow', 'jsonb', (c) => c.notNull())
    // Where it came from, for the record only (no foreign key: the source may be archived or gone).
    .addColumn('source_school_id', 'uuid')
    .addColumn('source_packet_id', 'uuid')
    .addColumn('source_template_id', 'uuid')
    .addColumn('created_by', 'uuid', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('archived_at', 'timestamptz')
    .execute();
  await sql`create index templates_live_idx on templates (created_at desc) where archived_at is null`.execute(db);

  await db.schema
    .createTable('template_forms')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('template_id', 'uuid', (c) => c.notNull().references('templates.id').onDelete('cascade'))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('category', 'text')
    .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('LONG','SHORT','PDF')`))
    .addColumn('definition', 'jsonb', (c) => c.notNull())
    .addColumn('pdf_filename', 'text')
    .addColumn('pdf_size_bytes', 'integer')
    .addColumn('pdf_page_count', 'integer')
    .addColumn('pdf_data', 'bytea')
    .addUniqueConstraint('template_forms_position_key', ['template_id', 'position'])
    .execute();

  await db.schema
    .createTable('template_assignment_jobs')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('template_id', 'uuid', (c) => c.notNull().references('templates.id').onDelete('cascade'))
    .addColumn('action', 'text', (c) => c.notNull().check(sql`action in ('ASSIGN','UNASSIGN')`))
    // { schoolIds } or { filter }, exactly as asked.
    .addColumn('selection', 'jsonb', (c) => c.notNull())
    .addColumn('workflow_id', 'text', (c) => c.notNull().unique())
    .addColumn('status', 'text', (c) =>
      c
        .notNull()
        .defaultTo('RUNNING')
        .check(sql`status in ('RUNNING','COMPLETED','FAILED')`),
    )
    .addColumn('total', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('done', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('failed', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('requested_by', 'uuid', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('completed_at', 'timestamptz')
    .execute();
  await db.schema
    .createIndex('template_assignment_jobs_template_idx')
    .on('template_assignment_jobs')
    .columns(['template_id', 'created_at'])
    .execute();
  // One running job per template: an assign and an un-assign racing each other would leave no clear outcome.
  await sql`create unique index template_assignment_jobs_running_key on template_assignment_jobs (template_id)
    where status = 'RUNNING'`.execute(db);

  // One row per batch a job has applied: a retried activity finds its row and counts nothing twice.
  await db.schema
    .createTable('template_assignment_job_batches')
    .addColumn('job_id', 'uuid', (c) => c.notNull().references('template_assignment_jobs.id').onDelete('cascade'))
    .addColumn('batch', 'integer', (c) => c.notNull())
    .addColumn('done', 'integer', (c) => c.notNull())
    .addColumn('failed', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('template_assignment_job_batches_pkey', ['job_id', 'batch'])
    .execute();

  await db.schema
    .createTable('template_assignments')
    .addColumn('template_id', 'uuid', (c) => c.notNull().references('templates.id').onDelete('cascade'))
    .addColumn('school_id', 'uuid', (c) => c.notNull().references('schools.id').onDelete('cascade'))
    .addColumn('assigned_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('assigned_by', 'uuid', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('job_id', 'uuid', (c) => c.references('template_assignment_jobs.id').onDelete('set null'))
    .addColumn('unassigned_at', 'timestamptz')
    .addPrimaryKeyConstraint('template_assignments_pkey', ['template_id', 'school_id'])
    .execute();
  // A school's library: its live assignments.
  await sql`create index template_assignments_school_idx on template_assignments (school_id, assigned_at desc)
    where unassigned_at is null`.execute(db);
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of [
    'template_assignments',
    'template_assignment_job_batches',
    'template_assignment_jobs',
    'template_forms',
    'templates',
  ]) {
    await db.schema.dropTable(table).ifExists().cascade().execute();
  }
}
