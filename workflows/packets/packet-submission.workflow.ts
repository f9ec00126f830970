import * as wf from '@temporalio/workflow';
import type { PacketSubmissionInput, SubmissionStatus } from '../../domain/packets';
import { SchoolIdKey, tagProcess } from '../shared/search-attributes';
import { handleActions } from './packet-submission/actions';
import { finish } from './packet-submission/ending';
import { SENT_WITH_FIRST_STEP_PATCH } from './packet-submission/generations';
import { createRun } from './packet-submission/run';
import { handleSignals } from './packet-submission/signals';
import { runSteps } from './packet-submission/step-loop';
import { startExpiryTimer } from './packet-submission/step-wait';
import { recordSent } from './packet-submission/writes';

/**
 * One packet sent to one recipient (id `packet-submission:<sentPacketId>:<recipientId>`): walks the frozen
 * workflow's steps in order, opens a task per actor of the active step (a phase completes when all have acted),
 * skips steps whose condition is false, and ends approved, auto-approved, rejected, voided or expired. People act
 * through the `actOnStep` Update, whose validator checks the actor, the active step and the answers against the
 * frozen compiled form; the sender voids and resends through Signals. Every transition is written to PostgreSQL by
 * an idempotent activity. Durations are inputs.
 *
 * The parts, in packet-submission/: run.ts (what a run knows), contract.ts (the Update, Signals and Query),
 * signals.ts and actions.ts (their handlers; action-checks.ts refuses what does not fit), step-loop.ts (the steps in
 * order), step-wait.ts (reminders and expiry at an open step), ending.ts (the last write), writes.ts and records.ts
 * (the activities), generations.ts (the generations and patches recorded histories replay).
 * The order of the workflow's commands is part of its contract: recorded histories (histories/) replay it.
 */
export type { ActorSlot } from '../../domain/packet-workflow';
export {
  STEP_NOT_REACHED,
  SUBMISSION_GENERATION,
  type ActingPerson,
  type PacketSubmissionForm,
  type PacketSubmissionInput,
  type PacketSubmissionState,
  type StepActionInput,
  type VoidSubmissionInput,
} from '../../domain/packets';
export {
  actOnStepUpdate,
  MAX_SUBMISSION_RESENDS,
  resendStepNotificationSignal,
  resendSubmissionSignal,
  submissionStateQuery,
  taskReassignedSignal,
  voidSubmissionSignal,
} from './packet-submission/contract';
export {
  ACTION_WITH_NEXT_WRITE_PATCH,
  SENT_WITH_FIRST_STEP_PATCH,
  STATE_WITH_NEXT_WRITE_PATCH,
} from './packet-submission/generations';
export { LOCAL_WRITE_ATTEMPTS } from './packet-submission/records';

export async function packetSubmissionWorkflow(input: PacketSubmissionInput): Promise<SubmissionStatus> {
  const run = createRun(input);
  handleSignals(run);
  handleActions(run);
  // A send sets the process's search attributes at start; runs started without them tag themselves.
  if (!wf.workflowInfo().typedSearchAttributes.get(SchoolIdKey)) {
    tagProcess({ schoolId: input.schoolId, module: 'packet-submission', entityId: input.submissionId });
  }
  startExpiryTimer(run);
  if (!run.patched(SENT_WITH_FIRST_STEP_PATCH)) await recordSent(run);
  await runSteps(run);
  return finish(run);
}
