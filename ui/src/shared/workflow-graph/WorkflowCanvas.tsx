import {
  Background,
  Controls,
  MiniMap,
  ReactFlow,
  useReactFlow,
  useStore,
  type Connection,
  type EdgeChange,
  type NodeChange,
  type NodeTypes,
  type EdgeTypes,
  type FitViewOptions,
} from '@xyflow/react';
import '@xyflow/react/dist/style.css';
import { useEffect, useRef, type DragEvent, type ReactNode } from 'react';
import { MINIMAP_SIZE } from './canvas-fit';
import { useCanvasFit } from './use-canvas-fit';
import classes from './workflow-graph.module.css';
import type { OrderEdge, StepNode } from './graph-mapping';
import { OrderEdgeView } from './OrderEdgeView';
import { StepNodeView } from './StepNodeView';

const NODE_TYPES: NodeTypes = { step: StepNodeView };
const EDGE_TYPES: EdgeTypes = { order: OrderEdgeView };

export interface WorkflowCanvasProps {
  nodes: StepNode[];
  edges: OrderEdge[];
  /** Accessible name of the canvas region. */
  label: string;
  readOnly?: boolean;
  height?: number | string;
  onNodesChange?: (changes: NodeChange<StepNode>[]) => void;
  onEdgesChange?: (changes: EdgeChange<OrderEdge>[]) => void;
  onConnect?: (connection: Connection) => void;
  /** Delete or Backspace on the selection: the steps and connections removed, as one batch. */
  onDelete?: (deleted: { nodes: StepNode[]; edges: OrderEdge[] }) => void;
  onNodeDragStart?: () => void;
  onDrop?: (event: DragEvent<HTMLDivElement>) => void;
  children?: ReactNode;
}

/**
 * A read-only picture fits itself again when its canvas changes width (a phone turned, a drawer resized); the
 * designer keeps the user's own pan and zoom.
 */
function FitOnResize({ options }: { options: FitViewOptions }) {
  const width = useStore((state) => state.width);
  const { fitView } = useReactFlow();
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    const timer = setTimeout(() => void fitView(options), 100);
    return () => clearTimeout(timer);
  }, [width, fitView, options]);
  return null;
}

function allowDrop(event: DragEvent<HTMLDivElement>) {
  event.preventDefault();
  event.dataTransfer.dropEffect = 'move';
}

/**
 * The one React Flow canvas of the product: the packet designer (editable) and every read-only graph (a
 * submission's live view, the fixed processes) draw through it, so they look and behave the same.
 */
export function WorkflowCanvas({
  nodes,
  edges,
  label,
  readOnly,
  height,
  onNodesChange,
  onEdgesChange,
  onConnect,
  onDelete,
  onNodeDragStart,
  onDrop,
  children,
}: WorkflowCanvasProps) {
  const { miniMap, fitOptions } = useCanvasFit(height, nodes.length);
  return (
    <div
      className={classes.canvas}
      style={height ? { height } : undefined}
      role="region"
      aria-label={label}
      data-testid="workflow-canvas"
      // Not a tab stop (its steps are): a target for focus when the step that had it is deleted.
      tabIndex={-1}
      onDragOver={readOnly ? undefined : allowDrop}
      onDrop={readOnly ? undefined : onDrop}
    >
      <ReactFlow<StepNode, OrderEdge>
        nodes={nodes}
        edges={edges}
        nodeTypes={NODE_TYPES}
        edgeTypes={EDGE_TYPES}
        onNodesChange={onNodesChange}
        onEdgesChange={onEdgesChange}
        onConnect={onConnect}
        onDelete={onDelete}
        onNodeDragStart={onNodeDragStart}
        isValidConnection={(c) => c.source !== c.target}
        nodesDraggable={!readOnly}
        nodesConnectable={!readOnly}
        elementsSelectable
        nodesFocusable
        edgesFocusable={!readOnly}
        deleteKeyCode={readOnly ? null : ['Delete', 'Backspace']}
        fitView
        fitViewOptions={fitOptions}
        minZoom={0.2}
        maxZoom={2}
      >
        <Background gap={20} />
        <Controls showInteractive={false} />
        {miniMap && <MiniMap pannable zoomable ariaLabel="Minimap of the workflow" style={{ ...MINIMAP_SIZE }} />}
        {readOnly && <FitOnResize options={fitOptions} />}
        {children}
      </ReactFlow>
    </div>
  );
}
