import { Alert, Badge, Button, Card, Group, SimpleGrid, Stack, Text, Textarea, Title } from '@mantine/core';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { ApiErrorAlert } from '../../shared/ApiErrorAlert';
import { formatDate, formatDateTime } from '../../shared/format';
import { countOf } from '../../shared/labels';
import { PageHeader } from '../../shared/PageHeader';
import { ErrorState, LoadingState, NothingHere } from '../../shared/states';
import { AGENT_STATUS_COLORS } from './AgentsPage';
import { useAgent, useDecideAgent } from './partners.api';

function Fact({ label, value }: { label: string; value: string | null }) {
  return (
    <Stack gap={0}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm">{value || '—'}</Text>
    </Stack>
  );
}

/**
 * `/confirmAgentInfo?agent=<id>`: one agent of the registry with their registration and the athletes who named them;
 * an agent waiting for confirmation is confirmed or rejected (with a reason) here.
 */
export function AgentDetailPage() {
  const [params] = useSearchParams();
  const id = params.get('agent');
  const agent = useAgent(id);
  const decide = useDecideAgent(id ?? '');
  const [rejecting, setRejecting] = useState(false);
  const [reason, setReason] = useState('');
  if (!id) {
    return (
      <Stack>
        <PageHeader title="Confirm agent info" />
        <NothingHere
          title="No agent chosen"
          description={
            <>
              Open an agent from the <Link to="/agents">registry</Link>.
            </>
          }
        />
      </Stack>
    );
  }
  if (agent.isLoading) return <LoadingState label="Loading the agent" />;
  if (agent.error || !agent.data) return <ErrorState error={agent.error} onRetry={() => void agent.refetch()} />;
  const a = agent.data;
  return (
    <Stack maw={860}>
      <PageHeader
        title={a.name}
        description={`${a.typeLabel} · registry number ${a.agentNumber}`}
        actions={
          <Badge color={AGENT_STATUS_COLORS[a.status]} variant="light" size="lg">
            {a.statusLabel}
          </Badge>
        }
      />
      {a.registrationExpired && a.status !== 'EXPIRED' && (
        <Alert color="red" variant="light" title="Registration expired">
          A disclosure cannot name this agent until the registration is renewed.
        </Alert>
      )}
      <Card withBorder>
        <Stack gap="md">
          <Title order={2} size="h4">
            Details
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            <Fact label="Agency" value={a.agency} />
            <Fact label="Email" value={a.email} />
            <Fact label="Phone" value={a.phone} />
            <Fact label="Registration state" value={a.registrationState} />
            <Fact label="State registration number" value={a.registrationNumber} />
            <Fact
              label="Registration expires on"
              value={a.registrationExpiresOn ? formatDate(a.registrationExpiresOn) : null}
            />
            <Fact label="In the registry since" value={formatDateTime(a.createdAt, a.timeZone)} />
          </SimpleGrid>
          {a.rejectReason && <Fact label="Reason for rejection" value={a.rejectReason} />}
        </Stack>
      </Card>
      <Card withBorder>
        <Stack gap="xs">
          <Title order={2} size="h4">
            Athletes
          </Title>
          {a.athletes.length === 0 ? (
            <Text size="sm" c="dimmed">
              No athlete has named this agent.
            </Text>
          ) : (
            <>
              <Text size="sm">{countOf(a.athletes.length, 'athlete')} named this agent.</Text>
              {a.athletes.map((u) => (
                <Link key={u.id} to={`/adminAthleteProfile/${u.id}`}>
                  {u.name}
                </Link>
              ))}
            </>
          )}
        </Stack>
      </Card>
      {a.canDecide && (
        <Card withBorder>
          <Stack gap="sm">
            <Title order={2} size="h4">
              Confirm this agent
            </Title>
            <Text size="sm">
              Check the state registration before confirming. A confirmed agent can be named on disclosures.
            </Text>
            {rejecting && (
              <Textarea
                label="Reason for rejection"
                description="At most 50 words; the athlete sees it."
                required
                value={reason}
                onChange={(e) => setReason(e.currentTarget.value)}
                autosize
                minRows={2}
              />
            )}
            {decide.error !== null && <ApiErrorAlert error={decide.error} />}
            <Group justify="flex-end">
              {rejecting ? (
                <>
                  <Button variant="default" onClick={() => setRejecting(false)}>
                    Cancel
                  </Button>
                  <Button
                    color="red"
                    loading={decide.isPending}
                    onClick={() => decide.mutate({ decision: 'REJECT', reason })}
                  >
                    Reject agent
                  </Button>
                </>
              ) : (
                <>
                  <Button variant="default" color="red" onClick={() => setRejecting(true)}>
                    Reject…
                  </Button>
                  <Button loading={decide.isPending} onClick={() => decide.mutate({ decision: 'CONFIRM' })}>
                    Confirm agent
                  </Button>
                </>
              )}
            </Group>
          </Stack>
        </Card>
      )}
    </Stack>
  );
}
