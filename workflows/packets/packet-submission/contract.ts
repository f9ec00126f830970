import * as wf from '@temporalio/workflow';
import type { PacketSubmissionState, StepActionInput, VoidSubmissionInput } from '../../../domain/packets';
import {
  RESEND_STEP_NOTIFICATION_SIGNAL,
  TASK_REASSIGNED_SIGNAL,
  type TaskReassignedSignal,
} from '../../../domain/workflows';

/** People act on the active step through this Update; it answers with the state once the workflow has moved on. */
export const actOnStepUpdate = wf.defineUpdate<PacketSubmissionState, [StepActionInput]>('actOnStep');
export const voidSubmissionSignal = wf.defineSignal<[VoidSubmissionInput]>('voidSubmission');
export const resendSubmissionSignal = wf.defineSignal('resendSubmission');
export const submissionStateQuery = wf.defineQuery<PacketSubmissionState>('submissionState');
/** The operator console hands an open task of the active step to another user. */
export const taskReassignedSignal = wf.defineSignal<[TaskReassignedSignal]>(TASK_REASSIGNED_SIGNAL);
/** The operator console asks for the active step's notification again. */
export const resendStepNotificationSignal = wf.defineSignal<[{ stepName?: string | null }?]>(
  RESEND_STEP_NOTIFICATION_SIGNAL,
);

/** Manual resends beyond this are ignored (a stuck button must not turn into a mail cannon). */
export const MAX_SUBMISSION_RESENDS = 10;
