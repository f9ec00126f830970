import * as wf from '@temporalio/workflow';
import type { RosterActivities } from '../../activities/rosters/roster.activities';
import { ATHLETE_STATUSES, ROSTER_STATUSES } from '../../domain/athletes';
import { ERRORS, type ErrorCode } from '../../domain/errors';
import {
  ROSTER_LIMITS,
  type RolloverStatus,
  type RosterActor,
  type RosterChangeRequestInput,
  type RosterEdit,
  type RosterRolloverInput,
  type RosterTransitionAction,
  type RosterTransitionInput,
} from '../../domain/rosters';
import { workflowIds } from '../../domain/workflows';
import type { invitationBatchWorkflow } from '../invitations/invitation-batch.workflow';
import type { invitationWorkflow } from '../invitations/invitation.workflow';
import { markStep, tagProcess } from '../shared/search-attributes';
import { BusyLock } from '../shared/busy-lock';

/**
 * Declaration and yearly rollover of one team's roster (id `roster-rollover:<teamId>:<academicYearId>`):
 * rollover copies last year's returning athletes (not started) → the coach marks non-returners, adds newcomers and
 * submits (ready for review) → an admin approves, choosing whether newcomers are invited (completed), or sends it
 * back with a comment. After completion the process stays to carry the coach's change requests, which admins
 * approve or deny one by one or in bulk. Every human step is an Update whose validator checks actor and state;
 * each transition is written to PostgreSQL by an idempotent activity; newcomers are invited through the
 * invitation workflow (child processes keyed by invitation id, so each starts once even after a worker crash);
 * an approved "add" change request for an athlete never invited invites them through the invitation-batch process.
 */
export interface RosterWorkflowState {
  status: RolloverStatus;
  pendingRequests: number;
  remindersSent: number;
  invitationsStarted: number;
  revision: number;
}

export const editRosterUpdate = wf.defineUpdate<RosterWorkflowState, [{ actor: RosterActor; edit: RosterEdit }]>(
  'editRoster',
);
export const submitRosterUpdate = wf.defineUpdate<RosterWorkflowState, [{ actor: RosterActor }]>('submitRoster');
export const reviewRosterUpdate = wf.defineUpdate<
  RosterWorkflowState,
  [
    {
      actor: RosterActor;
      decision: 'APPROVE' | 'REQUEST_CHANGES';
      inviteNewAthletes?: boolean;
      comment?: string | null;
    },
  ]
>('reviewRoster');
export const requestRosterChangeUpdate = wf.defineUpdate<
  RosterWorkflowState & { requestId: string | null },
  [{ actor: RosterActor; change: RosterChangeRequestInput }]
>('requestRosterChange');
export const decideRosterChangesUpdate = wf.defineUpdate<
  RosterWorkflowState & { decided: string[] },
  [{ actor: RosterActor; requestIds: string[]; decision: 'APPROVE' | 'DENY'; comment?: string | null }]
>('decideRosterChanges');
export const rosterStateQuery = wf.defineQuery<RosterWorkflowState>('rosterState');

const records = wf.proxyActivities<RosterActivities>({
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

function checkIds(ids: unknown): void {
  if (!Array.isArray(ids) || ids.length === 0 || ids.length > ROSTER_LIMITS.batchMax) fail('VALIDATION_FAILED');
  if (!ids.every((id) => typeof id === 'string' && id.length > 0)) fail('VALIDATION_FAILED');
}

function checkComment(comment: string | null | undefined, required: boolean): void {
  const text = (comment ?? '').trim();
  if (required && !text) fail('ROSTER_COMMENT_REQUIRED');
  if (text.length > ROSTER_LIMITS.commentMaxLength) fail('VALIDATION_FAILED');
}

/** Updates wait until the run has rolled over or read its roster (see `loaded`). */
export const ROSTER_UPDATES_WAIT_FOR_LOAD_PATCH = 'roster-updates-wait-for-load';

export async function rosterRolloverWorkflow(input: RosterRolloverInput): Promise<void> {
  if (!Number.isFinite(input.reminderMs) || input.reminderMs <= 0) {
    throw wf.ApplicationFailure.nonRetryable('reminderMs must be a positive number of milliseconds', 'INVALID_INPUT');
  }
  let status: RolloverStatus = input.status;
  let pendingRequests = 0;
  const lock = new BusyLock();
  let seq = input.seq ?? 0;
  let round = input.round ?? 0;
  let remindersSent = 0;
  let invitationsStarted = 0;
  let invitePending = false;
  /** Invitation batches written by approved additions, whose invitation-batch process is still to start. */
  const inviteBatches: string[] = [];
  let revision = 0;
  const ref = { schoolId: input.schoolId, rosterId: input.rosterId };
  /**
   * False until the run has copied last year's roster or read where an adopted one stands (below). An Update that
   * comes with the run's first workflow task (the API starts the process and acts at once) is handed to its handler
   * as soon as the handler is set, before that: it waits for it (from ROSTER_UPDATES_WAIT_FOR_LOAD_PATCH; earlier
   * histories replay as recorded).
   */
  let loaded = false;
  const waitForLoad = wf.patched(ROSTER_UPDATES_WAIT_FOR_LOAD_PATCH);

  const state = (): RosterWorkflowState => ({ status, pendingRequests, remindersSent, invitationsStarted, revision });
  wf.setHandler(rosterStateQuery, state);

  const apply = async (
    action: RosterTransitionAction,
    actor: RosterActor | null,
    extra: Partial<RosterTransitionInput> = {},
  ) => {
    // Set before the first await: an Update validated after this point sees it and is refused.
    return lock.hold(async () => {
      seq += 1;
      const result = await records.applyRosterTransition({
        ...ref,
        ...extra,
        eventKey: `${action}-${seq}`,
        actorUserId: actor?.userId ?? null,
        action,
      });
      if (result.status !== status) {
        round += 1;
        remindersSent = 0;
      }
      status = result.status;
      pendingRequests = result.pendingRequests;
      revision += 1;
      return result;
    });
  };

  const guard = (actor: RosterActor, role: RosterActor['role'], inStatus: RolloverStatus) => {
    if (!actor || typeof actor.userId !== 'string' || actor.role !== role) fail('FORBIDDEN');
    if (status !== inStatus)
      fail(status === 'COMPLETED' && inStatus === 'READY_FOR_REVIEW' ? 'ALREADY_DECIDED' : 'ROSTER_NOT_EDITABLE');
  };

  /**
   * Updates take turns: one accepted while another is being written waits for it, then checks the state again,
   * so of two admins approving at once the second gets "already decided".
   */
  const myTurn = async (recheck: () => void) => {
    const waiting = () => lock.busy || (waitForLoad && !loaded);
    while (waiting()) await wf.condition(() => !waiting());
    recheck();
  };

  wf.setHandler(
    editRosterUpdate,
    async (args) => {
      await myTurn(() => guard(args.actor, 'COACH', 'NOT_STARTED'));
      await apply('edit', args.actor, { edit: args.edit });
      return state();
    },
    {
      validator: (args) => {
        guard(args.actor, 'COACH', 'NOT_STARTED');
        const edit = args.edit;
        if (!edit || (edit.op !== 'add' && edit.op !== 'setStatus')) fail('VALIDATION_FAILED');
        checkIds(edit.athleteUserIds);
        if (edit.op === 'setStatus') {
          if (!edit.athleteStatus && !edit.rosterStatus) fail('VALIDATION_FAILED');
          if (edit.athleteStatus && !(edit.athleteStatus in ATHLETE_STATUSES)) fail('VALIDATION_FAILED');
          if (edit.rosterStatus && !(edit.rosterStatus in ROSTER_STATUSES)) fail('VALIDATION_FAILED');
        }
      },
    },
  );

  wf.setHandler(
    submitRosterUpdate,
    async (args) => {
      await myTurn(() => guard(args.actor, 'COACH', 'NOT_STARTED'));
      await apply('submit', args.actor);
      return state();
    },
    { validator: (args) => guard(args.actor, 'COACH', 'NOT_STARTED') },
  );

  wf.setHandler(
    reviewRosterUpdate,
    async (args) => {
      await myTurn(() => guard(args.actor, 'ADMIN', 'READY_FOR_REVIEW'));
      if (args.decision === 'APPROVE') {
        await apply('approve', args.actor, { inviteNewAthletes: args.inviteNewAthletes === true });
        invitePending = args.inviteNewAthletes === true;
      } else {
        await apply('requestChanges', args.actor, { comment: args.comment?.trim() ?? null });
      }
      return state();
    },
    {
      validator: (args) => {
        guard(args.actor, 'ADMIN', 'READY_FOR_REVIEW');
        if (args.decision !== 'APPROVE' && args.decision !== 'REQUEST_CHANGES') fail('VALIDATION_FAILED');
        checkComment(args.comment, args.decision === 'REQUEST_CHANGES');
      },
    },
  );

  wf.setHandler(
    requestRosterChangeUpdate,
    async (args) => {
      await myTurn(() => guard(args.actor, 'COACH', 'COMPLETED'));
      const result = await apply('requestChange', args.actor, { changeRequest: args.change });
      return { ...state(), requestId: result.requestId ?? null };
    },
    {
      validator: (args) => {
        guard(args.actor, 'COACH', 'COMPLETED');
        const c = args.change;
        if (!c || typeof c.athleteUserId !== 'string' || !c.athleteUserId) fail('VALIDATION_FAILED');
        if (!['ADD', 'REMOVE', 'STATUS_CHANGE'].includes(c.kind)) fail('VALIDATION_FAILED');
        if (c.athleteStatus && !(c.athleteStatus in ATHLETE_STATUSES)) fail('VALIDATION_FAILED');
        if (c.rosterStatus && !(c.rosterStatus in ROSTER_STATUSES)) fail('VALIDATION_FAILED');
        if (c.kind === 'STATUS_CHANGE' && !c.athleteStatus && !c.rosterStatus) fail('VALIDATION_FAILED');
      },
    },
  );

  wf.setHandler(
    decideRosterChangesUpdate,
    async (args) => {
      await myTurn(() => guard(args.actor, 'ADMIN', 'COMPLETED'));
      const result = await apply('decideChanges', args.actor, {
        decision: { requestIds: args.requestIds, approve: args.decision === 'APPROVE' },
        comment: args.comment?.trim() || null,
      });
      if (result.inviteBatchId) inviteBatches.push(result.inviteBatchId);
      if (result.decided.length === 0) fail('ROSTER_NO_PENDING_REQUESTS');
      return { ...state(), decided: result.decided };
    },
    {
      validator: (args) => {
        guard(args.actor, 'ADMIN', 'COMPLETED');
        if (args.decision !== 'APPROVE' && args.decision !== 'DENY') fail('VALIDATION_FAILED');
        checkIds(args.requestIds);
        checkComment(args.comment, false);
        // Before the load the count is not known yet: the handler's decision answers it then.
        if (pendingRequests === 0 && (loaded || !waitForLoad)) fail('ROSTER_NO_PENDING_REQUESTS');
      },
    },
  );

  tagProcess({ schoolId: input.schoolId, module: 'roster-rollover', entityId: input.rosterId });
  let currentStep = '';
  const enterStep = (step: string, waitingOn: string | null) => {
    if (step === currentStep) return;
    currentStep = step;
    markStep(step, waitingOn);
  };

  // A new process copies last year's roster first (an adopted, already declared roster has nothing to copy).
  if (seq === 0 && status === 'NOT_STARTED') {
    await apply('rollover', null);
  } else {
    // An adopted, already declared roster (or a continued run) reads where it stands.
    const now = await records.loadRosterState(ref);
    status = now.status;
    pendingRequests = now.pendingRequests;
  }
  loaded = true;

  for (;;) {
    if (lock.busy) {
      await lock.released();
      continue;
    }
    if (inviteBatches.length) {
      const batchId = inviteBatches[0]!;
      try {
        await wf.startChild<typeof invitationBatchWorkflow>('invitationBatchWorkflow', {
          workflowId: workflowIds.invitationBatch(batchId),
          args: [{ schoolId: input.schoolId, batchId }],
          parentClosePolicy: wf.ParentClosePolicy.ABANDON,
        });
      } catch (err) {
        // Already started (by an earlier run of this process): the invitations are on their way either way.
        if ((err as Error | null)?.name !== 'WorkflowExecutionAlreadyStartedError') throw err;
      }
      inviteBatches.shift();
      continue;
    }
    if (invitePending) {
      invitePending = false;
      const starts = await records.prepareRosterInvitations(ref);
      for (const start of starts) {
        try {
          await wf.startChild<typeof invitationWorkflow>('invitationWorkflow', {
            workflowId: workflowIds.invitation(start.invitationId),
            args: [start],
            parentClosePolicy: wf.ParentClosePolicy.ABANDON,
          });
          invitationsStarted += 1;
        } catch (err) {
          // Already started (by an earlier run of this process): the invitation is on its way either way.
          if ((err as Error | null)?.name !== 'WorkflowExecutionAlreadyStartedError') throw err;
        }
      }
      continue;
    }
    const waitingOn =
      status === 'NOT_STARTED'
        ? `team:${input.teamId}`
        : status === 'READY_FOR_REVIEW' || pendingRequests > 0
          ? 'SCHOOL_ADMIN'
          : null;
    enterStep(
      status === 'NOT_STARTED'
        ? 'declare'
        : status === 'READY_FOR_REVIEW'
          ? 'review'
          : pendingRequests > 0
            ? 'change-requests'
            : 'completed',
      waitingOn,
    );
    const seen = { status, pendingRequests, round };
    const moved = () =>
      lock.busy ||
      invitePending ||
      inviteBatches.length > 0 ||
      status !== seen.status ||
      pendingRequests !== seen.pendingRequests ||
      round !== seen.round;
    if (status === 'COMPLETED' || remindersSent >= ROSTER_LIMITS.maxReminders) {
      await wf.condition(moved);
    } else {
      const changed = await wf.condition(moved, input.reminderMs);
      if (!changed && !moved()) {
        remindersSent += 1;
        await records.remindRoster({ ...ref, eventKey: `reminder-${round}-${remindersSent}` });
      }
    }
    if (!lock.busy && !invitePending && !inviteBatches.length && wf.workflowInfo().continueAsNewSuggested) {
      await wf.condition(wf.allHandlersFinished);
      await wf.continueAsNew<typeof rosterRolloverWorkflow>({ ...input, status, seq, round });
    }
  }
}
