import { sql, type Kysely } from 'kysely';

/**
 * CARA logs and the Bylaw 17 engine (issue 17).
 *
 * - `cara_settings`: one row per team: logging on or off, the period (frequency), the due date as days after the
 *   period ends, reminder lead time, who submits, views and reviews, and the athlete survey with its expiry.
 * - `cara_violation_dismissals`: a Bylaw 17 violation (by its stable key: rule, athlete, day or week) dismissed with
 *   one of the spec's error reasons and a note.
 * - `cara_logs`: one log per team and period, driven by the workflow `cara-log:<teamId>:<periodStart>`; `snapshot`
 *   holds the events and the engine's result when the log was generated (and again at each resubmission).
 * - `cara_log_events`: the log's history (generated, reminder, submitted, rejected, approved, reopened...).
 * - `cara_survey_answers`: an athlete's confirmation or dispute of an event they attended.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('cara_settings')
    .addColumn('sport_team_id', 'uuid', (c) => c.primaryKey().references('sport_teams.id').onDelete('cascade'))
    .addColumn('school_id', 'uuid', (c) => c.notNull().references('schools.id').onDelete('cascade'))
    .addColumn('logging_enabled', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('frequency', 'text', (c) =>
      c
        .notNull()
        .defaultTo('WEEKLY')
        .check(sql`frequency in ('WEEKLY','BIWEEKLY','MONTHLY')`),
    )
    .addColumn('due_days', 'integer', (c) =>
      c
        .notNull()
        .defaultTo(3)
        .check(sql`due_days between 0 and 30`),
    )
    .addColumn('reminder_days', 'integer', (c) =>
      c
        .notNull()
        .defaultTo(1)
        .check(sql`reminder_days between 0 and 30`),
    )
    .addColumn('submitter_ids', sql`uuid[]`, (c) => c.notNull().defaultTo(sql`'{}'::uuid[]`))
    .addColumn('viewer_ids', sql`uuid[]`, (c) => c.notNull().defaultTo(sql`'{}'::uuid[]`))
    .addColumn('reviewer_ids', sql`uuid[]`, (c) => c.notNull().defaultTo(sql`'{}'::uuid[]`))
    .addColumn('survey_enabled', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('survey_expiry_days', 'integer', (c) =>
      c
        .notNull()
        .defaultTo(7)
        .check(sql`survey_expiry_days between 1 and 60`),
    )
    .addColumn('updated_by', 'uuid', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`create index cara_settings_school_idx on cara_settings (school_id)`.execute(db);

  await db.schema
    .createTable('cara_violation_dismissals')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('school_id', 'uuid', (c) => c.notNull().references('schools.id').onDelete('cascade'))
    .addColumn('sport_team_id', 'uuid', (c) => c.notNull().references('sport_teams.id').onDelete('cascade'))
    .addColumn('violation_key', 'text', (c) => c.notNull())
    .addColumn('reason', 'text', (c) =>
      c
        .notNull()
        .check(
          sql`reason in ('EXEMPTIONS_OVERLOOKED','INCORRECT_DATA_ENTRY','AMBIGUOUS_INTERPRETATION','OUTDATED_RULE_SET','OTHER')`,
        ),
    )
    .addColumn('note', 'text', (c) => c.notNull())
    .addColumn('dismissed_by', 'uuid', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('cara_violation_dismissals_key', ['school_id', 'sport_team_id', 'violation_key'])
    .execute();

  await db.schema
    .createTable('cara_logs')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('school_id', 'uuid', (c) => c.notNull().references('schools.id').onDelete('cascade'))
    .addColumn('sport_team_id', 'uuid', (c) => c.notNull().references('sport_teams.id').onDelete('cascade'))
    .addColumn('academic_year_id', 'uuid', (c) => c.references('academic_years.id').onDelete('set null'))
    .addColumn('period_start', 'date', (c) => c.notNull())
    .addColumn('period_end', 'date', (c) => c.notNull())
    .addColumn('due_at', 'timestamptz', (c) => c.notNull())
    .addColumn('survey_expires_at', 'timestamptz')
    .addColumn('status', 'text', (c) =>
      c
        .notNull()
        .defaultTo('NOT_STARTED')
        .check(sql`status in ('NOT_STARTED','READY','SUBMITTED','RESUBMITTED','REJECTED','APPROVED')`),
    )
    .addColumn('workflow_id', 'text', (c) => c.notNull())
    .addColumn('snapshot', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('coach_notes', 'text')
    .addColumn('review_notes', 'text')
    .addColumn('submitted_by', 'uuid', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('submitted_at', 'timestamptz')
    .addColumn('reviewed_by', 'uuid', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('reviewed_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('cara_logs_team_period', ['school_id', 'sport_team_id', 'period_start'])
    .addCheckConstraint('cara_logs_period_check', sql`period_end >= period_start`)
    .execute();
  await sql`create index cara_logs_school_status_idx on cara_logs (school_id, status, due_at)`.execute(db);

  await db.schema
    .createTable('cara_log_events')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('school_id', 'uuid', (c) => c.notNull().references('schools.id').onDelete('cascade'))
    .addColumn('cara_log_id', 'uuid', (c) => c.notNull().references('cara_logs.id').onDelete('cascade'))
    .addColumn('action', 'text', (c) => c.notNull())
    /** The workflow's key for the step (idempotency: a retried activity finds its row and writes nothing twice). */
    .addColumn('event_key', 'text', (c) => c.notNull())
    .addColumn('actor_id', 'uuid', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('notes', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('cara_log_events_key', ['cara_log_id', 'event_key'])
    .execute();
  await sql`create index cara_log_events_log_idx on cara_log_events (cara_log_id, created_at)`.execute(db);

  await db.schema
    .createTable('cara_survey_answers')
    .addColumn('cara_log_id', 'uuid', (c) => c.notNull().references('cara_logs.id').onDelete('cascade'))
    .addColumn('school_id', 'uuid', (c) => c.notNull().references('schools.id').onDelete('cascade'))
    .addColumn('athlete_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('event_key', 'text', (c) => c.notNull())
    .addColumn('answer', 'text', (c) => c.notNull().check(sql`answer in ('CONFIRMED','DISPUTED')`))
    .addColumn('reason', 'text')
    .addColumn('answered_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('cara_survey_answers_pk', ['cara_log_id', 'athlete_id', 'event_key'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('cara_survey_answers').execute();
  await db.schema.dropTable('cara_log_events').execute();
  await db.schema.dropTable('cara_logs').execute();
  await db.schema.dropTable('cara_violation_dismissals').execute();
  await db.schema.dropTable('cara_settings').execute();
}
