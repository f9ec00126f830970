/**
 * Automatic layout with elkjs (layered, top to bottom: the workflow reads like a checklist and fits a tablet). The
 * node size is fixed, so the layout does not have to wait for the DOM to measure nodes.
 */
import type { ELK as ElkApi } from 'elkjs/lib/elk-api';
import type { PacketWorkflowDefinition } from './packet-workflow';

export const NODE_WIDTH = 240;
export const NODE_HEIGHT = 96;

// elkjs is large (~1.4 MB): it loads on the first layout only; workflows saved with positions never need it.
let elk: Promise<ElkApi> | null = null;
function loadElk(): Promise<ElkApi> {
  elk ??= import('elkjs/lib/elk.bundled.js').then(({ default: ELK }) => new ELK());
  return elk;
}

export async function layoutWorkflow(
  definition: PacketWorkflowDefinition,
): Promise<Record<string, { x: number; y: number }>> {
  const ids = new Set(definition.steps.map((s) => s.id));
  const graph = await (
    await loadElk()
  ).layout({
    id: 'root',
    layoutOptions: {
      'elk.algorithm': 'layered',
      'elk.direction': 'DOWN',
      'elk.spacing.nodeNode': '48',
      'elk.layered.spacing.nodeNodeBetweenLayers': '56',
      'elk.layered.considerModelOrder.strategy': 'NODES_AND_EDGES',
    },
    children: definition.steps.map((s) => ({ id: s.id, width: NODE_WIDTH, height: NODE_HEIGHT })),
    edges: definition.edges
      .filter((e) => ids.has(e.from) && ids.has(e.to))
      .map((e) => ({ id: e.id, sources: [e.from], targets: [e.to] })),
  });
  const positions: Record<string, { x: number; y: number }> = {};
  for (const child of graph.children ?? []) positions[child.id] = { x: child.x ?? 0, y: child.y ?? 0 };
  return positions;
}

/** Steps never placed (a definition made by the API's default) need a layout before they are drawn. */
export function needsLayout(definition: PacketWorkflowDefinition): boolean {
  return definition.steps.some((s) => !s.position);
}
