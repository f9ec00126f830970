import { sql, type Kysely } from 'kysely';

/**
 * Public recruiting questionnaires (issue 18): a questionnaire publishes one of the school's forms (built with the
 * form engine) at `/paperwork/<school slug>/<custom url>`; each answer set is a response tied to the prospect it
 * created or updated (matched by e-mail). `used_bot_challenges` keeps the signatures of solved proof-of-work
 * challenges until they expire, so one solution cannot be submitted twice.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table questionnaires (
      id uuid primary key default gen_random_uuid(),
      school_id uuid not null references schools(id) on delete cascade,
      form_id uuid not null references forms(id) on delete restrict,
      name text not null,
      custom_url text not null check (custom_url ~ '^[A-Za-z0-9_-]{1,100}$'),
      confirmation_message text not null,
      status text not null default 'INACTIVE' check (status in ('ACTIVE','INACTIVE')),
      sport_team_id uuid references sport_teams(id) on delete set null,
      created_by uuid references users(id) on delete set null,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    )`.execute(db);
  await sql`create unique index questionnaires_school_url_idx on questionnaires (school_id, lower(custom_url))`.execute(
    db,
  );
  await sql`
    create table questionnaire_responses (
      id uuid primary key default gen_random_uuid(),
      school_id uuid not null references schools(id) on delete cascade,
      questionnaire_id uuid not null references questionnaires(id) on delete cascade,
      psa_id uuid not null references psas(id) on delete cascade,
      form_version_id uuid not null references form_versions(id) on delete restrict,
      contact jsonb not null,
      answers jsonb not null,
      created_psa boolean not null,
      ip text,
      submitted_at timestamptz not null default now()
    )`.execute(db);
  await sql`create index questionnaire_responses_q_idx on questionnaire_responses (questionnaire_id, submitted_at desc)`.execute(
    db,
  );
  await sql`create index questionnaire_responses_psa_idx on questionnaire_responses (psa_id)`.execute(db);
  await sql`
    create table used_bot_challenges (
      signature text primary key,
      expires_at timestamptz not null
    )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table if exists used_bot_challenges`.execute(db);
  await sql`drop table if exists questionnaire_responses`.execute(db);
  await sql`drop table if exists questionnaires`.execute(db);
}
