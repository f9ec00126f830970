/**
 * Recruiting events (issue 18; spec part 1 §3 "Recruiting event", part 2 §5 "Recruiting", §9): a visit, camp or
 * evaluation with host athletes, prospects (PSAs) and coaches. It is stored as a calendar event of the Recruiting
 * category (so it shows on the calendar with that badge and is approved by the calendar's approval process) with the
 * recruiting part beside it. Pure rules only.
 */
import { EVENT_LIMITS, isValidTimeZone, localToInstant } from './calendar-events';
import { countWords } from './text';
import { ERRORS, type ErrorCode, type ErrorDetail } from './errors';

export const RECRUITING_EVENT_KINDS = {
  PHONE_CALL: 'Phone Call',
  EVALUATION: 'Evaluation',
  OFFICIAL_VISIT: 'Official Visit',
  UNOFFICIAL_VISIT: 'Unofficial Visit',
  OFF_CAMPUS_CONTACT: 'Off-Campus Contact',
  OTHER: 'Other',
} as const;
export type RecruitingEventKind = keyof typeof RECRUITING_EVENT_KINDS;
export const RECRUITING_EVENT_KIND_KEYS = Object.keys(RECRUITING_EVENT_KINDS) as RecruitingEventKind[];

/** Spec part 2 §5 "Recruiting". Days count the local dates the event touches, first and last included. */
export const RECRUITING_EVENT_LIMITS = {
  maxDays: 3,
  evaluationMaxDays: 14,
  nameWords: EVENT_LIMITS.nameWords,
  descriptionWords: 20,
  notesWords: EVENT_LIMITS.notesWords,
  psasPerSelection: 20,
  rejectReasonWords: EVENT_LIMITS.rejectReasonWords,
  /** Not in the spec: keeps one event's host and coach lists to a screenful. */
  hostsMax: 20,
  coachesMax: 20,
} as const;

/** The calendar category every recruiting event carries (its badge colour on the calendar). */
export const RECRUITING_EVENT_CATEGORY = 'RECRUITING';

export const recruitingEventUrl = (id: string) => `/recruitmentEvents/${id}`;

export interface RecruitingEventInput {
  name: string;
  kind: string;
  sportTeamId?: string | null;
  description?: string | null;
  notes?: string | null;
  location?: string | null;
  timeZone: string;
  startDate: string;
  startTime: string;
  endDate: string;
  endTime: string;
  hostAthleteIds: readonly string[];
  psaIds: readonly string[];
  coachIds: readonly string[];
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;

function problem(field: string, code: ErrorCode): ErrorDetail {
  return { field, code, message: ERRORS[code].message };
}

/** The local dates from `start` to `end`, both included (0 when either is not a date). */
export function daysSpanned(start: string, end: string): number {
  if (!DATE.test(start) || !DATE.test(end)) return 0;
  return Math.round((Date.parse(`${end}T00:00:00Z`) - Date.parse(`${start}T00:00:00Z`)) / 86_400_000) + 1;
}

/** The nights a visit event spans: the local dates it touches, less one (a Friday-to-Sunday visit is 2 nights). */
export function nightsSpanned(startDate: string, endDate: string): number {
  return Math.max(0, daysSpanned(startDate, endDate) - 1);
}

/** The longest an event of this kind may run, in days: an evaluation range 14, anything else 3. */
export function maxDaysOf(kind: string): number {
  return kind === 'EVALUATION' ? RECRUITING_EVENT_LIMITS.evaluationMaxDays : RECRUITING_EVENT_LIMITS.maxDays;
}

/**
 * Every rule a recruiting event breaks, one detail per field, in the spec's words: required fields, name at most 10
 * words, description at most 20, notes at most 50, start not after end, at most 3 days (an evaluation range 14),
 * at most 20 prospects per selection.
 */
export function checkRecruitingEvent(input: RecruitingEventInput): ErrorDetail[] {
  const out: ErrorDetail[] = [];
  const name = (input.name ?? '').trim();
  if (!name) out.push(problem('name', 'RECRUITING_EVENT_FIELDS_REQUIRED'));
  else if (countWords(name) > RECRUITING_EVENT_LIMITS.nameWords) out.push(problem('name', 'EVENT_NAME_TOO_LONG'));
  if (!(input.kind in RECRUITING_EVENT_KINDS)) out.push(problem('kind', 'RECRUITING_EVENT_FIELDS_REQUIRED'));
  if (!input.sportTeamId) out.push(problem('sportTeamId', 'RECRUITING_EVENT_FIELDS_REQUIRED'));
  if (countWords(input.description) > RECRUITING_EVENT_LIMITS.descriptionWords)
    out.push(problem('description', 'RECRUITING_EVENT_DESCRIPTION_TOO_LONG'));
  if (countWords(input.notes) > RECRUITING_EVENT_LIMITS.notesWords) out.push(problem('notes', 'EVENT_NOTES_TOO_LONG'));
  if (new Set(input.psaIds).size > RECRUITING_EVENT_LIMITS.psasPerSelection)
    out.push(problem('psaIds', 'RECRUITING_EVENT_PSAS_LIMIT'));
  if (
    new Set(input.hostAthleteIds).size > RECRUITING_EVENT_LIMITS.hostsMax ||
    new Set(input.coachIds).size > RECRUITING_EVENT_LIMITS.coachesMax
  )
    out.push(problem('attendees', 'VALIDATION_FAILED'));
  if (!isValidTimeZone(input.timeZone)) {
    out.push(problem('timeZone', 'EVENT_TIME_ZONE_INVALID'));
    return out;
  }
  if (
    !DATE.test(input.startDate) ||
    !DATE.test(input.endDate) ||
    !TIME.test(input.startTime) ||
    !TIME.test(input.endTime)
  ) {
    out.push(problem('startDate', 'RECRUITING_EVENT_FIELDS_REQUIRED'));
    return out;
  }
  if (input.endDate < input.startDate) {
    out.push(problem('endDate', 'RECRUITING_EVENT_START_AFTER_END'));
    return out;
  }
  const start = localToInstant(input.startDate, input.startTime, input.timeZone);
  const end = localToInstant(input.endDate, input.endTime, input.timeZone);
  if (!(end > start)) out.push(problem('endTime', 'EVENT_END_BEFORE_START'));
  else if (daysSpanned(input.startDate, input.endDate) > maxDaysOf(input.kind))
    out.push(
      problem('endDate', input.kind === 'EVALUATION' ? 'RECRUITING_EVALUATION_TOO_LONG' : 'RECRUITING_EVENT_TOO_LONG'),
    );
  return out;
}

/** A coach's recruiting event waits for a school admin; an admin's own event is approved at once (as on the calendar). */
export function recruitingEventNeedsApproval(byApprover: boolean): boolean {
  return !byApprover;
}
