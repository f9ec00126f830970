import { describe, expect, it } from 'vitest';
import { conditionsResetBy, type FormVersion } from '../../../../../form-engine';
import { initBuilder, reduceBuilder, type BuilderState } from './builder-state';
import { createElement } from './create-element';
import { canAddElement, countQuestions, neighbourIndex } from './definition-edits';
import { emptyDraft, sequentialIds } from './test-helpers';

function stateWith(...types: Parameters<typeof createElement>[0][]): BuilderState {
  const makeId = sequentialIds();
  let state: BuilderState = initBuilder(emptyDraft());
  for (const type of types) {
    state = reduceBuilder(state, { type: 'add', element: createElement(type, state.draft.elements, makeId) });
  }
  return state;
}

const ids = (draft: FormVersion) => draft.elements.map((e) => e.id);

describe('reduceBuilder', () => {
  it('adds at the end, or at an index, and selects the new element', () => {
    let state = stateWith('shortText', 'dropdown');
    expect(ids(state.draft)).toEqual(['el_1', 'el_5']);
    state = reduceBuilder(state, { type: 'add', element: createElement('date', [], () => 'el_x'), index: 1 });
    expect(ids(state.draft)).toEqual(['el_1', 'el_x', 'el_5']);
    expect(state.selectedId).toBe('el_x');
  });

  it('moves an element and drops the conditions whose order flips', () => {
    let state = stateWith('radioButtons', 'shortText', 'longText');
    const [a, b, c] = state.draft.elements;
    state = reduceBuilder(state, {
      type: 'saveCondition',
      rule: {
        id: 'r1',
        action: 'show',
        target: b!.id,
        when: { combinator: 'and', conditions: [{ element: a!.id, operator: 'isNotEmpty' }] },
      },
    });
    // Moving c around does not touch the a → b rule.
    const moveC = { type: 'move', elementId: c!.id, toIndex: 0 } as const;
    expect(conditionsResetBy(state.draft, moveC)).toEqual([]);
    // Moving a below b flips the order the rule was written in.
    const moveA = { type: 'move', elementId: a!.id, toIndex: 2 } as const;
    expect(conditionsResetBy(state.draft, moveA).map((r) => r.ruleId)).toEqual(['r1']);
    // Nothing happens until the author confirms the listed reset.
    state = reduceBuilder(state, { type: 'request', edit: moveA });
    expect(state.pending?.resets.map((r) => r.ruleId)).toEqual(['r1']);
    expect(ids(state.draft)).toEqual([a!.id, b!.id, c!.id]);
    state = reduceBuilder(state, { type: 'confirm' });
    expect(ids(state.draft)).toEqual([b!.id, c!.id, a!.id]);
    expect(state.draft.conditions).toEqual([]);
    expect(state.pending).toBeNull();
    // A move that keeps every rule's order is applied at once.
    state = reduceBuilder(state, { type: 'request', edit: { type: 'move', elementId: c!.id, toIndex: 0 } });
    expect(ids(state.draft)).toEqual([c!.id, b!.id, a!.id]);
    expect(state.pending).toBeNull();
  });

  it('deletes an element with the rules that read it, and clears the selection', () => {
    let state = stateWith('checkbox', 'shortText');
    const [a, b] = state.draft.elements;
    state = reduceBuilder(state, {
      type: 'saveCondition',
      rule: {
        id: 'r1',
        action: 'require',
        target: b!.id,
        when: { combinator: 'or', conditions: [{ element: a!.id, operator: 'contains', value: 'opt_2' }] },
      },
    });
    state = reduceBuilder(state, { type: 'select', id: a!.id });
    state = reduceBuilder(state, { type: 'request', edit: { type: 'delete', elementId: a!.id } });
    expect(state.pending?.resets.map((r) => r.reason)).toEqual(['sourceDeleted']);
    state = reduceBuilder(state, { type: 'confirm' });
    expect(ids(state.draft)).toEqual([b!.id]);
    expect(state.draft.conditions).toEqual([]);
    expect(state.selectedId).toBeNull();
  });

  it('always asks before a delete, and cancelling keeps the element', () => {
    let state = stateWith('shortText');
    const [a] = state.draft.elements;
    state = reduceBuilder(state, { type: 'request', edit: { type: 'delete', elementId: a!.id } });
    expect(state.pending).toEqual({ edit: { type: 'delete', elementId: a!.id }, resets: [] });
    state = reduceBuilder(state, { type: 'cancel' });
    expect(state.pending).toBeNull();
    expect(ids(state.draft)).toEqual([a!.id]);
  });

  it('steps an element up and down, and not past the ends', () => {
    let state = stateWith('shortText', 'longText');
    const [a, b] = state.draft.elements;
    state = reduceBuilder(state, { type: 'step', id: a!.id, step: -1 });
    expect(ids(state.draft)).toEqual([a!.id, b!.id]);
    state = reduceBuilder(state, { type: 'step', id: a!.id, step: 1 });
    expect(ids(state.draft)).toEqual([b!.id, a!.id]);
  });

  it('lets the data label follow the label until the author sets it', () => {
    let state = stateWith('shortText', 'shortText');
    const [, second] = state.draft.elements;
    expect(second!.dataLabel).toBe('Short text 2');
    state = reduceBuilder(state, { type: 'setLabel', id: second!.id, label: 'Email' });
    expect(state.draft.elements[1]).toMatchObject({ label: 'Email', dataLabel: 'Email' });
    state = reduceBuilder(state, { type: 'update', element: { ...state.draft.elements[1]!, dataLabel: 'contact' } });
    state = reduceBuilder(state, { type: 'setLabel', id: second!.id, label: 'Work email' });
    expect(state.draft.elements[1]).toMatchObject({ label: 'Work email', dataLabel: 'contact' });
  });

  it('keeps the data label of a frozen form', () => {
    let state = stateWith('shortText');
    const [first] = state.draft.elements;
    state = reduceBuilder(state, { type: 'setLabel', id: first!.id, label: 'Email', keepDataLabel: true });
    expect(state.draft.elements[0]).toMatchObject({ label: 'Email', dataLabel: 'Short text' });
  });

  it('replaces and removes conditions by id', () => {
    let state = stateWith('shortText', 'shortText');
    const [a, b] = state.draft.elements;
    const rule = {
      id: 'r1',
      action: 'show' as const,
      target: b!.id,
      when: { combinator: 'and' as const, conditions: [{ element: a!.id, operator: 'isEmpty' as const }] },
    };
    state = reduceBuilder(state, { type: 'saveCondition', rule });
    state = reduceBuilder(state, { type: 'saveCondition', rule: { ...rule, action: 'hide' } });
    expect(state.draft.conditions).toEqual([{ ...rule, action: 'hide' }]);
    state = reduceBuilder(state, { type: 'removeCondition', ruleId: 'r1' });
    expect(state.draft.conditions).toEqual([]);
  });
});

describe('helpers', () => {
  it('finds the neighbour index for move up and down', () => {
    const { draft } = stateWith('shortText', 'longText');
    expect(neighbourIndex(draft, draft.elements[0]!.id, -1)).toBeNull();
    expect(neighbourIndex(draft, draft.elements[0]!.id, 1)).toBe(1);
    expect(neighbourIndex(draft, draft.elements[1]!.id, 1)).toBeNull();
  });

  it('counts questions but not layout elements', () => {
    expect(countQuestions(stateWith('heading', 'shortText', 'divider', 'legal').draft)).toBe(2);
  });

  it('refuses the 11th question of a short form, but not layout or long forms', () => {
    const makeId = sequentialIds();
    let draft = emptyDraft('short');
    for (let i = 0; i < 10; i++)
      draft = { ...draft, elements: [...draft.elements, createElement('shortText', draft.elements, makeId)] };
    expect(canAddElement(draft, 'dropdown')).toBe(false);
    expect(canAddElement(draft, 'heading')).toBe(true);
    expect(canAddElement({ ...draft, kind: 'long' }, 'dropdown')).toBe(true);
    expect(canAddElement({ ...draft, elements: draft.elements.slice(1) }, 'dropdown')).toBe(true);
  });
});
