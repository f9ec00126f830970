import * as wf from '@temporalio/workflow';
import { markStep } from '../../shared/search-attributes';
import { pendingSlots, type Phase, type SubmissionRun } from './run';
import { stateWrite, writePendingActions } from './writes';

/**
 * Reminders and expiry: the wait at an open step. While people act, it writes their actions, the operator's
 * reassignments and resends, and the reminders as they fall due, until the step is resolved, the sender voids the
 * run or the run expires. Each helper here returns the write's own promise, so splitting them out of the loop adds
 * no step to the order in which the workflow's commands are issued.
 */

/** From generation 3, one timer for the run's life (its pending timer ends with the run). */
export function startExpiryTimer(run: SubmissionRun): void {
  if (!run.generation3) return;
  void wf.sleep(Math.max(1, run.expiresAt - Date.now())).then(() => {
    run.expiryDue = true;
  });
}

/** Waits at the open step until it is resolved or the run closes (`run.closing` says which). */
export async function waitAtStep(run: SubmissionRun, current: Phase, remindFrom: number): Promise<void> {
  const { input } = run;
  let reminders = 0;
  let nextReminderAt = input.reminderEveryMs ? remindFrom + input.reminderEveryMs : null;
  const resolved = () => current.decision !== null || current.acted.size >= current.slots.length;
  for (;;) {
    if (run.closing) break;
    if (resolved() && current.inFlight.size === 0) break;
    // The step still waits on others: the actions taken so far are written on their own.
    if (run.pendingActions.length > 0 && current.inFlight.size === 0) {
      await writePendingActions(run);
      continue;
    }
    if (run.reassignments.done < run.reassignments.asked) {
      await writeReassignment(run, current);
      continue;
    }
    if (run.resends.done < run.resends.asked) {
      run.resends.done = run.resends.asked;
      reminders = 0;
      await remind(run, current, `${current.key}:resend-${run.resends.done}`, true);
      nextReminderAt = input.reminderEveryMs ? Date.now() + input.reminderEveryMs : null;
      continue;
    }
    const now = Date.now();
    if (run.expiryDue || now >= run.expiresAt) {
      run.closing = { kind: 'EXPIRED' };
      break;
    }
    if (nextReminderAt !== null && now >= nextReminderAt) {
      reminders += 1;
      await remind(run, current, `${current.key}:reminder-${reminders}-${run.resends.done}`, false);
      nextReminderAt =
        reminders < input.maxReminders && input.reminderEveryMs ? Date.now() + input.reminderEveryMs : null;
      continue;
    }
    // Actions recorded so far are fully handled: their Updates may answer now.
    if (current.inFlight.size === 0) run.processedSeq = run.actionSeq;
    await sleepUntilWoken(run, current, resolved, nextReminderAt, now);
  }
}

/** The operator handed a task to another user: the step's new waiting list, on the process and in the trail. */
function writeReassignment(run: SubmissionRun, current: Phase): Promise<void> {
  run.reassignments.done = run.reassignments.asked;
  const waiting = pendingSlots(current).map((s) => s.label);
  markStep(current.step.name, waiting.join(', '));
  return stateWrite(run, {
    event: {
      kind: 'RECIPIENT_CHANGED',
      key: `${current.key}:reassigned-${run.reassignments.done}`,
      stepId: current.step.id,
      details: { waitingOn: waiting },
    },
  });
}

/** Reminds the slots that have not acted yet (a manual resend or a reminder due). */
function remind(run: SubmissionRun, current: Phase, eventKey: string, manual: boolean): Promise<void> {
  return run.records.remindPhase({
    ...run.ref,
    phaseKey: current.key,
    slots: pendingSlots(current),
    packetName: run.input.packetName,
    eventKey,
    manual,
  });
}

/** Sleeps until something needs the step loop, a reminder falls due or (before generation 3) the run expires. */
function sleepUntilWoken(
  run: SubmissionRun,
  current: Phase,
  resolved: () => boolean,
  nextReminderAt: number | null,
  now: number,
): Promise<boolean | void> {
  const woken = () =>
    run.closing !== null ||
    run.expiryDue ||
    run.resends.done < run.resends.asked ||
    run.reassignments.done < run.reassignments.asked ||
    (current.inFlight.size === 0 && (resolved() || run.actionSeq > run.processedSeq));
  if (run.generation3) {
    // The run's expiry timer wakes this wait; a timer of the step's own only for a reminder due before it.
    if (nextReminderAt !== null && nextReminderAt < run.expiresAt) {
      return wf.condition(woken, Math.max(1, nextReminderAt - now));
    }
    return wf.condition(woken);
  }
  const wakeAt = nextReminderAt === null ? run.expiresAt : Math.min(nextReminderAt, run.expiresAt);
  return wf.condition(woken, Math.max(1, wakeAt - now));
}
