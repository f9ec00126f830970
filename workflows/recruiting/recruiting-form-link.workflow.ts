import * as wf from '@temporalio/workflow';
import type {
  RecruitingFormActivities,
  RecruitingFormLinkRef,
} from '../../activities/recruiting/recruiting-form.activities';
import { markStep, tagProcess } from '../shared/search-attributes';

/**
 * Mails one link of a recruiting form to its prospect (the first one when staff send the form, a fresh one when the
 * prospect opens an expired link). Whether the link works is decided by the API against the database.
 */
export type RecruitingFormLinkInput = RecruitingFormLinkRef;
export type RecruitingFormLinkOutcome = 'SENT' | 'SKIPPED';

const activities = wf.proxyActivities<RecruitingFormActivities>({
  startToCloseTimeout: '1 minute',
  retry: {
    initialInterval: '2 seconds',
    backoffCoefficient: 2,
    maximumInterval: '5 minutes',
    maximumAttempts: 20,
    nonRetryableErrorTypes: ['RECRUITING_FORM_NOT_FOUND', 'MAIL_REJECTED'],
  },
});

export async function recruitingFormLinkWorkflow(input: RecruitingFormLinkInput): Promise<RecruitingFormLinkOutcome> {
  tagProcess({ schoolId: input.schoolId, module: 'recruiting-form-link', entityId: input.sendId });
  markStep('send-form-link', null);
  const result = await activities.sendRecruitingFormLink(input);
  markStep(result.sent ? 'mail-sent' : 'mail-skipped', null);
  return result.sent ? 'SENT' : 'SKIPPED';
}
