import { sql, type Kysely } from 'kysely';

/**
 * NIL disclosures (spec part 1 §3–4): the disclosure with its deal row columns, its activity log, comments, and the
 * school's conflict-of-interest flags. Amounts are whole cents (integers; $999,999.00 fits in an int4).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('disclosures')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('school_id', 'uuid', (c) => c.notNull().references('schools.id').onDelete('cascade'))
    .addColumn('athlete_user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('sport_team_id', 'uuid', (c) => c.references('sport_teams.id').onDelete('set null'))
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) =>
      c
        .notNull()
        .defaultTo('DRAFT')
        .check(sql`status in ('DRAFT','PENDING','APPROVED','REJECTED','CHANGE_REQUESTED')`),
    )
    .addColumn('deal_type', 'text', (c) =>
      c
        .notNull()
        .defaultTo('INDIVIDUAL')
        .check(sql`deal_type in ('INDIVIDUAL','GROUP','TEAM')`),
    )
    .addColumn('title', 'text')
    .addColumn('company_name', 'text')
    .addColumn('industry', 'text')
    .addColumn('payor_name', 'text')
    .addColumn('start_date', 'date')
    .addColumn('end_date', 'date')
    .addColumn('signed_on', 'date')
    .addColumn('location', 'text')
    .addColumn('amount_cents', 'integer', (c) => c.check(sql`amount_cents between 0 and 99999900`))
    .addColumn('payment_type', 'text', (c) => c.check(sql`payment_type in ('MONETARY','IN_KIND')`))
    .addColumn('estimated_amount_cents', 'integer', (c) => c.check(sql`estimated_amount_cents between 0 and 99999900`))
    .addColumn('total_payment_cents', 'integer', (c) => c.check(sql`total_payment_cents between 0 and 99999900`))
    .addColumn('point_of_contact', 'jsonb')
    .addColumn('agent', 'jsonb')
    .addColumn('participants', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('website', 'text')
    .addColumn('notes', 'text')
    .addColumn('attachments', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('conflicts', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('conflict_types', sql`text[]`, (c) => c.notNull().defaultTo(sql`'{}'::text[]`))
    .addColumn('payor_year_total_cents', 'integer')
    .addColumn('reporting_required', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('assigned_reviewer_id', 'uuid', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('decision_reason', 'text')
    .addColumn('change_reason', 'text')
    .addColumn('revision', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('workflow_id', 'text')
    .addColumn('submitted_at', 'timestamptz')
    .addColumn('decided_at', 'timestamptz')
    .addColumn('archived_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  // The admin lists filter by school and archive state and sort by date, amount or tentative date.
  await sql`create index disclosures_school_list_idx on disclosures (school_id, (archived_at is null), submitted_at desc)`.execute(
    db,
  );
  await sql`create index disclosures_school_status_idx on disclosures (school_id, status, start_date)`.execute(db);
  await sql`create index disclosures_athlete_idx on disclosures (school_id, athlete_user_id, created_at desc)`.execute(
    db,
  );
  await sql`create index disclosures_payor_idx on disclosures (school_id, athlete_user_id, lower(company_name))`.execute(
    db,
  );

  await db.schema
    .createTable('disclosure_events')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('school_id', 'uuid', (c) => c.notNull().references('schools.id').onDelete('cascade'))
    .addColumn('disclosure_id', 'uuid', (c) => c.notNull().references('disclosures.id').onDelete('cascade'))
    .addColumn('actor_user_id', 'uuid', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('from_status', 'text')
    .addColumn('to_status', 'text')
    .addColumn('reason', 'text')
    .addColumn('details', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('idempotency_key', 'text', (c) => c.unique())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('disclosure_events_disclosure_idx')
    .on('disclosure_events')
    .columns(['disclosure_id', 'created_at'])
    .execute();

  await db.schema
    .createTable('disclosure_comments')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('school_id', 'uuid', (c) => c.notNull().references('schools.id').onDelete('cascade'))
    .addColumn('disclosure_id', 'uuid', (c) => c.notNull().references('disclosures.id').onDelete('cascade'))
    .addColumn('author_user_id', 'uuid', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('disclosure_comments_disclosure_idx')
    .on('disclosure_comments')
    .columns(['disclosure_id', 'created_at'])
    .execute();

  await db.schema
    .createTable('conflict_flags')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('school_id', 'uuid', (c) => c.notNull().references('schools.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('type', 'text', (c) => c.notNull().check(sql`type in ('STATE_LEGISLATION_CONFLICT','UNIVERSITY')`))
    .addColumn('category', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.check(sql`char_length(description) <= 120`))
    .addColumn('team_ids', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('max_payment_cents', 'integer')
    .addColumn('companies', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('boosters', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('created_by', 'uuid', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('conflict_flags_school_idx').on('conflict_flags').columns(['school_id']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('conflict_flags').ifExists().execute();
  await db.schema.dropTable('disclosure_comments').ifExists().execute();
  await db.schema.dropTable('disclosure_events').ifExists().execute();
  await db.schema.dropTable('disclosures').ifExists().execute();
}
