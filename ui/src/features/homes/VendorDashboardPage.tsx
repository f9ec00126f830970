import { Anchor, Badge, Card, Group, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { planAllows } from '../../../../domain/plans';
import { ROLE_LABELS } from '../../../../domain/roles';
import { formatDate } from '../../shared/format';
import { labelFor, SUBMISSION_STATUS_CATALOGUE } from '../../shared/labels';
import { PageHeader } from '../../shared/PageHeader';
import { useMe } from '../../shared/session';
import { ErrorState, LoadingState } from '../../shared/states';
import { useMyPaperwork } from './home-sections.api';
import { QuickLinks } from './QuickLinks';
import { WaitingOnYou } from './WaitingOnYou';

/** Home for vendors, third parties and agents (the partner portal): the steps and packets they are part of. */
export function VendorDashboardPage() {
  const me = useMe();
  const roles = me.roles.map((r) => ROLE_LABELS[r.role]).join(', ');
  const paperwork = useMyPaperwork(planAllows(me.school.plan, 'paperwork'));
  return (
    <Stack gap="xl">
      <PageHeader title={`Welcome, ${me.firstName}`} description={`${roles} · ${me.school.name}`} />
      <WaitingOnYou empty="Nothing is waiting on you. Packets to sign and disclosures to confirm appear here." />
      <section aria-labelledby="packets-heading">
        <Title order={2} size="h4" mb="sm" id="packets-heading">
          Packets you are part of
        </Title>
        <Card withBorder>
          {paperwork.isPending && paperwork.fetchStatus !== 'idle' && <LoadingState rows={2} label="Loading packets" />}
          {paperwork.error && <ErrorState error={paperwork.error} onRetry={() => void paperwork.refetch()} />}
          {(paperwork.data?.length ?? 0) === 0 && !paperwork.isFetching && (
            <Text size="sm" c="dimmed">
              No packets yet. When a school sends you one, it shows here.
            </Text>
          )}
          {paperwork.data && paperwork.data.length > 0 && (
            <Stack gap="sm">
              {paperwork.data.slice(0, 8).map((p) => (
                <Group key={p.id} justify="space-between" wrap="nowrap">
                  <Stack gap={0} style={{ minWidth: 0 }}>
                    <Anchor component={Link} to={`/sprySign/actionRequired?submission=${p.id}`} size="sm" fw={600}>
                      {p.packetName}
                    </Anchor>
                    <Text size="xs" c="dimmed">
                      Sent {formatDate(p.sentAt)}
                      {p.activeStepName ? ` · now at ${p.activeStepName}` : ''}
                    </Text>
                  </Stack>
                  <Badge color="gray" style={{ flexShrink: 0 }}>
                    {labelFor(SUBMISSION_STATUS_CATALOGUE, p.status)}
                  </Badge>
                </Group>
              ))}
            </Stack>
          )}
        </Card>
      </section>
      <QuickLinks
        links={[
          { to: '/task', label: 'My Tasks', description: 'Every step waiting on you.' },
          { to: '/notifications', label: 'Notifications', description: 'Updates from the schools you work with.' },
          { to: '/profile', label: 'My profile', description: 'Your account details.' },
        ]}
      />
    </Stack>
  );
}
