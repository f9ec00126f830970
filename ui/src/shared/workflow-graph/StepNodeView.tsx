import { Badge, Group, Text } from '@mantine/core';
import { Handle, Position, type NodeProps } from '@xyflow/react';
import { memo } from 'react';
import classes from './workflow-graph.module.css';
import type { StepNode } from './graph-mapping';
import { RUN_STATUS_INFO, describeRun } from './run-status';
import { STEP_KIND_INFO } from './step-kinds';

function stateClass(data: StepNode['data']): string {
  if (data.inCycle) return classes.nodeCycle!;
  if (data.problems && data.problems.length > 0) return classes.nodeProblem!;
  switch (data.run?.status) {
    case 'ACTIVE':
      return classes.nodeActive!;
    case 'DONE':
      return classes.nodeDone!;
    case 'SKIPPED':
    case 'VOIDED':
      return classes.nodeSkipped!;
    case 'FAILED':
      return classes.nodeFailed!;
    default:
      return '';
  }
}

/** One step: its kind, number and name, who acts (one node for a whole phase), its condition, problems, live state. */
export const StepNodeView = memo(function StepNodeView({ data, selected }: NodeProps<StepNode>) {
  const { step, problems = [], inCycle, run, order } = data;
  const info = STEP_KIND_INFO[step.kind];
  const phase = step.actors.length > 1;
  const title = `${order ? `${order}. ` : ''}${step.name || 'Unnamed step'}`;
  return (
    <>
      <Handle type="target" position={Position.Top} />
      <div
        className={[classes.node, stateClass(data), selected ? classes.nodeSelected : ''].join(' ')}
        style={{ borderLeftColor: `var(--mantine-color-${info.color}-6)` }}
        data-testid="step-node"
        data-step-id={step.id}
        data-step-kind={step.kind}
        data-in-cycle={inCycle ? 'true' : 'false'}
        data-problems={problems.length}
        data-run-status={run?.status ?? ''}
      >
        <Group gap={4} wrap="nowrap" style={{ flexShrink: 0 }}>
          <Badge size="xs" color={info.color} variant="light">
            {info.label}
          </Badge>
          {phase && (
            <Badge size="xs" color="gray" variant="outline">
              Phase · {step.actors.length}
            </Badge>
          )}
          {run && (
            // A light shade with dark text: white on the filled shades misses WCAG contrast at this size.
            <Badge size="xs" color={`${RUN_STATUS_INFO[run.status].color}.2`} autoContrast variant="filled" ml="auto">
              {RUN_STATUS_INFO[run.status].label}
            </Badge>
          )}
        </Group>
        {/* Two lines at most; the title holds the whole name, numbered as shown, for when it is cut. */}
        <Text size="sm" fw={600} className={classes.twoLines} title={title}>
          {title}
        </Text>
        <Text size="xs" c="dimmed" className={classes.line} title={data.actorsLabel}>
          {data.actorsLabel}
        </Text>
        {run ? (
          <Text size="xs" className={classes.twoLines} title={describeRun(run)}>
            {describeRun(run)}
          </Text>
        ) : problems.length > 0 ? (
          <Text
            size="xs"
            c={inCycle ? 'red.9' : 'orange.9'}
            fw={600}
            className={classes.line}
            title={problems.join('\n')}
          >
            ⚠ {problems[0]}
            {problems.length > 1 ? ` (+${problems.length - 1})` : ''}
          </Text>
        ) : data.conditionLabel ? (
          <Text size="xs" c="yellow.9" className={classes.twoLines} title={data.conditionLabel}>
            {data.conditionLabel}
          </Text>
        ) : null}
      </div>
      <Handle type="source" position={Position.Bottom} />
    </>
  );
});
