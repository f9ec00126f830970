import { Group, Skeleton, Stack, Text } from '@mantine/core';
import { useMemo } from 'react';
import { buildCanvasGraph } from './canvas-graph';
import type { PacketWorkflowDefinition, StepRunState, StepRunStatus } from './packet-workflow';
import { RUN_STATUS_INFO } from './run-status';
import { useLaidOut } from './use-laid-out';
import { WorkflowCanvas } from './WorkflowCanvas';

export interface ReadOnlyWorkflowProps {
  definition: PacketWorkflowDefinition;
  /** A submission's step states (live view); absent for a process' plain picture. */
  runs?: readonly StepRunState[];
  label: string;
  questions?: ReadonlyMap<string, string>;
  people?: ReadonlyMap<string, string>;
  edgeLabels?: Readonly<Record<string, string>>;
  height?: number | string;
}

const LEGEND: StepRunStatus[] = ['DONE', 'ACTIVE', 'PENDING', 'SKIPPED', 'FAILED'];

/**
 * A workflow drawn read-only with the designer's own canvas: a submission's live view (each step done, active,
 * skipped or failed, with who and when) or a fixed process' graph.
 */
export function ReadOnlyWorkflow({
  definition,
  runs,
  label,
  questions,
  people,
  edgeLabels,
  height,
}: ReadOnlyWorkflowProps) {
  const placed = useLaidOut(definition);
  const runMap = useMemo(() => (runs ? new Map(runs.map((r) => [r.stepId, r])) : undefined), [runs]);
  const graph = useMemo(
    () =>
      placed
        ? buildCanvasGraph({
            definition: placed,
            readOnly: true,
            ...(runMap ? { runs: runMap } : {}),
            ...(questions ? { questions } : {}),
            ...(people ? { people } : {}),
            ...(edgeLabels ? { edgeLabels } : {}),
          })
        : null,
    [placed, runMap, questions, people, edgeLabels],
  );
  if (!graph) return <Skeleton height={height ?? 420} radius="md" role="status" aria-label="Drawing the workflow" />;
  return (
    <Stack gap={6}>
      <WorkflowCanvas
        key={placed === definition ? 'stored' : 'laid-out'}
        nodes={graph.nodes}
        edges={graph.edges}
        label={label}
        readOnly
        height={height ?? 420}
      />
      {runs && (
        <Group gap="md" aria-label="Legend">
          {LEGEND.map((status) => (
            <Group key={status} gap={4}>
              <span
                aria-hidden
                style={{
                  width: 10,
                  height: 10,
                  borderRadius: 5,
                  background: `var(--mantine-color-${RUN_STATUS_INFO[status].color}-6)`,
                  display: 'inline-block',
                }}
              />
              <Text size="xs">{RUN_STATUS_INFO[status].label}</Text>
            </Group>
          ))}
        </Group>
      )}
    </Stack>
  );
}
