import {
  ACTIVITY_KINDS,
  COMMITMENT_STATUSES,
  PSA_STATES,
  TRANSFER_STATUSES,
  type CommitmentStatus,
} from '../../../../domain/recruiting';

import { RECRUITING_FORM_STATUSES, type RecruitingFormStatus } from '../../../../domain/recruiting-forms';

export { ACTIVITY_KINDS, COMMITMENT_STATUSES, PSA_STATES, RECRUITING_FORM_STATUSES, TRANSFER_STATUSES };

export const RECRUITING_FORM_COLORS: Record<RecruitingFormStatus, string> = {
  SENT: 'blue',
  OPENED: 'orange',
  SUBMITTED: 'green',
  EXPIRED: 'red',
};

export const COMMITMENT_COLORS: Record<CommitmentStatus, string> = {
  NOT_COMMITTED: 'gray',
  VERBALLY_COMMITTED: 'blue',
  COMMITTED: 'teal',
  NLI_SIGNED: 'grape',
  ADDED_TO_ROSTER: 'green',
};

/** What each entry of a prospect's event log says. */
export const PSA_EVENT_LABELS: Record<string, string> = {
  created: 'Prospect added',
  uploaded: 'Added by bulk upload',
  updated: 'Profile edited',
  archived: 'Archived',
  unarchived: 'Unarchived',
  moved: 'Moved on the board',
  merged: 'Merged a duplicate',
  transferRequested: 'Transfer to roster requested',
  transferApproved: 'Transfer approved: added to roster',
  transferRejected: 'Transfer rejected',
  questionnaire_submitted: 'Answered a questionnaire',
  formSent: 'Recruiting form sent',
  formSubmitted: 'Recruiting form submitted',
  attachmentAdded: 'Attachment added',
  attachmentRemoved: 'Attachment deleted',
};

export const commitmentLabel = (s: string | null | undefined) =>
  (s && (COMMITMENT_STATUSES as Record<string, string>)[s]) || '—';
