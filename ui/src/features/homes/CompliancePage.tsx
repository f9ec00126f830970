import { Alert, Badge, Card, Group, List, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { PLAN_LABELS } from '../../../../domain/plans';
import { PageHeader } from '../../shared/PageHeader';
import { useMe } from '../../shared/session';

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

/** Where admins land when a screen needs the Connect plan: what their plan covers and what Connect adds. */
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
          notifications and the security audit log. Contact your account manager to add Connect.
        </Alert>
      )}
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
