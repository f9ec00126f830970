import { describe, expect, it } from 'vitest';
import { checkCycles } from './check-definition';
import { buildDependencyGraph } from './dependency-graph';
import { findCycles } from './find-cycles';
import type { ConditionRule, FormElement, FormVersion } from './form-definition';
import { formWith } from './testing/form-helpers';
import { denseConditionForm } from './testing/sample-forms';

const text = (id: string): FormElement => ({ id, type: 'shortText', dataLabel: `Label ${id}`, label: id });
const show = (target: string, ...sources: string[]): ConditionRule => ({
  id: `show-${target}-${sources.join('-')}`,
  action: 'show',
  target,
  when: { combinator: 'or', conditions: sources.map((element) => ({ element, operator: 'isNotEmpty' as const })) },
});
const formOf = (ids: string[], rules: ConditionRule[]): FormVersion => formWith(ids.map(text), rules);

describe('dependency graph and cycles', () => {
  it('builds an edge from each element read to the element it controls', () => {
    const graph = buildDependencyGraph(formOf(['a', 'b', 'c'], [show('c', 'a', 'b'), show('c', 'missing')]));
    expect(graph.ids).toEqual(['a', 'b', 'c']);
    expect(graph.successors).toEqual([[2], [2], []]);
    expect(graph.edgeCount).toBe(2);
  });

  it('finds no cycle in a DAG', () => {
    expect(findCycles(buildDependencyGraph(formOf(['a', 'b', 'c'], [show('b', 'a'), show('c', 'a', 'b')])))).toEqual(
      [],
    );
  });

  it('finds a 2-cycle', () => {
    expect(findCycles(buildDependencyGraph(formOf(['a', 'b'], [show('b', 'a'), show('a', 'b')])))).toEqual([
      ['a', 'b'],
    ]);
  });

  it('finds a self-reference', () => {
    expect(findCycles(buildDependencyGraph(formOf(['a', 'b'], [show('a', 'a')])))).toEqual([['a']]);
  });

  it('finds a long cycle, in dependency order, from its first element in form order', () => {
    const ids = ['e0', 'e1', 'e2', 'e3', 'e4', 'e5'];
    // e2 → e4 → e1 → e5 → e2, plus e0 → e2 outside the cycle.
    const rules = [show('e4', 'e2'), show('e1', 'e4'), show('e5', 'e1'), show('e2', 'e5', 'e0')];
    expect(findCycles(buildDependencyGraph(formOf(ids, rules)))).toEqual([['e1', 'e5', 'e2', 'e4']]);
  });

  it('reports each separate cycle once', () => {
    const rules = [show('b', 'a'), show('a', 'b'), show('d', 'c'), show('c', 'd'), show('e', 'a')];
    expect(findCycles(buildDependencyGraph(formOf(['a', 'b', 'c', 'd', 'e'], rules)))).toEqual([
      ['a', 'b'],
      ['c', 'd'],
    ]);
  });

  it('finds a cycle closed by extra (packet step) edges, naming the step by its label', () => {
    const version = formOf(['a', 'b'], [show('b', 'a')]);
    const extra = [
      { from: 'b', to: 'step-2', toLabel: 'Approver step' },
      { from: 'step-2', to: 'a' },
    ];
    expect(findCycles(buildDependencyGraph(version))).toEqual([]);
    expect(findCycles(buildDependencyGraph(version, extra))).toEqual([['a', 'b', 'step-2']]);
    const [problem] = checkCycles(version, extra);
    expect(problem).toMatchObject({
      code: 'CYCLIC_DEPENDENCY',
      message: 'Cyclic dependency found: Label a → Label b → Approver step → Label a.',
      cycle: { ids: ['a', 'b', 'step-2'], labels: ['Label a', 'Label b', 'Approver step'] },
    });
  });

  it('handles a 5,000-element chain closing into one cycle without recursion limits', () => {
    const ids = Array.from({ length: 5000 }, (_, i) => `e${i}`);
    const rules = ids.map((id, i) => show(ids[(i + 1) % ids.length]!, id));
    const cycles = findCycles(buildDependencyGraph(formOf(ids, rules)));
    expect(cycles).toHaveLength(1);
    expect(cycles[0]).toHaveLength(5000);
    expect(cycles[0]!.slice(0, 3)).toEqual(['e0', 'e1', 'e2']);
  });

  it('finds the single back edge added to 5,000 elements with 20,000 conditions', () => {
    const version = denseConditionForm(5000, 20000);
    expect(findCycles(buildDependencyGraph(version))).toEqual([]);
    const closing = show('e0', 'e4999');
    const cycles = findCycles(buildDependencyGraph({ ...version, conditions: [...version.conditions, closing] }));
    for (const cycle of cycles) {
      expect(cycle[0]).toBe('e0');
      expect(cycle.at(-1)).toBe('e4999');
    }
  });
});
