/** Words and colours the packet screens share. */
import {
  SUBMISSION_STATUS_LABELS,
  type ExpiryOption,
  type ReminderOption,
  type SendVisibility,
  type SenderGroup,
  type SubmissionStatus,
} from '../../../../domain/packets';

export const SUBMISSION_STATUS_COLOURS: Record<SubmissionStatus, string> = {
  PENDING: 'gray',
  SUBMITTED: 'orange',
  RESUBMITTED: 'orange',
  APPROVED: 'green',
  AUTO_APPROVED: 'green',
  REJECTED: 'red',
  NOT_APPLICABLE: 'gray',
  CHANGE_REQUESTED: 'yellow',
  VOIDED: 'dark',
};

export function submissionStatusLabel(status: SubmissionStatus): string {
  return SUBMISSION_STATUS_LABELS[status] ?? status;
}

export const GROUP_LABELS: Record<SenderGroup, string> = {
  SCHOOL_ADMINS: 'All school admins',
  COACHES: 'All coaches',
  STUDENT_ATHLETES: 'All student-athletes',
};

export const REMINDER_LABELS: Record<ReminderOption, string> = {
  OFF: 'Off',
  '24H': 'Every 24 hours',
  '48H': 'Every 48 hours',
  '3D': 'Every 3 days',
  '5D': 'Every 5 days',
  '7D': 'Every 7 days',
};

export const EXPIRY_LABELS: Record<ExpiryOption, string> = {
  WEEK: 'Within a week',
  MONTH: 'Within a month',
  '3_MONTHS': 'Within 3 months',
  '12_MONTHS': 'Within 12 months',
};

export const VISIBILITY_LABELS: Record<SendVisibility, string> = {
  SENDER_ONLY: 'Only me',
  PACKET_EDITORS: 'Me and the packet editors',
  SCHOOL_ADMINS: 'All school admins',
};
