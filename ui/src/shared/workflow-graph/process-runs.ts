/**
 * A fixed process' state placed on its map (fixed-processes.ts): which step is done, active, failed or not reached,
 * from the record's status and history. The steps are the maps' own ids, so a renamed step shows up here as a type
 * error in tests, not as a silently empty graph.
 *
 * Disclosures, roster rollovers, CARA logs and prospect transfers share one shape, a review cycle: someone submits,
 * a reviewer decides, and either sends the work back (the map's loop) or lets it go on to the step after the
 * decision. `reviewCycleRuns` draws that cycle; each process only says which phase its record is in.
 */
import type { StepRunState } from './packet-workflow';

/**
 * Where a review cycle stands. SUBMIT: waiting for the first submission. SENT_BACK: the reviewer returned it and
 * the submitters act again (the loop is taken). REVIEW: submitted, waiting for the reviewer. DECIDED: approved or
 * otherwise closed, the step after the decision reached. REFUSED: the review ended it (nothing follows).
 */
export type CyclePhase = 'SUBMIT' | 'SENT_BACK' | 'REVIEW' | 'DECIDED' | 'REFUSED';

export interface ReviewCycle {
  /** The map's step ids: who submits, who reviews, and the step after the decision when the map has one. */
  steps: { submit: string; review: string; after?: string };
  phase: CyclePhase;
  /** Who the active step waits on (names, or a role value); a fallback words it when nobody is named. */
  waitingOn?: readonly string[] | null;
  waitingFallback: string;
  /** Since when the active step waits. */
  since?: string | null;
  submittedBy?: string | null;
  submittedAt?: string | null;
  /** How the submit step was done: SUBMITTED, RESUBMITTED, REQUESTED. */
  submitDecision?: string;
  decidedBy?: string | null;
  decidedAt?: string | null;
  decision?: string | null;
  /** The step after the decision, once DECIDED (done, or skipped when there was nothing to do). */
  after?: Partial<Omit<StepRunState, 'stepId'>>;
}

export function reviewCycleRuns(c: ReviewCycle): StepRunState[] {
  const { submit, review, after } = c.steps;
  const waiting = (stepId: string): StepRunState => ({
    stepId,
    status: 'ACTIVE',
    waitingOn: c.waitingOn?.length ? [...c.waitingOn] : [c.waitingFallback],
    ...since(c.since),
  });
  const submitted: StepRunState = {
    stepId: submit,
    status: 'DONE',
    decision: c.submitDecision ?? 'SUBMITTED',
    ...by(c.submittedBy),
    ...doneAt(c.submittedAt),
  };
  const reviewed = (status: 'DONE' | 'FAILED'): StepRunState => ({
    stepId: review,
    status,
    ...(c.decision ? { decision: c.decision } : {}),
    ...by(c.decidedBy),
    ...doneAt(c.decidedAt),
  });
  const pendingAfter: StepRunState[] = after ? [{ stepId: after, status: 'PENDING' }] : [];
  switch (c.phase) {
    case 'SUBMIT':
      return [waiting(submit), { stepId: review, status: 'PENDING' }, ...pendingAfter];
    case 'SENT_BACK':
      return [waiting(submit), reviewed('DONE'), ...pendingAfter];
    case 'REVIEW':
      return [submitted, waiting(review), ...pendingAfter];
    case 'DECIDED':
      return [submitted, reviewed('DONE'), ...(after ? [{ stepId: after, status: 'DONE' as const, ...c.after }] : [])];
    case 'REFUSED':
      return [submitted, reviewed('FAILED'), ...pendingAfter];
  }
}

export interface DisclosureState {
  status: string;
  archived?: boolean;
  reviewer?: string | null;
  athlete?: string | null;
  updatedAt?: string;
}

const DISCLOSURE_PHASES: Record<string, CyclePhase> = {
  DRAFT: 'SUBMIT',
  CHANGE_REQUESTED: 'SENT_BACK',
  PENDING: 'REVIEW',
  APPROVED: 'DECIDED',
  REJECTED: 'DECIDED',
};

/** Disclosure review: submit → review → the athlete is told; a change request sends it back to submit. */
export function disclosureRuns(state: DisclosureState): StepRunState[] {
  const phase = DISCLOSURE_PHASES[state.status];
  if (!phase) return [];
  const at = state.updatedAt;
  return reviewCycleRuns({
    steps: { submit: 'submit', review: 'review', after: 'notify' },
    phase,
    waitingOn: phase === 'REVIEW' ? (state.reviewer ? [state.reviewer] : null) : state.athlete ? [state.athlete] : null,
    waitingFallback: phase === 'REVIEW' ? 'Compliance reviewers' : 'The athlete',
    since: at ?? null,
    submittedBy: state.athlete ?? null,
    decidedBy: state.reviewer ?? null,
    decidedAt: at ?? null,
    decision: state.status,
    after: { ...doneAt(at) },
  });
}

/** What the API reads of a roster rollover, CARA log or prospect transfer (the console's graph DTO). */
export interface CycleFacts {
  status: string;
  updatedAt?: string;
  submittedBy?: string | null;
  submittedAt?: string | null;
  decidedBy?: string | null;
  decidedAt?: string | null;
  decision?: string | null;
  waitingOn?: readonly string[];
  loopsTaken?: number;
  followUp?: 'DONE' | 'SKIPPED' | 'PENDING';
  followUpCount?: number;
  survey?: { open: boolean; athletes: number; answered: number; disputed: number } | null;
}

function common(f: CycleFacts) {
  return {
    submittedBy: f.submittedBy ?? null,
    submittedAt: f.submittedAt ?? null,
    decidedBy: f.decidedBy ?? null,
    decidedAt: f.decidedAt ?? null,
    decision: f.decision ?? null,
    waitingOn: f.waitingOn ?? null,
  };
}

function plural(n: number, one: string, many: string): string {
  return `${n} ${n === 1 ? one : many}`;
}

/**
 * Roster rollover: the coach rolls over and submits → an admin reviews → newcomers are invited (skipped when the
 * admin chose not to invite); an admin's "request changes" sends it back to the coach.
 */
export function rosterRolloverRuns(f: CycleFacts): StepRunState[] {
  const sentBack = f.status === 'NOT_STARTED' && f.decision === 'SENT_BACK';
  const phase: CyclePhase | null =
    f.status === 'NOT_STARTED'
      ? sentBack
        ? 'SENT_BACK'
        : 'SUBMIT'
      : f.status === 'READY_FOR_REVIEW'
        ? 'REVIEW'
        : f.status === 'COMPLETED'
          ? 'DECIDED'
          : null;
  if (!phase) return [];
  const invited = f.followUpCount ?? 0;
  return reviewCycleRuns({
    steps: { submit: 'rollover', review: 'review', after: 'invite' },
    phase,
    ...common(f),
    waitingFallback: phase === 'REVIEW' ? 'SCHOOL_ADMIN' : 'COACH',
    since: phase === 'REVIEW' ? f.submittedAt : sentBack ? f.decidedAt : f.updatedAt,
    submitDecision: (f.loopsTaken ?? 0) > 0 ? 'RESUBMITTED' : 'SUBMITTED',
    after:
      f.followUp === 'SKIPPED'
        ? { status: 'SKIPPED' }
        : invited > 0
          ? { decision: `${plural(invited, 'athlete', 'athletes')} invited` }
          : {},
  });
}

/**
 * CARA log: a submitter submits → the athletes confirm or dispute their events (a survey beside the log, open
 * from the log's generation until it expires) → compliance approves or rejects; a rejection, or an admin reopening
 * an approved log, sends it back to the submitters. Before its period ends the log waits for the period.
 */
export function caraLogRuns(f: CycleFacts): StepRunState[] {
  const phase: CyclePhase | null =
    f.status === 'NOT_STARTED'
      ? 'SUBMIT'
      : f.status === 'READY'
        ? f.decision === 'REOPENED'
          ? 'SENT_BACK'
          : 'SUBMIT'
        : f.status === 'REJECTED'
          ? 'SENT_BACK'
          : f.status === 'SUBMITTED' || f.status === 'RESUBMITTED'
            ? 'REVIEW'
            : f.status === 'APPROVED'
              ? 'DECIDED'
              : null;
  if (!phase) return [];
  const [submit, review] = reviewCycleRuns({
    steps: { submit: 'submit', review: 'review' },
    phase,
    ...common(f),
    ...(f.status === 'NOT_STARTED' ? { waitingOn: ['the end of the period'] } : {}),
    waitingFallback: phase === 'REVIEW' ? 'SCHOOL_ADMIN' : 'COACH',
    since: phase === 'REVIEW' ? f.submittedAt : phase === 'SENT_BACK' ? f.decidedAt : f.updatedAt,
    submitDecision: f.status === 'RESUBMITTED' ? 'RESUBMITTED' : 'SUBMITTED',
  });
  return [submit!, surveyRun(f), review!];
}

function surveyRun(f: CycleFacts): StepRunState {
  const survey = f.survey;
  if (!survey) return { stepId: 'survey', status: f.status === 'NOT_STARTED' ? 'PENDING' : 'SKIPPED' };
  if (f.status === 'NOT_STARTED') return { stepId: 'survey', status: 'PENDING' };
  // Nobody attended a countable event of the period: nobody was asked.
  if (survey.athletes === 0) return { stepId: 'survey', status: 'SKIPPED' };
  const left = Math.max(0, survey.athletes - survey.answered);
  if (survey.open && left > 0)
    return { stepId: 'survey', status: 'ACTIVE', waitingOn: [plural(left, 'athlete', 'athletes')] };
  const disputed = survey.disputed > 0 ? `, ${survey.disputed} disputed` : '';
  return { stepId: 'survey', status: 'DONE', decision: `${survey.answered} of ${survey.athletes} answered${disputed}` };
}

/**
 * Prospect-to-roster transfer: a coach requests it → a school admin approves (the athlete's account is then
 * invited; skipped when they already had one) or rejects it, which ends this request.
 */
export function psaTransferRuns(f: CycleFacts): StepRunState[] {
  const phase: CyclePhase | null =
    f.status === 'PENDING'
      ? 'REVIEW'
      : f.status === 'APPROVED'
        ? 'DECIDED'
        : f.status === 'REJECTED'
          ? 'REFUSED'
          : null;
  if (!phase) return [];
  return reviewCycleRuns({
    steps: { submit: 'request', review: 'approve', after: 'notify' },
    phase,
    ...common(f),
    waitingFallback: 'SCHOOL_ADMIN',
    since: f.submittedAt,
    submitDecision: 'REQUESTED',
    after:
      f.followUp === 'SKIPPED' ? { status: 'SKIPPED' } : { decision: 'INVITED', ...doneAt(f.decidedAt ?? undefined) },
  });
}

/** Invitation: e-mailed → waiting for the invitee (reminders, resends) → accepted; expiry or revocation fails it. */
export function invitationRuns(status: string, updatedAt?: string): StepRunState[] {
  switch (status) {
    case 'PENDING':
      return [
        { stepId: 'send', status: 'DONE', ...doneAt(updatedAt) },
        { stepId: 'accept', status: 'ACTIVE', waitingOn: ['The invitee'], ...since(updatedAt) },
        { stepId: 'active', status: 'PENDING' },
      ];
    case 'ACCEPTED':
      return [
        { stepId: 'send', status: 'DONE' },
        { stepId: 'accept', status: 'DONE', decision: 'ACCEPTED' },
        { stepId: 'active', status: 'DONE' },
      ];
    case 'EXPIRED':
    case 'REVOKED':
      return [
        { stepId: 'send', status: 'DONE' },
        { stepId: 'accept', status: 'FAILED', decision: status },
        { stepId: 'active', status: 'PENDING' },
      ];
    default:
      return [];
  }
}

function since(at: string | null | undefined): Partial<StepRunState> {
  return at ? { since: at } : {};
}
function doneAt(at: string | null | undefined): Partial<StepRunState> {
  return at ? { doneAt: at } : {};
}
function by(name: string | null | undefined): Partial<StepRunState> {
  return name ? { doneBy: name } : {};
}
