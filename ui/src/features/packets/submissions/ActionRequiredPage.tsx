import { Anchor, Badge, Button, Group, Select, Stack, Table, TextInput, VisuallyHidden } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useEffect, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { PageHeader } from '../../../shared/PageHeader';
import { onSubmissionChanged } from '../../../shared/realtime-events';
import { ErrorState, LoadingState, NothingHere } from '../../../shared/states';
import { PACKET_STEP_KINDS, type PacketStepKind } from '../../../shared/workflow-graph/packet-workflow';
import { STEP_KIND_INFO } from '../../../shared/workflow-graph/step-kinds';
import { formatDateTime } from '../../../shared/format';
import { useActionRequired, type ActionRequiredFilters } from '../packets.api';
import { SubmissionDrawer, useOpenSubmission } from './SubmissionDrawer';
import { TableScroll } from '../../../shared/table/TableScroll';

type Sort = NonNullable<ActionRequiredFilters['sort']>;

/** /sprySign/actionRequired: the steps waiting on me (the tasks inbox), filtered and sorted; open one to act. */
export function ActionRequiredPage() {
  const [q, setQ] = useState('');
  const [debounced] = useDebouncedValue(q, 250);
  const [kind, setKind] = useState<PacketStepKind | null>(null);
  const [sort, setSort] = useState<Sort>('oldest');
  const tasks = useActionRequired({
    ...(debounced ? { q: debounced } : {}),
    ...(kind ? { kind } : {}),
    sort,
    limit: 100,
  });
  const open = useOpenSubmission();
  const client = useQueryClient();
  useEffect(
    () => onSubmissionChanged(() => void client.invalidateQueries({ queryKey: ['packets', 'action-required'] })),
    [client],
  );
  return (
    <Stack gap="md">
      <PageHeader
        title="Action required"
        description="Packets waiting on you: fill in, approve, sign or acknowledge."
      />
      <Group align="flex-end" gap="sm" role="search" aria-label="Filter tasks">
        <TextInput label="Search" value={q} onChange={(e) => setQ(e.currentTarget.value)} w={240} />
        <Select
          label="Step"
          clearable
          placeholder="Any"
          w={220}
          data={PACKET_STEP_KINDS.map((k) => ({ value: k, label: STEP_KIND_INFO[k].label }))}
          value={kind}
          onChange={(v) => setKind(v as PacketStepKind | null)}
        />
        <Select
          label="Sort by"
          allowDeselect={false}
          w={180}
          data={[
            { value: 'oldest', label: 'Oldest first' },
            { value: 'newest', label: 'Newest first' },
            { value: 'due', label: 'Due date' },
            { value: 'packet', label: 'Packet name' },
          ]}
          value={sort}
          onChange={(v) => v && setSort(v as Sort)}
        />
      </Group>
      {tasks.isLoading ? (
        <LoadingState />
      ) : tasks.error ? (
        <ErrorState error={tasks.error} onRetry={() => void tasks.refetch()} />
      ) : tasks.data!.items.length === 0 ? (
        <NothingHere title="Nothing waiting on you" />
      ) : (
        <TableScroll minWidth={700}>
          <Table striped highlightOnHover aria-label="Action required">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Packet</Table.Th>
                <Table.Th>Recipient</Table.Th>
                <Table.Th>Step</Table.Th>
                <Table.Th>Waiting since</Table.Th>
                <Table.Th>Due</Table.Th>
                <Table.Th>
                  <VisuallyHidden>Progress</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {tasks.data!.items.map((t) => (
                <Table.Tr key={t.taskId}>
                  <Table.Td>
                    <Anchor component="button" onClick={() => open(t.submissionId)}>
                      {t.packetName}
                    </Anchor>
                  </Table.Td>
                  <Table.Td>{t.recipientName}</Table.Td>
                  <Table.Td>
                    <Group gap={6}>
                      {t.stepName}
                      <Badge
                        size="xs"
                        variant="light"
                        color={STEP_KIND_INFO[t.stepKind as PacketStepKind]?.color ?? 'gray'}
                      >
                        {STEP_KIND_INFO[t.stepKind as PacketStepKind]?.label ?? t.stepKind}
                      </Badge>
                    </Group>
                  </Table.Td>
                  <Table.Td>{formatDateTime(t.createdAt)}</Table.Td>
                  <Table.Td>{formatDateTime(t.dueAt)}</Table.Td>
                  <Table.Td>
                    <Button size="compact-xs" variant="subtle" onClick={() => open(t.submissionId, { progress: true })}>
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
