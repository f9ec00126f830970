import { sql, type Kysely } from 'kysely';

/**
 * Core data: schools (tenants), accounts and roles, sessions, password resets, invitations, teams, academic
 * years and terms, person profiles, notifications, the e-mail outbox, the append-only audit log and the human
 * task inbox. Frozen in time: change the schema with a new migration, never by editing this one.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('schools')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('slug', 'text', (c) => c.notNull().unique())
    .addColumn('kind', 'text', (c) =>
      c
        .notNull()
        .defaultTo('SCHOOL')
        .check(sql`kind in ('SCHOOL','PROVIDER')`),
    )
    .addColumn('plan', 'text', (c) =>
      c
        .notNull()
        .defaultTo('COMPLIANCE')
        .check(sql`plan in ('COMPLIANCE','CONNECT')`),
    )
    .addColumn('division', 'text')
    .addColumn('state', 'text')
    .addColumn('time_zone', 'text', (c) => c.notNull().defaultTo('America/New_York'))
    .addColumn('settings', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable('users')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('school_id', 'uuid', (c) => c.notNull().references('schools.id').onDelete('cascade'))
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('first_name', 'text', (c) => c.notNull())
    .addColumn('last_name', 'text', (c) => c.notNull())
    .addColumn('middle_name', 'text')
    .addColumn('phone_number', 'text')
    .addColumn('status', 'text', (c) =>
      c
        .notNull()
        .defaultTo('NOT_INVITED')
        .check(sql`status in ('NOT_INVITED','INVITED','ACTIVE','INACTIVE')`),
    )
    .addColumn('password_hash', 'text')
    .addColumn('last_active_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await sql`create unique index users_email_key on users (lower(email))`.execute(db);
  await db.schema
    .createIndex('users_school_idx')
    .on('users')
    .columns(['school_id', 'last_name', 'first_name'])
    .execute();

  await db.schema
    .createTable('user_roles')
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('school_id', 'uuid', (c) => c.notNull().references('schools.id').onDelete('cascade'))
    .addColumn('role', 'text', (c) => c.notNull())
    .addColumn('title_group', 'text')
    .addColumn('compliance', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('user_roles_pkey', ['user_id', 'role'])
    .execute();
  await db.schema.createIndex('user_roles_school_role_idx').on('user_roles').columns(['school_id', 'role']).execute();

  await db.schema
    .createTable('sessions')
    .addColumn('id', 'text', (c) => c.primaryKey()) // sha-256 of the cookie token; the token itself is never stored
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('school_id', 'uuid', (c) => c.notNull().references('schools.id').onDelete('cascade'))
    .addColumn('portal', 'text')
    .addColumn('ip', 'text')
    .addColumn('user_agent', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('last_seen_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('sessions_user_idx').on('sessions').column('user_id').execute();

  await db.schema
    .createTable('password_resets')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('school_id', 'uuid', (c) => c.notNull().references('schools.id').onDelete('cascade'))
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('used_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable('invitations')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('school_id', 'uuid', (c) => c.notNull().references('schools.id').onDelete('cascade'))
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('status', 'text', (c) =>
      c
        .notNull()
        .defaultTo('PENDING')
        .check(sql`status in ('PENDING','ACCEPTED','EXPIRED','REVOKED')`),
    )
    .addColumn('invited_by', 'uuid', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('workflow_id', 'text', (c) => c.notNull())
    .addColumn('reminder_sent_at', 'timestamptz')
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('accepted_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('invitations_school_idx').on('invitations').columns(['school_id', 'status']).execute();

  await db.schema
    .createTable('sport_teams')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('school_id', 'uuid', (c) => c.notNull().references('schools.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('sport', 'text', (c) => c.notNull())
    .addColumn('gender', 'text', (c) =>
      c
        .notNull()
        .defaultTo('COED')
        .check(sql`gender in ('MEN','WOMEN','COED')`),
    )
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('sport_teams_school_name_key', ['school_id', 'name'])
    .execute();

  await db.schema
    .createTable('academic_years')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('school_id', 'uuid', (c) => c.notNull().references('schools.id').onDelete('cascade'))
    .addColumn('start_year', 'integer', (c) => c.notNull())
    .addColumn('end_year', 'integer', (c) => c.notNull())
    .addColumn('is_current', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('academic_years_school_start_key', ['school_id', 'start_year'])
    .addCheckConstraint('academic_years_range', sql`end_year = start_year + 1`)
    .execute();

  await db.schema
    .createTable('academic_terms')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('school_id', 'uuid', (c) => c.notNull().references('schools.id').onDelete('cascade'))
    .addColumn('academic_year_id', 'uuid', (c) => c.notNull().references('academic_years.id').onDelete('cascade'))
    .addColumn('term', 'text', (c) => c.notNull().check(sql`term in ('SUMMER','FALL','WINTER','SPRING')`))
    .addColumn('start_date', 'date', (c) => c.notNull())
    .addColumn('finals_start_date', 'date')
    .addColumn('end_date', 'date', (c) => c.notNull())
    .addColumn('vacations', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addUniqueConstraint('academic_terms_year_term_key', ['academic_year_id', 'term'])
    .addCheckConstraint('academic_terms_dates', sql`start_date < end_date`)
    .execute();

  await db.schema
    .createTable('athlete_profiles')
    .addColumn('user_id', 'uuid', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('school_id', 'uuid', (c) => c.notNull().references('schools.id').onDelete('cascade'))
    .addColumn('sport_team_id', 'uuid', (c) => c.references('sport_teams.id').onDelete('set null'))
    .addColumn('student_id_number', 'text')
    .addColumn('date_of_birth', 'date')
    .addColumn('gender', 'text')
    .addColumn('class_year', 'text')
    .addColumn('major', 'text')
    .addColumn('residency_status', 'text')
    .addColumn('aid_status', 'text')
    .addColumn('enrollment_term', 'text')
    .addColumn('enrollment_year', 'integer')
    .addColumn('graduation_year', 'integer')
    .addColumn('position', 'text')
    .addColumn('roster_status', 'text')
    .addColumn('athlete_status', 'text')
    .addColumn('data', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('athlete_profiles_school_team_idx')
    .on('athlete_profiles')
    .columns(['school_id', 'sport_team_id'])
    .execute();

  await db.schema
    .createTable('staff_profiles')
    .addColumn('user_id', 'uuid', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('school_id', 'uuid', (c) => c.notNull().references('schools.id').onDelete('cascade'))
    .addColumn('sport_team_id', 'uuid', (c) => c.references('sport_teams.id').onDelete('set null'))
    .addColumn('title', 'text')
    .addColumn('data', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable('notifications')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('school_id', 'uuid', (c) => c.notNull().references('schools.id').onDelete('cascade'))
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('module', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('body', 'text')
    .addColumn('payload', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('dedupe_key', 'text', (c) => c.unique())
    .addColumn('read_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('notifications_user_idx')
    .on('notifications')
    .columns(['school_id', 'user_id', 'created_at'])
    .execute();

  await db.schema
    .createTable('outbox')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('school_id', 'uuid', (c) => c.references('schools.id').onDelete('cascade'))
    .addColumn('idempotency_key', 'text', (c) => c.notNull().unique())
    .addColumn('to_address', 'text', (c) => c.notNull())
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('text_body', 'text', (c) => c.notNull())
    .addColumn('html_body', 'text')
    .addColumn('status', 'text', (c) =>
      c
        .notNull()
        .defaultTo('PENDING')
        .check(sql`status in ('PENDING','SENT','FAILED')`),
    )
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('last_error', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('sent_at', 'timestamptz')
    .execute();
  await db.schema.createIndex('outbox_status_idx').on('outbox').columns(['status', 'created_at']).execute();

  await db.schema
    .createTable('audit_events')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('school_id', 'uuid', (c) => c.references('schools.id'))
    .addColumn('actor_user_id', 'uuid')
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('target_type', 'text')
    .addColumn('target_id', 'text')
    .addColumn('ip', 'text')
    .addColumn('user_agent', 'text')
    .addColumn('details', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('idempotency_key', 'text', (c) => c.unique())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('audit_events_school_idx')
    .on('audit_events')
    .columns(['school_id', 'created_at'])
    .execute();
  // Append-only: the log refuses updates and deletes; a school with history is deactivated, never deleted.
  await sql`
    create function audit_events_append_only() returns trigger language plpgsql as $$
    begin
      raise exception 'audit_events is append-only';
    end $$`.execute(db);
  await sql`create trigger audit_events_no_update before update or delete on audit_events
    for each row execute function audit_events_append_only()`.execute(db);

  await db.schema
    .createTable('tasks')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('school_id', 'uuid', (c) => c.notNull().references('schools.id').onDelete('cascade'))
    .addColumn('workflow_id', 'text', (c) => c.notNull())
    .addColumn('step_key', 'text', (c) => c.notNull())
    .addColumn('assignee_user_id', 'uuid', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('module', 'text', (c) => c.notNull())
    .addColumn('entity_id', 'text')
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) =>
      c
        .notNull()
        .defaultTo('OPEN')
        .check(sql`status in ('OPEN','DONE','CANCELLED')`),
    )
    .addColumn('due_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('completed_at', 'timestamptz')
    .addUniqueConstraint('tasks_step_assignee_key', ['workflow_id', 'step_key', 'assignee_user_id'])
    .execute();
  await db.schema
    .createIndex('tasks_assignee_idx')
    .on('tasks')
    .columns(['school_id', 'assignee_user_id', 'status'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const t of [
    'tasks',
    'audit_events',
    'outbox',
    'notifications',
    'staff_profiles',
    'athlete_profiles',
    'academic_terms',
    'academic_years',
    'sport_teams',
    'invitations',
    'password_resets',
    'sessions',
    'user_roles',
    'users',
    'schools',
  ]) {
    await db.schema.dropTable(t).ifExists().cascade().execute();
  }
  await sql`drop function if exists audit_events_append_only`.execute(db);
}
