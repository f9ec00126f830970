/**
 * Packets with e-signature: limits, options and statuses from the spec (part 2 §4, §5 "Packets and forms", §9),
 * as data the API, the workflows and the UI share; and the types the submission workflow and its activities share
 * (the workflow's input, the acting person, the step actions), so that activities never import a workflow.
 */
import type { FormVersion } from '../form-engine';
import type { PacketAnswers, PacketWorkflowDefinition, StepRunState } from './packet-workflow';

/** Part 2 §5 and §9. */
export const PACKET_LIMITS = {
  nameMaxWords: 20,
  descriptionMaxWords: 50,
  folderNameMaxChars: 100,
  minForms: 1,
  maxForms: 5,
  sendMessageMaxWords: 200,
  commentMaxWords: 200,
  reasonMaxWords: 50,
  /** Automatic reminders stop after this many per step round; a manual resend resets the count. */
  maxAutoReminders: 5,
} as const;

export const PACKET_STATUSES = ['UNPUBLISHED', 'PUBLISHED'] as const;
export type PacketStatus = (typeof PACKET_STATUSES)[number];

/** Submission statuses (part 2 §4: Rejected, Pending, N/A, Approved, Submitted, Resubmitted, Auto-approved; change requested; voided). */
export const SUBMISSION_STATUSES = [
  'PENDING',
  'SUBMITTED',
  'RESUBMITTED',
  'APPROVED',
  'AUTO_APPROVED',
  'REJECTED',
  'NOT_APPLICABLE',
  'CHANGE_REQUESTED',
  'VOIDED',
] as const;
export type SubmissionStatus = (typeof SUBMISSION_STATUSES)[number];

export const SUBMISSION_STATUS_LABELS: Record<SubmissionStatus, string> = {
  PENDING: 'Pending',
  SUBMITTED: 'Submitted',
  RESUBMITTED: 'Resubmitted',
  APPROVED: 'Approved',
  AUTO_APPROVED: 'Auto-approved',
  REJECTED: 'Rejected',
  NOT_APPLICABLE: 'N/A',
  CHANGE_REQUESTED: 'Change requested',
  VOIDED: 'Voided',
};

/** Statuses after which nothing more happens to a submission. */
export const FINAL_SUBMISSION_STATUSES: readonly SubmissionStatus[] = [
  'APPROVED',
  'AUTO_APPROVED',
  'REJECTED',
  'NOT_APPLICABLE',
  'VOIDED',
];

/** Auto reminder every 24h, 48h, 3, 5 or 7 days (part 2 §9). */
export const REMINDER_OPTIONS = ['OFF', '24H', '48H', '3D', '5D', '7D'] as const;
export type ReminderOption = (typeof REMINDER_OPTIONS)[number];
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
export const REMINDER_INTERVAL_MS: Record<ReminderOption, number | null> = {
  OFF: null,
  '24H': DAY,
  '48H': 2 * DAY,
  '3D': 3 * DAY,
  '5D': 5 * DAY,
  '7D': 7 * DAY,
};

/** Workflow expiry: within a week, a month, 3 or 12 months (part 2 §9). Months count as 30 days. */
export const EXPIRY_OPTIONS = ['WEEK', 'MONTH', '3_MONTHS', '12_MONTHS'] as const;
export type ExpiryOption = (typeof EXPIRY_OPTIONS)[number];
export const EXPIRY_MS: Record<ExpiryOption, number> = {
  WEEK: 7 * DAY,
  MONTH: 30 * DAY,
  '3_MONTHS': 90 * DAY,
  '12_MONTHS': 365 * DAY,
};

/**
 * A send to this many recipients or more defers each run's first workflow task (`firstTaskDelayMs`): the server then
 * spends the send on starting the runs and the batches on listing their tasks, and the runs' first tasks (which only
 * take up the step the batch already opened) come after. An action on a run is not held back by it: a Workflow Update
 * dispatches the run's first task at once.
 */
export const DEFER_FIRST_TASK_FROM = 500;
/** The deferral per recipient (about what the send takes per recipient on the reference machine), and its cap. */
export const FIRST_TASK_DELAY_PER_RECIPIENT_MS = 6;
export const FIRST_TASK_DELAY_MAX_MS = 2 * 60_000;

/** How long a run of a send to `recipients` people waits before its first workflow task (0 for a smaller send). */
export function firstTaskDelayMs(recipients: number): number {
  if (recipients < DEFER_FIRST_TASK_FROM) return 0;
  return Math.min(recipients * FIRST_TASK_DELAY_PER_RECIPIENT_MS, FIRST_TASK_DELAY_MAX_MS);
}

/** Who may see a sent packet's submissions besides the sender. */
export const SEND_VISIBILITY = ['SENDER_ONLY', 'PACKET_EDITORS', 'SCHOOL_ADMINS'] as const;
export type SendVisibility = (typeof SEND_VISIBILITY)[number];

/** Sender groups a packet can name (spec: "senders (users or groups such as all student-athletes, school admins)"). */
export const SENDER_GROUPS = ['SCHOOL_ADMINS', 'COACHES', 'STUDENT_ATHLETES'] as const;
export type SenderGroup = (typeof SENDER_GROUPS)[number];
export const SENDER_GROUP_ROLES: Record<SenderGroup, string> = {
  SCHOOL_ADMINS: 'SCHOOL_ADMIN',
  COACHES: 'COACH',
  STUDENT_ATHLETES: 'STUDENT_ATHLETE',
};

/** Recipient groups at send time (every active user holding the role). */
export const RECIPIENT_GROUPS = SENDER_GROUPS;

export const STEP_ACTIONS = ['SUBMIT', 'APPROVE', 'REJECT', 'REQUEST_CHANGE', 'ACKNOWLEDGE'] as const;
export type StepAction = (typeof STEP_ACTIONS)[number];

/** The ESIGN consent disclosure an external signer accepts; bump the version when the text changes. */
export const ESIGN_CONSENT = {
  version: '2026-11-23',
  text:
    'By selecting "I agree", you consent to receive this packet and to sign it electronically. Your electronic ' +
    'signature has the same effect as a handwritten one. You may ask the sender for a paper copy, and you may ' +
    'withdraw this consent by closing this page before you sign. Keep a copy of what you sign by downloading it ' +
    'after submitting.',
} as const;

/**
 * How long an external signer's link keeps giving them the signed PDF after they signed. The spec names no retention
 * period; the longest a packet's workflow can stay open is 12 months, so a signer's copy stays downloadable as long.
 */
export const SIGNER_COPY_DAYS = 365;

/** Audit trail event kinds of a submission (DOMAIN-NOTES "Audit trail events"). */
export const SUBMISSION_EVENT_KINDS = [
  'CREATED',
  'SENT',
  'EMAILED',
  'OPENED',
  'CONSENTED',
  'SUBMITTED',
  'RESUBMITTED',
  'SIGNED',
  'APPROVED',
  'REJECTED',
  'CHANGE_REQUESTED',
  'STEP_SKIPPED',
  'VOIDED',
  'EXPIRED',
  'REMINDER_SENT',
  'COMPLETED',
  'RECIPIENT_CHANGED',
] as const;
export type SubmissionEventKind = (typeof SUBMISSION_EVENT_KINDS)[number];

export const packetWorkflowIds = {
  submission: (sentPacketId: string, recipientId: string) => `packet-submission:${sentPacketId}:${recipientId}`,
  send: (sentPacketId: string) => `packet-send:${sentPacketId}`,
  bulkVoid: (sentPacketId: string) => `bulk-void:${sentPacketId}`,
  folderArchive: (folderId: string) => `bulk-void:folder:${folderId}`,
  packetArchive: (packetId: string) => `bulk-void:packet:${packetId}`,
  signerCopy: (linkId: string) => `packet-signer-copy:${linkId}`,
};

// ---- the packet-submission workflow's contract (workflows/packets, activities/packets, api/packets) ----

export interface PacketSubmissionForm {
  formId: string;
  formVersionId: string;
  version: FormVersion;
}

export interface PacketSubmissionInput {
  schoolId: string;
  submissionId: string;
  sentPacketId: string;
  recipientUserId: string;
  packetName: string;
  hipaa: boolean;
  /** The frozen definition, with the signers named at send time filled into external signer steps. */
  workflow: PacketWorkflowDefinition;
  forms: PacketSubmissionForm[];
  /** Auto reminder interval, or null when off. */
  reminderEveryMs: number | null;
  maxReminders: number;
  expireAfterMs: number;
  /**
   * The send's stored expiry (ISO). When given, the run ends then and a step the send opened reminds counting from
   * its opening, however late the run's first workflow task came (a large send defers it, see `firstTaskDelayMs`);
   * without it (runs started before) both count from the run's first workflow task.
   */
  expiresAt?: string;
  notify: boolean;
  /**
   * Set when the send already opened the first step (its task, notification, SENT event and mails) in a batch for
   * every recipient: the workflow starts waiting on people without an activity of its own.
   */
  firstPhaseOpened?: { stepId: string; since: string };
  /**
   * The code generation the run was started for (absent: 1). From generation 2 (`SUBMISSION_GENERATION`) the
   * workflow's writes are local activities (see `recordsWithin`), and every patch below is in effect without asking
   * `patched()`, whose marker and `TemporalChangeVersion` search attribute cost the server a history event and a
   * visibility write in the run's first workflow tasks. From generation 3 one timer, started in the run's first
   * workflow task, ends the run at its expiry, where each step's wait started a timer of its own (counting to the
   * expiry or the next reminder) and cancelled it when the step moved on: two history events and a timer task on the
   * server for every action. A step's wait sets a timer only for its next reminder. Runs of earlier generations
   * replay as they were recorded.
   */
  generation?: number;
  /**
   * Start-to-close limit of each activity (default one minute). A worker killed mid-activity leaves that step
   * waiting this long before another worker retries it; the activities are single database writes and a mail.
   */
  activityTimeoutMs?: number;
}

export interface ActingPerson {
  userId?: string;
  /** Roles the user holds at the school (ROLE actors). */
  roles?: string[];
  /** External signer, identified by their link. */
  email?: string;
  linkId?: string;
  name: string;
  ip?: string | null;
  userAgent?: string | null;
}

export interface StepActionInput {
  stepId: string;
  action: StepAction;
  actor: ActingPerson;
  answers?: PacketAnswers;
  signature?: string;
  reason?: string;
  comment?: string;
  questionIds?: string[];
  /** The form-filling date in the school's time zone (YYYY-MM-DD). */
  today: string;
}

export interface PacketSubmissionState {
  status: SubmissionStatus;
  steps: StepRunState[];
  activeStepId: string | null;
  round: number;
  ended: boolean;
}

export interface VoidSubmissionInput {
  reason: string;
  byUserId: string | null;
  byName: string;
  ip?: string | null;
  userAgent?: string | null;
}

/**
 * The failure type of the validator's refusal of a step the workflow has not reached (or has left). The API answers it
 * as `STEP_NOT_ACTIVE`, after first checking whether the database already lists that step, which means the workflow
 * is catching up after a lost workflow task (`executeStepAction`). Every other refusal carries its catalogue code.
 */
export const STEP_NOT_REACHED = 'STEP_NOT_REACHED';

/** The generation every new run is started with (see `PacketSubmissionInput.generation`). */
export const SUBMISSION_GENERATION = 3;
