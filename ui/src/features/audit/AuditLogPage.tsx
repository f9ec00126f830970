import { Badge, Group, Pagination, Stack, Table, Text } from '@mantine/core';
import { useState } from 'react';
import { formatDateTime } from '../../shared/format';
import { pageCount } from '../../shared/lists';
import { PageHeader } from '../../shared/PageHeader';
import { ErrorState, LoadingState, NothingHere } from '../../shared/states';
import { actionColour, actionLabel, targetLabel } from '../../shared/audit-labels';
import { useAuditEvents, type AuditEventRow } from './audit.api';
import { TableScroll } from '../../shared/table/TableScroll';

function actorOf(e: AuditEventRow): string {
  // Failed logins have no actor; the address that was tried is in the details.
  const tried = (e.details as { email?: unknown }).email;
  return e.actorName ?? (typeof tried === 'string' ? tried : null) ?? '—';
}

/** The append-only security log: who did what, when and from where. */
export function AuditLogPage() {
  const [page, setPage] = useState(1);
  const events = useAuditEvents(page);
  const rows = events.data?.items ?? [];
  return (
    <Stack>
      <PageHeader
        title="Security audit log"
        description="Logins, failed logins, password resets, invitations and role changes. Entries cannot be changed or deleted."
      />
      {events.isPending && <LoadingState rows={8} label="Loading audit log" />}
      {events.error && <ErrorState error={events.error} onRetry={() => void events.refetch()} />}
      {events.isSuccess && rows.length === 0 && <NothingHere title="No security events yet" />}
      {rows.length > 0 && (
        <TableScroll minWidth={820}>
          <Table striped aria-label="Security events">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Time</Table.Th>
                <Table.Th>Event</Table.Th>
                <Table.Th>Actor</Table.Th>
                <Table.Th>Target</Table.Th>
                <Table.Th>IP address</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((e) => (
                <Table.Tr key={e.id}>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>
                    <time dateTime={e.createdAt}>{formatDateTime(e.createdAt, events.data?.timeZone)}</time>
                  </Table.Td>
                  <Table.Td>
                    <Badge color={actionColour(e.action)} style={{ textTransform: 'none' }}>
                      {actionLabel(e.action)}
                    </Badge>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm">{actorOf(e)}</Text>
                  </Table.Td>
                  <Table.Td>{e.targetType ? <Text size="sm">{targetLabel(e.targetType)}</Text> : '—'}</Table.Td>
                  <Table.Td>
                    <Text size="sm">{e.ip ?? '—'}</Text>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </TableScroll>
      )}
      {events.data && events.data.total > events.data.items.length && (
        <Group justify="center">
          <Pagination total={pageCount(events.data.total)} value={page} onChange={setPage} />
        </Group>
      )}
    </Stack>
  );
}
