import * as wf from '@temporalio/workflow';
import type { CaraActivities } from '../../activities/cara/cara.activities';
import {
  CARA_AWAITING_COACH,
  CARA_IN_REVIEW,
  CARA_LIMITS,
  type CaraActor,
  type CaraLogInput,
  type CaraLogStatus,
  type CaraSurveyAnswer,
  type CaraTransitionAction,
} from '../../domain/bylaw17/cara';
import {
  CARA_LOG_STATE_QUERY,
  CARA_LOG_UPDATES,
  type CaraLogUpdateArgs,
  type CaraLogWorkflowState,
} from '../../domain/cara-logs';
import { ERRORS, type ErrorCode } from '../../domain/errors';
import { markStep, tagProcess } from '../shared/search-attributes';
import { BusyLock } from '../shared/busy-lock';

/**
 * One team's CARA log for one period (id `cara-log:<teamId>:<periodStart>`): it sleeps until the period ends, then
 * generates the log from the calendar with the Bylaw 17 engine's result (ready) → reminds the submitters before the
 * due date → a submitter submits (locked: submitted) → a reviewer approves or rejects with notes → a rejected log
 * returns to the submitters, who correct the calendar and resubmit (resubmitted) → an admin may reopen an approved
 * log (ready again). Athletes confirm or dispute the events they attended until the survey expires. Every human
 * step is an Update whose validator checks the actor's role and the log's state; each step is written by one
 * idempotent activity.
 */
export type { CaraLogWorkflowState };

export const submitCaraLogUpdate = wf.defineUpdate<CaraLogWorkflowState, [CaraLogUpdateArgs['submit']]>(
  CARA_LOG_UPDATES.submit,
);
export const reviewCaraLogUpdate = wf.defineUpdate<CaraLogWorkflowState, [CaraLogUpdateArgs['review']]>(
  CARA_LOG_UPDATES.review,
);
export const reopenCaraLogUpdate = wf.defineUpdate<CaraLogWorkflowState, [CaraLogUpdateArgs['reopen']]>(
  CARA_LOG_UPDATES.reopen,
);
export const answerCaraSurveyUpdate = wf.defineUpdate<CaraLogWorkflowState, [CaraLogUpdateArgs['answerSurvey']]>(
  CARA_LOG_UPDATES.answerSurvey,
);
export const caraLogStateQuery = wf.defineQuery<CaraLogWorkflowState>(CARA_LOG_STATE_QUERY);

const records = wf.proxyActivities<CaraActivities>({
  startToCloseTimeout: '30 seconds',
  retry: {
    initialInterval: '500 milliseconds',
    backoffCoefficient: 2,
    maximumInterval: '1 minute',
    nonRetryableErrorTypes: ['NOT_FOUND'],
  },
});

function fail(code: ErrorCode): never {
  throw wf.ApplicationFailure.create({ type: code, message: ERRORS[code].message, nonRetryable: true });
}

function words(text: string | null | undefined): number {
  const t = (text ?? '').trim();
  return t ? t.split(/\s+/).length : 0;
}

export async function caraLogWorkflow(input: CaraLogInput): Promise<void> {
  let status: CaraLogStatus = input.status ?? 'NOT_STARTED';
  let seq = input.seq ?? 0;
  let reminded = input.reminded ?? false;
  let surveyClosed = input.surveyClosed ?? !input.surveyExpiresAt;
  let revision = 0;
  const lock = new BusyLock();

  const state = (): CaraLogWorkflowState => ({ status, reminded, surveyClosed, revision });
  wf.setHandler(caraLogStateQuery, state);

  const apply = async (
    action: CaraTransitionAction,
    actor: CaraActor | null,
    extra: { notes?: string | null; answers?: CaraSurveyAnswer[] } = {},
  ) => {
    return lock.hold(async () => {
      seq += 1;
      const result = await records.applyCaraTransition({
        schoolId: input.schoolId,
        teamId: input.teamId,
        periodStart: input.periodStart,
        periodEnd: input.periodEnd,
        dueAt: input.dueAt,
        surveyExpiresAt: input.surveyExpiresAt,
        action,
        eventKey: `${action}-${seq}`,
        actorUserId: actor?.userId ?? null,
        ...extra,
      });
      status = result.status;
      revision += 1;
      return result;
    });
  };

  const guard = (actor: CaraActor, roles: CaraActor['role'][], states: readonly CaraLogStatus[]) => {
    if (!actor || typeof actor.userId !== 'string' || !actor.userId) fail('FORBIDDEN');
    if (!roles.includes(actor.role))
      fail(
        roles.includes('SUBMITTER')
          ? 'CARA_NOT_SUBMITTER'
          : roles.includes('REVIEWER')
            ? 'CARA_NOT_REVIEWER'
            : 'FORBIDDEN',
      );
    // While a step is being written (the log stored as ready, the workflow not yet told), the state is checked
    // again once it is written: someone acting on the stored state must not be refused for the workflow's lag.
    if (!states.includes(status) && !lock.busy)
      fail(CARA_IN_REVIEW.includes(status) || status === 'APPROVED' ? 'CARA_LOG_LOCKED' : 'CARA_LOG_WRONG_STATE');
  };
  const checkNotes = (notes: string | null | undefined, required: ErrorCode | null) => {
    if (required && !(notes ?? '').trim()) fail(required);
    if (words(notes) > CARA_LIMITS.noteWords) fail('VALIDATION_FAILED');
  };
  const myTurn = async (recheck: () => void) => {
    while (lock.busy) await lock.released();
    recheck();
  };

  const submitGuard = (args: { actor: CaraActor; notes?: string | null }) => {
    guard(args.actor, ['SUBMITTER'], ['READY', 'REJECTED']);
    checkNotes(args.notes, null);
  };
  wf.setHandler(
    submitCaraLogUpdate,
    async (args) => {
      await myTurn(() => submitGuard(args));
      await apply('submit', args.actor, { notes: args.notes ?? null });
      return state();
    },
    { validator: submitGuard },
  );

  const reviewGuard = (args: { actor: CaraActor; decision: 'APPROVE' | 'REJECT'; notes?: string | null }) => {
    if (status === 'APPROVED' && args.actor?.role === 'REVIEWER') fail('ALREADY_DECIDED');
    guard(args.actor, ['REVIEWER'], CARA_IN_REVIEW);
    if (args.decision !== 'APPROVE' && args.decision !== 'REJECT') fail('VALIDATION_FAILED');
    checkNotes(args.notes, args.decision === 'REJECT' ? 'CARA_REJECT_NOTES_REQUIRED' : null);
  };
  wf.setHandler(
    reviewCaraLogUpdate,
    async (args) => {
      await myTurn(() => reviewGuard(args));
      await apply(args.decision === 'APPROVE' ? 'approve' : 'reject', args.actor, { notes: args.notes ?? null });
      return state();
    },
    { validator: reviewGuard },
  );

  const reopenGuard = (args: { actor: CaraActor; notes?: string | null }) => {
    if (!args.actor || args.actor.role !== 'ADMIN') fail('FORBIDDEN');
    if (status !== 'APPROVED') fail('CARA_LOG_WRONG_STATE');
    checkNotes(args.notes, null);
  };
  wf.setHandler(
    reopenCaraLogUpdate,
    async (args) => {
      await myTurn(() => reopenGuard(args));
      await apply('reopen', args.actor, { notes: args.notes ?? null });
      return state();
    },
    { validator: reopenGuard },
  );

  const surveyGuard = (args: { actor: CaraActor; answers: CaraSurveyAnswer[] }) => {
    if (!args.actor || args.actor.role !== 'ATHLETE') fail('FORBIDDEN');
    if (status === 'NOT_STARTED' && !lock.busy) fail('CARA_LOG_WRONG_STATE');
    if (surveyClosed) fail('CARA_SURVEY_EXPIRED');
    if (!Array.isArray(args.answers) || args.answers.length === 0 || args.answers.length > 200)
      fail('VALIDATION_FAILED');
    for (const a of args.answers) {
      if (!a || typeof a.eventKey !== 'string' || !a.eventKey) fail('VALIDATION_FAILED');
      if (a.answer !== 'CONFIRMED' && a.answer !== 'DISPUTED') fail('VALIDATION_FAILED');
      if (a.answer === 'DISPUTED' && !(a.reason ?? '').trim()) fail('CARA_DISPUTE_REASON_REQUIRED');
      if (words(a.reason) > CARA_LIMITS.disputeWords) fail('VALIDATION_FAILED');
    }
  };
  wf.setHandler(
    answerCaraSurveyUpdate,
    async (args) => {
      await myTurn(() => surveyGuard(args));
      await apply('survey', args.actor, { answers: args.answers });
      return state();
    },
    { validator: surveyGuard },
  );

  tagProcess({ schoolId: input.schoolId, module: 'cara-log', entityId: `${input.teamId}:${input.periodStart}` });
  let currentStep = '';
  const enterStep = (step: string, waitingOn: string | null) => {
    if (step === currentStep) return;
    currentStep = step;
    markStep(step, waitingOn);
  };

  if (status === 'NOT_STARTED') {
    enterStep('period-open', null);
    const wait = Date.parse(input.generateAt) - Date.now();
    if (wait > 0) await wf.sleep(wait);
    await apply('generate', null);
    // The next period's log process starts as this one's is generated (added after the first recorded histories).
    if (wf.patched('cara-next-period'))
      await records.startNextCaraLog({ schoolId: input.schoolId, teamId: input.teamId, periodEnd: input.periodEnd });
  }

  for (;;) {
    if (lock.busy) {
      await lock.released();
      continue;
    }
    enterStep(
      status === 'READY'
        ? 'submit'
        : status === 'REJECTED'
          ? 'resubmit'
          : CARA_IN_REVIEW.includes(status)
            ? 'review'
            : 'approved',
      CARA_AWAITING_COACH.includes(status)
        ? `team:${input.teamId}`
        : CARA_IN_REVIEW.includes(status)
          ? 'SCHOOL_ADMIN'
          : null,
    );
    const now = Date.now();
    const timers: Array<{ at: number; kind: 'remind' | 'closeSurvey' }> = [];
    if (!reminded && input.remindAt && CARA_AWAITING_COACH.includes(status))
      timers.push({ at: Date.parse(input.remindAt), kind: 'remind' });
    if (!surveyClosed && input.surveyExpiresAt)
      timers.push({ at: Date.parse(input.surveyExpiresAt), kind: 'closeSurvey' });
    timers.sort((a, b) => a.at - b.at);
    const next = timers[0];
    const seen = { status, revision };
    const moved = () => lock.busy || status !== seen.status || revision !== seen.revision;
    if (!next) {
      await wf.condition(moved);
    } else if (next.at <= now) {
      if (next.kind === 'remind') {
        reminded = true;
        await apply('remind', null);
      } else {
        surveyClosed = true;
        await apply('closeSurvey', null);
      }
      continue;
    } else {
      await wf.condition(moved, next.at - now);
    }
    if (!lock.busy && wf.workflowInfo().continueAsNewSuggested) {
      await wf.condition(wf.allHandlersFinished);
      await wf.continueAsNew<typeof caraLogWorkflow>({ ...input, status, seq, reminded, surveyClosed });
    }
  }
}
