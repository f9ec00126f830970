/**
 * Validation without `eval`, for the browser: the app's Content-Security-Policy has no 'unsafe-eval', and Ajv
 * compiles schemas to code with `new Function`. After this call answers are checked by the interpreter
 * (interpret-answer-schema.ts), which gives the same first error as Ajv, and definitions by `definitionValidator`,
 * Ajv's standalone code for the definition schema generated when the UI is built. The server keeps Ajv.
 */
import type { ValidateFunction } from 'ajv';
import { clearCompiledForms } from './compile-form';
import { setElementValidatorKind } from './element-validators';
import { setDefinitionShapeValidator } from './validate-definition-shape';

export function enableEvalFreeValidation(definitionValidator: ValidateFunction): void {
  setDefinitionShapeValidator(definitionValidator);
  setElementValidatorKind('interpreted');
  clearCompiledForms();
}
