import { BaseEdge, EdgeLabelRenderer, getSmoothStepPath, type EdgeProps } from '@xyflow/react';
import { edgeStroke } from './edge-style';
import classes from './workflow-graph.module.css';
import type { OrderEdge } from './graph-mapping';
import { NODE_WIDTH } from './layout';

/** How far right of the steps' column a loop back runs, and how far it leaves and enters its steps vertically. */
const LOOP_SIDE = NODE_WIDTH / 2 + 28;
const LOOP_STUB = 14;

/**
 * A loop back (its target above its source) leaves the source downwards, runs up beside the steps' column and
 * enters the target from above, so it never crosses the steps between (a smooth-step path would run through them
 * and hide its caption under a step).
 */
function loopBackPath(sourceX: number, sourceY: number, targetX: number, targetY: number) {
  const side = Math.max(sourceX, targetX) + LOOP_SIDE;
  const below = sourceY + LOOP_STUB;
  const above = targetY - LOOP_STUB;
  const path = `M ${sourceX},${sourceY} L ${sourceX},${below} L ${side},${below} L ${side},${above} L ${targetX},${above} L ${targetX},${targetY}`;
  // The caption sits on the stretch above the target, in the gap between steps, never under a step.
  return [path, (targetX + side) / 2, above] as const;
}

/** The order between two steps: red on a cycle, green once the run has taken it, with the target's condition as its label. */
export function OrderEdgeView(props: EdgeProps<OrderEdge>) {
  const { id, sourceX, sourceY, targetX, targetY, sourcePosition, targetPosition, markerEnd, data, selected } = props;
  const [path, labelX, labelY] =
    targetY < sourceY
      ? loopBackPath(sourceX, sourceY, targetX, targetY)
      : getSmoothStepPath({
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
