/** What the step action panel and its approver part share: the call that acts on the step, and what was done. */
import type { StepActionInput } from '../packets.api';

/** What the person just did, for the success state that follows (see ActedNotice). */
export interface ActedOn {
  /** "Submitted", "Approved", … */
  done: string;
  stepId: string;
}

export type ActOnStep = (
  input: Omit<StepActionInput, 'stepId'>,
  done: string,
  options?: { onSuccess?: () => void },
) => void;
