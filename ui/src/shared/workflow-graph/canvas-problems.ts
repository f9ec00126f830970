/**
 * Turns the workflow check's problems (the API's own checkPacketWorkflow) into what the canvas marks: messages per
 * step, the steps and edges of a cycle (drawn red), and the problems that concern the workflow as a whole.
 */
import { collectConditionSources } from '../../../../form-engine';
import {
  orderPacketSteps,
  PACKET_WORKFLOW_LIMITS,
  type PacketStep,
  type PacketWorkflowDefinition,
  type PacketWorkflowProblem,
} from './packet-workflow';
import { isApproverKind } from './step-kinds';

export interface CanvasProblems {
  byStep: Map<string, string[]>;
  cycleSteps: Set<string>;
  cycleEdges: Set<string>;
  /** Problems not tied to one step (e.g. questions not all assigned). */
  general: PacketWorkflowProblem[];
  count: number;
}

export const CYCLE_CODE = 'CYCLIC_DEPENDENCY';

/** Strongly connected components of the step graph (iterative Tarjan); only components that hold a cycle. */
export function findStepCycles(definition: PacketWorkflowDefinition): string[][] {
  const ids = definition.steps.map((s) => s.id);
  const indexOf = new Map(ids.map((id, i) => [id, i]));
  const next: number[][] = ids.map(() => []);
  const selfLoop = new Set<number>();
  for (const e of definition.edges) {
    const a = indexOf.get(e.from);
    const b = indexOf.get(e.to);
    if (a === undefined || b === undefined) continue;
    if (a === b) selfLoop.add(a);
    next[a]!.push(b);
  }
  const n = ids.length;
  const index = new Array<number>(n).fill(-1);
  const low = new Array<number>(n).fill(0);
  const onStack = new Array<boolean>(n).fill(false);
  const stack: number[] = [];
  const out: string[][] = [];
  let counter = 0;
  for (let root = 0; root < n; root++) {
    if (index[root] !== -1) continue;
    const call: Array<[number, number]> = [[root, 0]];
    index[root] = low[root] = counter++;
    stack.push(root);
    onStack[root] = true;
    while (call.length > 0) {
      const frame = call[call.length - 1]!;
      const [v, i] = frame;
      if (i < next[v]!.length) {
        frame[1]++;
        const w = next[v]![i]!;
        if (index[w] === -1) {
          index[w] = low[w] = counter++;
          stack.push(w);
          onStack[w] = true;
          call.push([w, 0]);
        } else if (onStack[w]) low[v] = Math.min(low[v]!, index[w]!);
        continue;
      }
      call.pop();
      const parent = call[call.length - 1];
      if (parent) low[parent[0]] = Math.min(low[parent[0]]!, low[v]!);
      if (low[v] === index[v]) {
        const component: number[] = [];
        let w: number;
        do {
          w = stack.pop()!;
          onStack[w] = false;
          component.push(w);
        } while (w !== v);
        if (component.length > 1 || selfLoop.has(v)) out.push(component.map((c) => ids[c]!));
      }
    }
  }
  return out;
}

/** The steps a workflow-wide problem is about: the steps over a limit, or the submitters missing questions. */
function concernedSteps(definition: PacketWorkflowDefinition, problem: PacketWorkflowProblem): PacketStep[] | null {
  if (problem.stepId) return null;
  const ordered = orderPacketSteps(definition);
  switch (problem.code) {
    case 'PACKET_TOO_MANY_SUBMITTER_STEPS':
      return ordered.filter((s) => s.kind === 'SUBMITTER').slice(PACKET_WORKFLOW_LIMITS.maxSubmitterSteps);
    case 'PACKET_TOO_MANY_APPROVER_STEPS':
      return ordered.filter((s) => isApproverKind(s.kind)).slice(PACKET_WORKFLOW_LIMITS.maxApproverSteps);
    case 'PACKET_QUESTIONS_NOT_ALL_ASSIGNED':
      return ordered.filter((s) => s.kind === 'SUBMITTER');
    default:
      return null;
  }
}

export function mapProblems(
  definition: PacketWorkflowDefinition,
  problems: readonly PacketWorkflowProblem[],
): CanvasProblems {
  const byStep = new Map<string, string[]>();
  const cycleSteps = new Set<string>();
  const cycleEdges = new Set<string>();
  const general: PacketWorkflowProblem[] = [];
  const add = (stepId: string, message: string) => {
    const list = byStep.get(stepId) ?? [];
    if (!list.includes(message)) list.push(message);
    byStep.set(stepId, list);
  };
  const stepIds = new Set(definition.steps.map((s) => s.id));
  const hasCycle = problems.some((p) => p.code === CYCLE_CODE);
  if (hasCycle) {
    // Steps and edges that go round in the order itself.
    for (const component of findStepCycles(definition)) {
      const members = new Set(component);
      for (const id of component) cycleSteps.add(id);
      for (const e of definition.edges) if (members.has(e.from) && members.has(e.to)) cycleEdges.add(e.id);
    }
  }
  for (const problem of problems) {
    if (problem.code === CYCLE_CODE) {
      const involved = new Set<string>();
      if (problem.stepId) involved.add(problem.stepId);
      // A cycle through questions: the steps that ask them or whose condition reads them.
      const questions = new Set(problem.elementIds ?? []);
      for (const id of questions) if (stepIds.has(id)) involved.add(id);
      for (const step of definition.steps) {
        const reads = step.condition ? collectConditionSources(step.condition) : [];
        if (step.questionIds.some((q) => questions.has(q)) || reads.some((q) => questions.has(q)))
          involved.add(step.id);
      }
      if (involved.size === 0 && cycleSteps.size === 0) general.push(problem);
      for (const id of involved) cycleSteps.add(id);
      for (const id of cycleSteps) add(id, 'Cyclic dependency found');
      continue;
    }
    // Problems about the workflow as a whole are pinned on the steps that cause them.
    const concerned = concernedSteps(definition, problem);
    if (concerned) {
      for (const step of concerned) add(step.id, problem.message);
      if (concerned.length === 0) general.push(problem);
      continue;
    }
    if (problem.stepId && stepIds.has(problem.stepId)) add(problem.stepId, problem.message);
    else if (problem.edgeId) {
      const edge = definition.edges.find((e) => e.id === problem.edgeId);
      if (edge && stepIds.has(edge.from)) add(edge.from, problem.message);
      else general.push(problem);
    } else general.push(problem);
  }
  return { byStep, cycleSteps, cycleEdges, general, count: problems.length };
}
