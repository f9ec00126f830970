import { describe, expect, it } from 'vitest';
import { ERRORS } from '../domain/errors';
import { checkConditionTree } from './check-condition-tree';
import { FORM_LIMITS } from './limits';

const comparison = { element: 'form:q', operator: 'isEmpty' };
const nest = (depth: number): unknown => {
  let node: unknown = comparison;
  for (let i = 0; i < depth; i++) node = { combinator: i % 2 ? 'and' : 'or', conditions: [node] };
  return node;
};
const shape = { shape: { maxRefLength: 300 } };

describe('checkConditionTree', () => {
  it('accepts groups nested as deep as the limit and refuses one more, however deep, without recursing', () => {
    expect(checkConditionTree(nest(FORM_LIMITS.maxConditionDepth), shape)).toBeNull();
    expect(checkConditionTree(nest(FORM_LIMITS.maxConditionDepth + 1), shape)?.code).toBe('CONDITION_TOO_DEEP');
    expect(checkConditionTree(nest(200_000))?.code).toBe('CONDITION_TOO_DEEP');
  });

  it('refuses a tree with more groups and comparisons than the limit', () => {
    const wide = (n: number) => ({
      combinator: 'and',
      conditions: Array.from({ length: 5 }, () => ({
        combinator: 'or',
        conditions: Array.from({ length: n }, () => comparison),
      })),
    });
    // 1 root + 5 groups + 5 × 98 comparisons = 496.
    expect(checkConditionTree(wide(98), shape)).toBeNull();
    expect(checkConditionTree(wide(100), shape)?.code).toBe('CONDITION_TOO_LARGE');
  });

  it.each([
    ['not an object', 'and'],
    ['a group with an unknown combinator', { combinator: 'xor', conditions: [comparison] }],
    ['an empty group', { combinator: 'and', conditions: [] }],
    ['a group with an extra property', { combinator: 'and', conditions: [comparison], evil: 1 }],
    ['a group that is not a list', { combinator: 'and', conditions: { 0: comparison } }],
    ['a comparison without a question', { combinator: 'and', conditions: [{ operator: 'isEmpty' }] }],
    ['an unknown operator', { combinator: 'and', conditions: [{ element: 'form:q', operator: 'near' }] }],
    ['an object value', { combinator: 'and', conditions: [{ ...comparison, value: { a: 1 } }] }],
    ['a ref too long', { combinator: 'and', conditions: [{ ...comparison, element: 'x'.repeat(301) }] }],
  ])('with the shape check, refuses %s', (_, tree) => {
    expect(checkConditionTree(tree, shape)?.code).toBe('CONDITION_INVALID');
  });

  it('without the shape check, leaves the shape to the schema', () => {
    expect(checkConditionTree({ combinator: 'xor', conditions: [{ a: 1 }] })).toBeNull();
  });

  it('says the same limits as the catalogue', () => {
    expect(ERRORS.CONDITION_TOO_DEEP.message).toContain(`${FORM_LIMITS.maxConditionDepth} groups`);
    expect(ERRORS.CONDITION_TOO_LARGE.message).toContain(`${FORM_LIMITS.maxConditionNodes} rules`);
  });
});
