/**
 * Validates one submission against a compiled form, in this order:
 * 1. blank answers are dropped (normalize-answers.ts);
 * 2. conditions are evaluated on what is left;
 * 3. every answer must belong to a visible question: an answer to a hidden element is an error (the server never
 *    stores answers the filler could not see), as is one to a display-only or unknown element;
 * 4. each answer goes through its element's validator (the element's part of the answer JSON Schema: Ajv, or the
 *    eval-free interpreter in the browser);
 * 5. every required element (own setting or require rule, visible) must have an answer; a DOB may not be after
 *    the form-filling date.
 * Steps 3–5 are the top-level keywords of the published schema (additionalProperties, required) plus what depends
 * on other answers or on the date. One error per element (the first found), in form order, so the client and the
 * server show the same list.
 */
import { ERRORS } from '../domain/errors';
import type { AnswerError } from './answer-error';
import type { ConditionPlan } from './condition-plan';
import { isIsoDate } from './dates';
import { describeAnswerError } from './describe-answer-error';
import type { ElementValidator } from './element-validators';
import { evaluateConditionPlan } from './evaluate-conditions';
import type { Answers, EvaluationContext, FormElement } from './form-definition';
import { isPlainObject, normalizeAnswers } from './normalize-answers';

export interface AnswerValidationResult {
  valid: boolean;
  errors: AnswerError[];
  visible: Set<string>;
  required: Set<string>;
  /** The answers that would be stored: blanks removed. */
  answers: Answers;
}

export interface ValidationPlan {
  conditionPlan: ConditionPlan;
  elementsById: ReadonlyMap<string, FormElement>;
  /** Answerable elements only; display-only ones take no answer. */
  validatorOf: ReadonlyMap<string, ElementValidator>;
  positionOf: ReadonlyMap<string, number>;
  dobIds: readonly string[];
}

function record(errors: Map<string, AnswerError>, error: AnswerError): void {
  const key = error.elementId ?? '';
  if (!errors.has(key)) errors.set(key, error);
}

function answerError(
  elementId: string | null,
  code: AnswerError['code'],
  message: string = ERRORS[code].message,
): AnswerError {
  return { elementId, path: '', code, message };
}

export function assertFillingDate(ctx: EvaluationContext): void {
  if (!isIsoDate(ctx?.today)) throw new RangeError('ctx.today must be the form-filling date as YYYY-MM-DD');
}

function checkAnswer(
  plan: ValidationPlan,
  visible: ReadonlySet<string>,
  id: string,
  value: unknown,
): AnswerError | null {
  const element = plan.elementsById.get(id);
  if (!element) return answerError(id, 'ANSWER_INVALID', 'This question is not on the form.');
  const validate = plan.validatorOf.get(id);
  if (!validate) return answerError(id, 'ANSWER_INVALID', 'This element shows information only and takes no answer.');
  if (!visible.has(id)) return answerError(id, 'HIDDEN_ELEMENT_ANSWERED');
  const first = validate(value);
  return first ? describeAnswerError(element, first) : null;
}

export function validateWithPlan(
  plan: ValidationPlan,
  answers: unknown,
  ctx: EvaluationContext,
): AnswerValidationResult {
  assertFillingDate(ctx);
  if (!isPlainObject(answers)) {
    const error = answerError(null, 'ANSWER_INVALID', 'Answers must be an object keyed by element id.');
    return { valid: false, errors: [error], visible: new Set(), required: new Set(), answers: {} };
  }
  const submitted = normalizeAnswers(answers);
  const { visible, required } = evaluateConditionPlan(plan.conditionPlan, submitted, ctx);
  const errors = new Map<string, AnswerError>();

  for (const id of Object.keys(submitted)) {
    const error = checkAnswer(plan, visible, id, submitted[id]);
    if (error) record(errors, error);
  }
  for (const id of required) {
    if (!Object.prototype.hasOwnProperty.call(submitted, id)) record(errors, answerError(id, 'MANDATORY_FIELD'));
  }
  for (const id of plan.dobIds) {
    const dob = submitted[id];
    if (isIsoDate(dob) && dob > ctx.today) {
      record(errors, answerError(id, 'ANSWER_INVALID', 'Date of birth cannot be in the future.'));
    }
  }

  if (errors.size === 0) return { valid: true, errors: [], visible, required, answers: submitted };
  const position = (error: AnswerError) =>
    error.elementId === null ? -1 : (plan.positionOf.get(error.elementId) ?? Number.MAX_SAFE_INTEGER);
  const list = [...errors.values()].sort((a, b) => position(a) - position(b));
  return { valid: false, errors: list, visible, required, answers: submitted };
}
