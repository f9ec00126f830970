import { Anchor, Badge, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { planAllows } from '../../../../domain/plans';
import { formatDate } from '../../shared/format';
import {
  DISCLOSURE_STATUS_CATALOGUE,
  DISCLOSURE_TYPE_CATALOGUE,
  labelFor,
  SUBMISSION_STATUS_CATALOGUE,
} from '../../shared/labels';
import { PageHeader } from '../../shared/PageHeader';
import { hasPermission, useMe } from '../../shared/session';
import { useMyDisclosures, useMyPaperwork } from './home-sections.api';
import { QuickLinks } from './QuickLinks';
import { WaitingOnYou } from './WaitingOnYou';

const DECIDED = new Set(['APPROVED', 'REJECTED', 'CHANGE_REQUESTED', 'AUTO_APPROVED']);
const DECISION_COLOUR: Record<string, string> = {
  APPROVED: 'teal',
  AUTO_APPROVED: 'teal',
  REJECTED: 'red',
  CHANGE_REQUESTED: 'orange',
};

interface Decision {
  key: string;
  what: string;
  status: string;
  label: string;
  at: string;
  to: string;
}

/** The athlete's home: what is due (tasks, drafts to finish, deadlines) and the latest decisions on their things. */
export function AthleteHomePage() {
  const me = useMe();
  const connect = planAllows(me.school.plan, 'disclosures');
  const disclosures = useMyDisclosures(connect && hasPermission(me, 'disclosures:submit'));
  const paperwork = useMyPaperwork(connect);
  const drafts = (disclosures.data ?? []).filter((d) => d.status === 'DRAFT' && !d.archived);
  const decisions: Decision[] = [
    ...(disclosures.data ?? [])
      .filter((d) => DECIDED.has(d.status))
      .map((d) => ({
        key: `d:${d.id}`,
        what: `${labelFor(DISCLOSURE_TYPE_CATALOGUE, d.type)} disclosure${d.companyName ? ` with ${d.companyName}` : ''}`,
        status: d.status,
        label: labelFor(DISCLOSURE_STATUS_CATALOGUE, d.status),
        at: d.updatedAt,
        to: `/disclosuredetail?id=${d.id}`,
      })),
    ...(paperwork.data ?? [])
      .filter((p) => DECIDED.has(p.status))
      .map((p) => ({
        key: `p:${p.id}`,
        what: p.packetName,
        status: p.status,
        label: labelFor(SUBMISSION_STATUS_CATALOGUE, p.status),
        at: p.completedAt ?? p.updatedAt,
        to: `/paperworks`,
      })),
  ]
    .sort((a, b) => b.at.localeCompare(a.at))
    .slice(0, 5);

  return (
    <Stack gap="xl">
      <PageHeader title={`Welcome, ${me.firstName}`} description={me.school.name} />
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <WaitingOnYou
          title="What is due"
          empty="Nothing is waiting on you. Paperwork to sign and disclosures sent back to you appear here."
        />
        <section aria-labelledby="decisions-heading">
          <Title order={2} size="h4" mb="sm" id="decisions-heading">
            Recent decisions
          </Title>
          <Card withBorder>
            {decisions.length === 0 ? (
              <Text size="sm" c="dimmed">
                No decisions yet. When your school decides on a disclosure or a packet, it shows here.
              </Text>
            ) : (
              <Stack gap="sm">
                {decisions.map((d) => (
                  <Group key={d.key} justify="space-between" wrap="nowrap">
                    <Stack gap={0} style={{ minWidth: 0 }}>
                      <Anchor component={Link} to={d.to} size="sm" fw={600} truncate title={d.what}>
                        {d.what}
                      </Anchor>
                      <Text size="xs" c="dimmed">
                        {formatDate(d.at)}
                      </Text>
                    </Stack>
                    <Badge color={DECISION_COLOUR[d.status] ?? 'gray'} style={{ flexShrink: 0 }}>
                      {d.label}
                    </Badge>
                  </Group>
                ))}
              </Stack>
            )}
          </Card>
        </section>
      </SimpleGrid>
      {drafts.length > 0 && (
        <section aria-labelledby="drafts-heading">
          <Title order={2} size="h4" mb="sm" id="drafts-heading">
            Disclosures to finish
          </Title>
          <Card withBorder>
            <Stack gap="sm">
              {drafts.map((d) => (
                <Group key={d.id} justify="space-between" wrap="nowrap">
                  <Anchor component={Link} to={`/disclosuredetail?id=${d.id}`} size="sm" fw={600}>
                    {labelFor(DISCLOSURE_TYPE_CATALOGUE, d.type)}
                    {d.companyName ? ` with ${d.companyName}` : ''}
                  </Anchor>
                  {d.startDate && <Badge color="gray">Starts {formatDate(d.startDate)}</Badge>}
                </Group>
              ))}
            </Stack>
          </Card>
        </section>
      )}
      <QuickLinks
        links={[
          {
            to: '/studentDisclosureList',
            label: 'My disclosures',
            description: 'Disclose an outside opportunity and follow its review.',
          },
          { to: '/paperworks', label: 'Paperwork', description: 'Packets to fill in and sign.' },
          { to: '/notifications', label: 'Notifications', description: 'Updates from your school.' },
          { to: '/profile', label: 'My profile', description: 'Your account details.' },
        ]}
      />
    </Stack>
  );
}
