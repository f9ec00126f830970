import { sql, type Kysely } from 'kysely';

/**
 * Recruiting forms (issue 18): a recruiting template is a form of the form engine marked `purpose = 'RECRUITING'`
 * (built, versioned and frozen exactly like a paperwork form, but kept out of the paperwork template list), and
 * each prospect it is sent to gets one row here: the frozen version it was sent with, the public link's state (only
 * the SHA-256 of the current link's token; `link_generation` numbers the links so a fresh one kills the old), when
 * it was opened and submitted, and the answers the engine accepted.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table forms add column purpose text not null default 'PAPERWORK'
    check (purpose in ('PAPERWORK','RECRUITING'))`.execute(db);
  await sql`create index forms_school_purpose_idx on forms (school_id, purpose, updated_at desc) where archived_at is null`.execute(
    db,
  );
  await sql`
    create table recruiting_form_sends (
      id uuid primary key default gen_random_uuid(),
      school_id uuid not null references schools(id) on delete cascade,
      form_id uuid not null,
      form_version_id uuid not null references form_versions(id) on delete cascade,
      psa_id uuid not null references psas(id) on delete cascade,
      email text not null,
      link_generation int not null default 1 check (link_generation >= 1),
      token_hash text not null,
      expires_at timestamptz not null,
      link_issued_at timestamptz not null default now(),
      reissue_count int not null default 0,
      sent_by uuid references users(id) on delete set null,
      sent_at timestamptz not null default now(),
      opened_at timestamptz,
      submitted_at timestamptz,
      answers jsonb,
      submitted_ip text,
      submitted_user_agent text,
      foreign key (form_id, school_id) references forms(id, school_id) on delete cascade,
      check ((submitted_at is null) = (answers is null))
    )`.execute(db);
  await sql`create index recruiting_form_sends_school_idx on recruiting_form_sends (school_id, sent_at desc)`.execute(
    db,
  );
  await sql`create index recruiting_form_sends_form_idx on recruiting_form_sends (form_id, sent_at desc)`.execute(db);
  await sql`create index recruiting_form_sends_psa_idx on recruiting_form_sends (psa_id, sent_at desc)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table if exists recruiting_form_sends`.execute(db);
  await sql`drop index if exists forms_school_purpose_idx`.execute(db);
  await sql`alter table forms drop column if exists purpose`.execute(db);
}
