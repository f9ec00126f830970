import { sql, type Kysely } from 'kysely';

/**
 * My Tasks: one person's open tasks across modules, due first. The inbox reads a user's open tasks of one school
 * (and the role tasks of their roles) ordered by due date or age; this partial index serves that read in order
 * without touching closed rows, and the module filter rides along.
 *
 * Every change of a task (opened, done, cancelled, reassigned) is announced on app_events, whoever wrote it (an
 * activity in a worker, the API), so the sidebar's counts follow live. The payload carries ids only; the browser
 * refetches with its own permissions.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create index tasks_open_user_due_idx
    on tasks (school_id, assignee_user_id, due_at, created_at, id) where status = 'OPEN'`.execute(db);
  await sql`
    create function tasks_changed() returns trigger language plpgsql as $$
    begin
      perform pg_notify('app_events', json_build_object(
        'type', 'tasks_changed',
        'schoolId', new.school_id,
        'userId', new.assignee_user_id
      )::text);
      if tg_op = 'UPDATE' and old.assignee_user_id is distinct from new.assignee_user_id then
        perform pg_notify('app_events', json_build_object(
          'type', 'tasks_changed',
          'schoolId', old.school_id,
          'userId', old.assignee_user_id
        )::text);
      end if;
      return new;
    end
    $$`.execute(db);
  await sql`
    create trigger tasks_changed_insert_trigger after insert on tasks
    for each row execute function tasks_changed()`.execute(db);
  await sql`
    create trigger tasks_changed_update_trigger after update of status, assignee_user_id, assignee_role on tasks
    for each row execute function tasks_changed()`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop trigger if exists tasks_changed_update_trigger on tasks`.execute(db);
  await sql`drop trigger if exists tasks_changed_insert_trigger on tasks`.execute(db);
  await sql`drop function if exists tasks_changed()`.execute(db);
  await sql`drop index if exists tasks_open_user_due_idx`.execute(db);
}
