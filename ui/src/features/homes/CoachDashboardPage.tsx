import { Badge, Card, Group, Stack, Text, Title } from '@mantine/core';
import { TITLE_GROUP_LABELS } from '../../../../domain/roles';
import { humanize } from '../../shared/format';
import { PageHeader } from '../../shared/PageHeader';
import { useMe } from '../../shared/session';
import { ErrorState, LoadingState, NothingHere } from '../../shared/states';
import { useHomeTeams } from './homes.api';
import { QuickLinks } from './QuickLinks';

export function CoachDashboardPage() {
  const me = useMe();
  const teams = useHomeTeams(me.permissions.includes('teams:read'));
  const titles = me.roles.flatMap((r) =>
    r.role === 'COACH' && r.titleGroup ? [TITLE_GROUP_LABELS[r.titleGroup]] : [],
  );
  return (
    <Stack gap="xl">
      <PageHeader title={`Welcome, Coach ${me.lastName}`} description={[me.school.name, ...titles].join(' · ')} />
      <section aria-labelledby="teams-heading">
        <Title order={2} size="h4" mb="sm" id="teams-heading">
          Teams
        </Title>
        {teams.isPending && teams.fetchStatus !== 'idle' && <LoadingState rows={2} label="Loading teams" />}
        {teams.error && <ErrorState error={teams.error} onRetry={() => void teams.refetch()} />}
        {teams.data && teams.data.length === 0 && (
          <NothingHere title="No teams yet" description="Your school admin sets up the sport teams." />
        )}
        {teams.data && teams.data.length > 0 && (
          <Group gap="sm">
            {teams.data.map((team) => (
              <Card key={team.id} withBorder padding="sm">
                <Text fw={600}>{team.name}</Text>
                <Group gap={6}>
                  <Text size="sm" c="dimmed">
                    {team.sport}
                  </Text>
                  <Badge color="gray" size="sm">
                    {humanize(team.gender)}
                  </Badge>
                </Group>
              </Card>
            ))}
          </Group>
        )}
      </section>
      <QuickLinks
        links={[
          { to: '/staff', label: 'Staff directory', description: 'Coaches and staff at your school.' },
          { to: '/notifications', label: 'Notifications', description: 'Everything that needs your attention.' },
          { to: '/task', label: 'My Tasks', description: 'Steps waiting on you.' },
          { to: '/coachPaperworks', label: 'Paperwork', description: 'Packets to fill in and sign.' },
          { to: '/sprySign/home', label: 'E-signature packets', description: 'Build, send and review packets.' },
          { to: '/education', label: 'Education', description: 'Required and saved content.' },
        ]}
      />
    </Stack>
  );
}
