import { describe, expect, it } from 'vitest';
import { evaluateComparison, evaluateConditionGroup } from './evaluate-comparison';
import { compileFormUncached } from './compile-form';
import { evaluateConditions } from './evaluate-conditions';
import type { Comparison, ConditionGroup, ConditionRule, FormElement } from './form-definition';
import { formWith } from './testing/form-helpers';

// fixed-date fixture: conditions are evaluated with the today of their context (ctx).

const ctx = { today: '2026-03-15' };
const test = (operator: Comparison['operator'], answer: unknown, value?: Comparison['value']) =>
  evaluateComparison({ element: 'x', operator, ...(value !== undefined ? { value } : {}) }, answer, ctx);

describe('comparison operators', () => {
  it('equals / notEquals: scalars, trimmed case-insensitive text, numbers written as text, one-item lists', () => {
    expect(test('equals', 'Yes', 'yes')).toBe(true);
    expect(test('equals', ' yes ', 'yes')).toBe(true);
    expect(test('equals', 'no', 'yes')).toBe(false);
    expect(test('equals', 3, 3)).toBe(true);
    expect(test('equals', 3, '3')).toBe(true);
    expect(test('equals', true, true)).toBe(true);
    expect(test('equals', ['a'], 'a')).toBe(true);
    expect(test('equals', ['a', 'b'], 'a')).toBe(false);
    expect(test('equals', undefined, 'a')).toBe(false);
    expect(test('equals', '', '')).toBe(false);
    expect(test('notEquals', 'no', 'yes')).toBe(true);
    expect(test('notEquals', 'yes', 'yes')).toBe(false);
    expect(test('notEquals', undefined, 'yes')).toBe(true);
  });

  it('contains: substring of text, member of a list', () => {
    expect(test('contains', 'Left knee injury', 'KNEE')).toBe(true);
    expect(test('contains', 'Left ankle', 'knee')).toBe(false);
    expect(test('contains', ['fb', 'bb'], 'bb')).toBe(true);
    expect(test('contains', ['fb'], 'bb')).toBe(false);
    expect(test('contains', undefined, 'bb')).toBe(false);
    expect(test('contains', { first: 'knee' }, 'knee')).toBe(false);
  });

  it('greaterThan / lessThan: numbers, ISO dates, HH:MM times; never for empty answers', () => {
    expect(test('greaterThan', 4, 3)).toBe(true);
    expect(test('greaterThan', 3, 3)).toBe(false);
    expect(test('lessThan', 2, 3)).toBe(true);
    expect(test('greaterThan', '2026-03-02', '2026-03-01')).toBe(true);
    expect(test('lessThan', '2025-12-31', '2026-01-01')).toBe(true);
    expect(test('greaterThan', '09:30', '09:00')).toBe(true);
    expect(test('lessThan', '10:00', '09:00')).toBe(false);
    expect(test('greaterThan', undefined, 0)).toBe(false);
    expect(test('lessThan', '', 5)).toBe(false);
    expect(test('greaterThan', 'abc', 1)).toBe(false);
  });

  it('isEmpty / isNotEmpty: blank text, empty lists and objects, unticked boxes are empty', () => {
    for (const empty of [undefined, null, '', '  ', [], {}, { first: '', last: ' ' }, false]) {
      expect(test('isEmpty', empty), JSON.stringify(empty)).toBe(true);
      expect(test('isNotEmpty', empty)).toBe(false);
    }
    for (const filled of ['a', 0, ['a'], { first: 'A' }, true]) {
      expect(test('isEmpty', filled)).toBe(false);
      expect(test('isNotEmpty', filled)).toBe(true);
    }
  });

  it('ageAtLeast / ageUnder: DOB on or before the form-filling date minus N years (18 by default)', () => {
    // Form filled on 2026-03-15: the cut-off is 2008-03-15.
    expect(test('ageAtLeast', '2008-03-15')).toBe(true);
    expect(test('ageAtLeast', '2008-03-16')).toBe(false);
    expect(test('ageUnder', '2008-03-16')).toBe(true);
    expect(test('ageUnder', '2008-03-15')).toBe(false);
    expect(test('ageAtLeast', '2005-03-15', 21)).toBe(true);
    expect(test('ageAtLeast', '2005-03-16', 21)).toBe(false);
    expect(test('ageAtLeast', undefined)).toBe(false);
    expect(test('ageUnder', undefined)).toBe(false);
    expect(test('ageUnder', 'garbage')).toBe(false);
  });

  it('the same DOB turns 18 on the day: the filling date decides, not a clock', () => {
    const comparison: Comparison = { element: 'dob', operator: 'ageAtLeast', value: 18 };
    expect(evaluateComparison(comparison, '2008-03-15', { today: '2026-03-14' })).toBe(false);
    expect(evaluateComparison(comparison, '2008-03-15', { today: '2026-03-15' })).toBe(true);
  });
});

describe('AND / OR groups', () => {
  const answers: Record<string, unknown> = { a: 'yes', b: 5, c: '' };
  const lookup = (id: string) => answers[id];
  const yes: Comparison = { element: 'a', operator: 'equals', value: 'yes' };
  const no: Comparison = { element: 'a', operator: 'equals', value: 'no' };
  const big: Comparison = { element: 'b', operator: 'greaterThan', value: 3 };
  const empty: Comparison = { element: 'c', operator: 'isEmpty' };
  const group = (combinator: 'and' | 'or', ...conditions: ConditionGroup['conditions']): ConditionGroup => ({
    combinator,
    conditions,
  });

  it('AND needs all, OR needs one', () => {
    expect(evaluateConditionGroup(group('and', yes, big), lookup, ctx)).toBe(true);
    expect(evaluateConditionGroup(group('and', yes, no), lookup, ctx)).toBe(false);
    expect(evaluateConditionGroup(group('or', no, big), lookup, ctx)).toBe(true);
    expect(evaluateConditionGroup(group('or', no), lookup, ctx)).toBe(false);
  });

  it('nests: (no OR (big AND empty)) AND yes', () => {
    const nested = group('and', group('or', no, group('and', big, empty)), yes);
    expect(evaluateConditionGroup(nested, lookup, ctx)).toBe(true);
    const broken = group('and', group('or', no, group('and', big, { ...empty, operator: 'isNotEmpty' })), yes);
    expect(evaluateConditionGroup(broken, lookup, ctx)).toBe(false);
  });

  it('empty groups: AND is true, OR is false', () => {
    expect(evaluateConditionGroup(group('and'), lookup, ctx)).toBe(true);
    expect(evaluateConditionGroup(group('or'), lookup, ctx)).toBe(false);
  });
});

describe('evaluateConditions', () => {
  const text = (id: string, extra: Partial<FormElement> = {}) =>
    ({ id, type: 'shortText', dataLabel: id, label: id, ...extra }) as FormElement;
  const rule = (id: string, action: ConditionRule['action'], target: string, when: ConditionGroup): ConditionRule => ({
    id,
    action,
    target,
    when,
  });
  const when = (element: string, operator: Comparison['operator'], value?: string): ConditionGroup => ({
    combinator: 'and',
    conditions: [{ element, operator, ...(value !== undefined ? { value } : {}) }],
  });

  it('show: hidden until a show rule holds', () => {
    const form = formWith([text('a'), text('b')], [rule('r', 'show', 'b', when('a', 'equals', 'yes'))]);
    expect(evaluateConditions(form, {}, ctx).visible).toEqual(new Set(['a']));
    expect(evaluateConditions(form, { a: 'yes' }, ctx).visible).toEqual(new Set(['a', 'b']));
  });

  it('an empty answer reads as none, as in the validator: "contains \'\'" does not hold for an untouched input', () => {
    const form = formWith([text('a'), text('b')], [rule('r', 'show', 'b', when('a', 'contains', ''))]);
    expect(evaluateConditions(form, { a: '' }, ctx).visible).toEqual(new Set(['a']));
    expect(evaluateConditions(form, { a: '' }, ctx).visible).toEqual(
      compileFormUncached(form).validate({ a: '' }, ctx).visible,
    );
    expect(evaluateConditions(form, { a: 'x' }, ctx).visible.has('b')).toBe(true);
  });

  it('hide: visible until a hide rule holds, and hide wins over show', () => {
    const form = formWith(
      [text('a'), text('b')],
      [rule('s', 'show', 'b', when('a', 'isNotEmpty')), rule('h', 'hide', 'b', when('a', 'equals', 'secret'))],
    );
    expect(evaluateConditions(form, { a: 'x' }, ctx).visible.has('b')).toBe(true);
    expect(evaluateConditions(form, { a: 'secret' }, ctx).visible.has('b')).toBe(false);
  });

  it('several show rules on one element: any of them shows it', () => {
    const form = formWith(
      [text('a'), text('b'), text('c')],
      [rule('s1', 'show', 'c', when('a', 'isNotEmpty')), rule('s2', 'show', 'c', when('b', 'isNotEmpty'))],
    );
    expect(evaluateConditions(form, { b: 'x' }, ctx).visible.has('c')).toBe(true);
    expect(evaluateConditions(form, {}, ctx).visible.has('c')).toBe(false);
  });

  it('require: required only while visible and the rule holds; own required setting always counts', () => {
    const form = formWith(
      [text('a', { required: true }), text('b'), text('c')],
      [rule('r', 'require', 'b', when('a', 'equals', 'yes')), rule('h', 'hide', 'c', when('a', 'equals', 'yes'))],
    );
    expect(evaluateConditions(form, { a: 'no' }, ctx).required).toEqual(new Set(['a']));
    expect(evaluateConditions(form, { a: 'yes' }, ctx).required).toEqual(new Set(['a', 'b']));
  });

  it('hiding cascades: a hidden element reads as unanswered, whatever was typed in it', () => {
    const form = formWith(
      [text('a'), text('b'), text('c')],
      [rule('r1', 'show', 'b', when('a', 'equals', 'yes')), rule('r2', 'show', 'c', when('b', 'isNotEmpty'))],
    );
    expect(evaluateConditions(form, { a: 'yes', b: 'x' }, ctx).visible).toEqual(new Set(['a', 'b', 'c']));
    expect(evaluateConditions(form, { a: 'no', b: 'x' }, ctx).visible).toEqual(new Set(['a']));
  });

  it('evaluates in dependency order even when a rule reads a later element', () => {
    const form = formWith(
      [text('c'), text('b'), text('a')],
      [rule('r2', 'show', 'c', when('b', 'isNotEmpty')), rule('r1', 'show', 'b', when('a', 'equals', 'yes'))],
    );
    expect(evaluateConditions(form, { a: 'no', b: 'x' }, ctx).visible).toEqual(new Set(['a']));
  });

  it('the guardian question appears only for a filler under 18 on the filling date', () => {
    const form = formWith(
      [{ id: 'dob', type: 'dob', dataLabel: 'dob', label: 'DOB' }, text('guardian')],
      [
        rule('r', 'show', 'guardian', {
          combinator: 'and',
          conditions: [{ element: 'dob', operator: 'ageUnder', value: 18 }],
        }),
      ],
    );
    expect(evaluateConditions(form, { dob: '2008-03-16' }, { today: '2026-03-15' }).visible.has('guardian')).toBe(true);
    expect(evaluateConditions(form, { dob: '2008-03-16' }, { today: '2026-03-16' }).visible.has('guardian')).toBe(
      false,
    );
  });

  it('does not fail on a cyclic draft, a rule naming a missing element, or a require rule on a heading', () => {
    const form = formWith(
      [text('a'), text('b'), { id: 'h', type: 'heading', dataLabel: 'h', label: 'H' }],
      [
        rule('r1', 'show', 'a', when('b', 'isNotEmpty')),
        rule('r2', 'show', 'b', when('a', 'isNotEmpty')),
        rule('r3', 'show', 'missing', when('a', 'isNotEmpty')),
        rule('r4', 'require', 'h', when('ghost', 'isEmpty')),
      ],
    );
    const state = evaluateConditions(form, {}, ctx);
    expect(state.required.has('h')).toBe(false);
    expect(state.visible.has('h')).toBe(true);
  });
});
