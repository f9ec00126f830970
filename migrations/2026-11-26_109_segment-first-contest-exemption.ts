import { sql, type Kysely } from 'kysely';

/**
 * Issue 17: a sport segment can be marked as one where the week before its first contest is exempt from the daily
 * and weekly hour limits (the Bylaw 17 engine reads the mark; off unless a school admin or the team's coach sets it).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table sport_segments add column exempt_week_before_first_contest boolean not null default false`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table sport_segments drop column exempt_week_before_first_contest`.execute(db);
}
