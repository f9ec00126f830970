import { describe, expect, it } from 'vitest';
import { checkDefinition } from './check-definition';
import type { ConditionRule, FormElement } from './form-definition';
import { applyReset, conditionsResetBy } from './reset-conditions';
import { formWith } from './testing/form-helpers';

const text = (id: string): FormElement => ({ id, type: 'shortText', dataLabel: id, label: id });
const show = (id: string, target: string, ...sources: string[]): ConditionRule => ({
  id,
  action: 'show',
  target,
  when: { combinator: 'and', conditions: sources.map((element) => ({ element, operator: 'isNotEmpty' as const })) },
});
// a b c d, with: b shown by a; d shown by a and c; c shown by b.
const version = formWith(['a', 'b', 'c', 'd'].map(text), [
  show('r1', 'b', 'a'),
  show('r2', 'd', 'a', 'c'),
  show('r3', 'c', 'b'),
]);
const ids = (resets: Array<{ ruleId: string }>) => resets.map((reset) => reset.ruleId);

describe('deleting or moving a question resets related conditions', () => {
  it('deleting resets the rules that target or read the element', () => {
    expect(conditionsResetBy(version, { type: 'delete', elementId: 'b' })).toEqual([
      { ruleId: 'r1', rule: version.conditions[0], reason: 'targetDeleted' },
      { ruleId: 'r3', rule: version.conditions[2], reason: 'sourceDeleted' },
    ]);
    expect(ids(conditionsResetBy(version, { type: 'delete', elementId: 'a' }))).toEqual(['r1', 'r2']);
    expect(conditionsResetBy(version, { type: 'delete', elementId: 'nope' })).toEqual([]);
  });

  it('moving resets only the rules whose question order flips', () => {
    // Move a to the end: a now comes after b and d, which it controls.
    expect(ids(conditionsResetBy(version, { type: 'move', elementId: 'a', toIndex: 3 }))).toEqual(['r1', 'r2']);
    // Move d to the front: it comes before a and c, which it reads.
    expect(ids(conditionsResetBy(version, { type: 'move', elementId: 'd', toIndex: 0 }))).toEqual(['r2']);
    // Move c between a and b: c (read by d, reading b) now precedes b.
    expect(ids(conditionsResetBy(version, { type: 'move', elementId: 'c', toIndex: 1 }))).toEqual(['r3']);
    // A move that keeps every related pair in order resets nothing.
    expect(conditionsResetBy(version, { type: 'move', elementId: 'd', toIndex: 3 })).toEqual([]);
  });

  it('applyReset performs the edit and drops exactly the rules it announced', () => {
    const deleted = applyReset(version, { type: 'delete', elementId: 'b' });
    expect(deleted.version.elements.map((e) => e.id)).toEqual(['a', 'c', 'd']);
    expect(deleted.version.conditions.map((r) => r.id)).toEqual(['r2']);
    expect(checkDefinition(deleted.version)).toEqual([]);

    const moved = applyReset(version, { type: 'move', elementId: 'a', toIndex: 3 });
    expect(moved.version.elements.map((e) => e.id)).toEqual(['b', 'c', 'd', 'a']);
    expect(moved.version.conditions.map((r) => r.id)).toEqual(['r3']);
    expect(ids(moved.reset)).toEqual(['r1', 'r2']);
    // The original is untouched.
    expect(version.elements.map((e) => e.id)).toEqual(['a', 'b', 'c', 'd']);
  });

  it('clamps a move index to the form', () => {
    expect(
      applyReset(version, { type: 'move', elementId: 'b', toIndex: 99 }).version.elements.map((e) => e.id),
    ).toEqual(['a', 'c', 'd', 'b']);
  });
});
