import { sql, type ExpressionBuilder, type Kysely } from 'kysely';
import type { Database } from '../../migrations/database';
import { containsPattern } from '../shared/like-pattern';

/**
 * The operator console's reads of the database. Stuck detection starts from the evidence the database holds (issue
 * 35): open inbox tasks past their due time or waiting on someone who can never act, failed mails, and open tasks
 * whose process may have ended. Each is one indexed query over every row in scope, so nothing is missed however many
 * processes run; Temporal is then asked only about the processes these name.
 */
type Db = Kysely<Database>;

export interface StuckScope {
  schoolId?: string | undefined;
  module?: string | undefined;
}

/**
 * Processes with an open task that is overdue or whose assignee can never act: a person deactivated or no longer of
 * the task's school, a role nobody active holds there, or no assignee left at all. The same rules as
 * `checkAssignees`, written as SQL over every open task at once: one branch each, so the overdue one reads the
 * due-date index and the others plan as anti-joins.
 */
export async function findStuckTaskWorkflowIds(db: Db, scope: StuckScope, now: Date): Promise<string[]> {
  const open = () => {
    let q = db.selectFrom('tasks as t').select('t.workflow_id').where('t.status', '=', 'OPEN');
    if (scope.schoolId) q = q.where('t.school_id', '=', scope.schoolId);
    if (scope.module) q = q.where('t.module', '=', scope.module);
    return q;
  };
  const overdue = open().where('t.due_at', '<', now);
  const personGone = open()
    .where('t.assignee_user_id', 'is not', null)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('users as u')
            .select(sql.lit(1).as('one'))
            .whereRef('u.id', '=', 't.assignee_user_id')
            .whereRef('u.school_id', '=', 't.school_id')
            .where('u.status', '!=', 'INACTIVE'),
        ),
      ),
    );
  const roleUnheld = open()
    .where('t.assignee_user_id', 'is', null)
    .where('t.assignee_role', 'is not', null)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('user_roles as ur')
            .innerJoin('users as u', (j) =>
              j.onRef('u.id', '=', 'ur.user_id').onRef('u.school_id', '=', 'ur.school_id'),
            )
            .select(sql.lit(1).as('one'))
            .whereRef('ur.school_id', '=', 't.school_id')
            .whereRef('ur.role', '=', 't.assignee_role')
            .where('u.status', '=', 'ACTIVE'),
        ),
      ),
    );
  const nobody = open()
    .where('t.assignee_user_id', 'is', null)
    .where('t.assignee_role', 'is', null)
    .where('t.assignee_email', 'is', null);
  const rows = await overdue.union(personGone).union(roleUnheld).union(nobody).execute();
  return rows.map((r) => r.workflow_id);
}

/**
 * Every process with an open inbox task (those whose process ended disagree with the inbox); with `among`, only
 * those of these processes (a short list checked against the partial index of open tasks by process).
 */
export async function findOpenTaskWorkflowIds(db: Db, scope: StuckScope, among?: readonly string[]): Promise<string[]> {
  if (among && among.length === 0) return [];
  let q = db.selectFrom('tasks').select('workflow_id').distinct().where('status', '=', 'OPEN');
  if (among) q = q.where('workflow_id', 'in', [...new Set(among)]);
  if (scope.schoolId) q = q.where('school_id', '=', scope.schoolId);
  if (scope.module) q = q.where('module', '=', scope.module);
  const rows = await q.execute();
  return rows.map((r) => r.workflow_id);
}

/** How many open tasks are in scope, and when the oldest was opened: one pass over the open tasks' index. */
export async function summarizeOpenTasks(db: Db, scope: StuckScope): Promise<{ count: number; oldest: Date | null }> {
  let q = db
    .selectFrom('tasks')
    .select((eb) => [eb.fn.countAll<string>().as('n'), eb.fn.min('created_at').as('oldest')])
    .where('status', '=', 'OPEN');
  if (scope.schoolId) q = q.where('school_id', '=', scope.schoolId);
  if (scope.module) q = q.where('module', '=', scope.module);
  const row = await q.executeTakeFirst();
  return { count: Number(row?.n ?? 0), oldest: row?.oldest ? new Date(row.oldest as Date) : null };
}

/** A failed mail that its process sent again later (Retry now after fixing the address) is no longer stuck. */
const notSentSince = (eb: ExpressionBuilder<Database, 'outbox'>) =>
  eb.not(
    eb.exists(
      eb
        .selectFrom('outbox as later')
        .select('later.id')
        .whereRef('later.workflow_id', '=', 'outbox.workflow_id')
        .whereRef('later.subject', '=', 'outbox.subject')
        .where('later.status', '=', 'SENT')
        .whereRef('later.created_at', '>=', 'outbox.created_at'),
    ),
  );

/** Processes with a mail that failed and was not sent since. */
export async function findFailedMailWorkflowIds(db: Db, scope: StuckScope): Promise<string[]> {
  let q = db
    .selectFrom('outbox')
    .select('workflow_id')
    .distinct()
    .where('status', '=', 'FAILED')
    .where('workflow_id', 'is not', null)
    .where(notSentSince);
  if (scope.schoolId) q = q.where('school_id', '=', scope.schoolId);
  const rows = await q.execute();
  return rows.flatMap((r) => (r.workflow_id ? [r.workflow_id] : []));
}

export interface FailedMail {
  to: string;
  subject: string;
  attempts: number;
  lastError: string | null;
}

/** The failed mails of some processes, oldest first. */
export async function loadFailedMails(db: Db, workflowIds: readonly string[]): Promise<Map<string, FailedMail[]>> {
  const out = new Map<string, FailedMail[]>();
  if (workflowIds.length === 0) return out;
  const rows = await db
    .selectFrom('outbox')
    .select(['workflow_id', 'to_address', 'subject', 'attempts', 'last_error'])
    .where('status', '=', 'FAILED')
    .where('workflow_id', 'in', [...new Set(workflowIds)])
    .where(notSentSince)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  for (const r of rows) {
    if (!r.workflow_id) continue;
    const list = out.get(r.workflow_id) ?? [];
    list.push({ to: r.to_address, subject: r.subject, attempts: r.attempts, lastError: r.last_error });
    out.set(r.workflow_id, list);
  }
  return out;
}

/** Active people of a school a human step can be handed to, matching the search text (first 50 by name). */
export async function listAssignableUsers(
  db: Db,
  schoolId: string,
  text: string | undefined,
): Promise<Array<{ id: string; name: string; email: string }>> {
  let q = db
    .selectFrom('users')
    .select(['id', 'first_name', 'last_name', 'email'])
    .where('school_id', '=', schoolId)
    .where('status', '=', 'ACTIVE');
  if (text) {
    const pattern = containsPattern(text);
    q = q.where((eb) =>
      eb.or([eb('first_name', 'ilike', pattern), eb('last_name', 'ilike', pattern), eb('email', 'ilike', pattern)]),
    );
  }
  const rows = await q.orderBy('last_name').orderBy('first_name').limit(50).execute();
  return rows.map((r) => ({ id: r.id, name: `${r.first_name} ${r.last_name}`, email: r.email }));
}
