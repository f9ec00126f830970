import { sql, type Kysely } from 'kysely';

/**
 * Rosters (spec part 1 §4, issue 15): one roster per team and academic year with its rollover status, the
 * athletes on it (roster status official/unofficial, athlete status, who added them and when), the coach's change
 * requests after completion, and the roster's own event log. Nothing is deleted: an athlete who leaves gets a
 * status. The current academic year's rosters are backfilled from today's athlete profiles (completed: that
 * roster is already declared); the profile columns keep showing the athlete's current-year roster.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table rosters (
      id uuid primary key default gen_random_uuid(),
      school_id uuid not null references schools(id) on delete cascade,
      sport_team_id uuid not null references sport_teams(id) on delete cascade,
      academic_year_id uuid not null references academic_years(id) on delete cascade,
      source_academic_year_id uuid references academic_years(id) on delete set null,
      rollover_status text not null default 'NOT_STARTED'
        check (rollover_status in ('NOT_STARTED','READY_FOR_REVIEW','COMPLETED')),
      review_comment text,
      invite_new_athletes boolean,
      workflow_id text,
      started_by uuid references users(id) on delete set null,
      submitted_at timestamptz,
      completed_at timestamptz,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      unique (sport_team_id, academic_year_id)
    )`.execute(db);
  await sql`create index rosters_school_year_idx on rosters (school_id, academic_year_id)`.execute(db);
  await sql`
    create table roster_entries (
      id uuid primary key default gen_random_uuid(),
      school_id uuid not null references schools(id) on delete cascade,
      roster_id uuid not null references rosters(id) on delete cascade,
      athlete_user_id uuid not null references users(id) on delete cascade,
      roster_status text not null default 'OFFICIAL' check (roster_status in ('OFFICIAL','UNOFFICIAL')),
      athlete_status text not null default 'IN_PROGRAM',
      is_new boolean not null default false,
      added_by uuid references users(id) on delete set null,
      added_at timestamptz not null default now(),
      invitation_id uuid,
      updated_at timestamptz not null default now(),
      unique (roster_id, athlete_user_id)
    )`.execute(db);
  await sql`create index roster_entries_athlete_idx on roster_entries (school_id, athlete_user_id)`.execute(db);
  await sql`
    create table roster_change_requests (
      id uuid primary key default gen_random_uuid(),
      school_id uuid not null references schools(id) on delete cascade,
      roster_id uuid not null references rosters(id) on delete cascade,
      kind text not null check (kind in ('ADD','REMOVE','STATUS_CHANGE')),
      athlete_user_id uuid not null references users(id) on delete cascade,
      athlete_status text,
      roster_status text check (roster_status in ('OFFICIAL','UNOFFICIAL')),
      status text not null default 'PENDING' check (status in ('PENDING','APPROVED','DENIED')),
      requested_by uuid references users(id) on delete set null,
      requested_at timestamptz not null default now(),
      decided_by uuid references users(id) on delete set null,
      decided_at timestamptz,
      comment text,
      idempotency_key text not null unique
    )`.execute(db);
  await sql`create index roster_change_requests_open_idx on roster_change_requests (roster_id) where status = 'PENDING'`.execute(
    db,
  );
  await sql`
    create table roster_events (
      id uuid primary key default gen_random_uuid(),
      school_id uuid not null references schools(id) on delete cascade,
      roster_id uuid not null references rosters(id) on delete cascade,
      actor_user_id uuid references users(id) on delete set null,
      action text not null,
      from_status text,
      to_status text,
      comment text,
      details jsonb not null default '{}'::jsonb,
      idempotency_key text not null unique,
      created_at timestamptz not null default now()
    )`.execute(db);
  await sql`create index roster_events_roster_idx on roster_events (roster_id, created_at)`.execute(db);

  // Backfill: the current year's roster of every team that has athletes, declared (completed) as it stands today.
  await sql`
    insert into rosters (school_id, sport_team_id, academic_year_id, rollover_status, completed_at)
    select distinct p.school_id, p.sport_team_id, y.id, 'COMPLETED', now()
    from athlete_profiles p
    join academic_years y on y.school_id = p.school_id and y.is_current
    where p.sport_team_id is not null
    on conflict (sport_team_id, academic_year_id) do nothing`.execute(db);
  await sql`
    insert into roster_entries (school_id, roster_id, athlete_user_id, roster_status, athlete_status)
    select p.school_id, r.id, p.user_id,
      case when p.roster_status = 'UNOFFICIAL' then 'UNOFFICIAL' else 'OFFICIAL' end,
      coalesce(p.athlete_status, 'IN_PROGRAM')
    from athlete_profiles p
    join academic_years y on y.school_id = p.school_id and y.is_current
    join rosters r on r.sport_team_id = p.sport_team_id and r.academic_year_id = y.id
    on conflict (roster_id, athlete_user_id) do nothing`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table if exists roster_events`.execute(db);
  await sql`drop table if exists roster_change_requests`.execute(db);
  await sql`drop table if exists roster_entries`.execute(db);
  await sql`drop table if exists rosters`.execute(db);
}
