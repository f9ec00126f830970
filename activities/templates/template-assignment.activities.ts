import { ApplicationFailure, Context } from '@temporalio/activity';
import { sql, type Kysely } from 'kysely';
import {
  normalizeInstitutionFilter,
  type InstitutionFilter,
  type TemplateAssignmentBatchInput,
  type TemplateAssignmentBatchResult,
} from '../../domain/templates';
import type { Database } from '../../migrations/database';
import { recordAudit } from '../../api/audit/audit.repository';
import { whereInstitutions } from '../../api/templates/templates.repository';
import { sideEffectKey } from '../shared/idempotency';

/**
 * Activities of the template assignment workflow. Each is idempotent: a batch writes a row keyed by (job, batch)
 * in the same transaction as its assignments, audit events and progress, so a retried or repeated batch changes
 * nothing and counts nothing twice.
 */

function workflowIdOf(): string {
  const id = Context.current().info.workflowExecution?.workflowId;
  if (!id) throw new Error('Template assignment activities run inside the assignment workflow');
  return id;
}

export function createTemplateAssignmentActivities(deps: { db: Kysely<Database> }) {
  const { db } = deps;

  async function loadJob(jobId: string) {
    return db
      .selectFrom('template_assignment_jobs')
      .select(['id', 'template_id', 'action', 'selection', 'requested_by', 'status', 'total', 'done', 'failed'])
      .where('id', '=', jobId)
      .executeTakeFirstOrThrow();
  }

  return {
    /**
     * The schools the job acts on, resolved once from what the operator asked (ids or a filter) and written to the
     * job as its total. Un-assigning by filter only touches schools that have the template.
     */
    async resolveTemplateAssignmentTargets(input: { jobId: string }): Promise<string[]> {
      const job = await loadJob(input.jobId);
      // Its claim was released as stale before this workflow started (issue 36): another job has taken its place.
      if (job.status !== 'RUNNING') throw ApplicationFailure.nonRetryable('The job is no longer running', 'JOB_CLOSED');
      const selection = job.selection as { schoolIds?: string[]; filter?: InstitutionFilter };
      let query = whereInstitutions(db.selectFrom('schools').select('schools.id'), {});
      if (selection.schoolIds) {
        query = query.where('schools.id', 'in', selection.schoolIds.length > 0 ? selection.schoolIds : ['']);
      } else {
        query = whereInstitutions(query, normalizeInstitutionFilter(selection.filter ?? {}));
      }
      if (job.action === 'UNASSIGN') {
        query = query.where((eb) =>
          eb.exists(
            eb
              .selectFrom('template_assignments as a')
              .select('a.school_id')
              .whereRef('a.school_id', '=', 'schools.id')
              .where('a.template_id', '=', job.template_id)
              .where('a.unassigned_at', 'is', null),
          ),
        );
      }
      const rows = selection.schoolIds?.length === 0 ? [] : await query.orderBy('schools.id').execute();
      const ids = rows.map((r) => r.id);
      await db
        .updateTable('template_assignment_jobs')
        .set({ total: ids.length })
        .where('id', '=', input.jobId)
        .execute();
      return ids;
    },

    /** Assigns (or un-assigns) one batch of schools in one transaction: multi-row writes, one audit row per school. */
    async applyTemplateAssignmentBatch(input: TemplateAssignmentBatchInput): Promise<TemplateAssignmentBatchResult> {
      const workflowId = workflowIdOf();
      return db.transaction().execute(async (trx) => {
        const claimed = await trx
          .insertInto('template_assignment_job_batches')
          .values({ job_id: input.jobId, batch: input.batch, done: 0, failed: 0 })
          .onConflict((oc) => oc.columns(['job_id', 'batch']).doNothing())
          .returning('batch')
          .executeTakeFirst();
        if (!claimed) {
          const earlier = await trx
            .selectFrom('template_assignment_job_batches')
            .select(['done', 'failed'])
            .where('job_id', '=', input.jobId)
            .where('batch', '=', input.batch)
            .executeTakeFirstOrThrow();
          return earlier;
        }
        const job = await trx
          .selectFrom('template_assignment_jobs')
          .select(['template_id', 'action', 'requested_by'])
          .where('id', '=', input.jobId)
          .executeTakeFirstOrThrow();
        const ids = input.schoolIds.length > 0 ? input.schoolIds : [''];
        let touched: string[];
        if (job.action === 'ASSIGN') {
          // Still-existing schools only; an assignment already live is left as it was (its date stays).
          const existing = await trx
            .selectFrom('schools')
            .select('id')
            .where('id', 'in', ids)
            .where('kind', '=', 'SCHOOL')
            .execute();
          touched = existing.map((r) => r.id);
          if (touched.length > 0) {
            await trx
              .insertInto('template_assignments')
              .values(
                touched.map((schoolId) => ({
                  template_id: job.template_id,
                  school_id: schoolId,
                  assigned_by: job.requested_by,
                  job_id: input.jobId,
                })),
              )
              .onConflict((oc) =>
                oc
                  .columns(['template_id', 'school_id'])
                  .doUpdateSet({
                    assigned_at: sql`now()`,
                    assigned_by: (eb) => eb.ref('excluded.assigned_by'),
                    job_id: (eb) => eb.ref('excluded.job_id'),
                    unassigned_at: null,
                  })
                  .where('template_assignments.unassigned_at', 'is not', null),
              )
              .execute();
          }
        } else {
          await trx
            .updateTable('template_assignments')
            .set({ unassigned_at: sql`now()` })
            .where('template_id', '=', job.template_id)
            .where('school_id', 'in', ids)
            .where('unassigned_at', 'is', null)
            .execute();
          // A school un-assigned meanwhile is done all the same: it no longer has the template.
          touched = input.schoolIds;
        }
        const action = job.action === 'ASSIGN' ? 'template.assigned' : 'template.unassigned';
        if (touched.length > 0) {
          await trx
            .insertInto('audit_events')
            .values(
              touched.map((schoolId) => ({
                school_id: schoolId,
                actor_user_id: job.requested_by,
                action,
                target_type: 'template',
                target_id: job.template_id,
                details: JSON.stringify({ jobId: input.jobId }),
                idempotency_key: sideEffectKey('audit', workflowId, `${job.action.toLowerCase()}-${schoolId}`),
              })),
            )
            .onConflict((oc) => oc.column('idempotency_key').doNothing())
            .execute();
        }
        const result = { done: touched.length, failed: input.schoolIds.length - touched.length };
        await trx
          .updateTable('template_assignment_job_batches')
          .set(result)
          .where('job_id', '=', input.jobId)
          .where('batch', '=', input.batch)
          .execute();
        await trx
          .updateTable('template_assignment_jobs')
          .set((eb) => ({ done: eb('done', '+', result.done), failed: eb('failed', '+', result.failed) }))
          .where('id', '=', input.jobId)
          .execute();
        return result;
      });
    },

    /** A batch that kept failing: its schools count as failed, once. */
    async failTemplateAssignmentBatch(input: TemplateAssignmentBatchInput): Promise<void> {
      await db.transaction().execute(async (trx) => {
        const claimed = await trx
          .insertInto('template_assignment_job_batches')
          .values({ job_id: input.jobId, batch: input.batch, done: 0, failed: input.schoolIds.length })
          .onConflict((oc) => oc.columns(['job_id', 'batch']).doNothing())
          .returning('batch')
          .executeTakeFirst();
        if (!claimed) return;
        await trx
          .updateTable('template_assignment_jobs')
          .set((eb) => ({ failed: eb('failed', '+', input.schoolIds.length) }))
          .where('id', '=', input.jobId)
          .execute();
      });
    },

    /** Closes the job (completed, or failed when its schools could not even be resolved) with a provider audit event. */
    async finishTemplateAssignmentJob(input: {
      jobId: string;
      providerSchoolId: string;
      failed: boolean;
    }): Promise<void> {
      const workflowId = workflowIdOf();
      const job = await db
        .updateTable('template_assignment_jobs')
        .set({ status: input.failed ? 'FAILED' : 'COMPLETED', completed_at: sql`coalesce(completed_at, now())` })
        .where('id', '=', input.jobId)
        .returning(['template_id', 'action', 'requested_by', 'total', 'done', 'failed'])
        .executeTakeFirstOrThrow();
      await recordAudit(db, {
        schoolId: input.providerSchoolId,
        actorUserId: job.requested_by,
        action: job.action === 'ASSIGN' ? 'template.assignment_completed' : 'template.unassignment_completed',
        targetType: 'template',
        targetId: job.template_id,
        details: { jobId: input.jobId, total: job.total, done: job.done, failed: job.failed, ok: !input.failed },
        idempotencyKey: sideEffectKey('audit', workflowId, 'finished'),
      });
    },
  };
}

export type TemplateAssignmentActivities = ReturnType<typeof createTemplateAssignmentActivities>;
