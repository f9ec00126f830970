import { actionWriter, createActionActivities } from './packet-submission/actions';
import { createEndingActivities } from './packet-submission/ending';
import { createFirstStepActivities } from './packet-submission/first-steps';
import { createNoticeActivities } from './packet-submission/notices';
import type { PacketActivityDeps } from './packet-submission/records';
import { createStepActivities } from './packet-submission/steps';

/**
 * The submission workflow's side effects: every transition written to PostgreSQL (submission row, answers, the
 * append-only audit trail, tasks, signer links), notifications (module paperwork) and e-mails through the outbox.
 * Every activity is idempotent: keys derive from the workflow id and the phase / actor / event, so a retry or a
 * worker killed mid-activity writes each row and sends each mail once.
 *
 * The groups, in packet-submission/: steps.ts (the SENT event, a step opened, the state written, a step's tasks
 * cancelled), first-steps.ts (a send's first steps in one batch), actions.ts (people's actions, carried by whichever
 * write comes next), notices.ts (reminders and notification steps), ending.ts (the outcome). records.ts and
 * reach.ts hold what they share: keys, the trail, the submission's context, notifications, mails and signer links.
 * The workflow calls the activities by name: a name or an input here is part of its recorded histories.
 */
export type { PacketActivityDeps } from './packet-submission/records';
export { accountSteps } from './packet-submission/reach';
export { signerToken, taskStepId, type OpenPhaseInput, type StepActionRecord } from './packet-submission/records';

export function createPacketSubmissionActivities(deps: PacketActivityDeps) {
  const writer = actionWriter(deps);
  return {
    ...createStepActivities(deps, writer),
    ...createFirstStepActivities(deps),
    ...createActionActivities(deps, writer),
    ...createNoticeActivities(deps),
    ...createEndingActivities(deps, writer),
  };
}

export type PacketSubmissionActivities = ReturnType<typeof createPacketSubmissionActivities>;
