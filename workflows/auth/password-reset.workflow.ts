import * as wf from '@temporalio/workflow';
import type { PasswordResetActivities } from '../../activities/auth/password-reset.activities';
import { markStep, tagProcess } from '../shared/search-attributes';

/** Mails a password-reset link. The link's validity and single use are enforced by the API against the database. */
export interface PasswordResetInput {
  resetId: string;
  schoolId: string;
  userId: string;
}

export type PasswordResetOutcome = 'SENT' | 'SKIPPED';

const activities = wf.proxyActivities<PasswordResetActivities>({
  startToCloseTimeout: '1 minute',
  retry: {
    initialInterval: '2 seconds',
    backoffCoefficient: 2,
    maximumInterval: '2 minutes',
    // The link is short-lived (PASSWORD_RESET_TTL_MINUTES); retrying far beyond it would mail a dead link.
    maximumAttempts: 8,
    nonRetryableErrorTypes: ['PASSWORD_RESET_NOT_FOUND', 'MAIL_REJECTED'],
  },
});

export async function passwordResetWorkflow(input: PasswordResetInput): Promise<PasswordResetOutcome> {
  tagProcess({ schoolId: input.schoolId, module: 'password-reset', entityId: input.resetId });
  markStep('send-reset-mail', input.userId);
  const result = await activities.sendPasswordResetEmail({ resetId: input.resetId, schoolId: input.schoolId });
  markStep(result.sent ? 'mail-sent' : 'mail-skipped', null);
  return result.sent ? 'SENT' : 'SKIPPED';
}
