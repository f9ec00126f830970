import type { Weekday } from '../calendar';
import { ERRORS, type ErrorCode, type ErrorDetail } from '../errors';
import { BYLAW17_RULES, type Bylaw17RuleId } from './rules';
import { dayNumber, dayString } from './engine';

/**
 * CARA logs (spec part 1 §3–4, part 2 §5 and §9): settings per team, the log's states, the spec's error reasons for
 * dismissing a violation, the compliance-assistant notification statuses and the log's periods.
 */

/** Error reasons a violation is dismissed with (part 2 §9). */
export const CARA_ERROR_REASON_LABELS = {
  EXEMPTIONS_OVERLOOKED: 'Exemptions overlooked',
  INCORRECT_DATA_ENTRY: 'Incorrect data entry',
  AMBIGUOUS_INTERPRETATION: 'Ambiguity in bylaw interpretations',
  OUTDATED_RULE_SET: 'Outdated rule set',
  OTHER: 'Other',
} as const;
export type CaraErrorReason = keyof typeof CARA_ERROR_REASON_LABELS;
export const CARA_ERROR_REASONS = Object.keys(CARA_ERROR_REASON_LABELS) as CaraErrorReason[];

export const CARA_FREQUENCY_LABELS = { WEEKLY: 'Weekly', BIWEEKLY: 'Every two weeks', MONTHLY: 'Monthly' } as const;
export type CaraFrequency = keyof typeof CARA_FREQUENCY_LABELS;
export const CARA_FREQUENCIES = Object.keys(CARA_FREQUENCY_LABELS) as CaraFrequency[];

/** A log's states (part 1 §4): submitted logs are locked; a rejected log goes back to the coach. */
export const CARA_LOG_STATUS_LABELS = {
  NOT_STARTED: 'Not started',
  READY: 'Ready',
  SUBMITTED: 'Submitted',
  RESUBMITTED: 'Resubmitted',
  REJECTED: 'Rejected',
  APPROVED: 'Approved',
} as const;
export type CaraLogStatus = keyof typeof CARA_LOG_STATUS_LABELS;
export const CARA_LOG_STATUSES = Object.keys(CARA_LOG_STATUS_LABELS) as CaraLogStatus[];
/** Status colours (part 2 §4): approved green; ready and not started neutral; rejected and overdue red; submitted orange. */
export const CARA_LOG_STATUS_COLOURS: Record<CaraLogStatus, string> = {
  NOT_STARTED: 'gray',
  READY: 'gray',
  SUBMITTED: 'orange',
  RESUBMITTED: 'orange',
  REJECTED: 'red',
  APPROVED: 'green',
};
/** Logs that wait for the coach (they can be due or overdue) and those that wait for a reviewer. */
export const CARA_AWAITING_COACH: readonly CaraLogStatus[] = ['NOT_STARTED', 'READY', 'REJECTED'];
export const CARA_IN_REVIEW: readonly CaraLogStatus[] = ['SUBMITTED', 'RESUBMITTED'];
/**
 * Logs whose events are locked (domain notes, "CARA logs"): submitted, resubmitted or approved. A rejected log is back
 * with the coach, and an admin's reopening returns an approved log to the coach, so both unlock their events.
 */
export const CARA_LOCKING_STATUSES: readonly CaraLogStatus[] = ['SUBMITTED', 'RESUBMITTED', 'APPROVED'];

/** A log period that locks events: the first holding one of the dates (`YYYY-MM-DD`), or null. */
export function lockingPeriodOf<P extends { periodStart: string; periodEnd: string }>(
  dates: Iterable<string>,
  periods: readonly P[],
): P | null {
  for (const date of dates) {
    const hit = periods.find((p) => p.periodStart <= date && date <= p.periodEnd);
    if (hit) return hit;
  }
  return null;
}

/** Compliance-assistant notification statuses (part 2 §4). */
export const CARA_NOTIFICATION_STATUSES = [
  'reminder',
  'submitted',
  'resubmitted',
  'ready for review',
  'approved',
  'rejected',
] as const;
export type CaraNotificationStatus = (typeof CARA_NOTIFICATION_STATUSES)[number];

export const CARA_LIMITS = { noteWords: 200, disputeWords: 100, maxDueDays: 30, maxSurveyDays: 60 } as const;

export function caraLogWorkflowId(teamId: string, periodStart: string): string {
  return `cara-log:${teamId}:${periodStart}`;
}

/** Due state shown beside a log: due in N days, due today, overdue; null once it left the coach. */
export function caraDueState(
  status: CaraLogStatus,
  dueAt: Date,
  now: Date,
): { kind: 'DUE_IN' | 'DUE_TODAY' | 'OVERDUE'; days: number; label: string } | null {
  if (!CARA_AWAITING_COACH.includes(status)) return null;
  const days = dayNumber(dueAt.toISOString().slice(0, 10)) - dayNumber(now.toISOString().slice(0, 10));
  if (dueAt < now) return { kind: 'OVERDUE', days, label: 'Overdue' };
  if (days === 0) return { kind: 'DUE_TODAY', days, label: 'Due today' };
  return { kind: 'DUE_IN', days, label: `Due in ${days} ${days === 1 ? 'day' : 'days'}` };
}

export function ruleTitle(ruleId: string): string {
  return BYLAW17_RULES[ruleId as Bylaw17RuleId]?.title ?? ruleId;
}

// ---- Settings --------------------------------------------------------------------------------------------------

export interface CaraSettingsInput {
  loggingEnabled: boolean;
  frequency?: string | null;
  dueDays?: number | null;
  reminderDays?: number | null;
  submitterIds: readonly string[];
  viewerIds: readonly string[];
  reviewerIds: readonly string[];
  surveyEnabled: boolean;
  surveyExpiryDays?: number | null;
}

function problem(field: string, code: ErrorCode, message?: string): ErrorDetail {
  return { field, code, message: message ?? ERRORS[code].message };
}

/** The spec's rule: with logging on, settings need due date, frequency, submitter, reviewer and survey expiry. */
export function checkCaraSettings(input: CaraSettingsInput): ErrorDetail[] {
  const out: ErrorDetail[] = [];
  if (input.frequency && !(input.frequency in CARA_FREQUENCY_LABELS))
    out.push(problem('frequency', 'VALIDATION_FAILED', 'Choose weekly, every two weeks or monthly.'));
  if (input.dueDays != null && (input.dueDays < 0 || input.dueDays > CARA_LIMITS.maxDueDays))
    out.push(problem('dueDays', 'VALIDATION_FAILED', 'The due date is 0 to 30 days after the period ends.'));
  if (input.reminderDays != null && (input.reminderDays < 0 || input.reminderDays > CARA_LIMITS.maxDueDays))
    out.push(problem('reminderDays', 'VALIDATION_FAILED', 'Reminders go 0 to 30 days before the due date.'));
  if (
    input.surveyExpiryDays != null &&
    (input.surveyExpiryDays < 1 || input.surveyExpiryDays > CARA_LIMITS.maxSurveyDays)
  )
    out.push(
      problem('surveyExpiryDays', 'VALIDATION_FAILED', 'The survey expires 1 to 60 days after the period ends.'),
    );
  if (!input.loggingEnabled) return out;
  if (!input.frequency) out.push(problem('frequency', 'CARA_SETTINGS_REQUIRED'));
  if (input.dueDays == null) out.push(problem('dueDays', 'CARA_SETTINGS_REQUIRED'));
  if (input.submitterIds.length === 0) out.push(problem('submitterIds', 'CARA_SETTINGS_REQUIRED'));
  if (input.reviewerIds.length === 0) out.push(problem('reviewerIds', 'CARA_SETTINGS_REQUIRED'));
  if (input.surveyEnabled && input.surveyExpiryDays == null)
    out.push(problem('surveyExpiryDays', 'CARA_SETTINGS_REQUIRED'));
  return out;
}

// ---- Periods ---------------------------------------------------------------------------------------------------

const JS_WEEKDAY: Record<Weekday, number> = {
  SUNDAY: 0,
  MONDAY: 1,
  TUESDAY: 2,
  WEDNESDAY: 3,
  THURSDAY: 4,
  FRIDAY: 5,
  SATURDAY: 6,
};

/**
 * The log period holding a day: weeks (or pairs of weeks counted from the segment's start) start on the segment's
 * start day of the week; months are calendar months.
 */
export function caraPeriodOf(
  date: string,
  frequency: CaraFrequency,
  segment: { startDate: string; startDayOfWeek: Weekday },
): { start: string; end: string } {
  if (frequency === 'MONTHLY') {
    const start = `${date.slice(0, 7)}-01`;
    const next = new Date(Date.UTC(+date.slice(0, 4), +date.slice(5, 7), 1));
    return { start, end: dayString(Math.floor(next.getTime() / 86_400_000) - 1) };
  }
  const day = dayNumber(date);
  const anchor = JS_WEEKDAY[segment.startDayOfWeek];
  const weekday = new Date(day * 86_400_000).getUTCDay();
  let start = day - ((weekday - anchor + 7) % 7);
  if (frequency === 'BIWEEKLY') {
    const segStart = dayNumber(segment.startDate);
    const firstAnchor = segStart + ((anchor - new Date(segStart * 86_400_000).getUTCDay() + 7) % 7);
    if ((start - firstAnchor) % 14 !== 0 && Math.abs((start - firstAnchor) % 14) === 7) start -= 7;
  }
  return { start: dayString(start), end: dayString(start + (frequency === 'BIWEEKLY' ? 13 : 6)) };
}

// ---- The log workflow (`cara-log:<teamId>:<periodStart>`) ---------------------------------------------------------

/** Who acts on a log, as the API established it from the team's settings (the workflow checks role and state). */
export interface CaraActor {
  userId: string;
  role: 'SUBMITTER' | 'REVIEWER' | 'ADMIN' | 'ATHLETE';
}

export interface CaraLogInput {
  schoolId: string;
  teamId: string;
  periodStart: string;
  periodEnd: string;
  /** ISO instants: when the log is generated (the period's end), when it is due, when to remind, when the survey closes. */
  generateAt: string;
  dueAt: string;
  remindAt: string | null;
  surveyExpiresAt: string | null;
  /** Carried across continue-as-new. */
  status?: CaraLogStatus;
  seq?: number;
  reminded?: boolean;
  surveyClosed?: boolean;
}

export type CaraTransitionAction =
  'generate' | 'remind' | 'submit' | 'approve' | 'reject' | 'reopen' | 'survey' | 'closeSurvey';

export interface CaraSurveyAnswer {
  eventKey: string;
  answer: 'CONFIRMED' | 'DISPUTED';
  reason?: string | null;
}

export interface CaraTransitionInput {
  schoolId: string;
  teamId: string;
  periodStart: string;
  periodEnd: string;
  dueAt: string;
  surveyExpiresAt: string | null;
  action: CaraTransitionAction;
  eventKey: string;
  actorUserId: string | null;
  notes?: string | null;
  answers?: CaraSurveyAnswer[];
}

export interface CaraTransitionResult {
  logId: string;
  status: CaraLogStatus;
}

/** The state each step moves a log to (null: the step keeps the status). */
export function caraNextStatus(status: CaraLogStatus, action: CaraTransitionAction): CaraLogStatus | null {
  switch (action) {
    case 'generate':
      return status === 'NOT_STARTED' ? 'READY' : null;
    case 'submit':
      return status === 'READY' ? 'SUBMITTED' : status === 'REJECTED' ? 'RESUBMITTED' : null;
    case 'approve':
      return CARA_IN_REVIEW.includes(status) ? 'APPROVED' : null;
    case 'reject':
      return CARA_IN_REVIEW.includes(status) ? 'REJECTED' : null;
    case 'reopen':
      return status === 'APPROVED' ? 'READY' : null;
    default:
      return null;
  }
}

export const CARA_HISTORY_LABELS: Record<CaraTransitionAction, string> = {
  generate: 'Log generated from the calendar',
  remind: 'Reminder sent',
  submit: 'Submitted',
  approve: 'Approved',
  reject: 'Rejected',
  reopen: 'Reopened',
  survey: 'Survey answered',
  closeSurvey: 'Survey closed',
};
