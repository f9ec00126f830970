import { sql, type Kysely } from 'kysely';

/**
 * Inbox speed with many open tasks. The approver's action-required list and the inbox counts filter open tasks by
 * school, module and assignee (a user, or a role when no user is set) and page them oldest first; these two partial
 * indexes answer both branches in that order and let the total be counted from the index alone.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create index tasks_open_user_module_created_idx
    on tasks (school_id, assignee_user_id, module, created_at, id) where status = 'OPEN'`.execute(db);
  await sql`create index tasks_open_role_module_created_idx
    on tasks (school_id, assignee_role, module, created_at, id) where status = 'OPEN' and assignee_user_id is null`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index if exists tasks_open_role_module_created_idx`.execute(db);
  await sql`drop index if exists tasks_open_user_module_created_idx`.execute(db);
}
