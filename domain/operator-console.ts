/**
 * The operator console (issue 6): how durable processes are found, judged stuck and fixed. Pure facts shared by
 * the API and the UI: statuses, the kinds of "stuck" with their plain-words reasons, the actions, the modules'
 * labels and where each module's record lives in the app.
 */
import type { WorkflowModule } from './workflows';

/** Temporal's execution statuses as visibility names them (`ExecutionStatus = 'Running'`). */
export const WORKFLOW_STATUSES = ['Running', 'Completed', 'Failed', 'Canceled', 'Terminated', 'TimedOut'] as const;
export type WorkflowStatus = (typeof WORKFLOW_STATUSES)[number];

export const STUCK_KINDS = [
  'WORKFLOW_TASK_FAILING',
  'ACTIVITY_RETRYING',
  'HUMAN_STEP_OVERDUE',
  'NO_WORKER',
  'STATE_MISMATCH',
  'ASSIGNEE_UNAVAILABLE',
  'MAIL_FAILED',
] as const;
export type StuckKind = (typeof STUCK_KINDS)[number];

export const STUCK_KIND_LABELS: Record<StuckKind, string> = {
  WORKFLOW_TASK_FAILING: 'Workflow code failing',
  ACTIVITY_RETRYING: 'Step retrying',
  HUMAN_STEP_OVERDUE: 'Person overdue',
  NO_WORKER: 'No worker',
  STATE_MISMATCH: 'Database disagrees',
  ASSIGNEE_UNAVAILABLE: 'Person no longer active',
  MAIL_FAILED: 'Mail failed',
};

export interface StuckReason {
  kind: StuckKind;
  /** One sentence an operator understands without opening Temporal. */
  reason: string;
  /** The task (HUMAN_STEP_OVERDUE, ASSIGNEE_UNAVAILABLE) or activity (ACTIVITY_RETRYING) it is about, for the actions. */
  taskId?: string;
  activityId?: string;
  /** ASSIGNEE_UNAVAILABLE: an active person of the school the step could go to instead (the console offers them). */
  suggestedAssignee?: { id: string; name: string };
}

export const CONSOLE_ACTIONS = ['retry', 'cancel', 'terminate', 'reassign', 'resend-notification'] as const;
export type ConsoleAction = (typeof CONSOLE_ACTIONS)[number];
export const BULK_ACTIONS = ['retry', 'cancel', 'terminate'] as const;
export type BulkAction = (typeof BULK_ACTIONS)[number];

/** The reason every console action requires (kept in the audit event). */
export const ACTION_REASON_MAX_LENGTH = 500;

/** Thresholds of stuck detection; the service takes them as options so tests use seconds. */
export const STUCK_THRESHOLDS = {
  /** A workflow task on its second attempt already failed once: code that throws fails every time. */
  workflowTaskAttempts: 2,
  /** An activity failing twice in a row is worth a look; retries after that only add to it. */
  activityAttempts: 2,
  /** A task waiting this long for a worker to pick it up means nobody polls its queue. */
  unpickedTaskMs: 60_000,
  /** A poller not seen for this long is gone (a live one polls again within about a minute). */
  pollerSilenceMs: 90_000,
};
export type StuckThresholds = typeof STUCK_THRESHOLDS;

export const MODULE_LABELS: Record<WorkflowModule, string> = {
  invitation: 'Invitation',
  'password-reset': 'Password reset',
  'packet-submission': 'Packet submission',
  disclosure: 'Disclosure',
  'roster-rollover': 'Roster rollover',
  'cara-log': 'CARA log',
  'psa-transfer': 'PSA transfer',
  'expense-approval': 'Expense approval',
  'template-assignment': 'Template assignment',
  'bulk-void': 'Bulk void',
  'packet-send': 'Packet send',
  'template-duplication': 'Template duplication',
  'packet-signer-copy': 'Signed copy mail',
  'invitation-batch': 'Invitation batch',
  'calendar-event': 'Calendar event',
  'recruiting-form-link': 'Recruiting form link',
  'email-change': 'E-mail change',
  'contract-review': 'Contract review',
  'payment-schedule': 'Payment schedule',
  'education-assignment': 'Education assignment',
  agent: 'Agent registration',
};

export function moduleLabel(module: string | null | undefined): string {
  if (!module) return 'Unknown';
  return (MODULE_LABELS as Record<string, string>)[module] ?? module;
}

/** Describes how long ago something happened in words ("3 min", "2 h", "4 days"). */
export function describeAge(fromMs: number, nowMs: number): string {
  const seconds = Math.max(0, Math.round((nowMs - fromMs) / 1000));
  if (seconds < 60) return `${seconds} s`;
  const minutes = Math.round(seconds / 60);
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.round(minutes / 60);
  if (hours < 48) return `${hours} h`;
  return `${Math.round(hours / 24)} days`;
}

/**
 * Where a module's record lives in the app, for the detail page's link. Modules add their entry as they land;
 * a module without one shows no link.
 */
export const RECORD_PATHS: Partial<Record<WorkflowModule, (ref: { schoolId: string; entityId: string }) => string>> = {
  invitation: (ref) => `/universities/${ref.schoolId}/userList`,
  'password-reset': (ref) => `/universities/${ref.schoolId}/userList`,
};

export function relatedRecordPath(module: string | null, schoolId: string | null, entityId: string | null) {
  if (!module || !schoolId || !entityId) return null;
  const build = (RECORD_PATHS as Record<string, ((ref: { schoolId: string; entityId: string }) => string) | undefined>)[
    module
  ];
  return build ? build({ schoolId, entityId }) : null;
}
