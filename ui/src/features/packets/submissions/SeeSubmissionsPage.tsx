import { Anchor, Badge, Group, Select, Stack, Table, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { SUBMISSION_STATUSES, type SubmissionStatus } from '../../../../../domain/packets';
import { PageHeader } from '../../../shared/PageHeader';
import { ErrorState, LoadingState, NothingHere } from '../../../shared/states';
import { submissionStatusLabel, SUBMISSION_STATUS_COLOURS } from '../packet-labels';
import { formatDateTime } from '../../../shared/format';
import { usePacket, useSentPackets, useSentSubmissions } from '../packets.api';
import { SubmissionDrawer, useOpenSubmission } from './SubmissionDrawer';
import { TableScroll } from '../../../shared/table/TableScroll';

/** /seeSubmission/:packetId: each time the packet was sent, its submissions; one opens with its live view. */
export function SeeSubmissionsPage() {
  const { packetId = '' } = useParams();
  const packet = usePacket(packetId);
  const sent = useSentPackets(packetId);
  const [params] = useSearchParams();
  const [chosen, setChosen] = useState<string | null>(params.get('sent'));
  const sentId = chosen ?? sent.data?.items[0]?.id ?? null;
  const [q, setQ] = useState('');
  const [debounced] = useDebouncedValue(q, 250);
  const [status, setStatus] = useState<SubmissionStatus | null>(null);
  const submissions = useSentSubmissions(sentId, {
    ...(debounced ? { q: debounced } : {}),
    ...(status ? { status } : {}),
    limit: 200,
  });
  const open = useOpenSubmission();
  const current = sent.data?.items.find((s) => s.id === sentId);
  return (
    <Stack gap="md">
      <Anchor component={Link} to={`/packetSettings?id=${packetId}`} size="sm">
        ← Packet settings
      </Anchor>
      <PageHeader
        title={`Submissions${packet.data ? `: ${packet.data.name}` : ''}`}
        description="Review, approve, decline, request changes or void; open one to see its workflow live."
      />
      {sent.isLoading ? (
        <LoadingState />
      ) : sent.error ? (
        <ErrorState error={sent.error} onRetry={() => void sent.refetch()} />
      ) : sent.data!.items.length === 0 ? (
        <NothingHere title="Not sent yet" description="Publish the packet and send it; its submissions show here." />
      ) : (
        <>
          <Group align="flex-end" gap="sm">
            <Select
              label="Sent"
              allowDeselect={false}
              w={320}
              data={sent.data!.items.map((s) => ({
                value: s.id,
                label: `${formatDateTime(s.sentAt)} by ${s.sentByName} (${s.completedCount}/${s.recipientCount})`,
              }))}
              value={sentId}
              onChange={setChosen}
            />
            <TextInput label="Search recipients" value={q} onChange={(e) => setQ(e.currentTarget.value)} w={220} />
            <Select
              label="Status"
              clearable
              placeholder="Any"
              w={180}
              data={SUBMISSION_STATUSES.map((s) => ({ value: s, label: submissionStatusLabel(s) }))}
              value={status}
              onChange={(v) => setStatus(v as SubmissionStatus | null)}
            />
          </Group>
          {current?.voidedAt && <Text c="red">Voided {formatDateTime(current.voidedAt)}</Text>}
          {submissions.isLoading ? (
            <LoadingState />
          ) : submissions.error ? (
            <ErrorState error={submissions.error} />
          ) : (
            <TableScroll minWidth={700}>
              <Table striped highlightOnHover aria-label="Submissions">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Recipient</Table.Th>
                    <Table.Th>Status</Table.Th>
                    <Table.Th>Active step</Table.Th>
                    <Table.Th>Updated</Table.Th>
                    <Table.Th>Completed</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {(submissions.data?.items ?? []).map((s) => (
                    <Table.Tr key={s.id}>
                      <Table.Td>
                        <Anchor component="button" onClick={() => open(s.id)}>
                          {s.recipientName}
                        </Anchor>
                      </Table.Td>
                      <Table.Td>
                        <Badge color={SUBMISSION_STATUS_COLOURS[s.status as SubmissionStatus]} variant="light">
                          {submissionStatusLabel(s.status as SubmissionStatus)}
                        </Badge>
                      </Table.Td>
                      <Table.Td>{s.activeStepName ?? '—'}</Table.Td>
                      <Table.Td>{formatDateTime(s.updatedAt)}</Table.Td>
                      <Table.Td>{formatDateTime(s.completedAt)}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </TableScroll>
          )}
        </>
      )}
      <SubmissionDrawer />
    </Stack>
  );
}
