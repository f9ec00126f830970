import * as wf from '@temporalio/workflow';
import type { PacketSubmissionActivities } from '../../../activities/packets/packet-submission.activities';

const WRITE_RETRY = { initialInterval: '1 second', backoffCoefficient: 2, maximumInterval: '1 minute' } as const;

/** Attempts a local write gets inside the worker before it is handed to a regular activity (see below). */
export const LOCAL_WRITE_ATTEMPTS = 3;

export type Writes = ReturnType<typeof wf.proxyActivities<PacketSubmissionActivities>>;

/**
 * The workflow's writes. From generation 2 they are local activities: the worker runs the write inside the workflow
 * task that decided it and reports both together, so an Update that moves the submission on answers in that one
 * workflow task, with no activity task for the server to schedule, hand out and record and no second workflow task.
 * The rows are then committed just before the server records the workflow task. A worker killed in between leaves
 * rows a step ahead of the recorded history: the retried task runs the same keyed writes again (nothing doubles),
 * and a person who acts on the newly listed step meanwhile is answered once the workflow has caught up
 * (`executeStepAction` waits while the database shows that step active).
 * A local write that fails `LOCAL_WRITE_ATTEMPTS` times (a few seconds) is handed to a regular activity with the
 * same input, which retries on the server's schedule where the operator console sees it failing ("keeps failing
 * and is retrying"), as every write of generation 1 did.
 */
export function recordsWithin(startToCloseMs = 60_000, local = false): Writes {
  const regular = wf.proxyActivities<PacketSubmissionActivities>({
    startToCloseTimeout: startToCloseMs,
    retry: WRITE_RETRY,
  });
  if (!local) return regular;
  const inWorker = wf.proxyLocalActivities<PacketSubmissionActivities>({
    startToCloseTimeout: startToCloseMs,
    retry: { ...WRITE_RETRY, maximumAttempts: LOCAL_WRITE_ATTEMPTS },
  });
  return new Proxy(regular, {
    get(_target, name) {
      if (typeof name !== 'string') return undefined;
      const fast = inWorker[name as keyof Writes] as (...args: unknown[]) => Promise<unknown>;
      const slow = regular[name as keyof Writes] as (...args: unknown[]) => Promise<unknown>;
      return async (...args: unknown[]) => {
        try {
          return await fast(...args);
        } catch (err) {
          if (wf.isCancellation(err)) throw err;
          return slow(...args);
        }
      };
    },
  });
}
