import * as wf from '@temporalio/workflow';
import type { InvitationBatchActivities } from '../../activities/invitations/invitation-batch.activities';
import { markStep, tagProcess } from '../shared/search-attributes';

/**
 * Starts the invitation processes of invitations written together (id `invitation-batch:<batchId>`): a bulk upload
 * (`upload:<uploadId>`) or a roster's approved additions. Durable: the batch is read from PostgreSQL in a stable
 * order, 100 invitations per activity and a few activities at a time; a worker killed mid-batch resumes at the batch it was on, and each
 * invitation's process has the invitation's own id (REJECT_DUPLICATE), so none is started twice and none skipped.
 *
 * For an upload, the API starts this process inside the import's transaction, before it commits: the first
 * activity waits until the import is committed (or finds it rolled back, and ends). Progress is a Query, the
 * process's step name in the operator console, and the upload row the uploader's progress bar polls.
 */
export interface InvitationBatchInput {
  schoolId: string;
  batchId: string;
  /** The bulk upload whose invitations these are (its progress is written as batches are started). */
  uploadId?: string;
}

export interface InvitationBatchProgress {
  total: number;
  started: number;
  finished: boolean;
}

export const INVITATION_BATCH_SIZE = 100;
/** Batches running at once (each starts several processes at a time). */
export const INVITATION_PARALLEL_BATCHES = 3;

export const invitationBatchProgressQuery = wf.defineQuery<InvitationBatchProgress>('invitationBatchProgress');

const open = wf.proxyActivities<InvitationBatchActivities>({
  startToCloseTimeout: '30 seconds',
  // Retried quickly while the import's transaction is still open (the activity fails until it has committed).
  retry: { initialInterval: '250 milliseconds', backoffCoefficient: 1.5, maximumInterval: '5 seconds' },
});

const acts = wf.proxyActivities<InvitationBatchActivities>({
  startToCloseTimeout: '5 minutes',
  // A killed worker's batch is picked up again within seconds (the activity heartbeats per process started).
  heartbeatTimeout: '15 seconds',
  retry: { initialInterval: '1 second', backoffCoefficient: 2, maximumInterval: '30 seconds' },
});

export function invitationBatchStep(started: number, total: number): string {
  return `Started ${started.toLocaleString('en-US')} of ${total.toLocaleString('en-US')} invitations`;
}

export async function invitationBatchWorkflow(input: InvitationBatchInput): Promise<InvitationBatchProgress> {
  const progress: InvitationBatchProgress = { total: 0, started: 0, finished: false };
  wf.setHandler(invitationBatchProgressQuery, () => ({ ...progress }));
  tagProcess({ schoolId: input.schoolId, module: 'invitation-batch', entityId: input.uploadId ?? input.batchId });
  markStep('Waiting for the import to be stored', null);
  const { total } = await open.openInvitationBatch(input);
  progress.total = total;
  const offsets: number[] = [];
  for (let offset = 0; offset < total; offset += INVITATION_BATCH_SIZE) offsets.push(offset);
  let next = 0;
  const lane = async () => {
    while (next < offsets.length) {
      const offset = offsets[next++]!;
      // A lower bound of what is started (batches still running are not counted), written as the bar's progress.
      const startedBefore = progress.started;
      markStep(invitationBatchStep(startedBefore, total), null);
      const started = await acts.startInvitationBatch({
        ...input,
        offset,
        limit: INVITATION_BATCH_SIZE,
        startedBefore,
        total,
      });
      // Added after the await (`x += await y` would add to the value read before it, losing other lanes' counts).
      progress.started += started;
    }
  };
  await Promise.all(Array.from({ length: Math.min(INVITATION_PARALLEL_BATCHES, offsets.length) }, lane));
  if (input.uploadId) await acts.finishInvitationBatch({ ...input, started: progress.started, total });
  progress.finished = true;
  markStep(`Done: ${invitationBatchStep(progress.started, total).toLowerCase()}`, null);
  return progress;
}
