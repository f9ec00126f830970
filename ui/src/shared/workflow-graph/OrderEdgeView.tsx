import { BaseEdge, EdgeLabelRenderer, getSmoothStepPath, type EdgeProps } from '@xyflow/react';
import { edgeStroke } from './edge-style';
import classes from './workflow-graph.module.css';
import type { OrderEdge } from './graph-mapping';

/** The order between two steps: red on a cycle, green once the run has taken it, with the target's condition as its label. */
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
  const style = edgeStroke({ inCycle: data?.inCycle, travelled: data?.travelled, selected });
  return (
    <>
      <BaseEdge
        id={id}
        path={path}
        markerEnd={markerEnd}
        className={data?.inCycle ? 'edge-in-cycle' : undefined}
        style={style}
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
