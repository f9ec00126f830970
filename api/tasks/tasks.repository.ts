import type { Kysely, Selectable, Transaction } from 'kysely';
import type { Database, TasksTable, TaskStatus } from '../../migrations/database';

/**
 * The human task inbox (ARCHITECTURE.md §1): who must act on which workflow step. Workflows write it through the
 * activities in activities/tasks; the API reads it for inboxes and the operator console. Every function is scoped
 * by school; the few operator reads that span schools take an explicit `SchoolScope` of `{ allSchools: true }`.
 */
type Db = Kysely<Database> | Transaction<Database>;

export type SchoolScope = { schoolId: string } | { allSchools: true };

export interface TaskRow {
  id: string;
  schoolId: string;
  workflowId: string;
  module: string;
  entityId: string | null;
  stepId: string;
  stepName: string;
  assigneeUserId: string | null;
  assigneeRole: string | null;
  assigneeEmail: string | null;
  title: string;
  url: string | null;
  status: TaskStatus;
  createdAt: Date;
  dueAt: Date | null;
  completedAt: Date | null;
  completedBy: string | null;
}

export interface OpenTaskInput {
  workflowId: string;
  module: string;
  entityId: string | null;
  stepId: string;
  stepName: string;
  /** Exactly one kind of assignee is expected; a user wins over an e-mail, an e-mail over a role. */
  assigneeUserId?: string | null;
  assigneeRole?: string | null;
  assigneeEmail?: string | null;
  title: string;
  url?: string | null;
  dueAt?: Date | null;
}

function toTaskRow(r: Selectable<TasksTable>): TaskRow {
  return {
    id: r.id,
    schoolId: r.school_id,
    workflowId: r.workflow_id,
    module: r.module,
    entityId: r.entity_id,
    stepId: r.step_id,
    stepName: r.step_name,
    assigneeUserId: r.assignee_user_id,
    assigneeRole: r.assignee_role,
    assigneeEmail: r.assignee_email,
    title: r.title,
    url: r.url,
    status: r.status,
    createdAt: r.created_at,
    dueAt: r.due_at,
    completedAt: r.completed_at,
    completedBy: r.completed_by,
  };
}

function assigneeOf(input: OpenTaskInput) {
  const user = input.assigneeUserId ?? null;
  const email = user ? null : (input.assigneeEmail?.trim().toLowerCase() ?? null);
  const role = user || email ? null : (input.assigneeRole ?? null);
  if (!user && !email && !role) throw new Error('A task needs an assignee: a user, an e-mail or a role');
  return { assignee_user_id: user, assignee_email: email, assignee_role: role };
}

/**
 * Opens a task, or returns the one already opened for the same workflow, step and assignee (a retried activity or a
 * reset workflow opens it again): the first row wins and is returned unchanged, whatever its status.
 */
export async function openTask(db: Db, schoolId: string, input: OpenTaskInput): Promise<TaskRow> {
  const assignee = assigneeOf(input);
  await db
    .insertInto('tasks')
    .values({
      school_id: schoolId,
      workflow_id: input.workflowId,
      module: input.module,
      entity_id: input.entityId,
      step_id: input.stepId,
      step_name: input.stepName,
      ...assignee,
      title: input.title,
      url: input.url ?? null,
      due_at: input.dueAt ?? null,
    })
    .onConflict((oc) => oc.columns(['workflow_id', 'step_id', 'assignee_key']).doNothing())
    .execute();
  let q = db
    .selectFrom('tasks')
    .selectAll()
    .where('school_id', '=', schoolId)
    .where('workflow_id', '=', input.workflowId)
    .where('step_id', '=', input.stepId);
  if (assignee.assignee_user_id) q = q.where('assignee_user_id', '=', assignee.assignee_user_id);
  else if (assignee.assignee_email) q = q.where('assignee_email', '=', assignee.assignee_email);
  else q = q.where('assignee_user_id', 'is', null).where('assignee_role', '=', assignee.assignee_role);
  const row = await q.orderBy('created_at').executeTakeFirstOrThrow();
  return toTaskRow(row);
}

/**
 * Opens several tasks in one statement, keeping any already opened for the same workflow, step and assignee (a
 * retried activity inserts nothing new). For callers that do not need the rows back; `openTask` returns one.
 */
export async function ensureTasks(db: Db, schoolId: string, inputs: OpenTaskInput[]): Promise<void> {
  if (inputs.length === 0) return;
  await db
    .insertInto('tasks')
    .values(
      inputs.map((input) => ({
        school_id: schoolId,
        workflow_id: input.workflowId,
        module: input.module,
        entity_id: input.entityId,
        step_id: input.stepId,
        step_name: input.stepName,
        ...assigneeOf(input),
        title: input.title,
        url: input.url ?? null,
        due_at: input.dueAt ?? null,
      })),
    )
    .onConflict((oc) => oc.columns(['workflow_id', 'step_id', 'assignee_key']).doNothing())
    .execute();
}

/**
 * Marks a step's open tasks DONE (every assignee of the step: one person acting completes it for all, as with
 * "any coach of the team"). Returns how many rows changed; a second call changes none.
 */
export async function completeStepTasks(
  db: Db,
  schoolId: string,
  ref: { workflowId: string; stepId: string; completedBy?: string | null },
): Promise<number> {
  const rows = await db
    .updateTable('tasks')
    .set({ status: 'DONE', completed_at: new Date(), completed_by: ref.completedBy ?? null })
    .where('school_id', '=', schoolId)
    .where('workflow_id', '=', ref.workflowId)
    .where('step_id', '=', ref.stepId)
    .where('status', '=', 'OPEN')
    .returning('id')
    .execute();
  return rows.length;
}

/** Cancels a workflow's open tasks (all of them, or one step's): the process ended or moved on without them. */
export async function cancelWorkflowTasks(
  db: Db,
  schoolId: string,
  ref: { workflowId: string; stepId?: string },
): Promise<number> {
  let q = db
    .updateTable('tasks')
    .set({ status: 'CANCELLED', completed_at: new Date() })
    .where('school_id', '=', schoolId)
    .where('workflow_id', '=', ref.workflowId)
    .where('status', '=', 'OPEN');
  if (ref.stepId) q = q.where('step_id', '=', ref.stepId);
  const rows = await q.returning('id').execute();
  return rows.length;
}

export async function findTask(db: Db, schoolId: string, taskId: string): Promise<TaskRow | null> {
  const row = await db
    .selectFrom('tasks')
    .selectAll()
    .where('school_id', '=', schoolId)
    .where('id', '=', taskId)
    .executeTakeFirst();
  return row ? toTaskRow(row) : null;
}

export type ReassignResult =
  | { ok: true; task: TaskRow; previousUserId: string | null }
  | { ok: false; reason: 'NOT_FOUND' | 'NOT_OPEN' | 'ALREADY_ASSIGNED' };

/**
 * Hands an open task to another user of the same school (the caller checks the user belongs to it). The task
 * keeps its id, step and due date; the role or e-mail it was addressed to is replaced by the person.
 */
export async function reassignTask(
  db: Db,
  schoolId: string,
  taskId: string,
  toUserId: string,
): Promise<ReassignResult> {
  const current = await findTask(db, schoolId, taskId);
  if (!current) return { ok: false, reason: 'NOT_FOUND' };
  if (current.status !== 'OPEN') return { ok: false, reason: 'NOT_OPEN' };
  if (current.assigneeUserId === toUserId) return { ok: false, reason: 'ALREADY_ASSIGNED' };
  const taken = await db
    .selectFrom('tasks')
    .select('id')
    .where('workflow_id', '=', current.workflowId)
    .where('step_id', '=', current.stepId)
    .where('assignee_user_id', '=', toUserId)
    .executeTakeFirst();
  if (taken) return { ok: false, reason: 'ALREADY_ASSIGNED' };
  const row = await db
    .updateTable('tasks')
    .set({ assignee_user_id: toUserId, assignee_role: null, assignee_email: null })
    .where('school_id', '=', schoolId)
    .where('id', '=', taskId)
    .where('status', '=', 'OPEN')
    .returningAll()
    .executeTakeFirst();
  if (!row) return { ok: false, reason: 'NOT_OPEN' };
  return { ok: true, task: toTaskRow(row), previousUserId: current.assigneeUserId };
}

/** A person's inbox: their open tasks in one school, the ones due first on top (no due date last). */
export async function listOpenTasksForAssignee(
  db: Db,
  schoolId: string,
  userId: string,
  page: { limit: number; offset: number },
): Promise<{ rows: TaskRow[]; total: number }> {
  const base = db
    .selectFrom('tasks')
    .where('school_id', '=', schoolId)
    .where('status', '=', 'OPEN')
    .where('assignee_user_id', '=', userId);
  const [rows, count] = await Promise.all([
    base
      .selectAll()
      .orderBy('due_at', (ob) => ob.asc().nullsLast())
      .orderBy('created_at')
      .orderBy('id')
      .limit(page.limit)
      .offset(page.offset)
      .execute(),
    base.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows: rows.map(toTaskRow), total: Number(count.n) };
}

/** The school to filter on, or null for an operator's view across schools. */
function scoped(scope: SchoolScope): string | null {
  return 'schoolId' in scope ? scope.schoolId : null;
}

/** The open task waiting longest (the health panel's "oldest waiting human task"), or null. */
export async function findOldestOpenTask(db: Db, scope: SchoolScope): Promise<TaskRow | null> {
  const schoolId = scoped(scope);
  let q = db.selectFrom('tasks').selectAll().where('status', '=', 'OPEN');
  if (schoolId) q = q.where('school_id', '=', schoolId);
  const row = await q.orderBy('created_at').orderBy('id').limit(1).executeTakeFirst();
  return row ? toTaskRow(row) : null;
}

/** Open tasks past their due date, most overdue first, optionally only those of some workflows. */
export async function listOverdueTasks(
  db: Db,
  scope: SchoolScope,
  options: { now: Date; workflowIds?: string[]; limit?: number },
): Promise<TaskRow[]> {
  if (options.workflowIds && options.workflowIds.length === 0) return [];
  const schoolId = scoped(scope);
  let q = db
    .selectFrom('tasks')
    .selectAll()
    .where('status', '=', 'OPEN')
    .where('due_at', 'is not', null)
    .where('due_at', '<', options.now);
  if (schoolId) q = q.where('school_id', '=', schoolId);
  if (options.workflowIds) q = q.where('workflow_id', 'in', options.workflowIds);
  const rows = await q
    .orderBy('due_at')
    .orderBy('id')
    .limit(options.limit ?? 500)
    .execute();
  return rows.map(toTaskRow);
}

/** Every task of one workflow (open and closed), oldest first. */
export async function listWorkflowTasks(db: Db, scope: SchoolScope, workflowId: string): Promise<TaskRow[]> {
  const schoolId = scoped(scope);
  let q = db.selectFrom('tasks').selectAll().where('workflow_id', '=', workflowId);
  if (schoolId) q = q.where('school_id', '=', schoolId);
  const rows = await q.orderBy('created_at').orderBy('id').execute();
  return rows.map(toTaskRow);
}

/** Open tasks per school, for counts in the console. */
export async function countOpenTasks(
  db: Db,
  scope: SchoolScope,
  now: Date,
): Promise<{ open: number; overdue: number }> {
  const schoolId = scoped(scope);
  let q = db
    .selectFrom('tasks')
    .select((eb) => [
      eb.fn.countAll<string>().as('open'),
      eb.fn
        .count<string>('id')
        .filterWhere((w) => w.and([w('due_at', 'is not', null), w('due_at', '<', now)]))
        .as('overdue'),
    ])
    .where('status', '=', 'OPEN');
  if (schoolId) q = q.where('school_id', '=', schoolId);
  const row = await q.executeTakeFirstOrThrow();
  return { open: Number(row.open), overdue: Number(row.overdue) };
}
