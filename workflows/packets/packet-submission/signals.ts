import * as wf from '@temporalio/workflow';
import { OPERATOR_SIGNALS_PATCH } from '../../../domain/workflows';
import {
  MAX_SUBMISSION_RESENDS,
  resendStepNotificationSignal,
  resendSubmissionSignal,
  submissionStateQuery,
  taskReassignedSignal,
  voidSubmissionSignal,
} from './contract';
import { pendingSlots, setStep, snapshot, stepState, type SubmissionRun } from './run';

/**
 * The state query and the sender's and the operator console's signals. A signal only notes the request; the step
 * loop carries it out (a void ends the run, a resend or a reassignment is written at the active step).
 */
export function handleSignals(run: SubmissionRun): void {
  wf.setHandler(submissionStateQuery, () => snapshot(run));

  wf.setHandler(voidSubmissionSignal, (info) => {
    if (!run.ended && !run.closing) run.closing = { kind: 'VOIDED', info };
  });
  wf.setHandler(resendSubmissionSignal, () => {
    if (run.ended || run.resends.asked >= MAX_SUBMISSION_RESENDS) return;
    run.resends.asked += 1;
  });
  // Runs started before the console's signals were handled ignore them (the patch keeps their replay unchanged).
  wf.setHandler(resendStepNotificationSignal, () => {
    if (!run.patched(OPERATOR_SIGNALS_PATCH)) return;
    if (run.ended || run.closing || !run.phase || run.resends.asked >= MAX_SUBMISSION_RESENDS) return;
    run.resends.asked += 1;
  });
  wf.setHandler(taskReassignedSignal, (change) => {
    if (!run.patched(OPERATOR_SIGNALS_PATCH)) return;
    const current = run.phase;
    if (run.ended || run.closing || !current || !change?.toUserId) return;
    // The inbox row's step id is `<step>#<round>@<slot>`: only a task of the active step's round counts.
    const prefix = `${current.key}@`;
    if (typeof change.stepId !== 'string' || !change.stepId.startsWith(prefix)) return;
    const slotKey = change.stepId.slice(prefix.length);
    const at = current.slots.findIndex((s) => s.key === slotKey);
    if (at < 0 || current.acted.has(slotKey) || current.inFlight.has(slotKey)) return;
    // The slot keeps its key (so the inbox row still matches it) and now belongs to one user only.
    current.slots[at] = {
      key: slotKey,
      kind: 'USER',
      userId: change.toUserId,
      label: change.toName?.trim() || 'Reassigned user',
    };
    const last = stepState(run, current.stepId);
    setStep(run, current.stepId, { ...last, waitingOn: pendingSlots(current).map((s) => s.label) });
    run.reassignments.asked += 1;
  });
}
