import { sql, type Kysely } from 'kysely';

/**
 * Recruiting events (issue 18). A recruiting event is a calendar event of the Recruiting category (its dates, time
 * zone, location, notes, team, approval status and reject reason live there, and the calendar's approval process
 * decides it); this table adds the recruiting part with the same id: the kind, the description, the host athletes
 * and the coaches. The prospects attending have a row each, so a prospect's profile finds its events by index.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table recruiting_events (
      id uuid primary key references calendar_events(id) on delete cascade,
      school_id uuid not null references schools(id) on delete cascade,
      kind text not null check (kind in
        ('PHONE_CALL','EVALUATION','OFFICIAL_VISIT','UNOFFICIAL_VISIT','OFF_CAMPUS_CONTACT','OTHER')),
      description text,
      host_athlete_ids uuid[] not null default '{}',
      coach_ids uuid[] not null default '{}',
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    )`.execute(db);
  await sql`create index recruiting_events_school_idx on recruiting_events (school_id)`.execute(db);
  await sql`
    create table recruiting_event_psas (
      event_id uuid not null references recruiting_events(id) on delete cascade,
      psa_id uuid not null references psas(id) on delete cascade,
      school_id uuid not null references schools(id) on delete cascade,
      primary key (event_id, psa_id)
    )`.execute(db);
  await sql`create index recruiting_event_psas_psa_idx on recruiting_event_psas (school_id, psa_id)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table if exists recruiting_event_psas`.execute(db);
  await sql`drop table if exists recruiting_events`.execute(db);
}
