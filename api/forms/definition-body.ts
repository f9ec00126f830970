import type { FastifySchemaValidationError } from 'fastify';
import { AppError } from '../../domain/errors';
import { checkConditionTree } from '../../form-engine/check-condition-tree';
import { describeValidationErrors } from '../plugins/describe-validation-errors';

/**
 * The request checks of the routes that take a definition, so a bad definition is answered as the form engine
 * answers it whether the body schema or the engine finds the fault first.
 */

/**
 * preValidation: a condition nested or sized past the engine's limits is refused with the engine's own code
 * (CONDITION_TOO_DEEP, CONDITION_TOO_LARGE) before the schema, whose unrolled nesting would only say "invalid".
 * The tree is measured without recursion, so a hostile one cannot overflow the stack of the validator after it.
 */
export async function checkDefinitionConditions(request: { body: unknown }): Promise<void> {
  const body = request.body as { definition?: { conditions?: unknown } } | null | undefined;
  const rules = body?.definition?.conditions;
  if (!Array.isArray(rules)) return;
  rules.forEach((rule: unknown, index) => {
    if (typeof rule !== 'object' || rule === null) return;
    const problem = checkConditionTree((rule as { when?: unknown }).when);
    if (problem) {
      throw new AppError(problem.code, [
        { field: `definition.conditions.${index}`, code: problem.code, message: problem.message },
      ]);
    }
  });
}

/**
 * schemaErrorFormatter: a body whose only faults lie inside `definition` is answered as the engine answers a bad
 * shape, FORM_DEFINITION_INVALID with every fault as a detail; any other fault stays VALIDATION_FAILED.
 */
export function formatDefinitionErrors(errors: FastifySchemaValidationError[], dataVar: string): Error {
  const inDefinition = (e: FastifySchemaValidationError) =>
    e.instancePath === '/definition' || e.instancePath.startsWith('/definition/');
  if (dataVar === 'body' && errors.length > 0 && errors.every(inDefinition)) {
    return new AppError('FORM_DEFINITION_INVALID', describeValidationErrors(errors));
  }
  return Object.assign(new Error(`${dataVar} is invalid`), {
    validation: errors,
    validationContext: dataVar,
    statusCode: 400,
  });
}
