import { Badge, Button, Card, Group, Select, Stack, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import { useState } from 'react';
import { ApiErrorAlert } from '../../shared/ApiErrorAlert';
import { formatDate } from '../../shared/format';
import { PageHeader } from '../../shared/PageHeader';
import { ErrorState, LoadingState, NothingHere } from '../../shared/states';
import { SuccessMessage } from '../../shared/SuccessMessage';
import { TableScroll } from '../../shared/table/TableScroll';
import { AgentFields, emptyAgent } from './AgentFields';
import { AGENT_STATUS_COLORS } from './AgentsPage';
import { useAgents, useInviteAgent, useMyAgents, useNameAgent } from './partners.api';

/**
 * `/agentsAndBoosters`: the athlete's agents. They name one from the school's registry, or invite a new one, who
 * gets a link to fill in their registration; compliance then confirms them. A disclosure names its agent by the
 * registry number shown here.
 */
export function AgentsAndBoostersPage() {
  const mine = useMyAgents();
  const registry = useAgents({ status: 'ACTIVE', limit: 200 });
  const name = useNameAgent();
  const invite = useInviteAgent();
  const [picked, setPicked] = useState<string | null>(null);
  const [inviting, setInviting] = useState(false);
  const [values, setValues] = useState(emptyAgent);
  const [invited, setInvited] = useState<string | null>(null);
  const mineIds = new Set((mine.data?.items ?? []).map((a) => a.id));
  const choices = (registry.data?.items ?? []).filter((a) => !mineIds.has(a.id));
  return (
    <Stack maw={960}>
      <PageHeader
        title="Agents and boosters"
        description="Your agents. A disclosure names its agent by the registry number shown here."
      />
      {mine.isLoading ? (
        <LoadingState />
      ) : mine.error ? (
        <ErrorState error={mine.error} onRetry={() => void mine.refetch()} />
      ) : mine.data && mine.data.items.length === 0 ? (
        <NothingHere title="No agents yet" description="Name your agent from the registry or invite them below." />
      ) : mine.data ? (
        <TableScroll minWidth={640}>
          <Table aria-label="My agents">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Name</Table.Th>
                <Table.Th>Type</Table.Th>
                <Table.Th>Agency</Table.Th>
                <Table.Th>Registry number</Table.Th>
                <Table.Th>Registration expires</Table.Th>
                <Table.Th>Status</Table.Th>
                <Table.Th>
                  <VisuallyHidden>Actions</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {mine.data.items.map((a) => (
                <Table.Tr key={a.id}>
                  <Table.Td>{a.name}</Table.Td>
                  <Table.Td>{a.typeLabel}</Table.Td>
                  <Table.Td>{a.agency ?? '—'}</Table.Td>
                  <Table.Td>{a.agentNumber}</Table.Td>
                  <Table.Td>{formatDate(a.registrationExpiresOn)}</Table.Td>
                  <Table.Td>
                    <Badge color={AGENT_STATUS_COLORS[a.status]} variant="light">
                      {a.statusLabel}
                    </Badge>
                  </Table.Td>
                  <Table.Td>
                    <Button
                      size="compact-sm"
                      variant="subtle"
                      color="red"
                      aria-label={`Remove ${a.name}`}
                      onClick={() => name.mutate({ id: a.id, named: false })}
                    >
                      Remove
                    </Button>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </TableScroll>
      ) : null}
      <Card withBorder>
        <Stack gap="sm">
          <Title order={2} size="h4">
            Name an agent from the registry
          </Title>
          <Group align="flex-end" wrap="wrap">
            <Select
              label="Agent"
              searchable
              w={360}
              placeholder={registry.isLoading ? 'Loading…' : 'Choose an agent'}
              nothingFoundMessage="No agent in the registry matches"
              data={choices.map((a) => ({
                value: a.id,
                label: `${a.name} (${a.typeLabel}${a.agency ? `, ${a.agency}` : ''})`,
              }))}
              value={picked}
              onChange={setPicked}
            />
            <Button
              disabled={!picked}
              loading={name.isPending}
              onClick={() => picked && name.mutate({ id: picked, named: true }, { onSuccess: () => setPicked(null) })}
            >
              Name as my agent
            </Button>
          </Group>
          {name.error !== null && <ApiErrorAlert error={name.error} />}
        </Stack>
      </Card>
      <Card withBorder>
        <Stack gap="sm">
          <Group justify="space-between">
            <Title order={2} size="h4">
              Invite an agent who is not in the registry
            </Title>
            {!inviting && (
              <Button variant="light" onClick={() => setInviting(true)}>
                Invite an agent
              </Button>
            )}
          </Group>
          {invited && <SuccessMessage>{invited}</SuccessMessage>}
          {inviting && (
            <form
              aria-label="Invite an agent"
              onSubmit={(e) => {
                e.preventDefault();
                invite.mutate(
                  { type: values.type, firstName: values.firstName, lastName: values.lastName, email: values.email },
                  {
                    onSuccess: () => {
                      setInvited(
                        `We emailed ${values.firstName} a link to fill in their registration. Compliance confirms them next.`,
                      );
                      setValues(emptyAgent());
                      setInviting(false);
                    },
                  },
                );
              }}
            >
              <Stack gap="sm">
                <Text size="sm">They get a link that works once, for 7 days, and one reminder.</Text>
                <AgentFields values={values} onChange={setValues} error={invite.error} registration={false} />
                {invite.error !== null && <ApiErrorAlert error={invite.error} />}
                <Group justify="flex-end">
                  <Button variant="default" onClick={() => setInviting(false)}>
                    Cancel
                  </Button>
                  <Button type="submit" loading={invite.isPending}>
                    Send invitation
                  </Button>
                </Group>
              </Stack>
            </form>
          )}
        </Stack>
      </Card>
    </Stack>
  );
}
