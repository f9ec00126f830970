import { Anchor, Button, Group, Menu, Pagination, Stack, Table, Text } from '@mantine/core';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { DISCLOSURE_TYPE_LABELS, DISCLOSURE_TYPES } from '../../../../domain/disclosures';
import { formatDate, formatDateTime } from '../../shared/format';
import { ChevronDownIcon, PlusIcon } from '../../shared/icons';
import { PAGE_SIZE, pageCount } from '../../shared/lists';
import { PageHeader } from '../../shared/PageHeader';
import { ErrorState, LoadingState, NothingHere } from '../../shared/states';
import { ConflictBadges, StatusBadge } from './DisclosureBadges';
import { useDisclosureList } from './disclosures.api';
import { formatMoney, typeLabel } from './disclosure-labels';
import { TableScroll } from '../../shared/table/TableScroll';

/** The athlete's own disclosures, drafts included, with their status; a new one starts from a type. */
export function StudentDisclosureListPage() {
  const navigate = useNavigate();
  const [page, setPage] = useState(1);
  const list = useDisclosureList({ limit: PAGE_SIZE, offset: (page - 1) * PAGE_SIZE }, true);
  const rows = list.data?.items ?? [];

  const newMenu = (
    <Menu position="bottom-end">
      <Menu.Target>
        <Button leftSection={<PlusIcon size={16} />} rightSection={<ChevronDownIcon size={14} />}>
          New disclosure
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        {DISCLOSURE_TYPES.map((t) => (
          <Menu.Item key={t} onClick={() => void navigate(`/createDisclosures?type=${t}`)}>
            {DISCLOSURE_TYPE_LABELS[t]}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );

  return (
    <Stack>
      <PageHeader
        title="My disclosures"
        description="Outside opportunities you have told compliance about, and where each one stands."
        actions={
          <Group>
            <Button variant="default" component={Link} to="/conflictOfInterest">
              Conflict of interest rules
            </Button>
            {newMenu}
          </Group>
        }
      />
      {list.isPending && <LoadingState label="Loading your disclosures" />}
      {list.error && <ErrorState error={list.error} onRetry={() => void list.refetch()} />}
      {list.data && rows.length === 0 && (
        <NothingHere
          title="No disclosures yet"
          description="Disclose a sponsorship, appearance or any other NIL opportunity before you take part in it."
        />
      )}
      {rows.length > 0 && (
        <TableScroll minWidth={760}>
          <Table striped aria-label="My disclosures">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Disclosure</Table.Th>
                <Table.Th>Type</Table.Th>
                <Table.Th>Tentative start</Table.Th>
                <Table.Th ta="right">Amount</Table.Th>
                <Table.Th>Status</Table.Th>
                <Table.Th>Conflict</Table.Th>
                <Table.Th>Updated</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((r) => (
                <Table.Tr key={r.id}>
                  <Table.Td>
                    <Anchor component={Link} to={`/disclosuredetail?id=${r.id}`} fw={600}>
                      {r.title || r.companyName || typeLabel(r.type)}
                    </Anchor>
                    {r.companyName && r.title && (
                      <Text size="xs" c="dimmed">
                        {r.companyName}
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td>{typeLabel(r.type)}</Table.Td>
                  <Table.Td>{formatDate(r.startDate)}</Table.Td>
                  <Table.Td ta="right">{formatMoney(r.amount)}</Table.Td>
                  <Table.Td>
                    <StatusBadge status={r.status} archived={r.archived} />
                  </Table.Td>
                  <Table.Td>
                    <ConflictBadges types={r.conflictTypes} />
                  </Table.Td>
                  <Table.Td>{formatDateTime(r.updatedAt)}</Table.Td>
                </Table.Tr>
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
