import { BaseEdge, EdgeLabelRenderer, getSmoothStepPath, type EdgeProps } from '@xyflow/react';
import classes from './workflow-graph.module.css';
import type { OrderEdge } from './graph-mapping';

/** The order between two steps: red on a cycle, green once travelled, with the target's condition as its label. */
export function OrderEdgeView(props: EdgeProps<OrderEdge>) {
  const { id, sourceX, sourceY, targetX, targetY, sourcePosition, targetPosition, markerEnd, data, selected } = props;
  const [path, labelX, labelY] = getSmoothStepPath({
    sourceX,
    sourceY,
    targetX,
    targetY,
    sourcePosition,
    targetPosition,
    borderRadius: 10,
  });
  const stroke = data?.inCycle
    ? 'var(--mantine-color-red-7)'
    : data?.travelled
      ? 'var(--mantine-color-green-7)'
      : selected
        ? 'var(--mantine-color-blue-6)'
        : 'var(--mantine-color-gray-6)';
  return (
    <>
      <BaseEdge
        id={id}
        path={path}
        markerEnd={markerEnd}
        className={data?.inCycle ? 'edge-in-cycle' : undefined}
        style={{ stroke, strokeWidth: data?.inCycle || selected ? 3 : 2 }}
      />
      {data?.label && (
        <EdgeLabelRenderer>
          <div
            className={`${classes.edgeLabel} ${data.inCycle ? classes.edgeLabelCycle : ''} nodrag nopan`}
            style={{ transform: `translate(-50%, -50%) translate(${labelX}px, ${labelY}px)` }}
            title={data.label}
            data-testid="edge-label"
          >
            {data.label}
          </div>
        </EdgeLabelRenderer>
      )}
    </>
  );
}
