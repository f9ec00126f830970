import * as wf from '@temporalio/workflow';
import { ERRORS, type ErrorCode } from '../../../domain/errors';
import {
  findConditionAlertQuestions,
  findQuestionStep,
  isApproverKind,
  type ActorSlot,
  type PacketAnswers,
  type PacketStep,
} from '../../../domain/packet-workflow';
import { PACKET_LIMITS, STEP_NOT_REACHED, type ActingPerson, type StepActionInput } from '../../../domain/packets';
import { countWords } from '../../../form-engine';
import { compiledOf, type Phase, type SubmissionRun } from './run';

/** The checks of an action on a step (the Update's validator, run again by its handler); they change nothing. */

export function fail(code: ErrorCode, message?: string): never {
  throw wf.ApplicationFailure.create({ type: code, message: message ?? ERRORS[code].message, nonRetryable: true });
}

function matches(slot: ActorSlot, person: ActingPerson): boolean {
  if (slot.kind === 'EXTERNAL') return !!person.linkId && person.email?.toLowerCase() === slot.email;
  if (person.linkId || !person.userId) return false;
  if (slot.kind === 'USER') return slot.userId === person.userId;
  return !!slot.role && (person.roles ?? []).includes(slot.role);
}

/** The slot the action is taken for at the active step; null before the first step (nothing to refuse yet). */
export function validateAction(
  run: SubmissionRun,
  request: StepActionInput,
): { slot: ActorSlot; current: Phase } | null {
  if (run.closing?.kind === 'VOIDED' || run.status === 'VOIDED') fail('PACKET_VOIDED');
  if (run.ended || run.closing) fail('SUBMISSION_CLOSED');
  // Not yet at the first step: the handler checks the action there (null: nothing to refuse yet).
  if (!run.firstStepReached) return null;
  const current = run.phase;
  if (!current || current.stepId !== request.stepId) {
    const known = run.steps.find((s) => s.stepId === request.stepId);
    if (known && (known.status === 'DONE' || known.status === 'SKIPPED')) fail('ALREADY_DECIDED');
    throw wf.ApplicationFailure.create({
      type: STEP_NOT_REACHED,
      message: ERRORS.STEP_NOT_ACTIVE.message,
      nonRetryable: true,
    });
  }
  const candidates = current.slots.filter((slot) => matches(slot, request.actor));
  if (candidates.length === 0) fail('NOT_YOUR_TURN');
  const slot = candidates.find((s) => !current.acted.has(s.key) && !current.inFlight.has(s.key));
  if (!slot) fail('ALREADY_DECIDED');
  if (current.decision === 'REJECTED' || current.decision === 'CHANGE_REQUESTED') fail('ALREADY_DECIDED');
  checkActionFits(run, current.step, request);
  return { slot, current };
}

function checkActionFits(run: SubmissionRun, step: PacketStep, request: StepActionInput): void {
  const approver = isApproverKind(step.kind);
  switch (request.action) {
    case 'SUBMIT':
      if (step.kind === 'SUBMITTER') return checkAnswers(run, step, request);
      if (step.kind === 'EXTERNAL_SIGNER') {
        if (!request.signature?.trim()) fail('SIGNATURE_REQUIRED', 'Sign to submit.');
        return;
      }
      return fail('STEP_NOT_ACTIVE', 'This step is not filled in.');
    case 'APPROVE':
      if (!approver) fail('STEP_NOT_ACTIVE', 'This step has nothing to approve.');
      if (step.kind === 'APPROVER_WITH_SIGNATURE' && !request.signature?.trim()) fail('SIGNATURE_REQUIRED');
      return;
    case 'REJECT': {
      if (!approver) fail('STEP_NOT_ACTIVE', 'This step cannot reject.');
      const words = countWords(request.reason ?? '');
      if (words === 0) fail('REASON_REQUIRED');
      if (words > PACKET_LIMITS.reasonMaxWords) fail('REASON_TOO_LONG');
      return;
    }
    case 'REQUEST_CHANGE': {
      if (!approver) fail('STEP_NOT_ACTIVE', 'This step cannot request changes.');
      const words = countWords(request.comment ?? '');
      if (words === 0) fail('MANDATORY_FIELD', 'A comment is mandatory.');
      if (words > PACKET_LIMITS.commentMaxWords) fail('COMMENT_TOO_LONG');
      const questionIds = request.questionIds ?? [];
      if (findConditionAlertQuestions(run.input.workflow, questionIds).length > 0)
        fail('CHANGE_REQUEST_CONDITION_ALERT');
      if (!findChangeTarget(run, questionIds)) fail('STEP_NOT_ACTIVE', 'There is no submitted step to send back.');
      return;
    }
    default:
      fail('STEP_NOT_ACTIVE', 'This action is not available at this step.');
  }
}

/** The earliest done submitter step that owns one of the questions (any done submitter step when none does). */
export function findChangeTarget(run: SubmissionRun, questionIds: readonly string[]): string | null {
  const owners = questionIds
    .map((q) => findQuestionStep(run.input.workflow, q)?.id)
    .filter((id): id is string => !!id && run.doneSubmitterSteps.has(id));
  const candidates = owners.length > 0 ? owners : [...run.doneSubmitterSteps];
  const first = run.ordered.find((s) => candidates.includes(s.id));
  return first?.id ?? null;
}

/** Answers only to this step's questions; the merged form must pass the frozen schema for every step answered so far. */
function checkAnswers(run: SubmissionRun, step: PacketStep, request: StepActionInput): void {
  const given = request.answers ?? {};
  const own = new Set(step.questionIds);
  for (const [formId, formAnswers] of Object.entries(given)) {
    if (!run.formsById.has(formId)) fail('ANSWER_INVALID', 'These answers name a form that is not in the packet.');
    for (const elementId of Object.keys(formAnswers ?? {})) {
      if (!own.has(`${formId}:${elementId}`)) fail('ANSWER_INVALID', 'This step cannot answer one of these questions.');
    }
  }
  const asked = new Set(step.questionIds);
  for (const doneId of run.doneSubmitterSteps) {
    for (const q of run.input.workflow.steps.find((s) => s.id === doneId)?.questionIds ?? []) asked.add(q);
  }
  const merged = mergeAnswers(run, step, given);
  const details: Array<{ field: string; message: string; code: string }> = [];
  for (const form of run.input.forms) {
    const result = compiledOf(run, form).validate(merged[form.formId] ?? {}, { today: request.today });
    for (const error of result.errors) {
      const ref = `${form.formId}:${error.elementId ?? ''}`;
      if (error.elementId && asked.has(ref)) details.push({ field: ref, message: error.message, code: error.code });
    }
  }
  if (details.length > 0) {
    throw wf.ApplicationFailure.create({
      type: details[0]!.code,
      message: details[0]!.message,
      nonRetryable: true,
      details,
    });
  }
}

/** The run's answers with this step's own questions replaced by the given ones. */
export function mergeAnswers(run: SubmissionRun, step: PacketStep, given: PacketAnswers): PacketAnswers {
  const merged: PacketAnswers = {};
  for (const form of run.input.forms) {
    const kept: Record<string, unknown> = {};
    for (const [elementId, value] of Object.entries(run.answers[form.formId] ?? {})) {
      if (!step.questionIds.includes(`${form.formId}:${elementId}`)) kept[elementId] = value;
    }
    merged[form.formId] = { ...kept, ...(given[form.formId] ?? {}) };
  }
  return merged;
}
