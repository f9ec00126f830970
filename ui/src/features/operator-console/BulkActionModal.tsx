import { Alert, Progress, Select, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import type { BulkAction } from '../../../../domain/operator-console';
import { ReasonModal } from './ReasonModal';
import { useBulkJob, useStartBulk, type ConsoleFilters } from './operator-console.api';

const ACTION_LABELS: Record<BulkAction, string> = {
  retry: 'Retry now',
  cancel: 'Cancel',
  terminate: 'Terminate',
};

/** One action over every running process the filters match (or only the stuck ones), run as a job with progress. */
export function BulkActionModal({
  opened,
  filters,
  stuckOnly,
  onClose,
}: {
  opened: boolean;
  filters: ConsoleFilters;
  stuckOnly: boolean;
  onClose: () => void;
}) {
  const [action, setAction] = useState<BulkAction>(stuckOnly ? 'retry' : 'terminate');
  const [jobId, setJobId] = useState<string | null>(null);
  const start = useStartBulk();
  const job = useBulkJob(jobId);
  const close = () => {
    setJobId(null);
    start.reset();
    onClose();
  };
  const scope = stuckOnly ? 'every stuck process' : 'every running process';
  return (
    <ReasonModal
      opened={opened}
      title="Bulk action"
      body={`Applies the action to ${scope} matching the current filters, one by one. Each one is audited.`}
      confirmLabel={jobId ? 'Started' : `${ACTION_LABELS[action]} all`}
      confirmColor={action === 'retry' ? 'blue' : 'red.9'}
      loading={start.isPending}
      error={start.error}
      canConfirm={jobId === null}
      onConfirm={(reason) =>
        start.mutate({ action, reason, filter: filters, stuckOnly }, { onSuccess: (started) => setJobId(started.id) })
      }
      onClose={close}
    >
      <Select
        label="Action"
        data={(Object.keys(ACTION_LABELS) as BulkAction[]).map((value) => ({ value, label: ACTION_LABELS[value] }))}
        value={action}
        onChange={(value) => value && setAction(value as BulkAction)}
        allowDeselect={false}
        disabled={jobId !== null}
      />
      {job.data && (
        <Stack gap={4} aria-live="polite">
          <Progress
            value={job.data.total ? ((job.data.done + job.data.failed) / job.data.total) * 100 : 100}
            aria-label="Bulk progress"
            color={job.data.failed ? 'orange' : 'blue'}
          />
          <Text size="sm">
            {job.data.state === 'DONE' ? 'Finished: ' : 'Working: '}
            {job.data.done} done, {job.data.failed} failed of {job.data.total}
          </Text>
          {job.data.errors.length > 0 && (
            <Alert color="orange" variant="light" title="Some could not be changed">
              {job.data.errors.slice(0, 5).map((e) => (
                <Text size="xs" key={e.workflowId}>
                  {e.workflowId}: {e.message}
                </Text>
              ))}
            </Alert>
          )}
        </Stack>
      )}
    </ReasonModal>
  );
}
