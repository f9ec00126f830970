import { sql, type Kysely } from 'kysely';

/**
 * Packets with e-signature (issue 4): folders, packets (the editable draft), packet versions (frozen at publish:
 * the forms' version ids and the workflow definition), sent packets (one send with its settings), submissions (one
 * per recipient, one Temporal workflow each), answers per form, the append-only submission audit trail and the
 * external signers' links (only the token's SHA-256 is stored). Children point at their parent through
 * (id, school_id) so no row can belong to another school than its parent.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('packet_folders')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('school_id', 'uuid', (c) => c.notNull().references('schools.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull().check(sql`char_length(name) between 1 and 100`))
    .addColumn('owner_id', 'uuid', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('archived_at', 'timestamptz')
    .addUniqueConstraint('packet_folders_id_school_key', ['id', 'school_id'])
    .execute();

  await db.schema
    .createTable('packets')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('school_id', 'uuid', (c) => c.notNull().references('schools.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('owner_id', 'uuid', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('folder_id', 'uuid')
    // The draft: form template ids in order, the workflow definition, who may send, who may edit.
    .addColumn('form_ids', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('workflow', 'jsonb', (c) => c.notNull())
    .addColumn('senders', 'jsonb', (c) => c.notNull().defaultTo(sql`'{"userIds":[],"groups":[]}'::jsonb`))
    .addColumn('editor_ids', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('hipaa', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('status', 'text', (c) =>
      c
        .notNull()
        .defaultTo('UNPUBLISHED')
        .check(sql`status in ('UNPUBLISHED','PUBLISHED')`),
    )
    .addColumn('current_version', 'integer')
    .addColumn('has_submissions', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('external_link_token_hash', 'text', (c) => c.unique())
    .addColumn('external_link_enabled', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('last_activity_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('archived_at', 'timestamptz')
    .addUniqueConstraint('packets_id_school_key', ['id', 'school_id'])
    .addForeignKeyConstraint('packets_folder_fkey', ['folder_id', 'school_id'], 'packet_folders', ['id', 'school_id'])
    .execute();
  await sql`create index packets_school_live_idx on packets (school_id, last_activity_at desc) where archived_at is null`.execute(
    db,
  );

  await db.schema
    .createTable('packet_versions')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('school_id', 'uuid', (c) => c.notNull().references('schools.id').onDelete('cascade'))
    .addColumn('packet_id', 'uuid', (c) => c.notNull())
    .addColumn('version', 'integer', (c) => c.notNull().check(sql`version >= 1`))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('hipaa', 'boolean', (c) => c.notNull())
    // [{ formId, formVersionId }] in packet order, and the workflow definition, both frozen.
    .addColumn('forms', 'jsonb', (c) => c.notNull())
    .addColumn('workflow', 'jsonb', (c) => c.notNull())
    .addColumn('created_by', 'uuid', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('packet_versions_packet_version_key', ['packet_id', 'version'])
    .addUniqueConstraint('packet_versions_id_school_key', ['id', 'school_id'])
    .addForeignKeyConstraint(
      'packet_versions_packet_fkey',
      ['packet_id', 'school_id'],
      'packets',
      ['id', 'school_id'],
      (fk) => fk.onDelete('cascade'),
    )
    .execute();

  await db.schema
    .createTable('sent_packets')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('school_id', 'uuid', (c) => c.notNull().references('schools.id').onDelete('cascade'))
    .addColumn('packet_id', 'uuid', (c) => c.notNull())
    .addColumn('packet_version_id', 'uuid', (c) => c.notNull())
    .addColumn('sent_by', 'uuid', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('sent_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('message', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('reminder', 'text', (c) => c.notNull().check(sql`reminder in ('OFF','24H','48H','3D','5D','7D')`))
    .addColumn('expiry', 'text', (c) => c.notNull().check(sql`expiry in ('WEEK','MONTH','3_MONTHS','12_MONTHS')`))
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('visibility', 'text', (c) => c.notNull())
    .addColumn('notify', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('external_signers', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('recipient_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('voided_at', 'timestamptz')
    .addColumn('void_reason', 'text')
    .addUniqueConstraint('sent_packets_id_school_key', ['id', 'school_id'])
    .addForeignKeyConstraint(
      'sent_packets_packet_fkey',
      ['packet_id', 'school_id'],
      'packets',
      ['id', 'school_id'],
      (fk) => fk.onDelete('cascade'),
    )
    .addForeignKeyConstraint('sent_packets_version_fkey', ['packet_version_id', 'school_id'], 'packet_versions', [
      'id',
      'school_id',
    ])
    .execute();
  await db.schema
    .createIndex('sent_packets_packet_idx')
    .on('sent_packets')
    .columns(['school_id', 'packet_id'])
    .execute();

  await db.schema
    .createTable('packet_submissions')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('school_id', 'uuid', (c) => c.notNull().references('schools.id').onDelete('cascade'))
    .addColumn('sent_packet_id', 'uuid', (c) => c.notNull())
    .addColumn('recipient_user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('workflow_id', 'text', (c) => c.notNull().unique())
    .addColumn('status', 'text', (c) =>
      c
        .notNull()
        .defaultTo('PENDING')
        .check(
          sql`status in ('PENDING','SUBMITTED','RESUBMITTED','APPROVED','AUTO_APPROVED','REJECTED','NOT_APPLICABLE','CHANGE_REQUESTED','VOIDED')`,
        ),
    )
    .addColumn('active_step_id', 'text')
    .addColumn('active_step_name', 'text')
    // StepRunState[] (domain/packet-workflow.ts), written by the workflow's activities at every transition.
    .addColumn('steps', 'jsonb', (c) => c.notNull().defaultTo(sql`'[]'::jsonb`))
    .addColumn('change_request', 'jsonb')
    .addColumn('round', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('completed_at', 'timestamptz')
    .addColumn('expired_at', 'timestamptz')
    .addColumn('voided_at', 'timestamptz')
    .addColumn('void_reason', 'text')
    .addUniqueConstraint('packet_submissions_recipient_key', ['sent_packet_id', 'recipient_user_id'])
    .addUniqueConstraint('packet_submissions_id_school_key', ['id', 'school_id'])
    .addForeignKeyConstraint(
      'packet_submissions_sent_fkey',
      ['sent_packet_id', 'school_id'],
      'sent_packets',
      ['id', 'school_id'],
      (fk) => fk.onDelete('cascade'),
    )
    .execute();
  await db.schema
    .createIndex('packet_submissions_recipient_idx')
    .on('packet_submissions')
    .columns(['school_id', 'recipient_user_id', 'updated_at'])
    .execute();

  await db.schema
    .createTable('packet_answers')
    .addColumn('submission_id', 'uuid', (c) => c.notNull())
    .addColumn('school_id', 'uuid', (c) => c.notNull().references('schools.id').onDelete('cascade'))
    .addColumn('form_id', 'uuid', (c) => c.notNull())
    .addColumn('form_version_id', 'uuid', (c) => c.notNull())
    // Plain answers, or for HIPAA packets `{ "enc": "<AES-256-GCM base64>" }` (answers encrypted at rest).
    .addColumn('answers', 'jsonb', (c) => c.notNull())
    .addColumn('encrypted', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('sha256', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('packet_answers_pkey', ['submission_id', 'form_id'])
    .addForeignKeyConstraint(
      'packet_answers_submission_fkey',
      ['submission_id', 'school_id'],
      'packet_submissions',
      ['id', 'school_id'],
      (fk) => fk.onDelete('cascade'),
    )
    .execute();

  await db.schema
    .createTable('packet_submission_events')
    .addColumn('id', 'bigserial', (c) => c.primaryKey())
    .addColumn('school_id', 'uuid', (c) => c.notNull().references('schools.id'))
    .addColumn('submission_id', 'uuid', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('step_id', 'text')
    .addColumn('actor_user_id', 'uuid')
    .addColumn('actor_email', 'text')
    .addColumn('actor_name', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('ip', 'text')
    .addColumn('user_agent', 'text')
    .addColumn('details', 'jsonb', (c) => c.notNull().defaultTo(sql`'{}'::jsonb`))
    .addColumn('answers_sha256', 'text')
    .addColumn('idempotency_key', 'text', (c) => c.notNull().unique())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addForeignKeyConstraint(
      'packet_submission_events_submission_fkey',
      ['submission_id', 'school_id'],
      'packet_submissions',
      ['id', 'school_id'],
    )
    .execute();
  await db.schema
    .createIndex('packet_submission_events_submission_idx')
    .on('packet_submission_events')
    .columns(['submission_id', 'id'])
    .execute();
  await sql`
    create function packet_submission_events_append_only() returns trigger language plpgsql as $$
    begin
      raise exception 'packet_submission_events is append-only';
    end $$`.execute(db);
  await sql`create trigger packet_submission_events_no_change before update or delete on packet_submission_events
    for each row execute function packet_submission_events_append_only()`.execute(db);

  await db.schema
    .createTable('packet_signer_links')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('school_id', 'uuid', (c) => c.notNull().references('schools.id').onDelete('cascade'))
    .addColumn('submission_id', 'uuid', (c) => c.notNull())
    .addColumn('step_id', 'text', (c) => c.notNull())
    .addColumn('round', 'integer', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('first_name', 'text', (c) => c.notNull())
    .addColumn('last_name', 'text', (c) => c.notNull())
    // 128 random bits mixed into the signed token, so the token is random even to someone who knows the link id.
    .addColumn('nonce', 'text', (c) => c.notNull())
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('consent_version', 'text')
    .addColumn('consented_at', 'timestamptz')
    .addColumn('consent_ip', 'text')
    .addColumn('consent_user_agent', 'text')
    .addColumn('used_at', 'timestamptz')
    .addColumn('revoked_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('packet_signer_links_turn_key', ['submission_id', 'step_id', 'round', 'email'])
    .addForeignKeyConstraint(
      'packet_signer_links_submission_fkey',
      ['submission_id', 'school_id'],
      'packet_submissions',
      ['id', 'school_id'],
      (fk) => fk.onDelete('cascade'),
    )
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const table of [
    'packet_signer_links',
    'packet_submission_events',
    'packet_answers',
    'packet_submissions',
    'sent_packets',
    'packet_versions',
    'packets',
    'packet_folders',
  ]) {
    await db.schema.dropTable(table).ifExists().cascade().execute();
  }
  await sql`drop function if exists packet_submission_events_append_only`.execute(db);
}
