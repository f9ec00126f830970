import { Alert, Anchor, Badge, Card, Group, List, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { PLAN_LABELS } from '../../../../domain/plans';
import { PageHeader } from '../../shared/PageHeader';
import { hasPermission, useMe } from '../../shared/session';
import { useCalendarTeams } from '../../shared/calendar-teams.api';

const CONNECT_FEATURES = [
  {
    title: 'NIL disclosures',
    points: [
      'Student-athletes disclose deals from their phone',
      'Review, approve, reject or request changes',
      'Conflict-of-interest flags and reporting',
    ],
  },
  {
    title: 'Paperwork and e-signature',
    points: [
      'Multi-form packets with approval workflows',
      'Automatic reminders and external signers',
      'Completion reports',
    ],
  },
  {
    title: 'Messaging',
    points: ['Team and group chats', 'Announcements and mass communication', 'Scheduled mail campaigns'],
  },
  {
    title: 'Recruiting',
    points: [
      'Prospect (PSA) lists and profiles',
      'Recruiting events, forms and questionnaires',
      'Expenses with receipts',
    ],
  },
];

/**
 * Where admins land when a screen needs the Connect plan: what their plan covers (with the way into CARA logs and the
 * Bylaw 17 hour checks, which every plan has) and what Connect adds.
 */
export function CompliancePage() {
  const me = useMe();
  const hasConnect = me.school.plan === 'CONNECT';
  return (
    <Stack gap="xl">
      <PageHeader
        title="Compliance"
        description={
          <Group gap={6} component="span">
            {me.school.name} is on the
            <Badge color={hasConnect ? 'green' : 'gray'} component="span">
              {PLAN_LABELS[me.school.plan]}
            </Badge>
            plan
          </Group>
        }
      />
      {hasConnect ? (
        <Alert color="green" variant="light" title="Your school has Connect">
          Every feature below is available to your school.
        </Alert>
      ) : (
        <Alert
          color="indigo"
          variant="light"
          title="Disclosures, paperwork, messaging and recruiting need the Connect plan"
          role="status"
        >
          Your Compliance plan includes sport teams, academic years, student-athlete and staff profiles, invitations,
          notifications, CARA logs with the Bylaw 17 hour checks, and the security audit log. Contact your account
          manager to add Connect.
        </Alert>
      )}
      {hasPermission(me, 'cara:read') && <CaraEntry />}
      <section aria-labelledby="connect-heading">
        <Title order={2} size="h3" mb="md" id="connect-heading">
          What Connect adds
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          {CONNECT_FEATURES.map((feature) => (
            <Card key={feature.title} withBorder padding="lg">
              <Title order={3} size="h4" mb="xs">
                {feature.title}
              </Title>
              <List size="sm" spacing={4}>
                {feature.points.map((p) => (
                  <List.Item key={p}>
                    <Text size="sm" span>
                      {p}
                    </Text>
                  </List.Item>
                ))}
              </List>
            </Card>
          ))}
        </SimpleGrid>
      </section>
    </Stack>
  );
}

/** CARA on the compliance page: the assistant, the logs and each team's hours dashboard, each with what it is for. */
function CaraEntry() {
  const teams = useCalendarTeams();
  const list = teams.data ?? [];
  return (
    <section aria-labelledby="cara-heading">
      <Title order={2} size="h3" mb="xs" id="cara-heading">
        CARA hours (Bylaw 17)
      </Title>
      <Text size="sm" c="dimmed" mb="md">
        Countable athletically related activities are checked against the daily and weekly hour limits as events are
        scheduled; each team's logs are submitted by its coaches and reviewed by compliance.
      </Text>
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <Card withBorder padding="lg">
          <Title order={3} size="h4" mb="xs">
            <Anchor component={Link} to="/cara/assistant" inherit>
              Compliance assistant
            </Anchor>
          </Title>
          <Text size="sm">Logs due, overdue and waiting for your review, by team.</Text>
        </Card>
        <Card withBorder padding="lg">
          <Title order={3} size="h4" mb="xs">
            <Anchor component={Link} to="/cara/listing" inherit>
              CARA logs
            </Anchor>
          </Title>
          <Text size="sm">Every team's logs by academic year, their violations, and each team's log settings.</Text>
        </Card>
        <Card withBorder padding="lg">
          <Title order={3} size="h4" mb="xs" id="cara-dashboards-heading">
            Hours dashboards
          </Title>
          <Text size="sm" mb={list.length > 0 ? 'xs' : 0}>
            Hours per week against the limits, one team at a time.
          </Text>
          {teams.isPending ? (
            <Text size="sm" c="dimmed">
              Loading teams…
            </Text>
          ) : list.length === 0 ? (
            <Text size="sm" c="dimmed">
              No teams yet.
            </Text>
          ) : (
            <List size="sm" spacing={2} aria-labelledby="cara-dashboards-heading">
              {list.map((t) => (
                <List.Item key={t.id}>
                  <Anchor component={Link} to={`/caraDashboard/${t.id}`} size="sm">
                    {t.name}
                  </Anchor>
                </List.Item>
              ))}
            </List>
          )}
        </Card>
      </SimpleGrid>
    </section>
  );
}
