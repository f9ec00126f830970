import { Button, Collapse, Group, Paper, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useId, useMemo, useState, type ReactNode } from 'react';
import { api } from '../api';
import { formatDateTime } from '../format';
import { ErrorState } from '../states';
import { processDrawing, type ProcessGraphState } from './process-drawing';
import { ReadOnlyWorkflow } from './ReadOnlyWorkflow';

function humanStatus(status: string): string {
  const words = status.replace(/_/g, ' ').toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/**
 * A process' live graph: its status and last change, a link to its record when the caller offers one, and its
 * map (or a submission's own workflow) with each step's state and the path taken so far.
 */
export function ProcessStanding({
  graph,
  link,
  heading = true,
  height = 320,
}: {
  graph: ProcessGraphState | null | undefined;
  link?: ReactNode;
  heading?: boolean;
  height?: number;
}) {
  const drawn = useMemo(() => processDrawing(graph), [graph]);
  return (
    <Stack gap="xs">
      <Group justify="space-between" align="flex-start" wrap="wrap">
        <Stack gap={0}>
          {heading && <Text fw={600}>Where it stands</Text>}
          {graph && (
            <Text size="xs" c="dimmed" data-testid="graph-status">
              {humanStatus(graph.status)}
              {graph.kind === 'disclosure' && graph.archived ? ' · archived' : ''} · updated{' '}
              {formatDateTime(graph.updatedAt)}
            </Text>
          )}
        </Stack>
        {graph && link}
      </Group>
      {drawn ? (
        <ReadOnlyWorkflow
          definition={drawn.definition}
          runs={drawn.runs}
          label={drawn.label}
          height={height}
          {...(drawn.edgeLabels ? { edgeLabels: drawn.edgeLabels } : {})}
        />
      ) : (
        <Text size="sm" c="dimmed">
          This kind of process has no map; the steps below and the timeline show where it stands.
        </Text>
      )}
    </Stack>
  );
}

/**
 * A record's own "Where it stands" section: the live graph of the record's process, read from `path` (the record's
 * graph route), folded away on request. It polls while shown, and reads again at once when `version` (the
 * record's status or last change, as the page already knows it) moves.
 */
export function WhereItStands({
  path,
  version,
  emptyText = 'Nothing has started here yet.',
  headingLevel = 2,
}: {
  path: string;
  version?: string | number | null;
  emptyText?: string;
  /** The section's heading level in its page's outline. */
  headingLevel?: 2 | 3;
}) {
  const [open, setOpen] = useState(true);
  const bodyId = useId();
  const query = useQuery({
    queryKey: ['process-graph', path, version ?? null],
    queryFn: ({ signal }) => api.get<{ graph: ProcessGraphState | null }>(path, undefined, signal),
    enabled: open,
    refetchInterval: open ? 15_000 : false,
  });
  return (
    <Paper withBorder p="md" radius="md" data-testid="where-it-stands">
      <Stack gap="xs">
        <Group justify="space-between" wrap="nowrap">
          <Text fw={600} component={headingLevel === 3 ? 'h3' : 'h2'} size="md" m={0}>
            Where it stands
          </Text>
          <Button
            variant="subtle"
            size="compact-sm"
            aria-expanded={open}
            aria-controls={bodyId}
            onClick={() => setOpen((o) => !o)}
          >
            {open ? 'Hide the process' : 'Show the process'}
          </Button>
        </Group>
        <Collapse expanded={open} keepMounted={false} id={bodyId}>
          {query.isPending ? (
            <Text size="sm" c="dimmed" role="status">
              Loading where it stands…
            </Text>
          ) : query.isError ? (
            <ErrorState error={query.error} onRetry={() => void query.refetch()} />
          ) : query.data.graph ? (
            <ProcessStanding graph={query.data.graph} heading={false} height={400} />
          ) : (
            <Text size="sm" c="dimmed">
              {emptyText}
            </Text>
          )}
        </Collapse>
      </Stack>
    </Paper>
  );
}
