import { sql, type Kysely } from 'kysely';

/**
 * The human task inbox (issue 6): one row per person (or role, or external signer) who must act on a workflow step.
 * The core migration created a first sketch of `tasks` that nothing used yet; this one gives it its final shape:
 * the step's id and readable name, role and external-signer assignees, where the person acts, who completed it.
 *
 * `assignee_key` is derived from whichever assignee is set, so (workflow_id, step_id, assignee_key) is unique and an
 * activity that opens the same task twice (a retry, a reset workflow) finds the row it wrote the first time.
 * A step that can be opened again for the same person (sent back for correction) uses a new step id per round.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table tasks drop constraint if exists tasks_step_assignee_key`.execute(db);
  await sql`drop index if exists tasks_assignee_idx`.execute(db);
  await sql`alter table tasks rename column step_key to step_id`.execute(db);
  await sql`alter table tasks
    add column step_name text not null default '',
    add column assignee_role text,
    add column assignee_email text,
    add column url text,
    add column completed_by uuid references users(id) on delete set null,
    add column assignee_key text generated always as (
      coalesce('user:' || assignee_user_id::text, 'email:' || lower(assignee_email), 'role:' || assignee_role, '')
    ) stored`.execute(db);
  await sql`alter table tasks add constraint tasks_step_assignee_key unique (workflow_id, step_id, assignee_key)`.execute(
    db,
  );
  await sql`alter table tasks add constraint tasks_done_has_time check (status = 'OPEN' or completed_at is not null)`.execute(
    db,
  );
  // A person's inbox: open tasks of one school for one assignee.
  await sql`create index tasks_school_status_assignee_idx on tasks (school_id, status, assignee_user_id)`.execute(db);
  // The operator console: a workflow's tasks, and open tasks past their SLA, oldest first.
  await sql`create index tasks_workflow_idx on tasks (workflow_id)`.execute(db);
  await sql`create index tasks_open_due_idx on tasks (due_at) where status = 'OPEN'`.execute(db);
  await sql`create index tasks_open_created_idx on tasks (created_at) where status = 'OPEN'`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const index of [
    'tasks_open_created_idx',
    'tasks_open_due_idx',
    'tasks_workflow_idx',
    'tasks_school_status_assignee_idx',
  ]) {
    await sql`drop index if exists ${sql.id(index)}`.execute(db);
  }
  await sql`alter table tasks drop constraint if exists tasks_done_has_time`.execute(db);
  await sql`alter table tasks drop constraint if exists tasks_step_assignee_key`.execute(db);
  await sql`alter table tasks
    drop column assignee_key,
    drop column completed_by,
    drop column url,
    drop column assignee_email,
    drop column assignee_role,
    drop column step_name`.execute(db);
  await sql`alter table tasks rename column step_id to step_key`.execute(db);
  await sql`alter table tasks add constraint tasks_step_assignee_key unique (workflow_id, step_key, assignee_user_id)`.execute(
    db,
  );
  await sql`create index tasks_assignee_idx on tasks (school_id, assignee_user_id, status)`.execute(db);
}
