import { Anchor, Paper } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Link } from 'react-router';
import { onSubmissionChanged } from '../../shared/realtime-events';
import { ProcessStanding } from '../../shared/workflow-graph';
import type { WorkflowDetail } from './operator-console.api';

type Graph = NonNullable<WorkflowDetail['graph']>;

const LINK_LABEL: Record<Graph['kind'], string> = {
  'packet-submission': 'See Submissions live view',
  disclosure: 'Open the disclosure',
  invitation: 'Open the users',
  'roster-rollover': 'Open the roster',
  'cara-log': 'Open the CARA log',
  'psa-transfer': 'Open the prospect',
};

/**
 * The live graph of one process on the console's detail page: a packet submission's own workflow with each step's
 * state, or a fixed process (disclosure review, invitation, roster rollover, CARA log, prospect transfer) placed
 * on its map. The detail query polls; a submission's change announced over the app's WebSocket refetches at once.
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

  return (
    <Paper withBorder p="md" radius="md" data-testid="workflow-graph-slot" aria-label="Live process graph">
      <ProcessStanding
        graph={graph}
        link={
          data.recordPath && graph ? (
            <Anchor component={Link} to={data.recordPath} size="sm" data-testid="graph-record-link">
              {LINK_LABEL[graph.kind]}
            </Anchor>
          ) : undefined
        }
      />
    </Paper>
  );
}
