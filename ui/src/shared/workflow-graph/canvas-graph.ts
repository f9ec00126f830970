/**
 * The graph the canvas draws: the mapped definition decorated with execution order, actor names, condition labels,
 * problems (designer) or run states (live view). Pure, so the benchmark can time it without a browser.
 */
import { MarkerType } from '@xyflow/react';
import type { CanvasProblems } from './canvas-problems';
import { isEdgeTaken, stepRanks } from './edge-style';
import { definitionToGraph, type OrderEdge, type StepNode, type WorkflowGraph } from './graph-mapping';
import { NODE_HEIGHT, NODE_WIDTH } from './layout';
import type { PacketWorkflowDefinition, StepRunState } from './packet-workflow';
import { describeRun, RUN_STATUS_INFO } from './run-status';
import { STEP_KIND_INFO } from './step-kinds';
import { actorsSummary, describeCondition } from './step-labels';

export interface CanvasGraphInput {
  definition: PacketWorkflowDefinition;
  problems?: CanvasProblems;
  runs?: ReadonlyMap<string, StepRunState>;
  /** User id → name, for USER actors. */
  people?: ReadonlyMap<string, string>;
  /** Qualified question ref → its label, for condition labels. */
  questions?: ReadonlyMap<string, string>;
  selectedStepId?: string | null;
  selectedEdgeId?: string | null;
  /** Captions of a fixed process' edges (e.g. "change requested"). */
  edgeLabels?: Readonly<Record<string, string>>;
  readOnly?: boolean;
}

const NO_NAMES: ReadonlyMap<string, string> = new Map();

export function buildCanvasGraph(input: CanvasGraphInput): WorkflowGraph {
  const { definition, problems, runs } = input;
  const people = input.people ?? NO_NAMES;
  const questions = input.questions ?? NO_NAMES;
  const base = definitionToGraph(definition);
  const ranks = stepRanks(definition);
  const order = new Map([...ranks].map(([id, rank]) => [id, rank + 1]));
  const names = new Map(definition.steps.map((s) => [s.id, s.name]));
  const conditionLabels = new Map<string, string>();
  for (const step of definition.steps)
    if (step.condition) conditionLabels.set(step.id, describeCondition(step.condition, questions));

  const nodes: StepNode[] = base.nodes.map((node) => {
    const step = node.data.step;
    const stepProblems = problems?.byStep.get(step.id) ?? [];
    const run = runs?.get(step.id);
    const actorsLabel = actorsSummary(step.actors, people);
    const kind = STEP_KIND_INFO[step.kind].label;
    const state = run
      ? `${RUN_STATUS_INFO[run.status].label}: ${describeRun(run)}`
      : stepProblems.length > 0
        ? `Problems: ${stepProblems.join('; ')}`
        : 'No problems';
    return {
      ...node,
      width: NODE_WIDTH,
      height: NODE_HEIGHT,
      selected: node.id === input.selectedStepId,
      draggable: !input.readOnly,
      connectable: !input.readOnly,
      deletable: !input.readOnly,
      ariaLabel: `Step ${order.get(step.id) ?? ''}: ${step.name}, ${kind}, ${actorsLabel}. ${state}.`,
      data: {
        step,
        order: order.get(step.id),
        problems: stepProblems,
        inCycle: problems?.cycleSteps.has(step.id) ?? false,
        actorsLabel: step.actors.length > 1 ? `Phase: ${actorsLabel}` : actorsLabel,
        ...(conditionLabels.has(step.id) ? { conditionLabel: conditionLabels.get(step.id) } : {}),
        ...(run ? { run } : {}),
      },
    };
  });
  const edges: OrderEdge[] = base.edges.map((edge) => {
    const label = input.edgeLabels?.[edge.id] ?? conditionLabels.get(edge.target);
    return {
      ...edge,
      selected: edge.id === input.selectedEdgeId,
      deletable: !input.readOnly,
      markerEnd: { type: MarkerType.ArrowClosed, width: 18, height: 18 },
      ariaLabel: `From ${names.get(edge.source) ?? ''} to ${names.get(edge.target) ?? ''}${label ? `, ${label}` : ''}`,
      data: {
        ...(label ? { label } : {}),
        inCycle: problems?.cycleEdges.has(edge.id) ?? false,
        travelled: isEdgeTaken({ from: edge.source, to: edge.target }, runs, ranks),
      },
    };
  });
  return { nodes, edges };
}
