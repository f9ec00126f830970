import type { StepActionRecord } from '../../../activities/packets/packet-submission.activities';
import { copySteps, type SubmissionRun } from './run';

/** An event a state write appends to the submission's trail. */
export interface StateEvent {
  kind: string;
  key: string;
  stepId?: string;
  details?: Record<string, unknown>;
}

/** The actions taken and not yet written, for the next write to carry (ACTION_WITH_NEXT_WRITE_PATCH). */
export function takePendingActions(run: SubmissionRun): { actions?: StepActionRecord[] } {
  return run.pendingActions.length > 0 ? { actions: run.pendingActions.splice(0) } : {};
}

/** Writes the actions taken so far on their own (nothing else to carry them). */
export function writePendingActions(run: SubmissionRun): Promise<void> {
  return run.records.recordStepActions({ actions: run.pendingActions.splice(0) });
}

/** The change request as the submission row keeps it. */
export function changeRequestRow(run: SubmissionRun): { comment: string; questionIds: string[] } | null {
  return run.changeRequest ? { comment: run.changeRequest.comment, questionIds: run.changeRequest.questionIds } : null;
}

/** Records the SENT event on its own: before the first write that is not the opening of a step. */
export async function recordSent(run: SubmissionRun): Promise<void> {
  if (run.sentRecorded) return;
  run.sentRecorded = true;
  await run.records.startSubmission({ ...run.ref, steps: copySteps(run) });
}

/** Writes the whole state (and any actions taken), with an event when given; it pays a done step's owed state. */
export async function stateWrite(run: SubmissionRun, extra: { event?: StateEvent } = {}): Promise<void> {
  await recordSent(run);
  run.stateOwed = false;
  await run.records.updateSubmission({
    ...run.ref,
    ...takePendingActions(run),
    status: run.status,
    steps: copySteps(run),
    activeStepId: run.phase?.stepId ?? null,
    activeStepName: run.phase?.step.name ?? null,
    round: run.round,
    changeRequest: changeRequestRow(run),
    ...extra,
  });
}
