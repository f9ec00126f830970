import { sql, type Kysely } from 'kysely';

/**
 * When an admin ends a payment schedule early, and who (issue 38). No further payment opens from then on; payments
 * already open still wait for the payor's outcome, so the schedule shows "ending" until they are recorded.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table contract_schedules
      add column end_requested_at timestamptz,
      add column end_requested_by uuid references users(id) on delete set null`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table contract_schedules drop column end_requested_at, drop column end_requested_by`.execute(db);
}
