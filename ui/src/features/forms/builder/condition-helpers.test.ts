import { describe, expect, it } from 'vitest';
import {
  checkDefinition,
  ELEMENT_TYPES,
  isAnswerableType,
  isOperatorAllowed,
  type ConditionGroup,
  type FormElement,
} from '../../../../../form-engine';
import {
  allowedOperators,
  conditionSources,
  createComparison,
  createRule,
  describeRule,
  groupAt,
  updateGroupAt,
  valueKind,
} from './condition-helpers';
import { createElement } from './create-element';
import { emptyDraft, sequentialIds } from './test-helpers';

// fixed-date fixture: the helpers are given their today (TODAY).

const TODAY = '2026-03-15';

describe('condition editor choices', () => {
  it('offers only operators the engine allows', () => {
    for (const type of ELEMENT_TYPES) {
      for (const operator of allowedOperators(type)) expect(isOperatorAllowed(operator, type)).toBe(true);
    }
    expect(allowedOperators('heading')).toEqual([]);
    expect(allowedOperators('dob')).toContain('ageAtLeast');
    expect(allowedOperators('shortText')).not.toContain('greaterThan');
  });

  it.each(ELEMENT_TYPES.filter(isAnswerableType))(
    'builds valid rules reading a %s with every allowed operator',
    (type) => {
      const makeId = sequentialIds();
      const source = createElement(type, [], makeId);
      const target = createElement('shortText', [source], makeId);
      for (const operator of allowedOperators(type)) {
        const rule = {
          ...createRule(target, source, TODAY, makeId),
          when: { combinator: 'and' as const, conditions: [createComparison(source, TODAY, operator)] },
        };
        const draft = { ...emptyDraft(), elements: [source, target], conditions: [rule] };
        expect(checkDefinition(draft), `${type} ${operator}`).toEqual([]);
      }
    },
  );

  it('picks a value input that fits the operator and the element', () => {
    const makeId = sequentialIds();
    const dropdown = createElement('dropdown', [], makeId);
    expect(valueKind('equals', dropdown)).toBe('option');
    expect(valueKind('isEmpty', dropdown)).toBe('none');
    expect(valueKind('ageAtLeast', createElement('dob', [], makeId))).toBe('years');
    expect(valueKind('greaterThan', createElement('date', [], makeId))).toBe('date');
    expect(valueKind('greaterThan', createElement('scaleRating', [], makeId))).toBe('number');
    expect(valueKind('equals', createElement('legal', [], makeId))).toBe('boolean');
    expect(valueKind('contains', createElement('shortText', [], makeId))).toBe('text');
  });

  it('lists every question but the target as a source', () => {
    const makeId = sequentialIds();
    const elements: FormElement[] = [];
    for (const type of ['shortText', 'heading', 'dropdown'] as const)
      elements.push(createElement(type, elements, makeId));
    const draft = { ...emptyDraft(), elements };
    expect(conditionSources(draft, elements[0]!.id).map((e) => e.type)).toEqual(['dropdown']);
  });

  it('describes a rule in words, with option labels', () => {
    const makeId = sequentialIds();
    const source = createElement('dropdown', [], makeId);
    const target = { ...createElement('shortText', [source], makeId), label: 'Allergies' };
    const rule = createRule(target, source, TODAY, makeId);
    const draft = { ...emptyDraft(), elements: [source, target], conditions: [rule] };
    expect(describeRule(draft, rule)).toBe('Show "Allergies" when "Dropdown" equals Option 1');
  });
});

describe('nested groups', () => {
  const root: ConditionGroup = {
    combinator: 'and',
    conditions: [
      { element: 'a', operator: 'isEmpty' },
      { combinator: 'or', conditions: [{ element: 'b', operator: 'isEmpty' }] },
    ],
  };

  it('finds a group by path', () => {
    expect(groupAt(root, [])).toBe(root);
    expect(groupAt(root, [1])?.combinator).toBe('or');
    expect(groupAt(root, [0])).toBeNull();
  });

  it('updates a nested group without touching the rest', () => {
    const next = updateGroupAt(root, [1], (g) => ({ ...g, combinator: 'and' }));
    expect(groupAt(next, [1])?.combinator).toBe('and');
    expect(next.conditions[0]).toBe(root.conditions[0]);
    expect(root.conditions[1]).toMatchObject({ combinator: 'or' });
  });
});
