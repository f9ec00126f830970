/**
 * The JSON Schema (2020-12) of a form version's answers: an object keyed by element id. `required` lists only the
 * elements that are required whatever the other answers say (required and never shown or hidden by a rule);
 * conditional requirements are applied by validate-answers.ts after the conditions are evaluated.
 */
import { buildElementAnswerSchema, type JsonSchema } from './element-answer-schema';
import { isRequiredSetting } from './element-settings';
import type { FormVersion } from './form-definition';

/** Elements whose visibility depends on other answers: a show or hide rule targets them. */
export function findConditionallyVisible(version: FormVersion): Set<string> {
  const targets = new Set<string>();
  for (const rule of version.conditions) if (rule.action !== 'require') targets.add(rule.target);
  return targets;
}

export function buildAnswerSchema(version: FormVersion): JsonSchema {
  const conditional = findConditionallyVisible(version);
  const properties: Record<string, JsonSchema> = {};
  const required: string[] = [];
  for (const element of version.elements) {
    const schema = buildElementAnswerSchema(element);
    if (!schema) continue;
    properties[element.id] = { title: element.dataLabel, ...schema };
    if (isRequiredSetting(element) && !conditional.has(element.id)) required.push(element.id);
  }
  return {
    $schema: 'https://json-schema.org/draft/2020-12/schema',
    title: version.name,
    type: 'object',
    properties,
    required,
    additionalProperties: false,
  };
}
