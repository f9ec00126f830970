import { sql, type Kysely } from 'kysely';

/**
 * Teams are archived, not deleted (issue 36): a team with any history keeps its row, so its athletes, events, CARA
 * logs, rosters and segments keep their team. An archived team is hidden from pickers and can be unarchived.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table sport_teams add column archived_at timestamptz`.execute(db);
  await sql`alter table sport_teams add column archived_by uuid references users(id) on delete set null`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table sport_teams drop column if exists archived_by`.execute(db);
  await sql`alter table sport_teams drop column if exists archived_at`.execute(db);
}
