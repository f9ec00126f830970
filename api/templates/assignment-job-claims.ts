import { WorkflowNotFoundError, type Client } from '@temporalio/client';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../migrations/database';

/**
 * A template's RUNNING assignment job is its claim: one job per template runs at a time (a unique partial index).
 * The job row is written before its workflow is started, so a process killed in between left a RUNNING row that no
 * workflow would ever finish, and every later assignment answered TEMPLATE_ASSIGNMENT_RUNNING (issue 36). A claim
 * older than the grace period whose workflow does not exist (or has ended without closing the job) is stale: it is
 * closed as FAILED so the operator's retry can take its place. A job whose workflow starts after its claim was
 * released does nothing (the assignment activities refuse a job that is no longer RUNNING), so the work never runs
 * twice.
 */
type Db = Kysely<Database>;

/** How long a RUNNING job may go without a running workflow before another job may take its place. */
export const ASSIGNMENT_JOB_CLAIM_GRACE_MINUTES = 5;

/** Closes the template's stale running job, if it has one; true when a new job may now be inserted. */
export async function releaseStaleAssignmentJob(db: Db, temporal: Client, templateId: string): Promise<boolean> {
  const job = await db
    .selectFrom('template_assignment_jobs')
    .select(['id', 'workflow_id'])
    .where('template_id', '=', templateId)
    .where('status', '=', 'RUNNING')
    .where('created_at', '<', sql<Date>`now() - make_interval(mins => ${ASSIGNMENT_JOB_CLAIM_GRACE_MINUTES})`)
    .executeTakeFirst();
  if (!job) return false;
  try {
    const description = await temporal.workflow.getHandle(job.workflow_id).describe();
    // A workflow that ended has written its job's ending, or never will.
    if (description.status.name === 'RUNNING') return false;
  } catch (err) {
    if (!(err instanceof WorkflowNotFoundError)) throw err;
  }
  const released = await db
    .updateTable('template_assignment_jobs')
    .set({ status: 'FAILED', completed_at: sql`now()` })
    .where('id', '=', job.id)
    .where('status', '=', 'RUNNING')
    .returning('id')
    .executeTakeFirst();
  return Boolean(released);
}
