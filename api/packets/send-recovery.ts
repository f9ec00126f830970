import { WorkflowExecutionAlreadyStartedError, type Client, type WorkflowHandle } from '@temporalio/client';
import type { Kysely } from 'kysely';
import { packetWorkflowIds } from '../../domain/packets';
import type { Database } from '../../migrations/database';
import { packetSendWorkflow, type PacketSendInput } from '../../workflows/packets/packet-send.workflow';
import type { ServerDeps } from '../types';
import { taskQueueOf } from '../shared/workflow-client';
import { startInvitationBatch } from '../users/invitations.service';
import { hasInvitationBatch, listSendsWithoutWorkflow, markSendWorkflowStarted } from './packets.repository';
import type { SendTiming } from './send-plan';
import { startPeriodicPass } from '../shared/periodic-pass';

/**
 * A send is written in one transaction, then its packet-send workflow is started. A process that dies in between
 * leaves a send whose submissions no workflow will ever open (issue 36). `workflow_started_at` (migration 130) marks
 * the sends whose workflow was started; the reconciler below starts the workflow of every unmarked send older than
 * the grace period (a request still under way starts its own). The workflow's id is the send's and a second start is
 * refused even once the first run has closed (REJECT_DUPLICATE), so a send is carried out once however often the
 * request and the reconciler both try.
 */
type Db = Kysely<Database>;

/** How long a send may go without its workflow before the reconciler starts it. */
export const SEND_WORKFLOW_GRACE_MS = 2 * 60_000;
export const SEND_RECONCILE_INTERVAL_MS = 60_000;
const BATCH = 100;

/** The invitation batch of a send's recipients who had no account yet. */
export const invitationBatchOf = (sentPacketId: string) => `sent-packet:${sentPacketId}`;

/** The timings a send's workflow runs with (tests shorten them). */
export function sendWorkflowTiming(timing: SendTiming): NonNullable<PacketSendInput['timing']> {
  return {
    ...(timing.reminderEveryMs !== undefined ? { reminderEveryMs: timing.reminderEveryMs } : {}),
    ...(timing.activityTimeoutMs ? { activityTimeoutMs: timing.activityTimeoutMs } : {}),
    ...(timing.firstTaskDelayMs !== undefined ? { firstTaskDelayMs: timing.firstTaskDelayMs } : {}),
  };
}

/**
 * Starts the send's packet-send workflow (the one already started is the same work) and marks the send as started.
 * Returns the workflow's handle.
 */
export async function startSendWorkflow(
  deps: { db: Db; taskQueue?: string; now?: () => Date },
  temporal: Client,
  input: PacketSendInput,
): Promise<WorkflowHandle<typeof packetSendWorkflow>> {
  const workflowId = packetWorkflowIds.send(input.sentPacketId);
  let handle: WorkflowHandle<typeof packetSendWorkflow>;
  try {
    handle = await temporal.workflow.start(packetSendWorkflow, {
      workflowId,
      taskQueue: taskQueueOf(deps),
      workflowIdReusePolicy: 'REJECT_DUPLICATE',
      args: [input],
    });
  } catch (err) {
    if (!(err instanceof WorkflowExecutionAlreadyStartedError)) throw err;
    handle = temporal.workflow.getHandle<typeof packetSendWorkflow>(workflowId);
  }
  await markSendWorkflowStarted(deps.db, input.schoolId, input.sentPacketId, deps.now?.() ?? new Date());
  return handle;
}

export interface SendRecoveryResult {
  started: number;
  failed: number;
}

/**
 * Starts the workflow (and the invitation batch, when the send invited anyone) of every send older than `graceMs`
 * that has none. The first send that fails ends the pass (the workflow service is down); the rest waits.
 */
export async function recoverPacketSends(
  deps: Pick<ServerDeps, 'taskQueue' | 'packetTiming'> & { db: Db; temporal: Client; now?: () => Date },
  graceMs = SEND_WORKFLOW_GRACE_MS,
  /** One school only (tests); every school when left out. */
  schoolId?: string,
): Promise<SendRecoveryResult> {
  const result: SendRecoveryResult = { started: 0, failed: 0 };
  const now = deps.now?.() ?? new Date();
  const stuck = await listSendsWithoutWorkflow(deps.db, new Date(now.getTime() - graceMs), BATCH, schoolId);
  for (const send of stuck) {
    try {
      const batchId = invitationBatchOf(send.id);
      if (await hasInvitationBatch(deps.db, send.school_id, batchId)) {
        await startInvitationBatch(deps, deps.temporal, { schoolId: send.school_id, batchId });
      }
      await startSendWorkflow(deps, deps.temporal, {
        schoolId: send.school_id,
        sentPacketId: send.id,
        total: send.recipient_count,
        timing: sendWorkflowTiming(deps.packetTiming ?? {}),
      });
    } catch {
      result.failed += 1;
      break;
    }
    result.started += 1;
  }
  return result;
}

/** What the reconciler runs in: the server's dependencies and a logger (a Fastify app is one). */
export interface SendReconcilerHost {
  deps: Pick<ServerDeps, 'database' | 'temporal' | 'taskQueue' | 'packetTiming'> & {
    config: Pick<ServerDeps['config'], 'maintenance'>;
  };
  log: { info: (details: object, message: string) => void; error: (details: object, message: string) => void };
}

/** Runs the send reconciler when the API starts and every `intervalMs` after, one pass at a time, until stopped. */
export function startPacketSendReconciler(
  app: SendReconcilerHost,
  intervalMs = SEND_RECONCILE_INTERVAL_MS,
): { stop(): Promise<void> } {
  const { deps } = app;
  const temporal = deps.temporal;
  if (!temporal || deps.config.maintenance) return { stop: async () => undefined };
  return startPeriodicPass(
    () =>
      recoverPacketSends({ ...deps, db: deps.database.db, temporal })
        .then((r) => {
          if (r.started || r.failed) app.log.info(r, 'packets: started the workflows of interrupted sends');
        })
        .catch((err: unknown) => app.log.error({ err }, 'packets: recovering interrupted sends failed')),
    intervalMs,
  );
}
