import * as wf from '@temporalio/workflow';
import type { StepActionRecord } from '../../../activities/packets/packet-submission.activities';
import { isApproverKind, splitQuestionRef, type ActorSlot } from '../../../domain/packet-workflow';
import type { StepActionInput } from '../../../domain/packets';
import { findChangeTarget, mergeAnswers, validateAction } from './action-checks';
import { actOnStepUpdate } from './contract';
import { ACTION_WITH_NEXT_WRITE_PATCH } from './generations';
import { isoNow, setStep, snapshot, stepState, type Phase, type SubmissionRun } from './run';

/**
 * People's actions: the `actOnStep` Update. Its validator refuses an action that does not fit the active step; its
 * handler takes the action (in memory from ACTION_WITH_NEXT_WRITE_PATCH, else written at once) and answers once the
 * step loop has handled it: the next step opened, or the end written.
 */
export function handleActions(run: SubmissionRun): void {
  wf.setHandler(
    actOnStepUpdate,
    async (request) => {
      // Histories recorded before this wait replay unchanged: their Updates were all accepted at a step.
      if (!run.firstStepReached) await wf.condition(() => run.firstStepReached);
      const { slot, current } = validateAction(run, request)!;
      current.inFlight.add(slot.key);
      const mySeq = ++run.actionSeq;
      try {
        // The step's tasks and links are being opened: record the action only once they exist.
        await wf.condition(() => current.ready);
        const record = takeAction(run, current, slot, request);
        if (run.patched(ACTION_WITH_NEXT_WRITE_PATCH)) run.pendingActions.push(record);
        else await run.records.recordStepAction(record);
        applyAction(run, current, slot, request);
      } finally {
        current.inFlight.delete(slot.key);
      }
      // Answer with the state after the workflow has moved on (next step opened, or the end written).
      await wf.condition(() => run.processedSeq >= mySeq || run.ended);
      return snapshot(run);
    },
    { validator: (request) => void validateAction(run, request) },
  );
}

/** Merges a submitter's answers into the run and returns the action's rows to write. */
function takeAction(run: SubmissionRun, current: Phase, slot: ActorSlot, request: StepActionInput): StepActionRecord {
  const { input } = run;
  run.lastToday = request.today;
  const step = current.step;
  let touched: StepActionRecord['answers'] = [];
  if (request.action === 'SUBMIT' && step.kind === 'SUBMITTER') {
    run.answers = mergeAnswers(run, step, request.answers ?? {});
    const formIds = new Set(step.questionIds.map((q) => splitQuestionRef(q)?.formId).filter(Boolean));
    touched = input.forms
      .filter((f) => formIds.has(f.formId))
      .map((f) => ({ formId: f.formId, formVersionId: f.formVersionId, answers: run.answers[f.formId] ?? {} }));
  }
  const resubmission = request.action === 'SUBMIT' && step.kind === 'SUBMITTER' && run.round > 0;
  return {
    ...run.ref,
    hipaa: input.hipaa,
    eventKey: `${current.key}:${slot.key}:${request.action}`,
    phaseKey: current.key,
    slotKey: slot.key,
    stepId: step.id,
    stepName: step.name,
    stepKind: step.kind,
    action: request.action,
    resubmission,
    actor: request.actor,
    answers: touched,
    allAnswers: run.answers,
    ...(request.signature ? { signature: request.signature } : {}),
    ...(request.reason ? { reason: request.reason } : {}),
    ...(request.comment ? { comment: request.comment } : {}),
    ...(request.questionIds ? { questionIds: request.questionIds } : {}),
  };
}

/** The action's effect on the step: the slot has acted, and a decision, a change request or an approval counts. */
function applyAction(run: SubmissionRun, current: Phase, slot: ActorSlot, request: StepActionInput): void {
  const step = current.step;
  current.acted.add(slot.key);
  if (request.action === 'REJECT') current.decision = 'REJECTED';
  else if (request.action === 'REQUEST_CHANGE') {
    current.decision = 'CHANGE_REQUESTED';
    run.changeRequest = {
      targetStepId: findChangeTarget(run, request.questionIds ?? [])!,
      comment: request.comment ?? '',
      questionIds: request.questionIds ?? [],
    };
  } else if (request.action === 'APPROVE') current.anyApproval = true;
  if (request.action === 'SUBMIT' && step.kind === 'SUBMITTER') run.submitterActed = true;
  if (isApproverKind(step.kind) && request.action === 'APPROVE') run.approverActed = true;
  const doneBy = request.actor.name;
  if (current.acted.size >= current.slots.length || current.decision) {
    setStep(run, step.id, { ...stepState(run, step.id), doneBy, doneAt: isoNow() });
  }
}
