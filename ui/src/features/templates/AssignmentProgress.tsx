import { Alert, Group, Paper, Progress, Stack, Text } from '@mantine/core';
import { ErrorState } from '../../shared/states';
import { useAssignmentJob } from './templates.api';

/**
 * A batch job's progress while the assignment workflow runs (the job row, polled), and its outcome once it ends.
 * The live region tells screen readers how far it got.
 */
export function AssignmentProgress({ jobId }: { jobId: string }) {
  const job = useAssignmentJob(jobId);
  if (job.error) return <ErrorState error={job.error} onRetry={() => void job.refetch()} />;
  const data = job.data;
  const verb = data?.action === 'UNASSIGN' ? 'Un-assigning' : 'Assigning';
  const past = data?.action === 'UNASSIGN' ? 'Un-assigned from' : 'Assigned to';
  const running = !data || data.status === 'RUNNING';
  return (
    <Paper withBorder p="md" radius="md">
      <Stack gap="xs" aria-live="polite">
        <Group justify="space-between">
          <Text fw={600} size="sm">
            {running
              ? `${verb} "${data?.templateTitle ?? 'template'}"…`
              : `${past} ${data.done} institution${data.done === 1 ? '' : 's'}`}
          </Text>
          <Text size="sm" c="dimmed">
            {data ? `${data.done + data.failed} of ${data.total}` : 'Starting'}
          </Text>
        </Group>
        <Progress
          value={data?.percent ?? 0}
          animated={running}
          striped={running}
          color={data?.status === 'FAILED' ? 'red' : data?.failed ? 'orange' : running ? 'blue' : 'teal'}
          aria-label={`${verb} progress`}
          size="lg"
        />
        {data && !running && data.status === 'COMPLETED' && (
          <Text size="sm" c="teal.9" role="status">
            Complete: {data.selection}.
          </Text>
        )}
        {data && data.failed > 0 && (
          <Alert color="orange" variant="light" title="Some institutions were skipped">
            {data.failed} institution{data.failed === 1 ? '' : 's'} no longer exist or could not be changed.
          </Alert>
        )}
        {data?.status === 'FAILED' && (
          <Alert color="red" variant="light" title="The job failed">
            The institutions could not be resolved. Try again.
          </Alert>
        )}
      </Stack>
    </Paper>
  );
}
