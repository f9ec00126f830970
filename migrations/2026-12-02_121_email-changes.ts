import { sql, type Kysely } from 'kysely';

/**
 * A person's login e-mail changed by an admin or an operator (issue 35: the fix for a bounced welcome letter). The
 * change waits here until the new address confirms it through a signed, expiring link; only the token's hash is kept.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table email_changes (
      id uuid primary key default gen_random_uuid(),
      school_id uuid not null references schools(id) on delete restrict,
      user_id uuid not null references users(id) on delete restrict,
      old_email text not null,
      new_email text not null,
      token_hash text not null,
      requested_by uuid references users(id) on delete set null,
      expires_at timestamptz not null,
      confirmed_at timestamptz,
      created_at timestamptz not null default now()
    )`.execute(db);
  await sql`create index email_changes_user_idx on email_changes (school_id, user_id)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table if exists email_changes`.execute(db);
}
