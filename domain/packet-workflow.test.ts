import { describe, expect, it } from 'vitest';
import type { FormVersion } from '../form-engine';
import {
  checkNamedAccounts,
  checkPacketWorkflow,
  createDefaultPacketWorkflow,
  findConditionAlertQuestions,
  firstPhaseOf,
  isStepEnabled,
  isStepRole,
  listNamedAccounts,
  orderPacketSteps,
  type PacketStep,
  type PacketWorkflowDefinition,
} from './packet-workflow';

// fixed-date fixture: isStepEnabled is given its today.

function form(formId: string, questions: string[]): { formId: string; version: FormVersion } {
  return {
    formId,
    version: {
      id: `${formId}-v1`,
      formId,
      version: 1,
      name: formId,
      kind: 'long',
      elements: [
        { id: 'h', type: 'heading', dataLabel: `${formId} heading`, label: 'Heading' },
        ...questions.map((id) => ({ id, type: 'shortText' as const, dataLabel: `${formId} ${id}`, label: id })),
      ],
      conditions: [],
    },
  };
}

const forms = [form('f1', ['a', 'b']), form('f2', ['c'])];
const step = (id: string, kind: PacketStep['kind'], extra: Partial<PacketStep> = {}): PacketStep => ({
  id,
  kind,
  name: `Step ${id}`,
  actors: [{ kind: 'RECIPIENT' }],
  questionIds: [],
  ...extra,
});
const chain = (...ids: string[]) => ids.slice(1).map((to, i) => ({ id: `e${i}`, from: ids[i]!, to }));

function codes(definition: PacketWorkflowDefinition) {
  return checkPacketWorkflow(definition, forms).map((p) => p.code);
}

describe('checkPacketWorkflow', () => {
  it('accepts a submitter → approver with signature → external signer chain', () => {
    const definition: PacketWorkflowDefinition = {
      steps: [
        step('s', 'SUBMITTER', { questionIds: ['f1:a', 'f1:b', 'f2:c'] }),
        step('p', 'APPROVER_WITH_SIGNATURE', { actors: [{ kind: 'ROLE', role: 'SCHOOL_ADMIN' }] }),
        step('x', 'EXTERNAL_SIGNER', {
          actors: [{ kind: 'EXTERNAL', email: 'doc@clinic.test', firstName: 'Ann', lastName: 'Lee' }],
        }),
      ],
      edges: chain('s', 'p', 'x'),
    };
    expect(checkPacketWorkflow(definition, forms)).toEqual([]);
  });

  it('accepts the default workflow', () => {
    expect(checkPacketWorkflow(createDefaultPacketWorkflow(forms), forms)).toEqual([]);
  });

  it('reports unassigned questions and no questions at all', () => {
    const definition = { steps: [step('s', 'SUBMITTER', { questionIds: ['f1:a'] })], edges: [] };
    const found = checkPacketWorkflow(definition, forms);
    expect(found).toContainEqual(
      expect.objectContaining({ code: 'PACKET_QUESTIONS_NOT_ALL_ASSIGNED', elementIds: ['f1:b', 'f2:c'] }),
    );
    expect(checkPacketWorkflow(definition, [form('f3', [])]).map((p) => p.code)).toContain(
      'PACKET_NO_ASSIGNABLE_QUESTIONS',
    );
  });

  it('refuses one submitter step taking every question when there are several', () => {
    const definition = {
      steps: [step('s1', 'SUBMITTER', { questionIds: ['f1:a', 'f1:b', 'f2:c'] }), step('s2', 'SUBMITTER')],
      edges: chain('s1', 's2'),
    };
    const found = checkPacketWorkflow(definition, forms);
    expect(found).toContainEqual(
      expect.objectContaining({
        code: 'PACKET_SUBMITTER_STEP_ALL_QUESTIONS',
        message: 'One submitter step cannot be assigned all questions.',
        stepId: 's1',
      }),
    );
  });

  it('caps submitter and approver steps and step names', () => {
    const submitters = ['a', 'b', 'c', 'd'].map((id, i) =>
      step(id, 'SUBMITTER', { questionIds: i < 3 ? [['f1:a', 'f1:b', 'f2:c'][i]!] : [] }),
    );
    expect(codes({ steps: submitters, edges: chain('a', 'b', 'c', 'd') })).toContain('PACKET_TOO_MANY_SUBMITTER_STEPS');
    const approvers = [
      step('s', 'SUBMITTER', { questionIds: ['f1:a', 'f1:b', 'f2:c'] }),
      ...['p1', 'p2', 'p3'].map((id) => step(id, 'APPROVER')),
      step('p4', 'APPROVER_WITH_SIGNATURE'),
      step('p5', 'APPROVER', { name: 'one two three four five six seven eight nine ten eleven' }),
    ];
    const found = codes({ steps: approvers, edges: chain('s', 'p1', 'p2', 'p3', 'p4', 'p5') });
    expect(found).toContain('PACKET_TOO_MANY_APPROVER_STEPS');
    expect(found).toContain('PACKET_STEP_NAME_INVALID');
  });

  it('needs external signer details', () => {
    const definition = {
      steps: [
        step('s', 'SUBMITTER', { questionIds: ['f1:a', 'f1:b', 'f2:c'] }),
        step('x', 'EXTERNAL_SIGNER', {
          actors: [{ kind: 'EXTERNAL', email: 'x@y.test', firstName: '', lastName: 'L' }],
        }),
      ],
      edges: chain('s', 'x'),
    };
    expect(checkPacketWorkflow(definition, forms)).toContainEqual(
      expect.objectContaining({
        code: 'EXTERNAL_SIGNER_DETAILS',
        message: 'Fill external signer details.',
        stepId: 'x',
      }),
    );
  });

  it('flags unreachable steps and edge cycles', () => {
    const all = ['f1:a', 'f1:b', 'f2:c'];
    expect(
      codes({ steps: [step('s', 'SUBMITTER', { questionIds: all }), step('p', 'APPROVER')], edges: [] }),
    ).toContain('PACKET_STEP_UNREACHABLE');
    const cyclic = codes({
      steps: [step('s', 'SUBMITTER', { questionIds: all }), step('p', 'APPROVER'), step('q', 'APPROVER')],
      edges: [...chain('s', 'p', 'q'), { id: 'back', from: 'q', to: 'p' }],
    });
    expect(cyclic).toContain('CYCLIC_DEPENDENCY');
  });

  it('finds a cycle between a step condition and question assignment, naming both', () => {
    const definition: PacketWorkflowDefinition = {
      steps: [
        step('s1', 'SUBMITTER', { questionIds: ['f1:a', 'f1:b'] }),
        step('s2', 'SUBMITTER', {
          name: 'Parent details',
          questionIds: ['f2:c'],
          condition: { combinator: 'and', conditions: [{ element: 'f2:c', operator: 'isNotEmpty' }] },
        }),
      ],
      edges: chain('s1', 's2'),
    };
    const cycle = checkPacketWorkflow(definition, forms).find((p) => p.code === 'CYCLIC_DEPENDENCY');
    expect(cycle?.message).toMatch(/^Cyclic dependency found: .*Parent details.*f2 c/);
    expect(cycle?.stepId).toBe('s2');
    expect(cycle?.elementIds).toEqual(['f2:c']);
  });

  it('reports conditions on unknown questions', () => {
    const definition = {
      steps: [
        step('s', 'SUBMITTER', { questionIds: ['f1:a', 'f1:b', 'f2:c'] }),
        step('p', 'APPROVER', {
          condition: { combinator: 'and', conditions: [{ element: 'f9:z', operator: 'isEmpty' }] },
        }),
      ],
      edges: chain('s', 'p'),
    } satisfies PacketWorkflowDefinition;
    expect(codes(definition)).toEqual(['CONDITION_UNKNOWN_ELEMENT']);
  });
});

describe('orderPacketSteps', () => {
  it('orders topologically and stably', () => {
    const definition = {
      steps: [step('c', 'APPROVER'), step('a', 'SUBMITTER'), step('b', 'APPROVER')],
      edges: [
        { id: '1', from: 'a', to: 'b' },
        { id: '2', from: 'b', to: 'c' },
      ],
    };
    expect(orderPacketSteps(definition).map((s) => s.id)).toEqual(['a', 'b', 'c']);
  });
});

describe('step routing helpers', () => {
  const conditional = step('p', 'APPROVER', {
    condition: { combinator: 'and', conditions: [{ element: 'f1:a', operator: 'equals', value: 'yes' }] },
  });
  it('evaluates a step condition on qualified answers', () => {
    expect(isStepEnabled(conditional, { f1: { a: 'Yes' } }, '2026-11-23')).toBe(true);
    expect(isStepEnabled(conditional, { f1: { a: 'no' } }, '2026-11-23')).toBe(false);
    expect(isStepEnabled(step('q', 'APPROVER'), {}, '2026-11-23')).toBe(true);
  });
  it('blocks change requests on questions tied to several conditional steps', () => {
    const other = { ...conditional, id: 'q' };
    const definition = {
      steps: [step('s', 'SUBMITTER', { questionIds: ['f1:a', 'f1:b'] }), conditional, other],
      edges: [],
    };
    expect(findConditionAlertQuestions(definition, ['f1:a', 'f1:b'])).toEqual(['f1:a']);
  });
});

describe('firstPhaseOf', () => {
  const condition = {
    combinator: 'and' as const,
    conditions: [{ element: 'f1:a', operator: 'equals' as const, value: 'yes' }],
  };
  it('names the first step in order with its slots, the recipient and a named person deduplicated', () => {
    const definition = {
      steps: [
        step('b', 'APPROVER', { actors: [{ kind: 'ROLE', role: 'SCHOOL_ADMIN' }] }),
        step('a', 'SUBMITTER', {
          actors: [{ kind: 'RECIPIENT' }, { kind: 'USER', userId: 'u1', name: 'Pat' }, { kind: 'RECIPIENT' }],
        }),
      ],
      edges: chain('a', 'b'),
    };
    const first = firstPhaseOf(definition, 'r1');
    expect(first?.step.id).toBe('a');
    expect(first?.slots.map((s) => [s.key, s.label])).toEqual([
      ['user:r1', 'Recipient'],
      ['user:u1', 'Pat'],
    ]);
  });
  it('leaves the opening to each workflow when the first step is a notification, conditional or has nobody', () => {
    const notification = { steps: [step('n', 'EMAIL_NOTIFICATION'), step('a', 'SUBMITTER')], edges: chain('n', 'a') };
    const conditional = { steps: [step('a', 'APPROVER', { condition }), step('b', 'SUBMITTER')], edges: [] };
    const nobody = { steps: [step('x', 'EXTERNAL_SIGNER', { actors: [] })], edges: [] };
    expect(firstPhaseOf(notification, 'r1')).toBeNull();
    expect(firstPhaseOf(conditional, 'r1')).toBeNull();
    expect(firstPhaseOf(nobody, 'r1')).toBeNull();
    expect(firstPhaseOf({ steps: [], edges: [] }, 'r1')).toBeNull();
  });
});

describe('checkNamedAccounts', () => {
  const definition: PacketWorkflowDefinition = {
    steps: [
      step('s', 'SUBMITTER', { questionIds: ['f1:a', 'f1:b', 'f2:c'] }),
      step('p', 'APPROVER', {
        actors: [
          { kind: 'USER', userId: 'u-gone', name: 'Gus' },
          { kind: 'USER', userId: 'u-here' },
          { kind: 'ROLE', role: 'AGENT' },
        ],
      }),
      step('q', 'APPROVER', { actors: [{ kind: 'USER', userId: 'u-gone' }] }),
    ],
    edges: chain('s', 'p', 'q'),
  };

  it('lists the named people and groups once each', () => {
    expect(listNamedAccounts(definition)).toEqual({ userIds: ['u-gone', 'u-here'], roles: ['AGENT'] });
  });

  it('marks every step naming a person or group who cannot act, with who it is', () => {
    const problems = checkNamedAccounts(definition, { userIds: new Set(['u-gone']), roles: new Set(['AGENT']) });
    expect(problems).toEqual([
      {
        code: 'PACKET_STEP_PERSON_UNAVAILABLE',
        message: 'This step names a person who is not an active member of your school.',
        stepId: 'p',
        userIds: ['u-gone'],
      },
      {
        code: 'PACKET_STEP_GROUP_UNAVAILABLE',
        message: 'This step names a group with no active members at your school.',
        stepId: 'p',
        roles: ['AGENT'],
      },
      expect.objectContaining({ code: 'PACKET_STEP_PERSON_UNAVAILABLE', stepId: 'q' }),
    ]);
    expect(checkNamedAccounts(definition, { userIds: new Set(), roles: new Set() })).toEqual([]);
  });

  it('knows which roles are groups of a school', () => {
    expect(isStepRole('COACH')).toBe(true);
    expect(isStepRole('OPERATOR')).toBe(false);
    expect(isStepRole('NOBODY')).toBe(false);
  });
});
