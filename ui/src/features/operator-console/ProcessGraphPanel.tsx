import { Anchor, Group, Paper, Stack, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import { Link } from 'react-router';
import { formatDateTime } from '../../shared/format';
import { onSubmissionChanged } from '../../shared/realtime-events';
import {
  FIXED_PROCESSES,
  ReadOnlyWorkflow,
  disclosureRuns,
  invitationRuns,
  type PacketWorkflowDefinition,
  type StepRunState,
} from '../../shared/workflow-graph';
import type { WorkflowDetail } from './operator-console.api';

type Graph = NonNullable<WorkflowDetail['graph']>;

const LINK_LABEL: Record<Graph['kind'], string> = {
  'packet-submission': 'See Submissions live view',
  disclosure: 'Open the disclosure',
  invitation: 'Open the users',
};

/**
 * The live graph of one process on the console's detail page: a packet submission's own workflow with each step's
 * state, or a disclosure review / invitation placed on its process map. The detail query polls; a submission's
 * change announced over the app's WebSocket refetches at once.
 */
export function ProcessGraphPanel({ data }: { data: WorkflowDetail }) {
  const graph = data.graph;
  const client = useQueryClient();
  const entityId = data.item.entityId;
  useEffect(() => {
    if (graph?.kind !== 'packet-submission' || !entityId) return;
    return onSubmissionChanged((change) => {
      if (change.submissionId === entityId)
        void client.invalidateQueries({ queryKey: ['operator-console', 'detail', data.item.workflowId] });
    });
  }, [graph?.kind, entityId, client, data.item.workflowId]);
  const drawn = useMemo(() => toDrawing(graph), [graph]);

  return (
    <Paper withBorder p="md" radius="md" data-testid="workflow-graph-slot" aria-label="Live process graph">
      <Stack gap="xs">
        <Group justify="space-between" align="flex-start">
          <Stack gap={0}>
            <Text fw={600}>Where it stands</Text>
            {graph && (
              <Text size="xs" c="dimmed">
                {humanStatus(graph.status)}
                {graph.kind === 'disclosure' && graph.archived ? ' · archived' : ''} · updated{' '}
                {formatDateTime(graph.updatedAt)}
              </Text>
            )}
          </Stack>
          {data.recordPath && graph && (
            <Anchor component={Link} to={data.recordPath} size="sm" data-testid="graph-record-link">
              {LINK_LABEL[graph.kind]}
            </Anchor>
          )}
        </Group>
        {drawn ? (
          <ReadOnlyWorkflow
            definition={drawn.definition}
            runs={drawn.runs}
            label={drawn.label}
            height={320}
            {...(drawn.edgeLabels ? { edgeLabels: drawn.edgeLabels } : {})}
          />
        ) : (
          <Text size="sm" c="dimmed">
            This kind of process has no map; the steps below and the timeline show where it stands.
          </Text>
        )}
      </Stack>
    </Paper>
  );
}

function humanStatus(status: string): string {
  const words = status.replace(/_/g, ' ').toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

interface Drawing {
  definition: PacketWorkflowDefinition;
  runs: StepRunState[];
  label: string;
  edgeLabels?: Record<string, string>;
}

function toDrawing(graph: WorkflowDetail['graph']): Drawing | null {
  if (!graph) return null;
  if (graph.kind === 'packet-submission' && graph.definition) {
    return {
      definition: graph.definition as PacketWorkflowDefinition,
      runs: (graph.steps ?? []) as StepRunState[],
      label: "Live view of this submission's workflow",
    };
  }
  const key = graph.kind === 'disclosure' ? 'disclosure-review' : graph.kind === 'invitation' ? 'invitation' : null;
  const process = FIXED_PROCESSES.find((p) => p.key === key);
  if (!process) return null;
  const runs =
    graph.kind === 'disclosure'
      ? disclosureRuns({
          status: graph.status,
          archived: graph.archived ?? false,
          reviewer: graph.reviewer ?? null,
          athlete: graph.athlete ?? null,
          updatedAt: graph.updatedAt,
        })
      : invitationRuns(graph.status, graph.updatedAt);
  return {
    definition: process.definition,
    runs,
    label: `${process.title} process map`,
    edgeLabels: process.edgeLabels,
  };
}
