import { sql, type Kysely } from 'kysely';

/**
 * Partners, first slice (issue 39): the school's registry of agents (spec part 1 §1 "agents (brand manager, lawyer,
 * social media manager, talent manager)"), the athletes who name them, and the disclosure's reference to one.
 *
 * An agent has a registry number (`AG-10001`, from one sequence, so it never repeats across schools; it is looked up
 * only within the agent's school). Compliance adds an agent directly (ACTIVE) or an athlete invites one (INVITED):
 * the invited agent fills in their details through a signed, single-use, expiring link (only the SHA-256 of its
 * token is kept, the link's generation makes a reminder's link the same one), then it is PENDING_CONFIRMATION until
 * compliance confirms (ACTIVE) or rejects it (REJECTED). `agent:<id>` runs all of it and marks the registration
 * EXPIRED on the day after its expiry date. `athlete_agents` records who named whom. A disclosure's
 * `agent_number` must name an ACTIVE, unexpired agent of its school (part 2 §5 "Agent number required and must
 * exist"). Only the school key cascades; agents named by a disclosure are never deleted (the number is text).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create sequence agent_number_seq start 10001`.execute(db);
  await sql`
    create table agents (
      id uuid primary key default gen_random_uuid(),
      school_id uuid not null references schools(id) on delete cascade,
      agent_number text not null unique default ('AG-' || nextval('agent_number_seq')::text),
      type text not null check (type in ('BRAND_MANAGER','LAWYER','SOCIAL_MEDIA_MANAGER','TALENT_MANAGER')),
      first_name text not null,
      last_name text not null,
      email text not null,
      phone text,
      agency text,
      registration_state text,
      registration_number text,
      registration_expires_on date,
      status text not null check (status in ('INVITED','PENDING_CONFIRMATION','ACTIVE','REJECTED','EXPIRED')),
      reject_reason text,
      workflow_id text not null,
      link_generation int not null default 0,
      link_token_hash text,
      link_expires_at timestamptz,
      link_used_at timestamptz,
      reminded_at timestamptz,
      info_provided_at timestamptz,
      invited_by uuid references users(id) on delete set null,
      created_by uuid references users(id) on delete set null,
      confirmed_by uuid references users(id) on delete set null,
      confirmed_at timestamptz,
      expired_at timestamptz,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    )`.execute(db);
  await sql`create unique index agents_school_email_idx on agents (school_id, lower(email))`.execute(db);
  await sql`create index agents_school_idx on agents (school_id, status, last_name)`.execute(db);
  await sql`
    create table athlete_agents (
      school_id uuid not null references schools(id) on delete cascade,
      athlete_user_id uuid not null references users(id),
      agent_id uuid not null references agents(id),
      created_at timestamptz not null default now(),
      primary key (athlete_user_id, agent_id)
    )`.execute(db);
  await sql`create index athlete_agents_agent_idx on athlete_agents (agent_id)`.execute(db);
  await sql`alter table disclosures add column agent_number text`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table disclosures drop column if exists agent_number`.execute(db);
  await sql`drop table if exists athlete_agents`.execute(db);
  await sql`drop table if exists agents`.execute(db);
  await sql`drop sequence if exists agent_number_seq`.execute(db);
}
