/**
 * Pure mapping between the packet's workflow definition and the React Flow graph, both ways. The definition is what
 * the API stores and the workflow runs; the graph is only its picture: one `step` node per step, one `order` edge
 * per edge. graphToDefinition(definitionToGraph(d)) gives back d (positions included), so a saved workflow loads
 * exactly as it was drawn.
 */
import type { Edge, Node } from '@xyflow/react';
import type { PacketStep, PacketWorkflowDefinition, StepRunState } from './packet-workflow';

/** What a step node draws besides the step itself: problems, cycle membership, a live run state. */
export interface StepNodeData extends Record<string, unknown> {
  step: PacketStep;
  /** 1-based place in execution order, shown on the node. */
  order?: number;
  problems?: string[];
  inCycle?: boolean;
  run?: StepRunState;
  /** Friendly names of the actors (users' names, role labels, external signers). */
  actorsLabel?: string;
  conditionLabel?: string;
}
export type StepNode = Node<StepNodeData, 'step'>;

export interface OrderEdgeData extends Record<string, unknown> {
  /** A conditional target step's condition, or a fixed process' edge caption. */
  label?: string;
  inCycle?: boolean;
  /** Drawn as done in the live view: the source step completed. */
  travelled?: boolean;
}
export type OrderEdge = Edge<OrderEdgeData, 'order'>;

export interface WorkflowGraph {
  nodes: StepNode[];
  edges: OrderEdge[];
}

const ORIGIN = { x: 0, y: 0 };

export function stepToNode(step: PacketStep): StepNode {
  return { id: step.id, type: 'step', position: step.position ?? ORIGIN, data: { step } };
}

export function definitionToGraph(definition: PacketWorkflowDefinition): WorkflowGraph {
  return {
    nodes: definition.steps.map(stepToNode),
    edges: definition.edges.map((edge) => ({
      id: edge.id,
      source: edge.from,
      target: edge.to,
      type: 'order',
      data: {},
    })),
  };
}

/** The node's position wins over the step's stored one: it is where the user left it. */
export function nodeToStep(node: Pick<StepNode, 'position' | 'data'>): PacketStep {
  const { position: _ignored, ...step } = node.data.step;
  return { ...step, position: { x: node.position.x, y: node.position.y } };
}

export function graphToDefinition(nodes: readonly StepNode[], edges: readonly OrderEdge[]): PacketWorkflowDefinition {
  return {
    steps: nodes.map(nodeToStep),
    edges: edges.map((edge) => ({ id: edge.id, from: edge.source, to: edge.target })),
  };
}
