/**
 * Cycle detection in O(nodes + edges): Tarjan's strongly connected components with an explicit stack (no recursion,
 * so 5,000 chained elements cannot overflow the call stack), then one concrete cycle per component found by a
 * breadth-first search restricted to that component, so the message can name the elements in order.
 */
import type { DependencyGraph } from './dependency-graph';

/** Component id of every node; components of size > 1 or with a self-edge hold cycles. */
export function findStronglyConnectedComponents(graph: DependencyGraph): { componentOf: Int32Array; count: number } {
  const n = graph.ids.length;
  const index = new Int32Array(n).fill(-1);
  const lowLink = new Int32Array(n);
  const onStack = new Uint8Array(n);
  const componentOf = new Int32Array(n).fill(-1);
  const sccStack: number[] = [];
  // Call stack of the depth-first search: node and the position of the next successor to visit.
  const callNode: number[] = [];
  const callEdge: number[] = [];
  let nextIndex = 0;
  let count = 0;

  for (let root = 0; root < n; root++) {
    if (index[root] !== -1) continue;
    callNode.push(root);
    callEdge.push(0);
    index[root] = lowLink[root] = nextIndex++;
    sccStack.push(root);
    onStack[root] = 1;

    while (callNode.length > 0) {
      const top = callNode.length - 1;
      const node = callNode[top]!;
      const successors = graph.successors[node]!;
      const edge = callEdge[top]!;
      if (edge < successors.length) {
        callEdge[top] = edge + 1;
        const next = successors[edge]!;
        if (index[next] === -1) {
          index[next] = lowLink[next] = nextIndex++;
          sccStack.push(next);
          onStack[next] = 1;
          callNode.push(next);
          callEdge.push(0);
        } else if (onStack[next]) {
          lowLink[node] = Math.min(lowLink[node]!, index[next]!);
        }
        continue;
      }
      // All successors done: close a component at its root, then hand the low link back to the caller.
      if (lowLink[node] === index[node]) {
        let member: number;
        do {
          member = sccStack.pop()!;
          onStack[member] = 0;
          componentOf[member] = count;
        } while (member !== node);
        count++;
      }
      callNode.pop();
      callEdge.pop();
      if (callNode.length > 0) {
        const caller = callNode[callNode.length - 1]!;
        lowLink[caller] = Math.min(lowLink[caller]!, lowLink[node]!);
      }
    }
  }
  return { componentOf, count };
}

/** Shortest cycle through `start` inside its component, as node indices starting at `start`. */
function traceCycle(graph: DependencyGraph, start: number, componentOf: Int32Array, parent: Int32Array): number[] {
  const component = componentOf[start]!;
  const queue: number[] = [start];
  parent[start] = start;
  for (let head = 0; head < queue.length; head++) {
    const node = queue[head]!;
    for (const next of graph.successors[node]!) {
      if (next === start) {
        const path: number[] = [];
        for (let at = node; at !== start; at = parent[at]!) path.push(at);
        path.push(start);
        return path.reverse();
      }
      if (componentOf[next] === component && parent[next] === -1) {
        parent[next] = node;
        queue.push(next);
      }
    }
  }
  return [start];
}

/**
 * One cycle per cyclic component, each as node ids in dependency order (a → b → … → back to a); a self-reference
 * is a one-id cycle. Each cycle starts at the component's earliest node in form order, so results are stable.
 */
export function findCycles(graph: DependencyGraph): string[][] {
  const { componentOf, count } = findStronglyConnectedComponents(graph);
  const size = new Int32Array(count);
  const firstNode = new Int32Array(count).fill(-1);
  for (let node = 0; node < componentOf.length; node++) {
    const component = componentOf[node]!;
    size[component]!++;
    if (firstNode[component] === -1) firstNode[component] = node;
  }
  const selfLoop = new Uint8Array(count);
  graph.successors.forEach((successors, node) => {
    if (successors.includes(node)) selfLoop[componentOf[node]!] = 1;
  });

  const parent = new Int32Array(graph.ids.length).fill(-1);
  const starts: number[] = [];
  for (let component = 0; component < count; component++) {
    if (size[component]! > 1 || selfLoop[component]) starts.push(firstNode[component]!);
  }
  starts.sort((a, b) => a - b);
  return starts.map((start) => traceCycle(graph, start, componentOf, parent).map((node) => graph.ids[node]!));
}
