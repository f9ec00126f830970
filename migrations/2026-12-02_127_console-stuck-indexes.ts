import { sql, type Kysely } from 'kysely';

/**
 * The operator console's stuck list at 50,000 open tasks (issue 35). Its one query over every open task has a branch
 * for tasks that name nobody at all (no person, role or e-mail); without an index of its own that branch read every
 * open task on each load. This partial index holds only such tasks (normally none), so the branch reads nothing.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create index tasks_open_unassigned_idx on tasks (workflow_id)
    where status = 'OPEN' and assignee_user_id is null and assignee_role is null and assignee_email is null`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index if exists tasks_open_unassigned_idx`.execute(db);
}
