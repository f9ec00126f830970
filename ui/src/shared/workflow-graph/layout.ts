/**
 * Automatic layout with elkjs (layered, top to bottom: the workflow reads like a checklist and fits a tablet). The
 * node size is fixed, so the layout does not have to wait for the DOM to measure nodes.
 */
import type { ELK as ElkApi, ElkNode } from 'elkjs/lib/elk-api';
import { isBackEdge, stepRanks } from './edge-style';
import { orderPacketSteps, type PacketWorkflowDefinition } from './packet-workflow';

export const NODE_WIDTH = 240;
/** Room for the kind badges, a two-line name, the actors and a two-line state (workflow-graph.module.css). */
export const NODE_HEIGHT = 136;

// elkjs is large (~1.4 MB): it loads on the first layout only; workflows saved with positions never need it.
let elk: Promise<ElkApi> | null = null;
function loadElk(): Promise<ElkApi> {
  elk ??= import('elkjs/lib/elk.bundled.js').then(({ default: ELK }) => new ELK());
  return elk;
}

/**
 * What elk lays out: the steps in execution order and only the edges that point forward in it. A loop back (a
 * change request returning to an earlier step) would otherwise be a cycle elk breaks by its own choice, which can
 * draw step 2 above step 1; left out, it is still drawn, around the steps it returns over.
 */
export function layoutInput(definition: PacketWorkflowDefinition): ElkNode {
  const ranks = stepRanks(definition);
  return {
    id: 'root',
    layoutOptions: {
      'elk.algorithm': 'layered',
      'elk.direction': 'DOWN',
      'elk.spacing.nodeNode': '48',
      'elk.layered.spacing.nodeNodeBetweenLayers': '56',
      'elk.layered.considerModelOrder.strategy': 'NODES_AND_EDGES',
    },
    children: orderPacketSteps(definition).map((s) => ({ id: s.id, width: NODE_WIDTH, height: NODE_HEIGHT })),
    edges: definition.edges
      .filter((e) => ranks.has(e.from) && ranks.has(e.to) && !isBackEdge(e, ranks))
      .map((e) => ({ id: e.id, sources: [e.from], targets: [e.to] })),
  };
}

export async function layoutWorkflow(
  definition: PacketWorkflowDefinition,
): Promise<Record<string, { x: number; y: number }>> {
  const graph = await (await loadElk()).layout(layoutInput(definition));
  const positions: Record<string, { x: number; y: number }> = {};
  for (const child of graph.children ?? []) positions[child.id] = { x: child.x ?? 0, y: child.y ?? 0 };
  return positions;
}

/** Steps never placed (a definition made by the API's default) need a layout before they are drawn. */
export function needsLayout(definition: PacketWorkflowDefinition): boolean {
  return definition.steps.some((s) => !s.position);
}
