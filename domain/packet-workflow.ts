/**
 * The packet's workflow definition (shared contract of the API, the submission workflow and the designer; see
 * notes/packet-contract.md). Pure: the designer checks live, the API checks on save and publish, and the workflow
 * routes with the same functions. Questions are named by qualified refs `${formId}:${elementId}` because a packet
 * holds several forms whose element ids may collide.
 */
import { ERRORS, type ErrorCode } from './errors';
import { COMPLIANCE_STAFF } from './permissions';
import { ROLES } from './roles';
import {
  checkConditionTree,
  checkCycles,
  collectConditionSources,
  countWords,
  evaluateConditionGroup,
  isAnswerableType,
  type Answers,
  type ConditionGroup,
  type ConditionNode,
  type ConditionRule,
  type DependencyEdge,
  type FormElement,
  type FormVersion,
} from '../form-engine';

export const PACKET_STEP_KINDS = [
  'SUBMITTER',
  'APPROVER',
  'APPROVER_WITH_SIGNATURE',
  'EMAIL_NOTIFICATION',
  'EXTERNAL_SIGNER',
] as const;
export type PacketStepKind = (typeof PACKET_STEP_KINDS)[number];

export type StepActor =
  | { kind: 'RECIPIENT' } // the person the packet was sent to
  | { kind: 'USER'; userId: string; name?: string }
  | { kind: 'ROLE'; role: string } // any user holding the role at the school may act
  | { kind: 'EXTERNAL'; email: string; firstName: string; lastName: string }; // external signer

export interface PacketStep {
  id: string;
  kind: PacketStepKind;
  /** At most 10 words. */
  name: string;
  /** Several actors = one phase that completes when all have acted. */
  actors: StepActor[];
  /** SUBMITTER only: qualified question refs `${formId}:${elementId}`. */
  questionIds: string[];
  /** Form-engine condition language; comparisons name qualified question refs. */
  condition?: ConditionGroup;
  /** Designer layout only, ignored by the engine. */
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

/** Spec part 2 §9 "Workflow roles: up to 4 approvers, 3 submitters"; §5 "Step name max 10 words". */
export const PACKET_WORKFLOW_LIMITS = { maxSubmitterSteps: 3, maxApproverSteps: 4, stepNameMaxWords: 10 };

export interface PacketWorkflowProblem {
  code: string;
  message: string;
  stepId?: string;
  edgeId?: string;
  elementIds?: string[];
  /** The named people (user ids) or groups (roles) the problem is about. */
  userIds?: string[];
  roles?: string[];
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

/** Answers of a packet: per form id, the form's answers keyed by element id. */
export type PacketAnswers = Record<string, Answers>;

export function qualifyQuestion(formId: string, elementId: string): string {
  return `${formId}:${elementId}`;
}

/** Splits at the first colon: form ids are UUIDs without colons, element ids may hold anything. */
export function splitQuestionRef(ref: string): { formId: string; elementId: string } | null {
  const at = ref.indexOf(':');
  if (at <= 0 || at === ref.length - 1) return null;
  return { formId: ref.slice(0, at), elementId: ref.slice(at + 1) };
}

export function isApproverKind(kind: PacketStepKind): boolean {
  return kind === 'APPROVER' || kind === 'APPROVER_WITH_SIGNATURE';
}

function problem(
  code: ErrorCode,
  extra: Omit<PacketWorkflowProblem, 'code' | 'message'> = {},
  message?: string,
): PacketWorkflowProblem {
  return { code, message: message ?? ERRORS[code].message, ...extra };
}

/** Every answerable element of the packet's forms, as qualified refs, in form order. */
export function listAssignableQuestions(forms: readonly { formId: string; version: FormVersion }[]): string[] {
  return forms.flatMap(({ formId, version }) =>
    version.elements.filter((element) => isAnswerableType(element.type)).map((e) => qualifyQuestion(formId, e.id)),
  );
}

/** The default workflow of a packet without a designed one: the recipient answers everything in one step. */
export function createDefaultPacketWorkflow(
  forms: readonly { formId: string; version: FormVersion }[],
): PacketWorkflowDefinition {
  return {
    steps: [
      {
        id: 'submit',
        kind: 'SUBMITTER',
        name: 'Fill in and submit',
        actors: [{ kind: 'RECIPIENT' }],
        questionIds: listAssignableQuestions(forms),
      },
    ],
    edges: [],
  };
}

function qualifyCondition(node: ConditionNode, formId: string): ConditionNode {
  if ('combinator' in node) return { ...node, conditions: node.conditions.map((c) => qualifyCondition(c, formId)) };
  return { ...node, element: qualifyQuestion(formId, node.element) };
}

/** All forms as one version with qualified ids, so one dependency graph covers forms, steps and routing. */
function mergeForms(forms: readonly { formId: string; version: FormVersion }[]): FormVersion {
  const elements: FormElement[] = [];
  const conditions: ConditionRule[] = [];
  for (const { formId, version } of forms) {
    for (const element of version.elements) elements.push({ ...element, id: qualifyQuestion(formId, element.id) });
    for (const rule of version.conditions) {
      conditions.push({
        ...rule,
        id: qualifyQuestion(formId, rule.id),
        target: qualifyQuestion(formId, rule.target),
        when: qualifyCondition(rule.when, formId) as ConditionGroup,
      });
    }
  }
  return { id: 'packet', formId: 'packet', version: 1, name: 'packet', kind: 'long', elements, conditions };
}

const stepNode = (stepId: string) => `step:${stepId}`;

/**
 * Roles a step may name as a group: every role held at a school (provider operators belong to no school), and
 * compliance staff (school admins holding the compliance permission, domain/permissions.ts).
 */
const STEP_ROLES: ReadonlySet<string> = new Set([...ROLES.filter((role) => role !== 'OPERATOR'), COMPLIANCE_STAFF]);
export function isStepRole(role: string): boolean {
  return STEP_ROLES.has(role);
}

function checkSteps(definition: PacketWorkflowDefinition, known: ReadonlySet<string>): PacketWorkflowProblem[] {
  const problems: PacketWorkflowProblem[] = [];
  const seen = new Set<string>();
  for (const step of definition.steps) {
    const at = { stepId: step.id };
    if (seen.has(step.id)) problems.push(problem('PACKET_WORKFLOW_INVALID', at, 'Step ids must be unique.'));
    seen.add(step.id);
    const words = countWords(step.name ?? '');
    if (words === 0 || words > PACKET_WORKFLOW_LIMITS.stepNameMaxWords)
      problems.push(problem('PACKET_STEP_NAME_INVALID', at));
    // An external signer step may leave its signer to be named when the packet is sent.
    if (step.actors.length === 0 && step.kind !== 'EXTERNAL_SIGNER') problems.push(problem('PACKET_STEP_NO_ACTOR', at));
    for (const actor of step.actors) {
      if (actor.kind === 'EXTERNAL') {
        const filled = [actor.email, actor.firstName, actor.lastName].every((v) => typeof v === 'string' && v.trim());
        const email = typeof actor.email === 'string' && /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(actor.email.trim());
        if (!filled || !email) problems.push(problem('EXTERNAL_SIGNER_DETAILS', at));
      }
    }
    if (step.kind === 'EXTERNAL_SIGNER' && step.actors.some((a) => a.kind !== 'EXTERNAL')) {
      problems.push(problem('PACKET_WORKFLOW_INVALID', at, 'An external signer step takes external signers only.'));
    }
    if (step.kind !== 'SUBMITTER' && step.questionIds.length > 0) {
      problems.push(problem('PACKET_WORKFLOW_INVALID', at, 'Only submitter steps answer questions.'));
    }
    const unknownQuestions = step.questionIds.filter((id) => !known.has(id));
    if (unknownQuestions.length > 0)
      problems.push(problem('PACKET_UNKNOWN_QUESTION', { ...at, elementIds: unknownQuestions }));
    if (step.condition) {
      const unknown = collectConditionSources(step.condition).filter((id) => !known.has(id));
      if (unknown.length > 0) problems.push(problem('CONDITION_UNKNOWN_ELEMENT', { ...at, elementIds: unknown }));
    }
  }
  const submitters = definition.steps.filter((s) => s.kind === 'SUBMITTER').length;
  const approvers = definition.steps.filter((s) => isApproverKind(s.kind)).length;
  if (submitters > PACKET_WORKFLOW_LIMITS.maxSubmitterSteps) problems.push(problem('PACKET_TOO_MANY_SUBMITTER_STEPS'));
  if (approvers > PACKET_WORKFLOW_LIMITS.maxApproverSteps) problems.push(problem('PACKET_TOO_MANY_APPROVER_STEPS'));
  return problems;
}

function checkAssignment(definition: PacketWorkflowDefinition, assignable: readonly string[]): PacketWorkflowProblem[] {
  if (assignable.length === 0) return [problem('PACKET_NO_ASSIGNABLE_QUESTIONS')];
  const problems: PacketWorkflowProblem[] = [];
  const owner = new Map<string, string>();
  const submitterSteps = definition.steps.filter((s) => s.kind === 'SUBMITTER');
  for (const step of submitterSteps) {
    const twice = step.questionIds.filter((id) => owner.has(id) && owner.get(id) !== step.id);
    if (twice.length > 0)
      problems.push(problem('PACKET_QUESTION_ASSIGNED_TWICE', { stepId: step.id, elementIds: twice }));
    for (const id of step.questionIds) if (!owner.has(id)) owner.set(id, step.id);
  }
  const missing = assignable.filter((id) => !owner.has(id));
  if (missing.length > 0) problems.push(problem('PACKET_QUESTIONS_NOT_ALL_ASSIGNED', { elementIds: missing }));
  if (submitterSteps.length > 1) {
    for (const step of submitterSteps) {
      const own = new Set(step.questionIds);
      if (assignable.every((id) => own.has(id))) {
        problems.push(problem('PACKET_SUBMITTER_STEP_ALL_QUESTIONS', { stepId: step.id }));
      }
    }
  }
  return problems;
}

function checkEdges(definition: PacketWorkflowDefinition): PacketWorkflowProblem[] {
  const problems: PacketWorkflowProblem[] = [];
  const ids = new Set(definition.steps.map((s) => s.id));
  const edgeIds = new Set<string>();
  for (const edge of definition.edges) {
    if (edgeIds.has(edge.id))
      problems.push(problem('PACKET_WORKFLOW_INVALID', { edgeId: edge.id }, 'Edge ids must be unique.'));
    edgeIds.add(edge.id);
    if (!ids.has(edge.from) || !ids.has(edge.to) || edge.from === edge.to) {
      problems.push(
        problem('PACKET_WORKFLOW_INVALID', { edgeId: edge.id }, 'A connection links steps that do not exist.'),
      );
    }
  }
  if (definition.steps.length === 0) return problems;
  // Reachability from the first start step (steps order): every other step must hang off it.
  const incoming = new Set(definition.edges.filter((e) => ids.has(e.from)).map((e) => e.to));
  const start = definition.steps.find((s) => !incoming.has(s.id));
  const reached = new Set<string>();
  if (start) {
    const stack = [start.id];
    while (stack.length > 0) {
      const id = stack.pop()!;
      if (reached.has(id)) continue;
      reached.add(id);
      for (const edge of definition.edges) if (edge.from === id) stack.push(edge.to);
    }
  }
  for (const step of definition.steps) {
    if (!reached.has(step.id)) problems.push(problem('PACKET_STEP_UNREACHABLE', { stepId: step.id }));
  }
  return problems;
}

/**
 * One dependency graph for forms and routing: a question asked at step S depends on S (S → q), a step whose
 * condition reads q depends on q (q → S), and a step depends on its predecessors. A condition that reads a question
 * answered at its own step or later closes a cycle.
 */
function checkRoutingCycles(
  definition: PacketWorkflowDefinition,
  merged: FormVersion,
  known: ReadonlySet<string>,
): PacketWorkflowProblem[] {
  const names = new Map(definition.steps.map((s) => [s.id, s.name || s.id]));
  const stepIds = new Set(definition.steps.map((s) => s.id));
  const extra: DependencyEdge[] = [];
  const label = (id: string) => names.get(id) ?? id;
  for (const edge of definition.edges) {
    if (!stepIds.has(edge.from) || !stepIds.has(edge.to)) continue;
    extra.push({
      from: stepNode(edge.from),
      to: stepNode(edge.to),
      fromLabel: label(edge.from),
      toLabel: label(edge.to),
    });
  }
  for (const step of definition.steps) {
    for (const q of step.questionIds) {
      if (known.has(q)) extra.push({ from: stepNode(step.id), to: q, fromLabel: label(step.id) });
    }
    if (step.condition) {
      for (const q of collectConditionSources(step.condition)) {
        if (known.has(q)) extra.push({ from: q, to: stepNode(step.id), toLabel: label(step.id) });
      }
    }
  }
  return checkCycles(merged, extra).map((found) => {
    const ids = found.cycle?.ids ?? [];
    const stepId = ids.find((id) => id.startsWith('step:'))?.slice('step:'.length);
    const elementIds = ids.filter((id) => !id.startsWith('step:'));
    return {
      code: 'CYCLIC_DEPENDENCY',
      message: found.message,
      ...(stepId ? { stepId } : {}),
      ...(elementIds.length > 0 ? { elementIds } : {}),
    };
  });
}

/** Longest question ref a step condition may name (`${formId}:${elementId}`), as for a step's question ids. */
export const MAX_QUESTION_REF_LENGTH = 300;

/**
 * Each step condition's depth, size and shape (CONDITION_TOO_DEEP, CONDITION_TOO_LARGE, CONDITION_INVALID), measured
 * without recursion. A definition with such a problem is refused before anything else walks its conditions.
 */
export function checkStepConditions(definition: PacketWorkflowDefinition): PacketWorkflowProblem[] {
  const problems: PacketWorkflowProblem[] = [];
  for (const step of definition.steps) {
    if (step.condition === undefined) continue;
    const found = checkConditionTree(step.condition, { shape: { maxRefLength: MAX_QUESTION_REF_LENGTH } });
    if (found) problems.push({ code: found.code, message: found.message, stepId: step.id });
  }
  return problems;
}

/** Every problem at once, the catalogue's codes and wording; used by the API (save/publish) and live by the designer. */
export function checkPacketWorkflow(
  definition: PacketWorkflowDefinition,
  forms: readonly { formId: string; version: FormVersion }[],
): PacketWorkflowProblem[] {
  const conditionProblems = checkStepConditions(definition);
  if (conditionProblems.length > 0) return conditionProblems;
  const assignable = listAssignableQuestions(forms);
  const merged = mergeForms(forms);
  const known = new Set(merged.elements.map((e) => e.id));
  return [
    ...checkSteps(definition, known),
    ...checkAssignment(definition, assignable),
    ...checkEdges(definition),
    ...checkRoutingCycles(definition, merged, known),
  ];
}

/** The school accounts a definition names: people by user id and groups by role (distinct, in step order). */
export function listNamedAccounts(definition: PacketWorkflowDefinition): { userIds: string[]; roles: string[] } {
  const userIds = new Set<string>();
  const roles = new Set<string>();
  for (const step of definition.steps) {
    for (const actor of step.actors) {
      if (actor.kind === 'USER') userIds.add(actor.userId);
      if (actor.kind === 'ROLE') roles.add(actor.role);
    }
  }
  return { userIds: [...userIds], roles: [...roles] };
}

/** What the school's directory says about the accounts a definition names. */
export interface UnavailableAccounts {
  /** Named people who are not active members of the school (another school's, deactivated, removed, unknown). */
  userIds: ReadonlySet<string>;
  /** Named groups no active member of the school belongs to. */
  roles: ReadonlySet<string>;
}

/**
 * Steps naming someone who could never act: a person who is not an active member of the school, or a group with no
 * active member. The API asks the database which accounts those are (on save, publish and send, and for the
 * packet's problem list); the designer marks the same steps from that answer as the definition changes.
 */
export function checkNamedAccounts(
  definition: PacketWorkflowDefinition,
  unavailable: UnavailableAccounts,
): PacketWorkflowProblem[] {
  const problems: PacketWorkflowProblem[] = [];
  for (const step of definition.steps) {
    const userIds = new Set<string>();
    const roles = new Set<string>();
    for (const actor of step.actors) {
      if (actor.kind === 'USER' && unavailable.userIds.has(actor.userId)) userIds.add(actor.userId);
      if (actor.kind === 'ROLE' && unavailable.roles.has(actor.role)) roles.add(actor.role);
    }
    if (userIds.size > 0) {
      problems.push(problem('PACKET_STEP_PERSON_UNAVAILABLE', { stepId: step.id, userIds: [...userIds] }));
    }
    if (roles.size > 0) {
      problems.push(problem('PACKET_STEP_GROUP_UNAVAILABLE', { stepId: step.id, roles: [...roles] }));
    }
  }
  return problems;
}

/** Steps in execution order (topological from the steps without incoming edges); steps on a cycle come last. */
export function orderPacketSteps(definition: PacketWorkflowDefinition): PacketStep[] {
  const byId = new Map(definition.steps.map((s) => [s.id, s]));
  const indegree = new Map(definition.steps.map((s) => [s.id, 0]));
  const edges = definition.edges.filter((e) => byId.has(e.from) && byId.has(e.to) && e.from !== e.to);
  for (const edge of edges) indegree.set(edge.to, indegree.get(edge.to)! + 1);
  const ordered: PacketStep[] = [];
  const done = new Set<string>();
  // Kahn's algorithm, always taking the earliest ready step in definition order so the result is stable.
  for (;;) {
    const next = definition.steps.find((s) => !done.has(s.id) && indegree.get(s.id) === 0);
    if (!next) break;
    done.add(next.id);
    ordered.push(next);
    for (const edge of edges) if (edge.from === next.id) indegree.set(edge.to, indegree.get(edge.to)! - 1);
  }
  for (const step of definition.steps) if (!done.has(step.id)) ordered.push(step);
  return ordered;
}

/** Whether a conditional step runs, on the answers so far; a step without a condition always runs. */
export function isStepEnabled(step: PacketStep, answers: PacketAnswers, today: string): boolean {
  if (!step.condition) return true;
  return evaluateConditionGroup(
    step.condition,
    (ref) => {
      const parts = splitQuestionRef(ref);
      return parts ? answers[parts.formId]?.[parts.elementId] : undefined;
    },
    { today },
  );
}

/** The submitter step a question is assigned to. */
export function findQuestionStep(definition: PacketWorkflowDefinition, questionId: string): PacketStep | undefined {
  return definition.steps.find((s) => s.kind === 'SUBMITTER' && s.questionIds.includes(questionId));
}

/**
 * Questions a change may not be requested on (spec: "Change requests are blocked on questions tied to several
 * conditional workflow steps; the packet must be voided instead"). A question is tied to a conditional step when
 * that step's condition reads it or when it is asked at that step; tied to two or more, changing its answer could
 * reroute steps that already ran.
 */
export function findConditionAlertQuestions(
  definition: PacketWorkflowDefinition,
  questionIds: readonly string[],
): string[] {
  return questionIds.filter((q) => {
    let tied = 0;
    for (const step of definition.steps) {
      if (!step.condition) continue;
      if (step.questionIds.includes(q) || collectConditionSources(step.condition).includes(q)) tied++;
    }
    return tied >= 2;
  });
}

/** One actor of a running step, as the submission workflow tracks it (a phase completes when every slot has acted). */
export interface ActorSlot {
  key: string;
  kind: 'USER' | 'ROLE' | 'EXTERNAL';
  userId?: string;
  role?: string;
  email?: string;
  firstName?: string;
  lastName?: string;
  label: string;
}

function toSlot(actor: StepActor, recipientUserId: string): ActorSlot {
  switch (actor.kind) {
    case 'RECIPIENT':
      return { key: `user:${recipientUserId}`, kind: 'USER', userId: recipientUserId, label: 'Recipient' };
    case 'USER':
      return { key: `user:${actor.userId}`, kind: 'USER', userId: actor.userId, label: actor.name ?? 'User' };
    case 'ROLE':
      return { key: `role:${actor.role}`, kind: 'ROLE', role: actor.role, label: actor.role };
    case 'EXTERNAL': {
      const email = actor.email.trim().toLowerCase();
      return {
        key: `email:${email}`,
        kind: 'EXTERNAL',
        email,
        firstName: actor.firstName,
        lastName: actor.lastName,
        label: `${actor.firstName} ${actor.lastName}`.trim(),
      };
    }
  }
}

/** Who a step waits on, as the `WaitingOn` search attribute shows it: the slots' labels, comma-separated. */
export function waitingOnOf(slots: readonly ActorSlot[]): string {
  return slots.map((slot) => slot.label).join(', ');
}

/** The distinct actor slots of a step for one recipient (the same person named twice is one slot). */
export function slotsOf(step: PacketStep, recipientUserId: string): ActorSlot[] {
  const seen = new Set<string>();
  const slots: ActorSlot[] = [];
  for (const actor of step.actors) {
    const slot = toSlot(actor, recipientUserId);
    if (!seen.has(slot.key)) slots.push(slot);
    seen.add(slot.key);
  }
  return slots;
}

/**
 * The step a new submission waits on first, when a send can open it for every recipient at once: the first step in
 * order, unconditional, with people to act. Otherwise (a notification or conditional step first, or nobody named)
 * null, and each submission workflow opens its first step itself.
 */
export function firstPhaseOf(
  definition: PacketWorkflowDefinition,
  recipientUserId: string,
): { step: PacketStep; slots: ActorSlot[] } | null {
  const step = orderPacketSteps(definition)[0];
  if (!step || step.kind === 'EMAIL_NOTIFICATION' || step.condition) return null;
  const slots = slotsOf(step, recipientUserId);
  return slots.length > 0 ? { step, slots } : null;
}
