import { describe, expect, it } from 'vitest';
import {
  designerReducer,
  initDesigner,
  insertionPoint,
  type DesignerAction,
  type DesignerState,
} from './designer-state';
import { chainWorkflow } from './test-workflows';

function run(state: DesignerState, ...actions: DesignerAction[]) {
  return actions.reduce(designerReducer, state);
}

describe('designer state', () => {
  it('adds a step after the selected one, inside the chain', () => {
    let state = initDesigner(chainWorkflow());
    state = run(state, { type: 'select', stepId: 's1' });
    state = run(state, {
      type: 'addStep',
      kind: 'APPROVER',
      id: 'n',
      edgeIds: ['x1', 'x2'],
      after: insertionPoint(state),
    });
    const edges = state.present.edges.map((e) => `${e.from}>${e.to}`).sort();
    expect(edges).toEqual(['n>s2', 's1>n', 's2>s3'].sort());
    expect(state.selectedStepId).toBe('n');
  });

  it('adds a dropped step where it was dropped, unconnected', () => {
    const state = run(initDesigner(chainWorkflow()), {
      type: 'addStep',
      kind: 'EMAIL_NOTIFICATION',
      id: 'd',
      edgeIds: ['x1', 'x2'],
      position: { x: 500, y: 20 },
    });
    expect(state.present.steps.at(-1)).toMatchObject({ id: 'd', position: { x: 500, y: 20 } });
    expect(state.present.edges).toHaveLength(2);
  });

  it('deleting a middle step reconnects its neighbours', () => {
    const state = run(initDesigner(chainWorkflow()), { type: 'removeStep', stepId: 's2', edgeId: 'b' });
    expect(state.present.edges).toEqual([{ id: 'b', from: 's1', to: 's3' }]);
  });

  it('reorders by swapping with a chain neighbour', () => {
    const state = run(initDesigner(chainWorkflow()), { type: 'reorder', stepId: 's3', direction: -1 });
    const edges = state.present.edges.map((e) => `${e.from}>${e.to}`).sort();
    expect(edges).toEqual(['s1>s3', 's3>s2']);
    expect(state.present.steps.find((s) => s.id === 's3')!.position).toEqual({ x: 0, y: 140 });
  });

  it('refuses self-loops and duplicate edges but allows a cycle (so it can be flagged)', () => {
    const start = initDesigner(chainWorkflow());
    expect(run(start, { type: 'connect', from: 's1', to: 's1', id: 'x' })).toBe(start);
    expect(run(start, { type: 'connect', from: 's1', to: 's2', id: 'x' })).toBe(start);
    const cyc = run(start, { type: 'connect', from: 's3', to: 's1', id: 'x' });
    expect(cyc.present.edges).toHaveLength(3);
  });

  it('undoes and redoes, with a whole drag as one step', () => {
    let state = initDesigner(chainWorkflow());
    state = run(
      state,
      { type: 'updateStep', stepId: 's1', patch: { name: 'Athlete submits' } },
      { type: 'beginMove' },
      { type: 'moveStep', stepId: 's1', position: { x: 10, y: 10 } },
      { type: 'moveStep', stepId: 's1', position: { x: 20, y: 20 } },
    );
    expect(state.past).toHaveLength(2);
    state = run(state, { type: 'undo' });
    expect(state.present.steps[0]).toMatchObject({ name: 'Athlete submits', position: { x: 0, y: 0 } });
    state = run(state, { type: 'undo' });
    expect(state.present).toEqual(chainWorkflow());
    state = run(state, { type: 'redo' }, { type: 'redo' });
    expect(state.present.steps[0]!.position).toEqual({ x: 20, y: 20 });
  });

  it('a step that stops being a submitter gives its questions back; removing a condition drops the key', () => {
    const state = run(
      initDesigner(chainWorkflow()),
      { type: 'updateStep', stepId: 's1', patch: { kind: 'APPROVER' } },
      { type: 'updateStep', stepId: 's2', patch: { condition: undefined } },
    );
    expect(state.present.steps[0]!.questionIds).toEqual([]);
    expect('condition' in state.present.steps[1]!).toBe(false);
  });

  it('sets the next steps of a step from a list (keyboard connect)', () => {
    let n = 0;
    const state = run(initDesigner(chainWorkflow()), {
      type: 'setNextSteps',
      stepId: 's1',
      next: ['s3'],
      makeId: () => `k${++n}`,
    });
    expect(state.present.edges.map((e) => `${e.from}>${e.to}`).sort()).toEqual(['s1>s3', 's2>s3']);
  });
});
