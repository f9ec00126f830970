/**
 * PROVISIONAL: the packet workflow contract (/work/notes/packet-contract.md) until branch `packets` lands
 * domain/packet-workflow.ts; then this file becomes a re-export of it so the designer runs the API's own check.
 */
import {
  buildDependencyGraph,
  collectConditionSources,
  countWords,
  findCycles,
  isAnswerableType,
  type ConditionGroup,
  type DependencyEdge,
  type FormVersion,
} from '../../../../../form-engine';

export const PACKET_STEP_KINDS = [
  'SUBMITTER',
  'APPROVER',
  'APPROVER_WITH_SIGNATURE',
  'EMAIL_NOTIFICATION',
  'EXTERNAL_SIGNER',
] as const;
export type PacketStepKind = (typeof PACKET_STEP_KINDS)[number];
export type StepActor =
  | { kind: 'RECIPIENT' }
  | { kind: 'USER'; userId: string; name?: string }
  | { kind: 'ROLE'; role: string }
  | { kind: 'EXTERNAL'; email: string; firstName: string; lastName: string };
export interface PacketStep {
  id: string;
  kind: PacketStepKind;
  name: string;
  actors: StepActor[];
  questionIds: string[];
  condition?: ConditionGroup;
  position?: { x: number; y: number };
}
export interface PacketWorkflowEdge {
  id: string;
  from: string;
  to: string;
}
export interface PacketWorkflowDefinition {
  steps: PacketStep[];
  edges: PacketWorkflowEdge[];
}
export const PACKET_WORKFLOW_LIMITS = { maxSubmitterSteps: 3, maxApproverSteps: 4, stepNameMaxWords: 10 };
export interface PacketWorkflowProblem {
  code: string;
  message: string;
  stepId?: string;
  edgeId?: string;
  elementIds?: string[];
}
export type StepRunStatus = 'PENDING' | 'ACTIVE' | 'DONE' | 'SKIPPED' | 'FAILED' | 'VOIDED';
export interface StepRunState {
  stepId: string;
  status: StepRunStatus;
  since?: string;
  waitingOn?: string[];
  doneBy?: string;
  doneAt?: string;
  decision?: string;
}

const isApprover = (kind: PacketStepKind) => kind === 'APPROVER' || kind === 'APPROVER_WITH_SIGNATURE';

function assignableQuestions(forms: readonly { formId: string; version: FormVersion }[]): string[] {
  return forms.flatMap(({ formId, version }) =>
    version.elements.filter((e) => isAnswerableType(e.type)).map((e) => `${formId}:${e.id}`),
  );
}

export function checkPacketWorkflow(
  definition: PacketWorkflowDefinition,
  forms: readonly { formId: string; version: FormVersion }[],
): PacketWorkflowProblem[] {
  const problems: PacketWorkflowProblem[] = [];
  const steps = definition.steps;
  const submitters = steps.filter((s) => s.kind === 'SUBMITTER');
  if (submitters.length > PACKET_WORKFLOW_LIMITS.maxSubmitterSteps) {
    problems.push({
      code: 'PACKET_TOO_MANY_SUBMITTER_STEPS',
      message: 'A workflow can have at most 3 submitter steps.',
    });
  }
  const approvers = steps.filter((s) => isApprover(s.kind));
  if (approvers.length > PACKET_WORKFLOW_LIMITS.maxApproverSteps) {
    problems.push({ code: 'PACKET_TOO_MANY_APPROVER_STEPS', message: 'A workflow can have at most 4 approver steps.' });
  }
  for (const s of steps) {
    if (s.name.trim() === '')
      problems.push({ code: 'PACKET_STEP_NAME_REQUIRED', message: 'Step name is required.', stepId: s.id });
    else if (countWords(s.name) > PACKET_WORKFLOW_LIMITS.stepNameMaxWords)
      problems.push({ code: 'PACKET_STEP_NAME_TOO_LONG', message: 'Step name max 10 words.', stepId: s.id });
    for (const actor of s.actors) {
      if (actor.kind === 'EXTERNAL' && (!actor.email.trim() || !actor.firstName.trim() || !actor.lastName.trim()))
        problems.push({ code: 'EXTERNAL_SIGNER_DETAILS', message: 'Fill external signer details.', stepId: s.id });
    }
  }
  const all = assignableQuestions(forms);
  const known = new Set(all);
  if (forms.length > 0 && all.length === 0)
    problems.push({ code: 'PACKET_NO_ASSIGNABLE_QUESTIONS', message: 'No assignable questions found.' });
  const assigned = new Set(submitters.flatMap((s) => s.questionIds));
  const missing = all.filter((q) => !assigned.has(q));
  if (submitters.length > 0 && missing.length > 0)
    problems.push({
      code: 'PACKET_QUESTIONS_NOT_ALL_ASSIGNED',
      message: 'Assignable questions not all assigned.',
      elementIds: missing,
    });
  if (submitters.length > 1) {
    for (const s of submitters)
      if (all.length > 0 && all.every((q) => s.questionIds.includes(q)))
        problems.push({
          code: 'PACKET_SUBMITTER_TAKES_ALL',
          message: 'One submitter step cannot be assigned all questions.',
          stepId: s.id,
        });
  }
  for (const s of steps) {
    if (!s.condition) continue;
    for (const ref of collectConditionSources(s.condition))
      if (!known.has(ref))
        problems.push({
          code: 'CONDITION_UNKNOWN_ELEMENT',
          message: 'A condition refers to an element that does not exist.',
          stepId: s.id,
        });
  }
  // Reachability from the start steps (no incoming edge).
  const ids = new Set(steps.map((s) => s.id));
  const incoming = new Map<string, number>();
  const next = new Map<string, string[]>();
  for (const e of definition.edges) {
    if (!ids.has(e.from) || !ids.has(e.to)) continue;
    incoming.set(e.to, (incoming.get(e.to) ?? 0) + 1);
    next.set(e.from, [...(next.get(e.from) ?? []), e.to]);
  }
  const seen = new Set<string>();
  const queue = steps.filter((s) => !incoming.get(s.id)).map((s) => s.id);
  for (const id of queue) seen.add(id);
  while (queue.length > 0) {
    const id = queue.shift()!;
    for (const to of next.get(id) ?? [])
      if (!seen.has(to)) {
        seen.add(to);
        queue.push(to);
      }
  }
  for (const s of steps)
    if (!seen.has(s.id))
      problems.push({
        code: 'PACKET_STEP_UNREACHABLE',
        message: 'This step cannot be reached from a start step.',
        stepId: s.id,
      });
  // One cycle check over step order, conditions (question → step) and assignment (step → question).
  const names = new Map(steps.map((s) => [s.id, s.name || s.id]));
  const extra: DependencyEdge[] = [];
  for (const e of definition.edges)
    extra.push({ from: e.from, to: e.to, fromLabel: names.get(e.from), toLabel: names.get(e.to) });
  for (const s of steps) {
    for (const q of s.questionIds) extra.push({ from: s.id, to: q, fromLabel: names.get(s.id) });
    if (s.condition)
      for (const q of collectConditionSources(s.condition)) extra.push({ from: q, to: s.id, toLabel: names.get(s.id) });
  }
  const empty: FormVersion = { id: 'packet', formId: 'packet', version: 1, name: 'packet', kind: 'long', elements: [], conditions: [] };
  const graph = buildDependencyGraph(empty, extra);
  for (const cycle of findCycles(graph)) {
    const labels = cycle.map((id) => graph.labels[graph.indexOf.get(id)!]!);
    problems.push({
      code: 'CYCLIC_DEPENDENCY',
      message: `Cyclic dependency found: ${[...labels, labels[0]].join(' → ')}.`,
      ...(ids.has(cycle[0]!) ? { stepId: cycle[0]! } : {}),
      elementIds: cycle,
    });
  }
  return problems;
}

/** Steps in execution order: topological from the steps without incoming edges. */
export function orderPacketSteps(definition: PacketWorkflowDefinition): PacketStep[] {
  const indegree = new Map(definition.steps.map((s) => [s.id, 0]));
  for (const e of definition.edges) if (indegree.has(e.to)) indegree.set(e.to, indegree.get(e.to)! + 1);
  const byId = new Map(definition.steps.map((s) => [s.id, s]));
  const queue = definition.steps.filter((s) => indegree.get(s.id) === 0).map((s) => s.id);
  const out: PacketStep[] = [];
  while (queue.length > 0) {
    const id = queue.shift()!;
    out.push(byId.get(id)!);
    for (const e of definition.edges)
      if (e.from === id && indegree.has(e.to)) {
        indegree.set(e.to, indegree.get(e.to)! - 1);
        if (indegree.get(e.to) === 0) queue.push(e.to);
      }
  }
  return out;
}
