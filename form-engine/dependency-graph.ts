/**
 * The dependency graph of a form: an edge A → B when a rule on B reads A's answer. Packets add their own edges
 * (e.g. "step 2 runs when question A says yes", "question B is asked at step 2") through `extraEdges`, so one
 * cycle check covers conditions and step routing together. Nodes are numbered for linear-time algorithms.
 */
import type { ConditionNode, FormVersion } from './form-definition';
import { isConditionGroup } from './form-definition';

export interface DependencyEdge {
  /** The node read (an element id, or a packet step id for extra edges). */
  from: string;
  /** The node that depends on it. */
  to: string;
  fromLabel?: string;
  toLabel?: string;
}

export interface DependencyGraph {
  /** Node ids: the form's elements in form order, then nodes only named by extra edges. */
  ids: string[];
  labels: string[];
  indexOf: Map<string, number>;
  /** Successors of each node (indices); duplicates are harmless to the algorithms. */
  successors: number[][];
  edgeCount: number;
}

/** Every element id read by a condition tree, iteratively (no recursion on user data). */
export function collectConditionSources(root: ConditionNode): string[] {
  const sources: string[] = [];
  const stack: ConditionNode[] = [root];
  while (stack.length > 0) {
    const node = stack.pop()!;
    if (isConditionGroup(node)) {
      for (let i = node.conditions.length - 1; i >= 0; i--) stack.push(node.conditions[i]!);
    } else {
      sources.push(node.element);
    }
  }
  return sources;
}

function addNode(graph: DependencyGraph, id: string, label: string): number {
  const known = graph.indexOf.get(id);
  if (known !== undefined) return known;
  const index = graph.ids.length;
  graph.ids.push(id);
  graph.labels.push(label);
  graph.indexOf.set(id, index);
  graph.successors.push([]);
  return index;
}

/**
 * Conditions that name a missing element add no edge (check-definition.ts reports them); extra edges may name
 * new nodes, such as workflow steps.
 */
export function buildDependencyGraph(
  version: FormVersion,
  extraEdges: readonly DependencyEdge[] = [],
): DependencyGraph {
  const graph: DependencyGraph = { ids: [], labels: [], indexOf: new Map(), successors: [], edgeCount: 0 };
  for (const element of version.elements) addNode(graph, element.id, element.dataLabel || element.label || element.id);
  for (const rule of version.conditions) {
    const to = graph.indexOf.get(rule.target);
    if (to === undefined) continue;
    for (const source of collectConditionSources(rule.when)) {
      const from = graph.indexOf.get(source);
      if (from === undefined) continue;
      graph.successors[from]!.push(to);
      graph.edgeCount++;
    }
  }
  for (const edge of extraEdges) {
    const from = addNode(graph, edge.from, edge.fromLabel ?? edge.from);
    const to = addNode(graph, edge.to, edge.toLabel ?? edge.to);
    graph.successors[from]!.push(to);
    graph.edgeCount++;
  }
  return graph;
}
