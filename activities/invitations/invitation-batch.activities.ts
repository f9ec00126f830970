import { forEachConcurrently } from '../../domain/concurrency';
import { firstTaskDelayMs } from '../../domain/packets';
import { ApplicationFailure, Context } from '@temporalio/activity';
import { WorkflowExecutionAlreadyStartedError, type Client } from '@temporalio/client';
import { sql, type Kysely } from 'kysely';
import { findSchoolSettings } from '../../api/school/school.repository';
import { invitationTiming } from '../../api/school/school.service';
import type { Database } from '../../migrations/database';
import { invitationWorkflow } from '../../domain/invitation-workflow';
import { processSearchAttributes, stepSearchAttributes } from '../../domain/search-attributes';

/** Invitation processes started at once by one batch activity. */
export const INVITATION_STARTS_IN_FLIGHT = 24;

/** The invitation process's first step, as its workflow names it (it starts there, waiting on the person). */
const FIRST_STEP = 'send-invitation';

/** An import that has written no progress for this long died with its transaction (nothing of it was stored). */
export const ABANDONED_IMPORT_MS = 10 * 60_000;

export interface InvitationBatchRef {
  schoolId: string;
  batchId: string;
  uploadId?: string;
}

/**
 * The invitation-batch workflow's activities. Both are safe to run again at any point: the batch is listed in the
 * order of the invitations' ids, a process already started is left as it is, and progress is written as absolute
 * numbers.
 */
export function createInvitationBatchActivities(deps: { db: Kysely<Database>; temporal?: Client }) {
  const { db } = deps;

  async function countBatch(ref: InvitationBatchRef): Promise<number> {
    const row = await db
      .selectFrom('invitations')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('school_id', '=', ref.schoolId)
      .where('batch_id', '=', ref.batchId)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  return {
    /**
     * How many invitations the batch holds, once they are committed. For an upload still importing, fails (and is
     * retried) until its transaction commits; an upload back to CHECKED was rolled back (nothing to start), and
     * one left IMPORTING with no progress for ABANDONED_IMPORT_MS died with the API process: it is put back to
     * CHECKED so the person can import it again.
     */
    async openInvitationBatch(ref: InvitationBatchRef): Promise<{ total: number }> {
      if (ref.uploadId) {
        const upload = await db
          .selectFrom('athlete_uploads')
          .select(['status', 'updated_at'])
          .where('school_id', '=', ref.schoolId)
          .where('id', '=', ref.uploadId)
          .executeTakeFirst();
        if (!upload) return { total: 0 };
        if (upload.status === 'IMPORTING') {
          if (Date.now() - new Date(upload.updated_at).getTime() < ABANDONED_IMPORT_MS) {
            throw ApplicationFailure.retryable('The import has not been committed yet', 'IMPORT_NOT_COMMITTED');
          }
          await db
            .updateTable('athlete_uploads')
            .set({ status: 'CHECKED', progress: '{}', updated_at: new Date() })
            .where('id', '=', ref.uploadId)
            .where('status', '=', 'IMPORTING')
            .execute();
          return { total: 0 };
        }
        if (upload.status !== 'IMPORTED') return { total: 0 };
      }
      return { total: await countBatch(ref) };
    },

    /**
     * Starts the invitation processes of invitations `offset`..`offset + limit` of the batch (still pending ones;
     * one accepted or revoked meanwhile needs none) and, for an upload, writes how many are started so far.
     *
     * Issue 35: a roster of 1,000 took 52 s to start, because every run began at once (a workflow task, a mail
     * activity, another workflow task each), so the server and this worker spent the batch on the first runs' work
     * and the batch's next activities queued behind their mails. As a packet send does, a large batch starts its runs
     * with their first workflow task deferred (`firstTaskDelayMs`), each already tagged with its attributes and its
     * first step (nothing to write on its first task), and with the row's own expiry, which the deferral does not
     * move; the reminder counts from the mail as before.
     */
    async startInvitationBatch(
      input: InvitationBatchRef & { offset: number; limit: number; startedBefore: number; total: number },
    ): Promise<number> {
      const temporal = deps.temporal;
      if (!temporal) throw new Error('The invitation-batch activities need a Temporal client');
      const rows = await db
        .selectFrom('invitations')
        .select(['id', 'user_id', 'status', 'workflow_id', 'expires_at', 'created_at'])
        .where('school_id', '=', input.schoolId)
        .where('batch_id', '=', input.batchId)
        .orderBy('id')
        .offset(input.offset)
        .limit(input.limit)
        .execute();
      const timing = invitationTiming(await findSchoolSettings(db, input.schoolId));
      const startDelayMs = firstTaskDelayMs(input.total);
      const context = Context.current();
      const taskQueue = context.info.taskQueue;
      let started = 0;
      await forEachConcurrently(rows, INVITATION_STARTS_IN_FLIGHT, async (row) => {
        if (row.status === 'PENDING') {
          try {
            await temporal.workflow.start(invitationWorkflow, {
              workflowId: row.workflow_id,
              taskQueue,
              workflowIdReusePolicy: 'REJECT_DUPLICATE',
              ...(startDelayMs > 0 ? { startDelay: startDelayMs } : {}),
              args: [
                {
                  invitationId: row.id,
                  schoolId: input.schoolId,
                  userId: row.user_id,
                  reminderAfterMs: timing.reminderAfterHours * 3_600_000,
                  expireAfterMs: Math.max(
                    1000,
                    new Date(row.expires_at).getTime() - new Date(row.created_at).getTime(),
                  ),
                  expiresAtMs: new Date(row.expires_at).getTime(),
                  startTagged: true,
                },
              ],
              typedSearchAttributes: [
                ...processSearchAttributes({ schoolId: input.schoolId, module: 'invitation', entityId: row.id }),
                ...stepSearchAttributes(FIRST_STEP, row.user_id),
              ],
            });
          } catch (err) {
            if (!(err instanceof WorkflowExecutionAlreadyStartedError)) throw err;
          }
        }
        started += 1;
        context.heartbeat(started);
      });
      if (input.uploadId) {
        // Batches run side by side: each raises the count to what it knows is started, never lowers it.
        const done = Math.min(input.total - 1, input.startedBefore + started);
        await db
          .updateTable('athlete_uploads')
          .set({
            invitations_started: sql<number>`greatest(invitations_started, ${done})`,
            progress: sql<string>`case when progress->>'stage' = 'invite' and coalesce((progress->>'done')::int, 0) < ${done}
              then ${JSON.stringify({ stage: 'invite', done, total: input.total })}::jsonb else progress end`,
            updated_at: new Date(),
          })
          .where('school_id', '=', input.schoolId)
          .where('id', '=', input.uploadId)
          .execute();
      }
      return started;
    },

    /** The upload's invitations are all started (or were not pending any more): its progress reaches the end. */
    async finishInvitationBatch(input: InvitationBatchRef & { started: number; total: number }): Promise<void> {
      if (!input.uploadId) return;
      await db
        .updateTable('athlete_uploads')
        .set({
          invitations_started: input.started,
          progress: JSON.stringify({ stage: 'done', done: input.total, total: input.total }),
          updated_at: new Date(),
        })
        .where('school_id', '=', input.schoolId)
        .where('id', '=', input.uploadId)
        .execute();
    },
  };
}

export type InvitationBatchActivities = ReturnType<typeof createInvitationBatchActivities>;
