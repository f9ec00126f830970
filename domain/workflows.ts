/** Shared facts about durable processes: the task queue, search attributes and the workflow modules. */
export const TASK_QUEUE = 'platform';

/** Search attributes every workflow sets; registered when the dev server starts and by the compose setup. */
export const SEARCH_ATTRIBUTES = {
  SchoolId: 'Keyword',
  Module: 'Keyword',
  EntityId: 'Keyword',
  WaitingOn: 'Keyword',
  StepName: 'Keyword',
} as const;
export type SearchAttributeName = keyof typeof SEARCH_ATTRIBUTES;

export const WORKFLOW_MODULES = [
  'invitation',
  'password-reset',
  'packet-submission',
  'disclosure',
  'roster-rollover',
  'cara-log',
  'psa-transfer',
  'expense-approval',
  'template-assignment',
  'bulk-void',
  'packet-send',
  'template-duplication',
  'packet-signer-copy',
  'invitation-batch',
  'calendar-event',
  'recruiting-form-link',
  'email-change',
  'contract-review',
  'payment-schedule',
  'education-assignment',
  'agent',
] as const;
export type WorkflowModule = (typeof WORKFLOW_MODULES)[number];

/** Workflow ids are business keys, so a retried API call never starts a second process. */
export const workflowIds = {
  invitation: (invitationId: string) => `invitation:${invitationId}`,
  passwordReset: (resetId: string) => `password-reset:${resetId}`,
  emailChange: (changeId: string) => `email-change:${changeId}`,
  disclosure: (disclosureId: string) => `disclosure:${disclosureId}`,
  /** Starts the invitations written together under one batch key (`upload:<uploadId>`, ...). */
  invitationBatch: (batchId: string) => `invitation-batch:${batchId}`,
};

/** Invitation timing defaults; a school's settings override them. */
export const INVITATION_DEFAULTS = {
  reminderAfterHours: 48,
  expiryHours: 24 * 7,
};

export const PASSWORD_RESET_TTL_MINUTES = 60;
/** How long the link confirming a new login e-mail stays valid. */
export const EMAIL_CHANGE_TTL_HOURS = 24;
export const SESSION_TTL_HOURS = 12;

/**
 * Signals the operator console sends to any workflow (issue 6). A workflow with human steps handles them when it
 * cares: `TASK_REASSIGNED_SIGNAL` tells it the inbox row of a step now belongs to someone else (so its Update
 * validator accepts the new person), `RESEND_STEP_NOTIFICATION_SIGNAL` asks it to notify the current step's
 * assignee again. Unhandled signals are kept in the history and do no harm.
 */
export const TASK_REASSIGNED_SIGNAL = 'operator.taskReassigned';
export const RESEND_STEP_NOTIFICATION_SIGNAL = 'operator.resendStepNotification';
export interface TaskReassignedSignal {
  taskId: string;
  stepId: string;
  fromUserId: string | null;
  toUserId: string;
  /** The new assignee's display name, for the process's own "waiting on" label. */
  toName?: string;
  /** The operator who reassigned, recorded by workflows that write their own event for it. */
  byUserId?: string;
}

/** Patch id under which workflows started handling the operator console's signals (older runs ignore them). */
export const OPERATOR_SIGNALS_PATCH = 'operator-console-signals';

/**
 * A step or activity name as an operator reads it. Workflows record some steps by key (`submit`, `send-reset-mail`)
 * and activities carry code names (`notifyReceivers`); those become words ("Submit", "Send reset mail", "Notify
 * receivers"). A name already written for people ("Trip approval") is kept as it is.
 */
export function readableStepName(name: string): string {
  const isKey = /^[a-z][a-z0-9]*(?:[-_][a-z0-9]+)*$/.test(name) || /^[a-z]+(?:[A-Z][a-z0-9]*)+$/.test(name);
  if (!isKey) return name;
  const words = name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[-_]+/g, ' ')
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}
