import * as wf from '@temporalio/workflow';
import type {
  DisclosureActivities,
  DisclosureTransitionAction,
  DisclosureTransitionResult,
} from '../../activities/disclosures/disclosure.activities';
import { canTransition, DISCLOSURE_LIMITS, wordCount, type DisclosureStatus } from '../../domain/disclosures';
import { ERRORS, type ErrorCode } from '../../domain/errors';
import {
  OPERATOR_SIGNALS_PATCH,
  RESEND_STEP_NOTIFICATION_SIGNAL,
  TASK_REASSIGNED_SIGNAL,
  type TaskReassignedSignal,
} from '../../domain/workflows';
import { markStep, tagProcess } from '../shared/search-attributes';
import { BusyLock } from '../shared/busy-lock';

/**
 * The review of one disclosure (id `disclosure:<id>`), from its first submission until it is archived:
 * Pending → Approved, Rejected or Change Requested → resubmitted → …; escalation to another reviewer; reopen with a
 * reason; archive. Every step is a Workflow Update whose validator checks the actor and the state, so two reviewers
 * deciding at once get exactly one winner. Reviewers are reminded while a disclosure waits longer than
 * `reviewReminderMs` (the school's setting). The row in PostgreSQL is written by an activity at each step.
 */
export interface DisclosureInput {
  disclosureId: string;
  schoolId: string;
  athleteUserId: string;
  reviewReminderMs: number;
  /** Carried over by continue-as-new; a new process starts from the row's state (normally DRAFT). */
  status: DisclosureStatus;
  assignedReviewerId?: string | null;
  seq?: number;
  round?: number;
}

export interface DisclosureActor {
  userId: string;
  /** Decided by the API from the caller's permissions: the athlete who owns it, or a compliance reviewer. */
  role: 'ATHLETE' | 'REVIEWER';
}

export interface DisclosureWorkflowState {
  status: DisclosureStatus;
  archived: boolean;
  assignedReviewerId: string | null;
  remindersSent: number;
  revision: number;
}

export const submitDisclosureUpdate = wf.defineUpdate<
  DisclosureWorkflowState,
  [{ actor: DisclosureActor; changeReason?: string | null; note?: string | null }]
>('submitDisclosure');
export const reviewDisclosureUpdate = wf.defineUpdate<
  DisclosureWorkflowState,
  [{ actor: DisclosureActor; decision: 'APPROVE' | 'REJECT' | 'REQUEST_CHANGE'; reason?: string | null }]
>('reviewDisclosure');
export const escalateDisclosureUpdate = wf.defineUpdate<
  DisclosureWorkflowState,
  [{ actor: DisclosureActor; reviewerUserId: string; reason?: string | null }]
>('escalateDisclosure');
export const reopenDisclosureUpdate = wf.defineUpdate<
  DisclosureWorkflowState,
  [{ actor: DisclosureActor; reason: string }]
>('reopenDisclosure');
export const archiveDisclosureUpdate = wf.defineUpdate<DisclosureWorkflowState, [{ actor: DisclosureActor }]>(
  'archiveDisclosure',
);
export const disclosureStateQuery = wf.defineQuery<DisclosureWorkflowState>('disclosureState');
/** The operator console hands the review to another reviewer of the school. */
export const disclosureReassignedSignal = wf.defineSignal<[TaskReassignedSignal]>(TASK_REASSIGNED_SIGNAL);
/** The operator console asks for the reviewers' notification again. */
export const disclosureResendSignal = wf.defineSignal<[{ stepName?: string | null }?]>(RESEND_STEP_NOTIFICATION_SIGNAL);

/** Reminders per waiting period; a disclosure nobody looks at must not flood the reviewers. */
export const MAX_REVIEW_REMINDERS = 5;

const records = wf.proxyActivities<DisclosureActivities>({
  startToCloseTimeout: '30 seconds',
  retry: {
    initialInterval: '500 milliseconds',
    backoffCoefficient: 2,
    maximumInterval: '1 minute',
    nonRetryableErrorTypes: ['DISCLOSURE_NOT_FOUND'],
  },
});

function fail(code: ErrorCode, message: string = ERRORS[code].message): never {
  throw wf.ApplicationFailure.create({ type: code, message, nonRetryable: true });
}

function checkReason(reason: string | null | undefined, required: boolean): void {
  const text = (reason ?? '').trim();
  if (required && text === '') fail('REASON_REQUIRED');
  if (wordCount(text) > DISCLOSURE_LIMITS.reasonMaxWords) fail('REASON_TOO_LONG');
}

export async function disclosureWorkflow(input: DisclosureInput): Promise<DisclosureStatus> {
  if (!Number.isFinite(input.reviewReminderMs) || input.reviewReminderMs <= 0) {
    throw wf.ApplicationFailure.nonRetryable(
      'reviewReminderMs must be a positive number of milliseconds',
      'INVALID_INPUT',
    );
  }
  let status: DisclosureStatus = input.status;
  let archived = false;
  let assignedReviewerId: string | null = input.assignedReviewerId ?? null;
  const lock = new BusyLock();
  let seq = input.seq ?? 0;
  // A new "round" starts every time the disclosure (re-)enters review, so reminders count per waiting period.
  let round = input.round ?? 0;
  let remindersSent = 0;
  let revision = 0;
  let reassignTo = null as null | { toUserId: string; byUserId: string | null };
  let resendsRequested = 0;
  let resendsDone = 0;
  const ref = { schoolId: input.schoolId, disclosureId: input.disclosureId };

  const state = (): DisclosureWorkflowState => ({ status, archived, assignedReviewerId, remindersSent, revision });
  wf.setHandler(disclosureStateQuery, state);

  /** Common checks: nobody acts on an archived disclosure, and a decision in flight means "already decided". */
  const guard = (actor: DisclosureActor) => {
    if (archived) fail('DISCLOSURE_ARCHIVED');
    if (lock.busy) fail('ALREADY_DECIDED');
    if (!actor || typeof actor.userId !== 'string') fail('FORBIDDEN');
  };
  const asReviewer = (actor: DisclosureActor) => {
    if (actor.role !== 'REVIEWER' || actor.userId === input.athleteUserId) fail('FORBIDDEN');
  };

  const apply = async (
    action: DisclosureTransitionAction,
    actor: DisclosureActor,
    extra: { reason?: string | null; changeReason?: string | null; reviewerUserId?: string | null } = {},
  ): Promise<DisclosureWorkflowState> => {
    // Set before the first await: an Update validated after this point sees it and is rejected.
    return lock.hold(async () => {
      seq += 1;
      const result: DisclosureTransitionResult = await records.applyDisclosureTransition({
        ...ref,
        eventKey: `${action}-${seq}`,
        actorUserId: actor.userId,
        action,
        reason: extra.reason?.trim() || null,
        changeReason: extra.changeReason ?? null,
        reviewerUserId: extra.reviewerUserId ?? null,
      });
      const enteredReview =
        result.status === 'PENDING' && (status !== 'PENDING' || action === 'escalate' || action === 'reassign');
      status = result.status;
      archived = result.archived;
      assignedReviewerId = result.assignedReviewerId;
      revision = result.revision;
      if (enteredReview) {
        round += 1;
        remindersSent = 0;
      }
      return state();
    });
  };

  wf.setHandler(submitDisclosureUpdate, (args) => apply(status === 'DRAFT' ? 'submit' : 'resubmit', args.actor, args), {
    validator: (args) => {
      guard(args.actor);
      if (args.actor.role !== 'ATHLETE' || args.actor.userId !== input.athleteUserId) fail('FORBIDDEN');
      if (status === 'PENDING' || status === 'APPROVED' || status === 'REJECTED') fail('ALREADY_DECIDED');
      if (status === 'CHANGE_REQUESTED' && !args.changeReason) fail('CHANGE_REASON_REQUIRED');
    },
  });

  wf.setHandler(
    reviewDisclosureUpdate,
    (args) =>
      apply(
        args.decision === 'APPROVE' ? 'approve' : args.decision === 'REJECT' ? 'reject' : 'requestChange',
        args.actor,
        args,
      ),
    {
      validator: (args) => {
        guard(args.actor);
        asReviewer(args.actor);
        if (!canTransition('approve', status)) fail('ALREADY_DECIDED');
        if (assignedReviewerId && assignedReviewerId !== args.actor.userId) fail('DISCLOSURE_OTHER_REVIEWER');
        checkReason(args.reason, args.decision !== 'APPROVE');
      },
    },
  );

  wf.setHandler(escalateDisclosureUpdate, (args) => apply('escalate', args.actor, args), {
    validator: (args) => {
      guard(args.actor);
      asReviewer(args.actor);
      if (!canTransition('escalate', status)) fail('ALREADY_DECIDED');
      if (assignedReviewerId && assignedReviewerId !== args.actor.userId) fail('DISCLOSURE_OTHER_REVIEWER');
      if (!args.reviewerUserId || args.reviewerUserId === input.athleteUserId) fail('FORBIDDEN');
      checkReason(args.reason, false);
    },
  });

  wf.setHandler(reopenDisclosureUpdate, (args) => apply('reopen', args.actor, args), {
    validator: (args) => {
      guard(args.actor);
      asReviewer(args.actor);
      if (!canTransition('reopen', status)) fail('DISCLOSURE_INVALID_STATE');
      checkReason(args.reason, true);
    },
  });

  // Runs started before the console's signals were handled ignore them (patched() keeps their replay unchanged).
  wf.setHandler(disclosureReassignedSignal, (change) => {
    if (!wf.patched(OPERATOR_SIGNALS_PATCH)) return;
    if (archived || status !== 'PENDING' || !change?.toUserId || change.toUserId === input.athleteUserId) return;
    if (change.toUserId === assignedReviewerId) return;
    reassignTo = { toUserId: change.toUserId, byUserId: change.byUserId ?? null };
  });
  wf.setHandler(disclosureResendSignal, () => {
    if (!wf.patched(OPERATOR_SIGNALS_PATCH)) return;
    if (archived || status !== 'PENDING' || resendsRequested - resendsDone >= MAX_REVIEW_REMINDERS) return;
    resendsRequested += 1;
  });

  wf.setHandler(archiveDisclosureUpdate, (args) => apply('archive', args.actor), {
    validator: (args) => {
      guard(args.actor);
      asReviewer(args.actor);
    },
  });

  tagProcess({ schoolId: input.schoolId, module: 'disclosure', entityId: input.disclosureId });
  let currentStep = '';
  const enterStep = (step: string, waitingOn: string | null) => {
    if (step === currentStep) return;
    currentStep = step;
    markStep(step, waitingOn);
  };

  while (!archived) {
    if (lock.busy) {
      await lock.released();
      continue;
    }
    if (status === 'PENDING' && reassignTo) {
      const change = reassignTo;
      reassignTo = null;
      currentStep = ''; // mark the step again: who it waits on changed
      await apply(
        'reassign',
        { userId: change.byUserId ?? change.toUserId, role: 'REVIEWER' },
        {
          reviewerUserId: change.toUserId,
        },
      );
      continue;
    }
    if (status === 'PENDING' && resendsDone < resendsRequested) {
      resendsDone += 1;
      await records.remindDisclosureReviewers({ ...ref, eventKey: `operator-resend-${round}-${resendsDone}` });
      continue;
    }
    if (status === 'PENDING') {
      enterStep(assignedReviewerId ? 'escalated-review' : 'review', assignedReviewerId ?? 'reviewers');
      const myRound = round;
      const moved = () =>
        lock.busy ||
        archived ||
        status !== 'PENDING' ||
        round !== myRound ||
        reassignTo !== null ||
        resendsDone < resendsRequested;
      if (remindersSent >= MAX_REVIEW_REMINDERS) {
        await wf.condition(moved);
        continue;
      }
      const changed = await wf.condition(moved, input.reviewReminderMs);
      if (!changed && !moved()) {
        remindersSent += 1;
        await records.remindDisclosureReviewers({ ...ref, eventKey: `reminder-${round}-${remindersSent}` });
      }
    } else {
      const waitingOn = status === 'DRAFT' || status === 'CHANGE_REQUESTED' ? input.athleteUserId : null;
      enterStep(status.toLowerCase().replace(/_/g, '-'), waitingOn);
      const seen = status;
      await wf.condition(() => lock.busy || archived || status !== seen);
    }
    if (!lock.busy && !archived && wf.workflowInfo().continueAsNewSuggested) {
      await wf.condition(wf.allHandlersFinished);
      await wf.continueAsNew<typeof disclosureWorkflow>({ ...input, status, assignedReviewerId, seq, round });
    }
  }
  enterStep('archived', null);
  await wf.condition(wf.allHandlersFinished);
  return status;
}
