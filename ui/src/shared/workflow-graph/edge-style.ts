/**
 * How an edge of a workflow graph is read and drawn, as pure functions so the rules are tested without a browser:
 * which edges point forward in step order (the layout ranks steps only by those), which edge a run has actually
 * taken, and the stroke that follows from it.
 */
import { orderPacketSteps, type PacketWorkflowDefinition, type StepRunState } from './packet-workflow';

export interface EdgeEnds {
  from: string;
  to: string;
}

/** Each step's 0-based place in execution order. */
export function stepRanks(definition: PacketWorkflowDefinition): Map<string, number> {
  return new Map(orderPacketSteps(definition).map((s, i) => [s.id, i]));
}

/** A loop back (a change request sending work to an earlier step): its target comes no later than its source. */
export function isBackEdge(edge: EdgeEnds, ranks: ReadonlyMap<string, number>): boolean {
  const from = ranks.get(edge.from);
  const to = ranks.get(edge.to);
  return from !== undefined && to !== undefined && to <= from;
}

const REACHED = new Set(['ACTIVE', 'DONE', 'FAILED']);

/**
 * Whether the run went along this edge. Forward: its source is done and its target was reached (a skipped or
 * not-yet-reached target was not). Back: only while the work sits at the earlier step again, sent back by a
 * source that is done; once that step is done again the loop is history and the forward path shows the way.
 */
export function isEdgeTaken(
  edge: EdgeEnds,
  runs: ReadonlyMap<string, StepRunState> | undefined,
  ranks: ReadonlyMap<string, number>,
): boolean {
  const source = runs?.get(edge.from);
  const target = runs?.get(edge.to);
  if (!source || !target || source.status !== 'DONE') return false;
  if (isBackEdge(edge, ranks)) return target.status === 'ACTIVE';
  return REACHED.has(target.status);
}

export interface EdgeLook {
  inCycle?: boolean;
  travelled?: boolean;
  selected?: boolean;
}

/** Red on a cycle, green once taken, blue when selected, grey otherwise; thicker when it needs attention. */
export function edgeStroke(look: EdgeLook): { stroke: string; strokeWidth: number; strokeDasharray?: string } {
  if (look.inCycle) return { stroke: 'var(--mantine-color-red-7)', strokeWidth: 3 };
  if (look.travelled) return { stroke: 'var(--mantine-color-green-7)', strokeWidth: look.selected ? 3 : 2 };
  if (look.selected) return { stroke: 'var(--mantine-color-blue-6)', strokeWidth: 3 };
  return { stroke: 'var(--mantine-color-gray-6)', strokeWidth: 2 };
}
