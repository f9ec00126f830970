import { Badge, Card, Group, SimpleGrid, Stack, Text, Title, UnstyledButton } from '@mantine/core';
import { Link } from 'react-router';
import { TITLE_GROUP_LABELS } from '../../../../domain/roles';
import { countOf, labelFor, TEAM_GENDER_LABELS } from '../../shared/labels';
import { PageHeader } from '../../shared/PageHeader';
import { useMe } from '../../shared/session';
import { ErrorState, LoadingState, NothingHere } from '../../shared/states';
import { useMyTeams } from './home-sections.api';
import { QuickLinks } from './QuickLinks';
import { WaitingOnYou } from './WaitingOnYou';

/** The coach's home: their own teams (each opening what waits on the coach about it) and their open tasks. */
export function CoachDashboardPage() {
  const me = useMe();
  const teams = useMyTeams();
  const titles = me.roles.flatMap((r) =>
    r.role === 'COACH' && r.titleGroup ? [TITLE_GROUP_LABELS[r.titleGroup]] : [],
  );
  return (
    <Stack gap="xl">
      <PageHeader title={`Welcome, Coach ${me.lastName}`} description={[me.school.name, ...titles].join(' · ')} />
      <section aria-labelledby="teams-heading">
        <Title order={2} size="h4" mb="sm" id="teams-heading">
          My teams
        </Title>
        {teams.isPending && <LoadingState rows={2} label="Loading teams" />}
        {teams.error && <ErrorState error={teams.error} onRetry={() => void teams.refetch()} />}
        {teams.data && teams.data.length === 0 && (
          <NothingHere
            title="You are not on a team's staff"
            description="Your school admin adds you to a team's staff in the staff directory."
          />
        )}
        {teams.data && teams.data.length > 0 && (
          <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }}>
            {teams.data.map((team) => (
              <UnstyledButton
                key={team.id}
                component={Link}
                to={`/task?teamId=${team.id}`}
                aria-label={`${team.name}: ${team.waiting > 0 ? `${countOf(team.waiting, 'task')} waiting on you` : 'nothing waiting on you'}`}
                style={{ borderRadius: 'var(--mantine-radius-md)' }}
                data-testid="coach-team-card"
              >
                <Card withBorder padding="md" h="100%">
                  <Text fw={700}>{team.name}</Text>
                  <Group gap={6} mt={4}>
                    <Text size="sm" c="dimmed">
                      {team.sport}
                    </Text>
                    <Badge color="gray" size="sm">
                      {labelFor(TEAM_GENDER_LABELS, team.gender)}
                    </Badge>
                  </Group>
                  <Text size="sm" mt="sm" fw={600} c={team.waiting > 0 ? 'indigo.9' : 'gray.8'}>
                    {team.waiting > 0 ? `${countOf(team.waiting, 'task')} waiting on you` : 'Nothing waiting on you'}
                  </Text>
                </Card>
              </UnstyledButton>
            ))}
          </SimpleGrid>
        )}
      </section>
      <WaitingOnYou empty="Nothing is waiting on you. Packets to approve and sign appear here." />
      <QuickLinks
        links={[
          { to: '/coachPaperworks', label: 'Paperwork', description: 'Packets to fill in and sign.' },
          { to: '/sprySign/home', label: 'E-signature packets', description: 'Build, send and review packets.' },
          { to: '/staff', label: 'Staff directory', description: 'Coaches and staff at your school.' },
          { to: '/notifications', label: 'Notifications', description: 'Everything that needs your attention.' },
        ]}
      />
    </Stack>
  );
}
