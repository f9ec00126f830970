import { Badge, Button, Group, Select, Stack, Table, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import type { AgentStatus } from '../../../../domain/partners/agents';
import { formatDate } from '../../shared/format';
import { countOf } from '../../shared/labels';
import { PageHeader } from '../../shared/PageHeader';
import { ErrorState, LoadingState, NothingHere } from '../../shared/states';
import { TableScroll } from '../../shared/table/TableScroll';
import { useAgents } from './partners.api';

export const AGENT_STATUS_COLORS: Record<AgentStatus, string> = {
  INVITED: 'blue',
  PENDING_CONFIRMATION: 'orange',
  ACTIVE: 'teal',
  REJECTED: 'red',
  EXPIRED: 'red',
};

/**
 * The school's agent registry (`/agents`, `/agentList`; `/confirmAgent` opens it on the agents waiting for
 * confirmation): registry number, name, type, agency, state registration and expiry, status and how many athletes
 * named them. Compliance adds agents and opens each one to confirm or reject.
 */
export function AgentsPage({ waiting = false }: { waiting?: boolean }) {
  const navigate = useNavigate();
  const [status, setStatus] = useState<string | null>(waiting ? 'PENDING_CONFIRMATION' : null);
  const [search, setSearch] = useState('');
  const list = useAgents({ status: status ?? undefined, search: search.trim() || undefined, limit: 200 });
  const manage = list.data?.canManage ?? false;
  return (
    <Stack>
      <PageHeader
        title={waiting ? 'Confirm agents' : 'Agents'}
        description={
          waiting
            ? 'Agents invited by athletes who filled in their details and wait for your confirmation.'
            : "The school's registry of agents. A disclosure names its agent by registry number."
        }
        actions={manage ? <Button onClick={() => void navigate('/createAgent')}>Add agent</Button> : undefined}
      />
      <Group align="flex-end" wrap="wrap">
        <TextInput
          label="Search"
          placeholder="Name, agency, email or number"
          value={search}
          onChange={(e) => setSearch(e.currentTarget.value)}
          w={280}
        />
        <Select
          label="Status"
          placeholder="Any status"
          clearable
          w={240}
          data={(list.data?.statusList ?? []).map((s) => ({ value: s.value, label: s.label }))}
          value={status}
          onChange={setStatus}
        />
      </Group>
      {list.isLoading ? (
        <LoadingState />
      ) : list.error ? (
        <ErrorState error={list.error} onRetry={() => void list.refetch()} />
      ) : list.data && list.data.items.length === 0 ? (
        <NothingHere
          title={status || search ? 'No agent matches' : 'No agents yet'}
          description={
            waiting ? 'Nobody is waiting for confirmation.' : 'Add an agent, or wait for an athlete to invite theirs.'
          }
        />
      ) : list.data ? (
        <>
          <Text size="sm">{countOf(list.data.total, 'agent')}</Text>
          <TableScroll minWidth={860}>
            <Table highlightOnHover aria-label="Agents">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Number</Table.Th>
                  <Table.Th>Name</Table.Th>
                  <Table.Th>Type</Table.Th>
                  <Table.Th>Agency</Table.Th>
                  <Table.Th>Registration</Table.Th>
                  <Table.Th>Expires</Table.Th>
                  <Table.Th>Status</Table.Th>
                  <Table.Th>Athletes</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {list.data.items.map((a) => (
                  <Table.Tr key={a.id}>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>{a.agentNumber}</Table.Td>
                    <Table.Td>
                      <Link to={`/confirmAgentInfo?agent=${a.id}`}>{a.name}</Link>
                    </Table.Td>
                    <Table.Td>{a.typeLabel}</Table.Td>
                    <Table.Td>{a.agency ?? '—'}</Table.Td>
                    <Table.Td>
                      {a.registrationNumber
                        ? `${a.registrationNumber}${a.registrationState ? ` (${a.registrationState})` : ''}`
                        : '—'}
                    </Table.Td>
                    <Table.Td>{formatDate(a.registrationExpiresOn)}</Table.Td>
                    <Table.Td>
                      <Badge color={AGENT_STATUS_COLORS[a.status]} variant="light">
                        {a.statusLabel}
                      </Badge>
                    </Table.Td>
                    <Table.Td>{a.athleteCount}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </TableScroll>
        </>
      ) : null}
    </Stack>
  );
}

export function AgentListPage() {
  return <AgentsPage />;
}

export function ConfirmAgentPage() {
  return <AgentsPage waiting />;
}
