import type { ErrorCode } from './errors';

/**
 * The durable process of a calendar series (issue 16): approval by an admin, then one reminder per occurrence at the
 * chosen offset. Kept free of the repeat library so the workflow bundle stays small; calendar-events.ts has the rest.
 */

/** The process of a series (its first row). */
export const calendarEventWorkflowId = (rootEventId: string) => `calendar-event:${rootEventId}`;

/** Spec part 2 §9: a reject reason is required, at most 50 words. */
export const REJECT_REASON_MAX_WORDS = 50;

export interface CalendarEventWorkflowInput {
  schoolId: string;
  /** The series' first row. */
  eventId: string;
  /** Reminders go out for occurrences starting after this instant (ISO); carried over continue-as-new. */
  after?: string | null;
}

export interface CalendarDecisionInput {
  actor: { userId: string; role: 'ADMIN' | 'STAFF' };
  decision: 'APPROVE' | 'REJECT';
  reason?: string | null;
}

/** Null when a decision is acceptable, else the catalogue code of its problem. */
export function checkDecision(input: CalendarDecisionInput): ErrorCode | null {
  if (!input || !input.actor || input.actor.role !== 'ADMIN' || typeof input.actor.userId !== 'string')
    return 'FORBIDDEN';
  if (input.decision !== 'APPROVE' && input.decision !== 'REJECT') return 'VALIDATION_FAILED';
  const reason = (input.reason ?? '').trim();
  const words = reason ? reason.split(/\s+/).length : 0;
  if (input.decision === 'REJECT' && (words === 0 || words > REJECT_REASON_MAX_WORDS))
    return 'EVENT_REJECT_REASON_REQUIRED';
  return null;
}
