import { Anchor, Badge, Button, Group, SegmentedControl, Stack, Table, VisuallyHidden } from '@mantine/core';
import { useState } from 'react';
import type { SubmissionStatus } from '../../../../../domain/packets';
import { PageHeader } from '../../../shared/PageHeader';
import { ErrorState, LoadingState, NothingHere } from '../../../shared/states';
import { submissionStatusLabel, SUBMISSION_STATUS_COLOURS } from '../packet-labels';
import { formatDateTime } from '../../../shared/format';
import { useMyPaperwork } from '../packets.api';
import { SubmissionDrawer, useOpenSubmission } from './SubmissionDrawer';
import { TableScroll } from '../../../shared/table/TableScroll';

/** /paperworks (athletes, admins) and /coachPaperworks: the packets sent to me, to fill in or look back at. */
export function PaperworkPage() {
  const [filter, setFilter] = useState<'todo' | 'all'>('todo');
  const list = useMyPaperwork(null);
  const open = useOpenSubmission();
  const items = (list.data?.items ?? []).filter(
    (s) => filter === 'all' || ['PENDING', 'CHANGE_REQUESTED'].includes(s.status),
  );
  return (
    <Stack gap="md">
      <PageHeader
        title="Paperwork"
        description="Packets sent to you: fill them in and sign; see where the ones you submitted stand."
      />
      <Group>
        <SegmentedControl
          aria-label="Show"
          value={filter}
          onChange={(v) => setFilter(v as 'todo' | 'all')}
          data={[
            { value: 'todo', label: 'To do' },
            { value: 'all', label: 'All' },
          ]}
        />
      </Group>
      {list.isLoading ? (
        <LoadingState />
      ) : list.error ? (
        <ErrorState error={list.error} onRetry={() => void list.refetch()} />
      ) : items.length === 0 ? (
        <NothingHere title={filter === 'todo' ? 'Nothing to fill in' : 'No paperwork yet'} />
      ) : (
        <TableScroll minWidth={600}>
          <Table striped highlightOnHover aria-label="My paperwork">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Packet</Table.Th>
                <Table.Th>Status</Table.Th>
                <Table.Th>Step</Table.Th>
                <Table.Th>Received</Table.Th>
                <Table.Th>Completed</Table.Th>
                <Table.Th>
                  <VisuallyHidden>Progress</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {items.map((s) => (
                <Table.Tr key={s.id}>
                  <Table.Td>
                    <Anchor component="button" onClick={() => open(s.id)}>
                      {s.packetName}
                    </Anchor>
                  </Table.Td>
                  <Table.Td>
                    <Badge color={SUBMISSION_STATUS_COLOURS[s.status as SubmissionStatus]} variant="light">
                      {submissionStatusLabel(s.status as SubmissionStatus)}
                    </Badge>
                  </Table.Td>
                  <Table.Td>{s.activeStepName ?? '—'}</Table.Td>
                  <Table.Td>{formatDateTime(s.sentAt)}</Table.Td>
                  <Table.Td>{formatDateTime(s.completedAt)}</Table.Td>
                  <Table.Td>
                    <Button size="compact-xs" variant="subtle" onClick={() => open(s.id, { progress: true })}>
                      View progress
                    </Button>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </TableScroll>
      )}
      <SubmissionDrawer />
    </Stack>
  );
}
