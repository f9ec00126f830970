import type { Transaction } from 'kysely';
import { listReviewers } from '../../api/disclosures/disclosures.repository';
import { ensureTasks } from '../../api/tasks/tasks.repository';
import { DISCLOSURE_TYPE_LABELS, type DisclosureStatus, type DisclosureType } from '../../domain/disclosures';
import { workflowIds } from '../../domain/workflows';
import type { Database } from '../../migrations/database';

/** Transitions by which the person a task waited on acted (their task is done); any other closes it as cancelled. */
const ACTED = new Set(['submit', 'resubmit', 'approve', 'reject', 'requestChange']);

/**
 * Keeps a disclosure's rows in the task inbox in step with its state, in the transition's own transaction: a
 * pending disclosure waits on its assigned reviewer (else on every compliance reviewer of the school), one sent
 * back waits on its athlete. Step ids carry the transition's event key, so each round gets its own tasks and a
 * retried transition (skipped as a whole by its event key) opens nothing twice.
 */
export async function syncDisclosureTasks(
  trx: Transaction<Database>,
  input: { schoolId: string; disclosureId: string; eventKey: string; action: string; actorUserId: string },
): Promise<void> {
  const workflowId = workflowIds.disclosure(input.disclosureId);
  const acted = ACTED.has(input.action);
  await trx
    .updateTable('tasks')
    .set({
      status: acted ? 'DONE' : 'CANCELLED',
      completed_at: new Date(),
      completed_by: acted ? input.actorUserId : null,
    })
    .where('school_id', '=', input.schoolId)
    .where('workflow_id', '=', workflowId)
    .where('status', '=', 'OPEN')
    .execute();

  const d = await trx
    .selectFrom('disclosures as d')
    .innerJoin('users as u', 'u.id', 'd.athlete_user_id')
    .where('d.school_id', '=', input.schoolId)
    .where('d.id', '=', input.disclosureId)
    .select([
      'd.status',
      'd.type',
      'd.company_name',
      'd.start_date',
      'd.archived_at',
      'd.assigned_reviewer_id',
      'd.athlete_user_id',
      'u.first_name',
      'u.last_name',
    ])
    .executeTakeFirst();
  if (!d || d.archived_at) return;
  const status: DisclosureStatus = d.status;
  const type = DISCLOSURE_TYPE_LABELS[d.type as DisclosureType]?.toLowerCase() ?? 'NIL';
  const deal = d.company_name ? ` with ${d.company_name}` : '';
  const base = {
    workflowId,
    module: 'disclosure',
    entityId: input.disclosureId,
    url: `/disclosuredetail?id=${input.disclosureId}`,
  };
  if (status === 'PENDING') {
    const reviewers = d.assigned_reviewer_id
      ? [d.assigned_reviewer_id]
      : (await listReviewers(trx, input.schoolId)).map((r) => r.id);
    // The deal's start is when a decision is needed at the latest.
    const dueAt = d.start_date ? endOfDay(d.start_date as unknown) : null;
    await ensureTasks(
      trx,
      input.schoolId,
      reviewers.map((userId) => ({
        ...base,
        stepId: `review@${input.eventKey}`,
        stepName: 'Review',
        assigneeUserId: userId,
        title: `Review ${d.first_name} ${d.last_name}'s ${type} disclosure${deal}`,
        dueAt,
      })),
    );
  } else if (status === 'CHANGE_REQUESTED') {
    await ensureTasks(trx, input.schoolId, [
      {
        ...base,
        stepId: `change@${input.eventKey}`,
        stepName: 'Make the requested changes',
        assigneeUserId: d.athlete_user_id,
        title: `Update your ${type} disclosure${deal}`,
      },
    ]);
  }
}

/** The end (UTC) of a date column's day, whether the driver hands it over as text or as a Date. */
function endOfDay(value: unknown): Date {
  const day = value instanceof Date ? value.toISOString().slice(0, 10) : String(value).slice(0, 10);
  return new Date(`${day}T23:59:59Z`);
}
