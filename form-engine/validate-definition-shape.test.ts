import { describe, expect, it } from 'vitest';
import { createAjv } from './create-ajv';
import { FORM_DEFINITION_SCHEMA } from './definition-schema';
import type { ConditionNode, FormVersion } from './form-definition';
import { everyElementForm } from './testing/sample-forms';
import { isFormVersionShape, validateDefinitionShape } from './validate-definition-shape';

describe('definition JSON Schema', () => {
  it('is itself a valid JSON Schema 2020-12 and accepts the sample form', () => {
    const ajv = createAjv();
    expect(ajv.validateSchema(FORM_DEFINITION_SCHEMA)).toBe(true);
    expect(ajv.validate(FORM_DEFINITION_SCHEMA, everyElementForm())).toBe(true);
    expect(isFormVersionShape(everyElementForm())).toBe(true);
  });

  const mutate = (change: (version: Record<string, unknown>) => void) => {
    const version = structuredClone(everyElementForm()) as unknown as Record<string, unknown>;
    change(version);
    return validateDefinitionShape(version);
  };
  const elements = (version: Record<string, unknown>) => version.elements as Array<Record<string, unknown>>;

  it.each([
    ['an unknown element type', (v: Record<string, unknown>) => (elements(v)[1]!.type = 'rocket')],
    ['a setting of another type', (v: Record<string, unknown>) => (elements(v)[1]!.ratings = 5)],
    ['a missing data label', (v: Record<string, unknown>) => delete elements(v)[1]!.dataLabel],
    ['a blank question text', (v: Record<string, unknown>) => (elements(v)[1]!.label = ' ')],
    ['an id that would touch a prototype', (v: Record<string, unknown>) => (elements(v)[1]!.id = '__proto__')],
    ['an id with a slash', (v: Record<string, unknown>) => (elements(v)[1]!.id = 'a/b')],
    [
      'a scale of 11 ratings',
      (v: Record<string, unknown>) => (elements(v).find((e) => e.type === 'scaleRating')!.ratings = 11),
    ],
    [
      'a choice without options',
      (v: Record<string, unknown>) => (elements(v).find((e) => e.type === 'dropdown')!.options = []),
    ],
    [
      'an unknown attachment type',
      (v: Record<string, unknown>) => (elements(v).find((e) => e.type === 'attachment')!.allowedTypes = ['exe']),
    ],
    [
      'more than 5 files',
      (v: Record<string, unknown>) => (elements(v).find((e) => e.type === 'attachment')!.limits = { maxFiles: 6 }),
    ],
    [
      'an unknown date format',
      (v: Record<string, unknown>) => (elements(v).find((e) => e.type === 'dob')!.dateFormat = 'YY'),
    ],
    [
      'an unknown operator',
      (v: Record<string, unknown>) =>
        ((
          v.conditions as Array<{ when: { conditions: Array<{ operator: string }> } }>
        )[0]!.when.conditions[0]!.operator = 'near'),
    ],
    [
      'an empty condition group',
      (v: Record<string, unknown>) =>
        ((v.conditions as Array<{ when: { conditions: unknown[] } }>)[0]!.when.conditions = []),
    ],
    ['an unknown form kind', (v: Record<string, unknown>) => (v.kind = 'medium')],
    ['an extra top-level property', (v: Record<string, unknown>) => (v.owner = 'me')],
  ])('refuses %s', (_, change) => {
    const problems = mutate(change);
    expect(problems.length).toBeGreaterThan(0);
    expect(problems.every((problem) => problem.code === 'FORM_DEFINITION_INVALID')).toBe(true);
  });

  it('refuses values that are not a form at all', () => {
    for (const value of [null, 3, 'form', [], {}]) expect(validateDefinitionShape(value).length).toBeGreaterThan(0);
  });

  it('accepts 8 levels of nested groups and refuses deeper nesting before walking it', () => {
    const nest = (depth: number): ConditionNode => {
      let node: ConditionNode = { element: 'sid', operator: 'isEmpty' };
      for (let i = 0; i < depth; i++) node = { combinator: i % 2 ? 'and' : 'or', conditions: [node] };
      return node;
    };
    const withDepth = (depth: number) =>
      ({
        ...everyElementForm(),
        conditions: [{ id: 'deep', action: 'show', target: 'psa', when: nest(depth) }],
      }) as FormVersion;
    expect(validateDefinitionShape(withDepth(8))).toEqual([]);
    expect(validateDefinitionShape(withDepth(9))[0]).toMatchObject({ ruleId: 'deep', path: '/conditions/0' });
    expect(validateDefinitionShape(withDepth(100_000))[0]?.message).toMatch(/at most 8 groups deep/);
  });
});
