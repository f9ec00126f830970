import * as wf from '@temporalio/workflow';
import type { EmailChangeActivities } from '../../activities/auth/email-change.activities';
import { markStep, tagProcess } from '../shared/search-attributes';

/** Mails the link that confirms a new login e-mail; the API checks the link (signature, expiry, single use). */
export interface EmailChangeInput {
  changeId: string;
  schoolId: string;
  userId: string;
}

const activities = wf.proxyActivities<EmailChangeActivities>({
  startToCloseTimeout: '1 minute',
  retry: {
    initialInterval: '2 seconds',
    backoffCoefficient: 2,
    maximumInterval: '5 minutes',
    maximumAttempts: 12,
    nonRetryableErrorTypes: ['EMAIL_CHANGE_NOT_FOUND', 'MAIL_REJECTED'],
  },
});

export async function emailChangeWorkflow(input: EmailChangeInput): Promise<'SENT' | 'SKIPPED'> {
  tagProcess({ schoolId: input.schoolId, module: 'email-change', entityId: input.changeId });
  markStep('send-confirmation-mail', input.userId);
  const result = await activities.sendEmailChangeConfirmation({ changeId: input.changeId, schoolId: input.schoolId });
  markStep(result.sent ? 'mail-sent' : 'mail-skipped', null);
  return result.sent ? 'SENT' : 'SKIPPED';
}
