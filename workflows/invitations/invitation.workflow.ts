import * as wf from '@temporalio/workflow';
import type { InvitationActivities } from '../../activities/invitations/invitation.activities';
import { ERRORS } from '../../domain/errors';
import { markStep, tagProcess } from '../shared/search-attributes';

/**
 * The invitation process: mail the invitation, remind once if it is not accepted in time, expire it at the end of
 * its validity. The person accepts through an Update (the API's create-password call); an admin revokes or resends
 * through Signals. Durations come from the input so a school's settings (and tests) choose them.
 */
export interface InvitationInput {
  invitationId: string;
  schoolId: string;
  userId: string;
  reminderAfterMs: number;
  expireAfterMs: number;
  /**
   * When the invitation expires (epoch ms, the invitation row's `expires_at`). A batch defers its runs' first
   * workflow task (see invitation-batch.activities.ts); with this, the deferral does not move the expiry. Without
   * it, the run expires `expireAfterMs` after it first ran.
   */
  expiresAtMs?: number;
  /**
   * Started with its process attributes and its first step (`send-invitation`, waiting on the person) as search
   * attributes, so the first workflow task need not write them again.
   */
  startTagged?: boolean;
}

export type InvitationOutcome = 'ACCEPTED' | 'EXPIRED' | 'REVOKED';
export type InvitationWorkflowStatus = 'PENDING' | InvitationOutcome;

export interface InvitationState {
  status: InvitationWorkflowStatus;
  remindersSent: number;
  mailsSent: number;
}

export const acceptInvitationUpdate = wf.defineUpdate<{ status: 'ACCEPTED' }>('acceptInvitation');
export const revokeInvitationSignal = wf.defineSignal('revokeInvitation');
export const resendInvitationSignal = wf.defineSignal('resendInvitation');
export const invitationStateQuery = wf.defineQuery<InvitationState>('invitationState');

/** Resends beyond this are ignored: a stuck button or a script must not turn the platform into a mail cannon. */
export const MAX_INVITATION_RESENDS = 5;

/** Failure types the acceptance Update rejects with; the API maps them to its error codes of the same name. */
export const INVITATION_REDEEMED = 'INVITATION_REDEEMED';
export const INVITATION_INVALID = 'INVITATION_INVALID';

// Mail gets a bounded number of tries; a failure is logged and the process goes on (an admin can resend).
const mail = wf.proxyActivities<InvitationActivities>({
  startToCloseTimeout: '1 minute',
  retry: {
    initialInterval: '2 seconds',
    backoffCoefficient: 2,
    maximumInterval: '5 minutes',
    maximumAttempts: 8,
    nonRetryableErrorTypes: ['INVITATION_NOT_FOUND', 'MAIL_REJECTED'],
  },
});

// State changes in the database must happen eventually, so they retry until they succeed.
const records = wf.proxyActivities<InvitationActivities>({
  startToCloseTimeout: '30 seconds',
  retry: {
    initialInterval: '1 second',
    backoffCoefficient: 2,
    maximumInterval: '1 minute',
    nonRetryableErrorTypes: ['INVITATION_NOT_FOUND', 'INVITATION_INVALID'],
  },
});

export async function invitationWorkflow(input: InvitationInput): Promise<InvitationOutcome> {
  assertDurations(input);
  const ref = { invitationId: input.invitationId, schoolId: input.schoolId };
  let status: InvitationWorkflowStatus = 'PENDING';
  let accepting = false;
  let mailsSent = 0;
  let remindersSent = 0;
  let resendsRequested = 0;
  let resendsDone = 0;

  wf.setHandler(invitationStateQuery, () => ({ status, remindersSent, mailsSent }));

  wf.setHandler(
    acceptInvitationUpdate,
    async () => {
      // Set before the first await: a second Update validated right after this one sees it and is rejected.
      accepting = true;
      try {
        await records.markInvitationAccepted(ref);
        status = 'ACCEPTED';
        return { status: 'ACCEPTED' as const };
      } catch (err) {
        throw wf.ApplicationFailure.create({
          type: INVITATION_INVALID,
          message: ERRORS.INVITATION_INVALID.message,
          nonRetryable: true,
          cause: err instanceof Error ? err : undefined,
        });
      } finally {
        accepting = false;
      }
    },
    { validator: () => rejectUnlessPending(status, accepting) },
  );

  wf.setHandler(revokeInvitationSignal, () => {
    if (status === 'PENDING' && !accepting) status = 'REVOKED';
  });

  wf.setHandler(resendInvitationSignal, () => {
    if (status !== 'PENDING') return;
    if (resendsRequested >= MAX_INVITATION_RESENDS) {
      wf.log.warn('Invitation resend ignored: limit reached', { limit: MAX_INVITATION_RESENDS });
      return;
    }
    resendsRequested += 1;
  });

  let currentStep = '';
  const enterStep = (step: string, waitingOn: string | null) => {
    // Only real changes are upserted, so the history does not grow with every wake-up of the loop.
    if (step === currentStep) return;
    currentStep = step;
    markStep(step, waitingOn);
  };

  const sendMail = async (kind: 'invite' | 'reminder', eventKey: string): Promise<boolean> => {
    try {
      const result = await mail.sendInvitationEmail({ ...ref, kind, eventKey });
      if (result.sent) mailsSent += 1;
      return result.sent;
    } catch (err) {
      wf.log.warn('Invitation mail could not be sent', { eventKey, error: String(err) });
      return false;
    }
  };

  if (input.startTagged) currentStep = 'send-invitation';
  else tagProcess({ schoolId: input.schoolId, module: 'invitation', entityId: input.invitationId });
  const expiresAt = input.expiresAtMs ?? Date.now() + input.expireAfterMs;

  enterStep('send-invitation', input.userId);
  await sendMail('invite', 'invite');
  let reminderAt: number | null = Date.now() + input.reminderAfterMs;

  while (status === 'PENDING') {
    if (accepting) {
      // An acceptance in flight wins over a timer that fires meanwhile.
      await wf.condition(() => !accepting);
      continue;
    }
    if (resendsDone < resendsRequested) {
      resendsDone += 1;
      enterStep('resend-invitation', input.userId);
      await sendMail('invite', `resend-${resendsDone}`);
      reminderAt = Date.now() + input.reminderAfterMs;
      continue;
    }
    const now = Date.now();
    if (now >= expiresAt) {
      status = 'EXPIRED';
      break;
    }
    if (reminderAt !== null && now >= reminderAt) {
      reminderAt = null;
      enterStep('send-reminder', input.userId);
      if (await sendMail('reminder', `reminder-${remindersSent + 1}`)) {
        remindersSent += 1;
        await records.markInvitationReminded(ref);
      }
      continue;
    }
    enterStep('await-acceptance', input.userId);
    const wakeAt = reminderAt === null ? expiresAt : Math.min(reminderAt, expiresAt);
    await wf.condition(() => status !== 'PENDING' || accepting || resendsDone < resendsRequested, wakeAt - now);
  }

  if (status === 'EXPIRED') {
    enterStep('expire-invitation', null);
    await records.expireInvitation(ref);
  } else if (status === 'REVOKED') {
    enterStep('revoke-invitation', null);
    await records.markInvitationRevoked(ref);
  }
  enterStep(status.toLowerCase(), null);
  // Let an Update that finished the process return its answer before the workflow completes.
  await wf.condition(wf.allHandlersFinished);
  return status;
}

function rejectUnlessPending(status: InvitationWorkflowStatus, accepting: boolean): void {
  if (status === 'ACCEPTED' || accepting) {
    throw wf.ApplicationFailure.create({
      type: INVITATION_REDEEMED,
      message: ERRORS.INVITATION_REDEEMED.message,
      nonRetryable: true,
    });
  }
  if (status !== 'PENDING') {
    throw wf.ApplicationFailure.create({
      type: INVITATION_INVALID,
      message: ERRORS.INVITATION_INVALID.message,
      nonRetryable: true,
      details: [status],
    });
  }
}

/** A bad duration would make the timers meaningless; fail the start loudly instead of waiting forever. */
function assertDurations(input: InvitationInput): void {
  for (const name of ['reminderAfterMs', 'expireAfterMs'] as const) {
    const value = input[name];
    if (typeof value !== 'number' || !Number.isFinite(value) || value < 0) {
      throw wf.ApplicationFailure.nonRetryable(
        `${name} must be a non-negative number of milliseconds`,
        'INVALID_INPUT',
      );
    }
  }
  if (input.expiresAtMs !== undefined && !Number.isFinite(input.expiresAtMs)) {
    throw wf.ApplicationFailure.nonRetryable('expiresAtMs must be a number of milliseconds', 'INVALID_INPUT');
  }
}
