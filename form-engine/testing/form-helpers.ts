/** Small builders for the engine's unit tests. */
import { compileForm } from '../compile-form';
import type { Answers, ConditionRule, FormElement, FormVersion } from '../form-definition';
import { TODAY } from './sample-forms';

let counter = 0;

export function formWith(
  elements: FormElement[],
  conditions: ConditionRule[] = [],
  extra: Partial<FormVersion> = {},
): FormVersion {
  counter += 1;
  return {
    id: `t${counter}`,
    formId: 'test',
    version: 1,
    name: 'Test form',
    kind: 'long',
    elements,
    conditions,
    ...extra,
  };
}

export function validate(version: FormVersion, answers: Answers, today = TODAY) {
  return compileForm(version).validate(answers, { today });
}

/** The single error of `elementId`, or undefined. */
export function errorOf(version: FormVersion, answers: Answers, elementId: string, today = TODAY) {
  return validate(version, answers, today).errors.find((error) => error.elementId === elementId);
}
