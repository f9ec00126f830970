import { describe, expect, it } from 'vitest';
import type { PacketWorkflowDefinition } from './packet-workflow';
import {
  chunk,
  countSchoolPeople,
  describeInstitutionFilter,
  jobPercent,
  normalizeInstitutionFilter,
  remapWorkflowForms,
  stripSchoolPeople,
  templateAssignmentWorkflowId,
  templateCopyTitle,
} from './templates';

const workflow: PacketWorkflowDefinition = {
  steps: [
    {
      id: 'fill',
      kind: 'SUBMITTER',
      name: 'Athlete fills in',
      actors: [{ kind: 'RECIPIENT' }],
      questionIds: ['form-a:name', 'form-b:allergy'],
    },
    {
      id: 'review',
      kind: 'APPROVER',
      name: 'Review',
      actors: [
        { kind: 'USER', userId: 'u1', name: 'Ann' },
        { kind: 'ROLE', role: 'SCHOOL_ADMIN' },
      ],
      questionIds: [],
      condition: {
        combinator: 'and',
        conditions: [
          { element: 'form-a:name', operator: 'isNotEmpty' },
          { combinator: 'or', conditions: [{ element: 'form-b:allergy', operator: 'equals', value: 'yes' }] },
        ],
      } as PacketWorkflowDefinition['steps'][number]['condition'],
    },
    { id: 'boss', kind: 'APPROVER', name: 'Boss', actors: [{ kind: 'USER', userId: 'u2' }], questionIds: [] },
  ],
  edges: [
    { id: 'e1', from: 'fill', to: 'review' },
    { id: 'e2', from: 'review', to: 'boss' },
  ],
};

describe('remapWorkflowForms', () => {
  it('points question refs and condition refs at the new form ids, leaving element ids alone', () => {
    const out = remapWorkflowForms(
      workflow,
      new Map([
        ['form-a', 'new-a'],
        ['form-b', 'new-b'],
      ]),
    );
    expect(out.steps[0]!.questionIds).toEqual(['new-a:name', 'new-b:allergy']);
    expect(JSON.stringify(out.steps[1]!.condition)).toContain('"new-a:name"');
    expect(JSON.stringify(out.steps[1]!.condition)).toContain('"new-b:allergy"');
    expect(JSON.stringify(out)).not.toContain('form-a');
    // The input is not changed.
    expect(workflow.steps[0]!.questionIds).toEqual(['form-a:name', 'form-b:allergy']);
  });

  it('keeps refs to forms it does not know and refs with colons in the element id', () => {
    const out = remapWorkflowForms(
      { steps: [{ ...workflow.steps[0]!, questionIds: ['other:x', 'form-a:a:b'] }], edges: [] },
      new Map([['form-a', 'n']]),
    );
    expect(out.steps[0]!.questionIds).toEqual(['other:x', 'n:a:b']);
  });
});

describe('stripSchoolPeople', () => {
  it('drops named users, keeps roles, recipients and external signers', () => {
    expect(countSchoolPeople(workflow)).toBe(2);
    const out = stripSchoolPeople(workflow);
    expect(out.steps[1]!.actors).toEqual([{ kind: 'ROLE', role: 'SCHOOL_ADMIN' }]);
    expect(out.steps[2]!.actors).toEqual([]);
    expect(out.steps[0]!.actors).toEqual([{ kind: 'RECIPIENT' }]);
    expect(countSchoolPeople(out)).toBe(0);
  });
});

describe('institution filters', () => {
  it('normalizes: trims, dedupes, upper-cases states, drops empty criteria', () => {
    expect(
      normalizeInstitutionFilter({ q: '  ', states: ['tx', ' TX', ''], divisions: ['1', '1'], plans: [] }),
    ).toEqual({ states: ['TX'], divisions: ['1'] });
    expect(normalizeInstitutionFilter({})).toEqual({});
  });

  it('describes a filter in words', () => {
    expect(describeInstitutionFilter({})).toBe('All institutions');
    expect(describeInstitutionFilter({ q: 'State', states: ['TX', 'OK'], plans: ['CONNECT'] })).toBe(
      'name contains "State"; state TX, OK; plan Connect',
    );
  });
});

describe('batching and progress', () => {
  it('cuts a list into batches of at most the given size', () => {
    const ids = Array.from({ length: 250 }, (_, i) => i);
    const batches = chunk(ids, 100);
    expect(batches.map((b) => b.length)).toEqual([100, 100, 50]);
    expect(batches.flat()).toEqual(ids);
    expect(chunk([], 100)).toEqual([]);
    expect(() => chunk([1], 0)).toThrow();
  });

  it('reports a whole-number percentage, done and failed both counting', () => {
    expect(jobPercent({ total: 500, done: 250, failed: 0, finished: false })).toBe(50);
    expect(jobPercent({ total: 3, done: 1, failed: 1, finished: false })).toBe(66);
    expect(jobPercent({ total: 0, done: 0, failed: 0, finished: false })).toBe(0);
    expect(jobPercent({ total: 0, done: 0, failed: 0, finished: true })).toBe(100);
  });
});

describe('names', () => {
  it('names the workflow by its job and a copy within the word limit', () => {
    expect(templateAssignmentWorkflowId('j1')).toBe('template-assignment:j1');
    expect(templateCopyTitle(' Medical  clearance ')).toBe('Medical clearance (copy)');
    const long = Array.from({ length: 20 }, (_, i) => `w${i}`).join(' ');
    expect(templateCopyTitle(long).split(' ')).toHaveLength(20);
  });
});
