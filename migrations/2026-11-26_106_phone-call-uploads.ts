import { sql, type Kysely } from 'kysely';

/**
 * Phone calls uploaded in bulk (issue 18): a recruiting activity row may say how long the call lasted and which
 * coach (or other staff member of the school) made it; `logged_by` stays whoever entered or uploaded it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table psa_activities
      add column duration_minutes int check (duration_minutes between 1 and 1440),
      add column coach_user_id uuid references users(id) on delete set null
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table psa_activities drop column coach_user_id, drop column duration_minutes`.execute(db);
}
