/**
 * The designer's state: the workflow definition itself (the single source of truth; the canvas is drawn from it)
 * with undo and redo. Pure reducer, so every edit is testable without a browser. Edits that happen continuously
 * (dragging a node) record one history entry at their start, not one per frame.
 */
import type {
  PacketStep,
  PacketStepKind,
  PacketWorkflowDefinition,
  PacketWorkflowEdge,
} from '../../../shared/workflow-graph/packet-workflow';
import { orderPacketSteps } from '../../../shared/workflow-graph/packet-workflow';
import { createStep, isApproverKind } from '../../../shared/workflow-graph/step-kinds';

export interface DesignerState {
  past: PacketWorkflowDefinition[];
  present: PacketWorkflowDefinition;
  future: PacketWorkflowDefinition[];
  selectedStepId: string | null;
}

export type Position = { x: number; y: number };

export type DesignerAction =
  | { type: 'load'; definition: PacketWorkflowDefinition }
  | {
      type: 'addStep';
      kind: PacketStepKind;
      id: string;
      edgeIds: [string, string];
      position?: Position;
      /** Insert after this step (taking over its outgoing edges); by keyboard, the selected or the last step. */
      after?: string | null;
      questionIds?: string[];
    }
  | { type: 'updateStep'; stepId: string; patch: Partial<Omit<PacketStep, 'id'>> }
  | { type: 'removeStep'; stepId: string; edgeId: string }
  | { type: 'connect'; from: string; to: string; id: string }
  | { type: 'removeEdge'; edgeId: string }
  | { type: 'setNextSteps'; stepId: string; next: string[]; makeId: () => string }
  | { type: 'beginMove' }
  | { type: 'moveStep'; stepId: string; position: Position }
  | { type: 'applyLayout'; positions: Record<string, Position>; record: boolean }
  | { type: 'reorder'; stepId: string; direction: -1 | 1 }
  | { type: 'select'; stepId: string | null }
  | { type: 'undo' }
  | { type: 'redo' };

const HISTORY_LIMIT = 100;
export const STEP_GAP_Y = 140;

export function initDesigner(definition: PacketWorkflowDefinition): DesignerState {
  return { past: [], present: definition, future: [], selectedStepId: null };
}

function commit(state: DesignerState, present: PacketWorkflowDefinition): DesignerState {
  if (present === state.present) return state;
  return { ...state, past: [...state.past, state.present].slice(-HISTORY_LIMIT), present, future: [] };
}

function replaceStep(def: PacketWorkflowDefinition, stepId: string, fn: (s: PacketStep) => PacketStep) {
  return { ...def, steps: def.steps.map((s) => (s.id === stepId ? fn(s) : s)) };
}

function hasEdge(def: PacketWorkflowDefinition, from: string, to: string) {
  return def.edges.some((e) => e.from === from && e.to === to);
}

/** Below `after`, or below the lowest step when nothing is given. */
function placeAfter(def: PacketWorkflowDefinition, after: PacketStep | undefined): Position {
  if (after?.position) return { x: after.position.x, y: after.position.y + STEP_GAP_Y };
  const lowest = def.steps.reduce((y, s) => Math.max(y, s.position?.y ?? 0), -STEP_GAP_Y);
  return { x: def.steps[0]?.position?.x ?? 0, y: lowest + STEP_GAP_Y };
}

function addStep(def: PacketWorkflowDefinition, action: Extract<DesignerAction, { type: 'addStep' }>) {
  const after = action.after === undefined ? undefined : def.steps.find((s) => s.id === action.after);
  const position = action.position ?? placeAfter(def, after);
  const step = createStep(action.kind, action.id, position, action.questionIds);
  if (!after) return { steps: [...def.steps, step], edges: def.edges };
  // Insert into the chain: the new step takes over the outgoing edges of the one it follows.
  const edges: PacketWorkflowEdge[] = def.edges.map((e) => (e.from === after.id ? { ...e, from: step.id } : e));
  edges.push({ id: action.edgeIds[0], from: after.id, to: step.id });
  return { steps: [...def.steps, step], edges };
}

/** Removing a step in the middle of a chain reconnects its single predecessor to its single successor. */
function removeStep(def: PacketWorkflowDefinition, stepId: string, edgeId: string): PacketWorkflowDefinition {
  const incoming = def.edges.filter((e) => e.to === stepId);
  const outgoing = def.edges.filter((e) => e.from === stepId);
  const edges = def.edges.filter((e) => e.from !== stepId && e.to !== stepId);
  if (incoming.length === 1 && outgoing.length === 1) {
    const from = incoming[0]!.from;
    const to = outgoing[0]!.to;
    if (from !== to && !edges.some((e) => e.from === from && e.to === to)) edges.push({ id: edgeId, from, to });
  }
  return { steps: def.steps.filter((s) => s.id !== stepId), edges };
}

/**
 * Moves a step one place earlier or later in a simple chain by swapping it with its neighbour: edges are rewired and
 * the two positions swapped, so the picture follows. Anything but a chain neighbour is left alone.
 */
function reorder(def: PacketWorkflowDefinition, stepId: string, direction: -1 | 1): PacketWorkflowDefinition {
  const neighbourEdges = def.edges.filter((e) => (direction === -1 ? e.to === stepId : e.from === stepId));
  if (neighbourEdges.length !== 1) return def;
  const [a, b] = direction === -1 ? [neighbourEdges[0]!.from, stepId] : [stepId, neighbourEdges[0]!.to];
  // Swap a and b, where a → b: every reference to a becomes b and vice versa, then the a → b edge flips.
  const swap = (id: string) => (id === a ? b : id === b ? a : id);
  const edges = def.edges.map((e) => ({ ...e, from: swap(e.from), to: swap(e.to) }));
  const posA = def.steps.find((s) => s.id === a)?.position;
  const posB = def.steps.find((s) => s.id === b)?.position;
  const steps = def.steps.map((s) => {
    if (s.id === a && posB) return { ...s, position: posB };
    if (s.id === b && posA) return { ...s, position: posA };
    return s;
  });
  return { steps, edges };
}

export function designerReducer(state: DesignerState, action: DesignerAction): DesignerState {
  const def = state.present;
  switch (action.type) {
    case 'load':
      return initDesigner(action.definition);
    case 'addStep':
      return { ...commit(state, addStep(def, action)), selectedStepId: action.id };
    case 'updateStep':
      return commit(
        state,
        replaceStep(def, action.stepId, (s) => {
          const next = { ...s, ...action.patch };
          // Only submitters answer questions; a step that stops being one gives its questions back.
          if (next.kind !== 'SUBMITTER' && next.questionIds.length > 0) next.questionIds = [];
          if ('condition' in action.patch && action.patch.condition === undefined) delete next.condition;
          return next;
        }),
      );
    case 'removeStep':
      return {
        ...commit(state, removeStep(def, action.stepId, action.edgeId)),
        selectedStepId: state.selectedStepId === action.stepId ? null : state.selectedStepId,
      };
    case 'connect':
      if (action.from === action.to || hasEdge(def, action.from, action.to)) return state;
      return commit(state, { ...def, edges: [...def.edges, { id: action.id, from: action.from, to: action.to }] });
    case 'removeEdge':
      if (!def.edges.some((e) => e.id === action.edgeId)) return state;
      return commit(state, { ...def, edges: def.edges.filter((e) => e.id !== action.edgeId) });
    case 'setNextSteps': {
      const wanted = new Set(action.next.filter((id) => id !== action.stepId));
      const kept = def.edges.filter((e) => e.from !== action.stepId || wanted.has(e.to));
      const added = [...wanted]
        .filter((to) => !kept.some((e) => e.from === action.stepId && e.to === to))
        .map((to) => ({ id: action.makeId(), from: action.stepId, to }));
      return commit(state, { ...def, edges: [...kept, ...added] });
    }
    case 'beginMove':
      return { ...state, past: [...state.past, def].slice(-HISTORY_LIMIT), future: [] };
    case 'moveStep':
      // No history entry: beginMove recorded the state before the drag.
      return { ...state, present: replaceStep(def, action.stepId, (s) => ({ ...s, position: action.position })) };
    case 'applyLayout': {
      const present = {
        ...def,
        steps: def.steps.map((s) => (action.positions[s.id] ? { ...s, position: action.positions[s.id] } : s)),
      };
      return action.record ? commit(state, present) : { ...state, present };
    }
    case 'reorder':
      return commit(state, reorder(def, action.stepId, action.direction));
    case 'select':
      return state.selectedStepId === action.stepId ? state : { ...state, selectedStepId: action.stepId };
    case 'undo': {
      const previous = state.past.at(-1);
      if (!previous) return state;
      return { ...state, past: state.past.slice(0, -1), present: previous, future: [def, ...state.future] };
    }
    case 'redo': {
      const [next, ...rest] = state.future;
      if (!next) return state;
      return { ...state, past: [...state.past, def], present: next, future: rest };
    }
  }
}

/** The step a keyboard "add" follows: the selected one, else the last in execution order. */
export function insertionPoint(state: DesignerState): string | null {
  if (state.selectedStepId && state.present.steps.some((s) => s.id === state.selectedStepId))
    return state.selectedStepId;
  return orderPacketSteps(state.present).at(-1)?.id ?? null;
}

export function countApprovers(def: PacketWorkflowDefinition): number {
  return def.steps.filter((s) => isApproverKind(s.kind)).length;
}

/**
 * The step selected after one batch of React Flow selection changes. Selecting another step arrives as two changes
 * (the new one on, the old one off) in canvas order, so applying them one by one against a stale selection lost the
 * new one when it came first (an earlier step): the batch is read as a whole instead.
 */
export function selectionAfter(
  current: string | null,
  changes: ReadonlyArray<{ id: string; selected: boolean }>,
): string | null {
  const chosen = changes.filter((c) => c.selected).at(-1);
  if (chosen) return chosen.id;
  if (current !== null && changes.some((c) => c.id === current && !c.selected)) return null;
  return current;
}

/**
 * Where focus goes when a step is deleted: the step before it (its single predecessor), else the one after it, else
 * the step drawn before it in the list; null when it was the only step (focus then goes to the canvas).
 */
export function neighbourOf(def: PacketWorkflowDefinition, stepId: string): string | null {
  const before = def.edges.find((e) => e.to === stepId && e.from !== stepId)?.from;
  if (before) return before;
  const after = def.edges.find((e) => e.from === stepId && e.to !== stepId)?.to;
  if (after) return after;
  const index = def.steps.findIndex((s) => s.id === stepId);
  const others = def.steps.filter((s) => s.id !== stepId);
  return others[Math.max(0, index - 1)]?.id ?? null;
}
