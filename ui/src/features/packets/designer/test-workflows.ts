/** Sample workflows and forms for the designer's tests and benchmark. */
import type { FormVersion } from '../../../../../form-engine';
import type { PacketForm } from './packet-questions';
import type { PacketStep, PacketWorkflowDefinition } from '../../../shared/workflow-graph/packet-workflow';

export function sampleForm(formId: string, questions: number): PacketForm {
  const version: FormVersion = {
    id: `${formId}-v1`,
    formId,
    version: 1,
    name: `Form ${formId}`,
    kind: 'long',
    elements: Array.from({ length: questions }, (_, i) => ({
      id: `q${i + 1}`,
      type: 'shortText' as const,
      dataLabel: `${formId}_q${i + 1}`,
      label: `Question ${i + 1}`,
    })),
    conditions: [],
  };
  return { formId, name: `Form ${formId}`, version };
}

/** submitter → approver with signature → external signer, every question at the submitter. */
export function chainWorkflow(formId = 'f1', questions = 3): PacketWorkflowDefinition {
  const steps: PacketStep[] = [
    {
      id: 's1',
      kind: 'SUBMITTER',
      name: 'Fill in and submit',
      actors: [{ kind: 'RECIPIENT' }],
      questionIds: Array.from({ length: questions }, (_, i) => `${formId}:q${i + 1}`),
      position: { x: 0, y: 0 },
    },
    {
      id: 's2',
      kind: 'APPROVER_WITH_SIGNATURE',
      name: 'Compliance approves',
      actors: [
        { kind: 'ROLE', role: 'SCHOOL_ADMIN' },
        { kind: 'USER', userId: 'u1', name: 'Dana Reyes' },
      ],
      questionIds: [],
      condition: { combinator: 'and', conditions: [{ element: `${formId}:q1`, operator: 'isNotEmpty' }] },
      position: { x: 0, y: 140 },
    },
    {
      id: 's3',
      kind: 'EXTERNAL_SIGNER',
      name: 'Parent signs',
      actors: [{ kind: 'EXTERNAL', email: 'parent@example.com', firstName: 'Pat', lastName: 'Lee' }],
      questionIds: [],
      position: { x: 0, y: 280 },
    },
  ];
  return {
    steps,
    edges: [
      { id: 'e1', from: 's1', to: 's2' },
      { id: 'e2', from: 's2', to: 's3' },
    ],
  };
}

/** A long chain: one submitter then notification steps (approver limits would flag anything longer). */
export function longWorkflow(count: number, formId = 'f1', questions = 20): PacketWorkflowDefinition {
  const steps: PacketStep[] = Array.from({ length: count }, (_, i) => ({
    id: `s${i + 1}`,
    kind: i === 0 ? 'SUBMITTER' : i % 7 === 3 ? 'APPROVER' : 'EMAIL_NOTIFICATION',
    name: `Step ${i + 1}`,
    actors: i === 0 ? [{ kind: 'RECIPIENT' }] : [{ kind: 'ROLE', role: 'SCHOOL_ADMIN' }],
    questionIds: i === 0 ? Array.from({ length: questions }, (_, q) => `${formId}:q${q + 1}`) : [],
    ...(i % 5 === 4
      ? {
          condition: {
            combinator: 'and' as const,
            conditions: [{ element: `${formId}:q2`, operator: 'isNotEmpty' as const }],
          },
        }
      : {}),
    position: { x: 0, y: i * 140 },
  }));
  const edges = steps.slice(1).map((s, i) => ({ id: `e${i + 1}`, from: steps[i]!.id, to: s.id }));
  return { steps, edges };
}
