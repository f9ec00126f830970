/**
 * compileForm: definition → { schema, renderModel, validate }. Compiling is done once per version and cached by
 * version id + content hash (a bounded LRU), with a per-object fast path for callers that keep passing the same
 * definition object (a workflow validating every update). The Ajv work itself is per distinct element schema and
 * shared across versions (element-validators.ts).
 */
import { AppError } from '../domain/errors';
import { toAnswersError } from './answer-error';
import { buildAnswerSchema } from './build-answer-schema';
import { buildRenderModel, type RenderModel } from './build-render-model';
import { buildConditionPlan } from './condition-plan';
import { toDefinitionError } from './definition-problem';
import { buildElementAnswerSchema, type JsonSchema } from './element-answer-schema';
import { clearElementValidators, getElementValidator, type ElementValidator } from './element-validators';
import { evaluateConditionPlan, type ConditionState } from './evaluate-conditions';
import type { Answers, EvaluationContext, FormElement, FormVersion } from './form-definition';
import { hashFormVersion } from './hash-version';
import { validateDefinitionShape } from './validate-definition-shape';
import { validateWithPlan, type AnswerValidationResult, type ValidationPlan } from './validate-answers';

export interface CompiledForm {
  versionId: string;
  hash: string;
  /** JSON Schema 2020-12 of the answers (static part: see build-answer-schema.ts). */
  schema: JsonSchema;
  renderModel: RenderModel;
  /** Full validation of a submission on the form-filling date `ctx.today`. */
  validate(answers: unknown, ctx: EvaluationContext): AnswerValidationResult;
  /** validate, throwing AppError VALIDATION_FAILED (details per element) when anything is wrong. */
  assertValid(answers: unknown, ctx: EvaluationContext): Answers;
  evaluate(answers: Answers, ctx: EvaluationContext): ConditionState;
}

const CACHE_SIZE = 256;
const byKey = new Map<string, CompiledForm>();
let byObject = new WeakMap<object, CompiledForm>();

function rejectDuplicateIds(version: FormVersion): void {
  const seen = new Set<string>();
  for (const element of version.elements) {
    if (seen.has(element.id)) {
      throw new AppError('FORM_ELEMENT_ID_NOT_UNIQUE', [
        { field: element.id, code: 'FORM_ELEMENT_ID_NOT_UNIQUE', message: `Element id "${element.id}" is used twice.` },
      ]);
    }
    seen.add(element.id);
  }
}

/** Builds the compiled form with no form-level cache (element validators are still shared). */
export function compileFormUncached(version: FormVersion, hash = hashFormVersion(version)): CompiledForm {
  const validatorOf = new Map<string, ElementValidator>();
  for (const element of version.elements) {
    const schema = buildElementAnswerSchema(element);
    if (schema) validatorOf.set(element.id, getElementValidator(schema));
  }
  const plan: ValidationPlan = {
    conditionPlan: buildConditionPlan(version),
    elementsById: new Map<string, FormElement>(version.elements.map((element) => [element.id, element])),
    validatorOf,
    positionOf: new Map(version.elements.map((element, index) => [element.id, index])),
    dobIds: version.elements.filter((element) => element.type === 'dob').map((element) => element.id),
  };
  const validate = (answers: unknown, ctx: EvaluationContext) => validateWithPlan(plan, answers, ctx);
  return {
    versionId: version.id,
    hash,
    schema: buildAnswerSchema(version),
    renderModel: buildRenderModel(version),
    validate,
    assertValid(answers, ctx) {
      const result = validate(answers, ctx);
      if (!result.valid) throw toAnswersError(result.errors);
      return result.answers;
    },
    evaluate: (answers, ctx) => evaluateConditionPlan(plan.conditionPlan, answers, ctx),
  };
}

/**
 * Compiles a form version (throws AppError FORM_DEFINITION_INVALID / FORM_ELEMENT_ID_NOT_UNIQUE for a malformed
 * definition; semantic rules such as cycles are checkDefinition's job, so a draft can still be previewed).
 * Definitions are treated as immutable: mutate a copy, not a version already compiled.
 */
export function compileForm(version: FormVersion): CompiledForm {
  const known = byObject.get(version);
  if (known) return known;
  const problems = validateDefinitionShape(version);
  if (problems.length > 0) throw toDefinitionError(problems);
  rejectDuplicateIds(version);
  const hash = hashFormVersion(version);
  const key = `${version.id}:${hash}`;
  let compiled = byKey.get(key);
  if (compiled) {
    byKey.delete(key);
  } else {
    compiled = compileFormUncached(version, hash);
  }
  byKey.set(key, compiled);
  if (byKey.size > CACHE_SIZE) byKey.delete(byKey.keys().next().value as string);
  byObject.set(version, compiled);
  return compiled;
}

/** How many versions are cached (for tests and the benchmark). */
export function getCompiledFormCacheSize(): number {
  return byKey.size;
}

/** Forgets every compiled form and element validator, for tests and cold-compile measurements. */
export function clearCompiledForms(): void {
  byKey.clear();
  byObject = new WeakMap();
  clearElementValidators();
}
