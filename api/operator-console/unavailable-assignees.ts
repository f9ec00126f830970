import type { Kysely } from 'kysely';
import type { Database } from '../../migrations/database';
import { listReviewers } from '../disclosures/disclosures.repository';
import type { AssigneeCheck, RecordAssigneeFacts } from './detect-stuck';
import type { ListedExecution, TaskWithAssignee } from './execution-facts';

/**
 * Open inbox tasks whose assignee can never act: a person deactivated or no longer a member of the task's school, a
 * task whose person was removed, or a role nobody active holds there. Each comes with a suggested new assignee: for
 * a packet the person who sent it, then the packet's owner, then any active school admin. Batched per page.
 */
export type { AssigneeCheck };

type Db = Kysely<Database>;
type Person = { id: string; name: string };

export async function checkAssignees(db: Db, tasks: readonly TaskWithAssignee[]): Promise<Map<string, AssigneeCheck>> {
  const open = tasks.filter((t) => t.status === 'OPEN');
  const out = new Map<string, AssigneeCheck>();
  if (open.length === 0) return out;
  const userIds = [...new Set(open.flatMap((t) => (t.assigneeUserId ? [t.assigneeUserId] : [])))];
  const roleTasks = open.filter((t) => !t.assigneeUserId && t.assigneeRole);
  const [users, heldRoles] = await Promise.all([
    userIds.length === 0
      ? []
      : db.selectFrom('users').select(['id', 'school_id', 'status']).where('id', 'in', userIds).execute(),
    roleTasks.length === 0
      ? []
      : db
          .selectFrom('user_roles as ur')
          .innerJoin('users as u', (j) => j.onRef('u.id', '=', 'ur.user_id').onRef('u.school_id', '=', 'ur.school_id'))
          .select(['ur.school_id', 'ur.role'])
          .distinct()
          .where('u.status', '=', 'ACTIVE')
          .where('ur.school_id', 'in', [...new Set(roleTasks.map((t) => t.schoolId))])
          .where('ur.role', 'in', [...new Set(roleTasks.map((t) => t.assigneeRole!))])
          .execute(),
  ]);
  const userById = new Map(users.map((u) => [u.id, u]));
  const held = new Set(heldRoles.map((r) => `${r.school_id}:${r.role}`));
  const gone: Array<{ task: TaskWithAssignee; why: AssigneeCheck['assigneeUnavailable'] }> = [];
  for (const task of open) {
    if (task.assigneeUserId) {
      const user = userById.get(task.assigneeUserId);
      if (!user || user.school_id !== task.schoolId) gone.push({ task, why: 'REMOVED' });
      else if (user.status === 'INACTIVE') gone.push({ task, why: 'INACTIVE' });
    } else if (task.assigneeRole) {
      if (!held.has(`${task.schoolId}:${task.assigneeRole}`)) gone.push({ task, why: 'NO_MEMBERS' });
    } else if (!task.assigneeEmail) {
      // The person's account was deleted: the row lost its assignee.
      gone.push({ task, why: 'REMOVED' });
    }
  }
  if (gone.length === 0) return out;
  const suggestions = await suggestAssignees(
    db,
    gone.map((g) => g.task),
  );
  for (const { task, why } of gone) {
    out.set(task.id, { assigneeUnavailable: why, suggestedAssignee: suggestions.get(task.id) ?? null });
  }
  return out;
}

/** For each task, the first active candidate other than its current assignee. */
async function suggestAssignees(db: Db, tasks: readonly TaskWithAssignee[]): Promise<Map<string, Person>> {
  const submissionIds = tasks.filter((t) => t.module === 'packet-submission' && t.entityId).map((t) => t.entityId!);
  const schoolIds = [...new Set(tasks.map((t) => t.schoolId))];
  const [packetPeople, admins] = await Promise.all([
    submissionIds.length === 0
      ? []
      : db
          .selectFrom('packet_submissions as s')
          .innerJoin('sent_packets as sp', (j) =>
            j.onRef('sp.id', '=', 's.sent_packet_id').onRef('sp.school_id', '=', 's.school_id'),
          )
          .innerJoin('packets as p', (j) =>
            j.onRef('p.id', '=', 'sp.packet_id').onRef('p.school_id', '=', 'sp.school_id'),
          )
          .select(['s.id', 's.school_id', 'sp.sent_by', 'p.owner_id'])
          .where('s.id', 'in', [...new Set(submissionIds)])
          .execute(),
    db
      .selectFrom('users as u')
      .innerJoin('user_roles as ur', (j) =>
        j.onRef('ur.user_id', '=', 'u.id').onRef('ur.school_id', '=', 'u.school_id'),
      )
      .select(['u.id', 'u.school_id', 'u.first_name', 'u.last_name'])
      .distinct()
      .where('u.school_id', 'in', schoolIds)
      .where('u.status', '=', 'ACTIVE')
      .where('ur.role', '=', 'SCHOOL_ADMIN')
      .orderBy('u.last_name')
      .orderBy('u.first_name')
      .orderBy('u.id')
      .execute(),
  ]);
  const namedIds = [
    ...new Set(packetPeople.flatMap((p) => [p.sent_by, p.owner_id]).filter((id): id is string => !!id)),
  ];
  const named =
    namedIds.length === 0
      ? []
      : await db
          .selectFrom('users')
          .select(['id', 'school_id', 'first_name', 'last_name'])
          .where('id', 'in', namedIds)
          .where('status', '=', 'ACTIVE')
          .execute();
  const activeById = new Map(named.map((u) => [u.id, u]));
  const packetOf = new Map(packetPeople.map((p) => [p.id, p]));
  const out = new Map<string, Person>();
  for (const task of tasks) {
    const packet = task.entityId ? packetOf.get(task.entityId) : undefined;
    const candidates = [
      ...(packet ? [packet.sent_by, packet.owner_id].map((id) => (id ? activeById.get(id) : undefined)) : []),
      ...admins,
    ].filter((u): u is NonNullable<typeof u> => !!u && u.school_id === task.schoolId && u.id !== task.assigneeUserId);
    const pick = candidates[0];
    if (pick) out.set(task.id, { id: pick.id, name: `${pick.first_name} ${pick.last_name}`.trim() });
  }
  return out;
}

/**
 * Running disclosure reviews assigned to a reviewer who can no longer act (deactivated, or no longer of the school):
 * only that reviewer may decide, so the review waits forever. Suggests another active compliance reviewer.
 */
export async function checkRecordAssignees(
  db: Db,
  executions: readonly ListedExecution[],
): Promise<Map<string, RecordAssigneeFacts>> {
  const out = new Map<string, RecordAssigneeFacts>();
  const reviews = executions.filter(
    (e) => e.module === 'disclosure' && e.status === 'Running' && e.entityId && isUuid(e.entityId),
  );
  if (reviews.length === 0) return out;
  const rows = await db
    .selectFrom('disclosures as d')
    .leftJoin('users as u', (j) =>
      j.onRef('u.id', '=', 'd.assigned_reviewer_id').onRef('u.school_id', '=', 'd.school_id'),
    )
    .select(['d.id', 'd.school_id', 'd.workflow_id', 'd.athlete_user_id', 'd.assigned_reviewer_id'])
    .select(['u.first_name', 'u.last_name', 'u.status as reviewer_status'])
    .where(
      'd.id',
      'in',
      reviews.map((e) => e.entityId!),
    )
    .where('d.status', '=', 'PENDING')
    .where('d.archived_at', 'is', null)
    .where('d.assigned_reviewer_id', 'is not', null)
    .execute();
  const gone = rows.filter((r) => r.reviewer_status !== 'ACTIVE' && r.reviewer_status !== 'INVITED');
  for (const row of gone) {
    const execution = reviews.find((e) => e.entityId === row.id);
    if (!execution || (execution.schoolId && execution.schoolId !== row.school_id)) continue;
    const reviewers = await listReviewers(db, row.school_id);
    const next = reviewers.find((r) => r.id !== row.assigned_reviewer_id && r.id !== row.athlete_user_id);
    out.set(execution.workflowId, {
      stepName: 'Review',
      assigneeLabel: row.first_name ? `${row.first_name} ${row.last_name ?? ''}`.trim() : 'a removed reviewer',
      suggestedAssignee: next ? { id: next.id, name: next.name } : null,
    });
  }
  return out;
}

function isUuid(value: string): boolean {
  return /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value);
}
