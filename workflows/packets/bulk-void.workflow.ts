import * as wf from '@temporalio/workflow';
import type { PacketBulkActivities } from '../../activities/packets/packet-bulk.activities';
import { markStep, tagProcess } from '../shared/search-attributes';
import type { VoidSubmissionInput } from '../../domain/packets';
import { voidSubmissionSignal } from './packet-submission.workflow';

/**
 * Bulk void of one sent packet (id `bulk-void:<sentPacketId>`), of every sent packet of an archived folder's
 * packets (id `bulk-void:folder:<folderId>`, spec: "folder archive asynchronous"), or of an archived packet's sends
 * (id `bulk-void:packet:<packetId>`): lists the submissions still running, signals void to each submission workflow
 * in batches (each one writes its own ending), exposes progress through a Query, and ends with a confirmation e-mail
 * to the person who asked (spec part 2 §4: "Bulk void is asynchronous and ends with a confirmation email"). A
 * packet's archive answers at once and sends no confirmation, as before it went through this workflow.
 */
export interface BulkVoidInput {
  schoolId: string;
  /** One of three: the sent packet, the archived folder whose packets' submissions are voided, or the archived packet. */
  sentPacketId?: string;
  folderId?: string;
  packetId?: string;
  void: VoidSubmissionInput;
  requestedByUserId: string;
}

export interface BulkVoidProgress {
  total: number;
  done: number;
  finished: boolean;
}

export const bulkVoidProgressQuery = wf.defineQuery<BulkVoidProgress>('bulkVoidProgress');

const BATCH = 50;

const acts = wf.proxyActivities<PacketBulkActivities>({
  startToCloseTimeout: '1 minute',
  retry: { initialInterval: '1 second', backoffCoefficient: 2, maximumInterval: '1 minute' },
});

function scopeOf(input: BulkVoidInput): { schoolId: string; sentPacketId?: string; folderId?: string } {
  return input.folderId
    ? { schoolId: input.schoolId, folderId: input.folderId }
    : { schoolId: input.schoolId, sentPacketId: input.sentPacketId! };
}

function listScopeOf(input: BulkVoidInput): {
  schoolId: string;
  sentPacketId?: string;
  folderId?: string;
  packetId?: string;
} {
  return input.packetId ? { schoolId: input.schoolId, packetId: input.packetId } : scopeOf(input);
}

export async function bulkVoidWorkflow(input: BulkVoidInput): Promise<BulkVoidProgress> {
  const progress: BulkVoidProgress = { total: 0, done: 0, finished: false };
  wf.setHandler(bulkVoidProgressQuery, () => ({ ...progress }));
  tagProcess({
    schoolId: input.schoolId,
    module: 'bulk-void',
    entityId: input.sentPacketId ?? input.folderId ?? input.packetId ?? '',
  });
  markStep('list-submissions', null);
  const workflowIds = await acts.listOpenSubmissionWorkflows(listScopeOf(input));
  progress.total = workflowIds.length;
  markStep('void-submissions', null);
  for (let i = 0; i < workflowIds.length; i += BATCH) {
    await Promise.all(
      workflowIds.slice(i, i + BATCH).map(async (id) => {
        try {
          await wf.getExternalWorkflowHandle(id).signal(voidSubmissionSignal, input.void);
        } catch (err) {
          // A submission that ended meanwhile has nothing left to void.
          wf.log.info('Submission already ended', { workflowId: id, error: String(err) });
        }
        progress.done += 1;
      }),
    );
  }
  if (!input.packetId) {
    markStep('confirm', null);
    await acts.mailBulkVoidConfirmation({
      ...scopeOf(input),
      userId: input.requestedByUserId,
      total: progress.total,
    });
  }
  progress.finished = true;
  markStep('done', null);
  return progress;
}
