import * as wf from '@temporalio/workflow';
import type { SubmissionStatus } from '../../../domain/packets';
import { markStep } from '../../shared/search-attributes';
import { setStep, type SubmissionRun } from './run';
import { recordSent, takePendingActions } from './writes';

/**
 * The ending: one write of the outcome (voided, expired, rejected or completed) with the status and steps, any owed
 * state and the actions that ended it; then the Updates still waiting answer and the run returns its status.
 */
export async function finish(run: SubmissionRun): Promise<SubmissionStatus> {
  run.phase = null;
  run.firstStepReached = true;
  await recordSent(run);
  // The ending writes the status and steps (and clears a change request once completed): any owed state with them.
  const closing = run.closing;
  const outcome = closing?.kind ?? (run.status === 'REJECTED' ? 'REJECTED' : 'COMPLETED');
  if (closing?.kind === 'VOIDED') {
    run.status = 'VOIDED';
    for (const s of run.steps)
      if (s.status === 'ACTIVE' || s.status === 'PENDING') setStep(run, s.stepId, { ...s, status: 'VOIDED' });
  } else if (closing?.kind === 'EXPIRED') {
    for (const s of run.steps)
      if (s.status === 'ACTIVE') setStep(run, s.stepId, { ...s, status: 'FAILED', decision: 'EXPIRED' });
  } else if (outcome === 'COMPLETED') {
    run.status = run.approverActed ? 'APPROVED' : run.submitterActed ? 'AUTO_APPROVED' : 'NOT_APPLICABLE';
  }
  await run.records.finishSubmission({
    ...run.ref,
    outcome,
    status: run.status,
    steps: run.steps,
    ...(closing?.kind === 'VOIDED' ? { void: closing.info } : {}),
    packetName: run.input.packetName,
    ...takePendingActions(run),
  });
  run.ended = true;
  run.processedSeq = run.actionSeq;
  markStep(run.status.toLowerCase(), null);
  await wf.condition(wf.allHandlersFinished);
  return run.status;
}
