import * as wf from '@temporalio/workflow';
import type { PacketSubmissionInput } from '../../../domain/packets';

/**
 * The submission workflow's generations and patches. A generation is a number the run is started with
 * (`PacketSubmissionInput.generation`, `SUBMISSION_GENERATION` for new runs); a patch is a marker the history
 * records. A run of generation 2 or later takes every patch below without a marker; a run of generation 1 takes a
 * patch only if its history recorded it. Retiring an old generation or patch is described in the README's design
 * section: it goes once no open run can still need it, and its recorded histories go with it.
 */

/**
 * Patch: a new submission records its SENT event in the activity that opens its first step (one activity before it
 * waits on people) instead of in an activity of its own. Workflows started before it replay the separate activity.
 */
export const SENT_WITH_FIRST_STEP_PATCH = 'packet-submission-sent-with-first-step';

/**
 * Patch: when a step is done, the submission's new state is not written on its own but by the next write, which
 * carries the whole state anyway (opening the next step, or the ending); one activity and one workflow task fewer
 * per action. Histories from before it replay the separate write.
 */
export const STATE_WITH_NEXT_WRITE_PATCH = 'packet-submission-state-with-next-write';

/**
 * Patch: a person's action is not written by an activity of its own that the workflow waits on before moving on.
 * The Update's handler takes the action in memory and the workflow moves on in the same workflow task; the action's
 * rows are written first by the next write (opening the next step, the ending, or a state write), or on their own
 * when the step still waits on others. The Update answers once that write is done, as before: an action is two
 * workflow tasks and one activity where it was three and two. The next step's tasks are still written only by an
 * activity the workflow scheduled after durably moving on, so a listed task can always be acted on. Runs that took
 * actions before it replay the separate write.
 */
export const ACTION_WITH_NEXT_WRITE_PATCH = 'packet-submission-action-with-next-write';

/** What the run's generation turns on. */
export interface Generation {
  /** Generation 2: writes are local activities, and a pre-opened run already has its search attributes. */
  readonly generation2: boolean;
  /** Generation 3: one expiry timer for the run's life; a step's wait sets a timer only for a reminder. */
  readonly generation3: boolean;
  /** A patch is in effect: always from generation 2, else as the history recorded it. */
  readonly patched: (patchId: string) => boolean;
}

export function generationOf(input: PacketSubmissionInput): Generation {
  const generation2 = (input.generation ?? 1) >= 2;
  const generation3 = (input.generation ?? 1) >= 3;
  return { generation2, generation3, patched: (patchId) => generation2 || wf.patched(patchId) };
}
