/**
 * Checks a value against the definition schema. Each condition's depth and size are measured first, iteratively,
 * so a hostile or corrupted definition cannot overflow the stack of Ajv or of the condition evaluator.
 */
import type { ErrorObject, ValidateFunction } from 'ajv';
import { createAjv } from './create-ajv';
import { FORM_DEFINITION_SCHEMA } from './definition-schema';
import { createProblem, type DefinitionProblem } from './definition-problem';
import type { FormVersion } from './form-definition';
import { checkConditionTree, type ConditionTreeProblem } from './check-condition-tree';

let validateShape: ValidateFunction | undefined;

/** The options the definition schema is compiled with, here and by the standalone code generator. */
export const DEFINITION_AJV_SETTINGS = {} as const;

function getShapeValidator(): ValidateFunction {
  validateShape ??= createAjv(DEFINITION_AJV_SETTINGS).compile(FORM_DEFINITION_SCHEMA);
  return validateShape;
}

/**
 * Replaces the definition validator Ajv would compile at run time with one compiled ahead of time (Ajv's standalone
 * code for the same schema and options, see standalone-definition-validator.ts), for a page that forbids eval.
 */
export function setDefinitionShapeValidator(validate: ValidateFunction | undefined): void {
  validateShape = validate;
}

/** The first rule whose `when` is nested too deep or holds too many parts (measured without recursion). */
function findOversizedRule(rules: unknown): { index: number; ruleId?: string; problem: ConditionTreeProblem } | null {
  if (!Array.isArray(rules)) return null;
  for (let index = 0; index < rules.length; index++) {
    const rule: unknown = rules[index];
    if (typeof rule !== 'object' || rule === null) continue;
    const problem = checkConditionTree((rule as { when?: unknown }).when);
    if (problem) {
      const ruleId = (rule as { id?: unknown }).id;
      return { index, problem, ...(typeof ruleId === 'string' ? { ruleId } : {}) };
    }
  }
  return null;
}

function elementIdAt(value: unknown, path: string): string | undefined {
  const match = /^\/elements\/(\d+)/.exec(path);
  if (!match || typeof value !== 'object' || value === null) return undefined;
  const elements = (value as { elements?: unknown }).elements;
  if (!Array.isArray(elements)) return undefined;
  const element: unknown = elements[Number(match[1])];
  const id = typeof element === 'object' && element !== null ? (element as { id?: unknown }).id : undefined;
  return typeof id === 'string' ? id : undefined;
}

function toShapeProblem(value: unknown, error: ErrorObject): DefinitionProblem {
  const path = error.instancePath;
  const elementId = elementIdAt(value, path);
  return createProblem(
    'FORM_DEFINITION_INVALID',
    { path, ...(elementId ? { elementId } : {}) },
    `${path || 'form'}: ${error.message ?? 'is invalid'}`,
  );
}

/** Returns the shape problems of `value`; an empty list means it is a well-formed FormVersion. */
export function validateDefinitionShape(value: unknown): DefinitionProblem[] {
  const rules = typeof value === 'object' && value !== null ? (value as { conditions?: unknown }).conditions : null;
  const oversized = findOversizedRule(rules);
  if (oversized) {
    const { index, ruleId, problem } = oversized;
    return [createProblem(problem.code, { path: `/conditions/${index}`, ...(ruleId ? { ruleId } : {}) })];
  }
  const validate = getShapeValidator();
  if (validate(value)) return [];
  return (validate.errors ?? []).map((error) => toShapeProblem(value, error));
}

export function isFormVersionShape(value: unknown): value is FormVersion {
  return validateDefinitionShape(value).length === 0;
}
