/**
 * Checks a value against the definition schema. Condition nesting depth is measured first, iteratively, so a
 * hostile or corrupted definition cannot overflow the stack of Ajv or of the condition evaluator.
 */
import type { ErrorObject, ValidateFunction } from 'ajv';
import { createAjv } from './create-ajv';
import { FORM_DEFINITION_SCHEMA } from './definition-schema';
import { createProblem, type DefinitionProblem } from './definition-problem';
import type { FormVersion } from './form-definition';
import { FORM_LIMITS } from './limits';

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

function findTooDeepRule(rules: unknown): { index: number; ruleId?: string } | null {
  if (!Array.isArray(rules)) return null;
  for (let index = 0; index < rules.length; index++) {
    const rule: unknown = rules[index];
    if (typeof rule !== 'object' || rule === null) continue;
    const stack: Array<{ node: unknown; depth: number }> = [{ node: (rule as { when?: unknown }).when, depth: 1 }];
    while (stack.length > 0) {
      const { node, depth } = stack.pop()!;
      if (typeof node !== 'object' || node === null) continue;
      const children = (node as { conditions?: unknown }).conditions;
      if (!Array.isArray(children)) continue;
      if (depth > FORM_LIMITS.maxConditionDepth) {
        const ruleId = (rule as { id?: unknown }).id;
        return { index, ...(typeof ruleId === 'string' ? { ruleId } : {}) };
      }
      for (const child of children) stack.push({ node: child, depth: depth + 1 });
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
  const tooDeep = findTooDeepRule(rules);
  if (tooDeep) {
    return [
      createProblem(
        'FORM_DEFINITION_INVALID',
        { path: `/conditions/${tooDeep.index}`, ...(tooDeep.ruleId ? { ruleId: tooDeep.ruleId } : {}) },
        `Conditions may be nested at most ${FORM_LIMITS.maxConditionDepth} groups deep.`,
      ),
    ];
  }
  const validate = getShapeValidator();
  if (validate(value)) return [];
  return (validate.errors ?? []).map((error) => toShapeProblem(value, error));
}

export function isFormVersionShape(value: unknown): value is FormVersion {
  return validateDefinitionShape(value).length === 0;
}
