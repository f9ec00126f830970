import { describe, expect, it } from 'vitest';
import { neighbourOf, selectionAfter } from './designer-state';
import { chainWorkflow } from './test-workflows';

describe('selection from a batch of canvas changes', () => {
  it('selects an earlier step while a later one is selected (the new one arrives first)', () => {
    const changes = [
      { id: 's1', selected: true },
      { id: 's3', selected: false },
    ];
    expect(selectionAfter('s3', changes)).toBe('s1');
  });

  it('selects a later step while an earlier one is selected (the old one arrives first)', () => {
    const changes = [
      { id: 's1', selected: false },
      { id: 's3', selected: true },
    ];
    expect(selectionAfter('s1', changes)).toBe('s3');
  });

  it('clears the selection when the selected step is only deselected', () => {
    expect(selectionAfter('s2', [{ id: 's2', selected: false }])).toBeNull();
  });

  it('keeps the selection when another step is deselected', () => {
    expect(selectionAfter('s2', [{ id: 's1', selected: false }])).toBe('s2');
  });
});

describe('the neighbour that takes focus after a delete', () => {
  it('is the step before the deleted one in the chain', () => {
    expect(neighbourOf(chainWorkflow(), 's2')).toBe('s1');
  });

  it('is the step after it when the first step is deleted', () => {
    expect(neighbourOf(chainWorkflow(), 's1')).toBe('s2');
  });

  it('is the step drawn before it when it has no connections', () => {
    const def = chainWorkflow();
    const loose = { ...def, edges: [] };
    expect(neighbourOf(loose, 's3')).toBe('s2');
    expect(neighbourOf(loose, 's1')).toBe('s2');
  });

  it('is nothing when the deleted step was the only one', () => {
    const def = chainWorkflow();
    const single = { steps: def.steps.slice(0, 1), edges: [] };
    expect(neighbourOf(single, 's1')).toBeNull();
  });
});
