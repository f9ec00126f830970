import { sql, type Kysely } from 'kysely';

/**
 * Recruiting, the prospects half (issue 18): prospects (PSAs) with every field of the spec's PSA entity, their
 * staff-only tags and rating, their state (active, archived, unarchived) and commitment status (the board's
 * column); the recruiting activity log by kind; the prospect's event log (board moves, merges, archive); and the
 * prospect-to-roster transfer, one per prospect, decided by a school admin. Events, forms, questionnaires, expenses
 * and materials attach to a prospect by `psa_id` when they land.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table psas (
      id uuid primary key default gen_random_uuid(),
      school_id uuid not null references schools(id) on delete cascade,
      sport_team_id uuid references sport_teams(id) on delete set null,
      recruiting_coach_id uuid references users(id) on delete set null,
      first_name text not null,
      last_name text not null,
      email text,
      mobile text,
      high_school_name text,
      graduation_year int,
      date_of_birth date,
      eligibility_center_id text,
      position text,
      secondary_position text,
      club_team_name text,
      club_jersey text,
      height_feet int check (height_feet between 0 and 8),
      height_inches int check (height_inches between 0 and 11),
      weight numeric check (weight >= 0 and weight < 10000),
      sat_score int check (sat_score between 0 and 1600),
      act_score int check (act_score between 0 and 36),
      gpa numeric check (gpa >= 0 and gpa < 10000),
      class_rank text,
      honors text,
      intended_major text,
      siblings text,
      highlight_links text[] not null default '{}',
      residency_status text,
      instagram text,
      tiktok text,
      twitter text,
      hudl text,
      home_address text,
      city text,
      state text,
      zipcode text,
      guardian1_name text, guardian1_phone text, guardian1_email text,
      guardian2_name text, guardian2_phone text, guardian2_email text,
      hs_coach_name text, hs_coach_phone text, hs_coach_email text,
      club_coach_name text, club_coach_phone text, club_coach_email text,
      notes text,
      custom_fields jsonb not null default '[]'::jsonb,
      commitment_status text not null default 'NOT_COMMITTED'
        check (commitment_status in ('NOT_COMMITTED','VERBALLY_COMMITTED','COMMITTED','NLI_SIGNED','ADDED_TO_ROSTER')),
      board_rank double precision not null default 0,
      rating smallint check (rating between 1 and 5),
      tags text[] not null default '{}',
      state_status text not null default 'ACTIVE' check (state_status in ('ACTIVE','ARCHIVED','UNARCHIVED')),
      archived_at timestamptz,
      merged_into_id uuid references psas(id) on delete set null,
      athlete_user_id uuid references users(id) on delete set null,
      last_contact_at timestamptz,
      created_by uuid references users(id) on delete set null,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    )`.execute(db);
  await sql`create index psas_school_board_idx on psas (school_id, commitment_status, board_rank) where state_status <> 'ARCHIVED' and merged_into_id is null`.execute(
    db,
  );
  await sql`create index psas_school_email_idx on psas (school_id, lower(email))`.execute(db);
  await sql`create index psas_school_mobile_idx on psas (school_id, mobile)`.execute(db);
  await sql`
    create table psa_activities (
      id uuid primary key default gen_random_uuid(),
      school_id uuid not null references schools(id) on delete cascade,
      psa_id uuid not null references psas(id) on delete cascade,
      kind text not null check (kind in
        ('PHONE_CALL','EVALUATION','OFFICIAL_VISIT','UNOFFICIAL_VISIT','OFF_CAMPUS_CONTACT','OTHER','NOTE')),
      occurred_at timestamptz not null,
      nights int check (nights between 0 and 30),
      location text,
      summary text,
      logged_by uuid references users(id) on delete set null,
      created_at timestamptz not null default now()
    )`.execute(db);
  await sql`create index psa_activities_psa_idx on psa_activities (psa_id, occurred_at desc)`.execute(db);
  await sql`
    create table psa_events (
      id uuid primary key default gen_random_uuid(),
      school_id uuid not null references schools(id) on delete cascade,
      psa_id uuid not null references psas(id) on delete cascade,
      actor_user_id uuid references users(id) on delete set null,
      action text not null,
      details jsonb not null default '{}'::jsonb,
      idempotency_key text unique,
      created_at timestamptz not null default now()
    )`.execute(db);
  await sql`create index psa_events_psa_idx on psa_events (psa_id, created_at)`.execute(db);
  await sql`
    create table psa_transfers (
      id uuid primary key default gen_random_uuid(),
      school_id uuid not null references schools(id) on delete cascade,
      psa_id uuid not null unique references psas(id) on delete cascade,
      sport_team_id uuid not null references sport_teams(id) on delete cascade,
      academic_year_id uuid not null references academic_years(id) on delete cascade,
      status text not null default 'PENDING' check (status in ('PENDING','APPROVED','REJECTED')),
      requested_by uuid references users(id) on delete set null,
      requested_at timestamptz not null default now(),
      decided_by uuid references users(id) on delete set null,
      decided_at timestamptz,
      reason text,
      athlete_user_id uuid references users(id) on delete set null,
      invitation_id uuid,
      workflow_id text not null
    )`.execute(db);
  await sql`create index psa_transfers_school_idx on psa_transfers (school_id, status)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table if exists psa_transfers`.execute(db);
  await sql`drop table if exists psa_events`.execute(db);
  await sql`drop table if exists psa_activities`.execute(db);
  await sql`drop table if exists psas`.execute(db);
}
