import {
  Anchor,
  Badge,
  Button,
  Group,
  Pagination,
  Progress,
  Select,
  Stack,
  Switch,
  Table,
  Text,
  TextInput,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { Link } from 'react-router';
import { PAGE_SIZE, pageCount } from '../../../shared/lists';
import { PageHeader } from '../../../shared/PageHeader';
import { ErrorState, LoadingState, NothingHere } from '../../../shared/states';
import { formatDateTime } from '../../../shared/format';
import { useSentList, type SentPacketDto, type SentPacketFilters } from '../packets.api';
import { PacketsNav } from '../home/PacketsNav';
import { TableScroll } from '../../../shared/table/TableScroll';

type Sort = NonNullable<SentPacketFilters['sort']>;
type State = NonNullable<SentPacketFilters['state']>;

/** The state of one send, from its counts: voided, every submission ended, or still running. */
export function sendState(row: Pick<SentPacketDto, 'voidedAt' | 'openCount' | 'completedCount' | 'recipientCount'>): {
  label: string;
  color: string;
} {
  if (row.voidedAt) return { label: 'Voided', color: 'dark' };
  if (row.openCount > 0) return { label: 'In progress', color: 'orange' };
  if (row.completedCount >= row.recipientCount) return { label: 'Completed', color: 'green' };
  // Nothing left running, but some were rejected, voided or expired.
  return { label: 'Closed', color: 'gray' };
}

/** Sent (/sent): every send with its forms, sender, dates and how far its submissions have got. */
export function SentPage() {
  const [q, setQ] = useState('');
  const [debounced] = useDebouncedValue(q, 250);
  const [sort, setSort] = useState<Sort>('sentAt');
  const [dir, setDir] = useState<'asc' | 'desc'>('desc');
  const [state, setState] = useState<State | null>(null);
  const [mine, setMine] = useState(false);
  const [page, setPage] = useState(1);
  const list = useSentList({
    ...(debounced.trim() ? { q: debounced.trim() } : {}),
    ...(state ? { state } : {}),
    ...(mine ? { mine: true } : {}),
    sort,
    dir,
    limit: PAGE_SIZE,
    offset: (page - 1) * PAGE_SIZE,
  });
  const reset = () => setPage(1);
  return (
    <Stack gap="md">
      <PageHeader title="Sent" description="Packets you and your school have sent, and how far each has got." />
      <PacketsNav />
      <Group gap="sm" align="flex-end" wrap="wrap">
        <TextInput
          label="Search sent packets"
          placeholder="Packet name"
          value={q}
          onChange={(e) => {
            setQ(e.currentTarget.value);
            reset();
          }}
          w={240}
        />
        <Select
          label="State"
          placeholder="Any"
          clearable
          data={[
            { value: 'ACTIVE', label: 'In progress' },
            { value: 'COMPLETED', label: 'Completed' },
            { value: 'VOIDED', label: 'Voided' },
          ]}
          value={state}
          onChange={(v) => {
            setState(v as State | null);
            reset();
          }}
          w={160}
        />
        <Select
          label="Sort by"
          allowDeselect={false}
          data={[
            { value: 'sentAt', label: 'Sent at' },
            { value: 'lastActivity', label: 'Last activity' },
            { value: 'name', label: 'Name' },
            { value: 'progress', label: 'Progress' },
          ]}
          value={sort}
          onChange={(v) => v && setSort(v as Sort)}
          w={160}
        />
        <Select
          label="Order"
          allowDeselect={false}
          data={[
            { value: 'desc', label: sort === 'name' ? 'Z to A' : 'Newest / highest first' },
            { value: 'asc', label: sort === 'name' ? 'A to Z' : 'Oldest / lowest first' },
          ]}
          value={dir}
          onChange={(v) => v && setDir(v as 'asc' | 'desc')}
          w={200}
        />
        <Switch
          label="Only what I sent"
          checked={mine}
          onChange={(e) => {
            setMine(e.currentTarget.checked);
            reset();
          }}
          mb={8}
        />
      </Group>
      {list.isLoading ? (
        <LoadingState label="Loading sent packets" />
      ) : list.error ? (
        <ErrorState error={list.error} onRetry={() => void list.refetch()} />
      ) : list.data!.items.length === 0 ? (
        <NothingHere
          title={debounced || state ? 'Nothing matches' : 'Nothing sent yet'}
          description={
            debounced || state ? 'Try another search or state.' : 'Send a published packet from the packets list.'
          }
          action={
            <Button component={Link} to="/sprySign/home" variant="light">
              Open packets
            </Button>
          }
        />
      ) : (
        <TableScroll minWidth={1180}>
          <Table striped highlightOnHover aria-label="Sent packets">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Name</Table.Th>
                <Table.Th>Category</Table.Th>
                <Table.Th>Sent by</Table.Th>
                <Table.Th>Sent at</Table.Th>
                <Table.Th>Updated</Table.Th>
                <Table.Th>Last activity</Table.Th>
                <Table.Th>Forms</Table.Th>
                <Table.Th>Progress</Table.Th>
                <Table.Th miw={140}>State</Table.Th>
                <Table.Th>Actions</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {list.data!.items.map((row) => (
                <SentRow key={row.id} row={row} />
              ))}
            </Table.Tbody>
          </Table>
        </TableScroll>
      )}
      {list.data && list.data.total > PAGE_SIZE && (
        <Group justify="center">
          <Pagination total={pageCount(list.data.total)} value={page} onChange={setPage} aria-label="Pages" />
        </Group>
      )}
    </Stack>
  );
}

function SentRow({ row }: { row: SentPacketDto }) {
  const state = sendState(row);
  const total = Math.max(row.recipientCount, 1);
  const percent = Math.round((row.completedCount / total) * 100);
  return (
    <Table.Tr>
      <Table.Td>
        <Text fw={600} size="sm">
          {row.packetName}
        </Text>
        <Text size="xs" c="dimmed">
          Version {row.packetVersion} · <span title={row.id}>#{row.id.slice(0, 8)}</span>
        </Text>
      </Table.Td>
      <Table.Td>{row.category || '—'}</Table.Td>
      <Table.Td>{row.sentByName || '—'}</Table.Td>
      <Table.Td>{formatDateTime(row.sentAt)}</Table.Td>
      <Table.Td>{formatDateTime(row.updatedAt)}</Table.Td>
      <Table.Td>{formatDateTime(row.lastActivityAt)}</Table.Td>
      <Table.Td>{row.totalForms}</Table.Td>
      <Table.Td miw={150}>
        <Text size="xs">
          {row.completedCount} of {row.recipientCount} complete
        </Text>
        <Progress
          value={percent}
          color={row.voidedAt ? 'gray' : 'teal'}
          size="sm"
          mt={4}
          aria-label={`${row.packetName}: ${row.completedCount} of ${row.recipientCount} submissions complete`}
        />
      </Table.Td>
      <Table.Td>
        <Badge variant="light" color={state.color}>
          {state.label}
        </Badge>
      </Table.Td>
      <Table.Td>
        <Anchor component={Link} to={`/seeSubmission/${row.packetId}?sent=${row.id}`} size="sm">
          See submissions
        </Anchor>
      </Table.Td>
    </Table.Tr>
  );
}
