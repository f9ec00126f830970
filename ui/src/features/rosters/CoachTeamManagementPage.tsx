import { Alert, Badge, Button, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { errorMessage } from '../../shared/api';
import { countOf } from '../../shared/labels';
import { PageHeader } from '../../shared/PageHeader';
import { ErrorState, LoadingState, NothingHere } from '../../shared/states';
import { rolloverLabel, ROLLOVER_COLORS } from './roster-labels';
import { useYearRosters } from './rosters.api';
import { YearPicker } from './YearPicker';
import { api } from '../../shared/api';
import { useQueryClient } from '@tanstack/react-query';

/** A coach's own teams for a year: start the rollover and open the roster to declare it. */
export function CoachTeamManagementPage() {
  const [yearId, setYearId] = useState<string | null>(null);
  const rosters = useYearRosters(yearId);
  const navigate = useNavigate();
  const client = useQueryClient();
  const [starting, setStarting] = useState<string | null>(null);
  const year = rosters.data?.academicYear;

  const start = async (teamId: string) => {
    if (!year) return;
    setStarting(teamId);
    try {
      await api.post(`/rosters/${teamId}/${year.id}/rollover`, {});
      await client.invalidateQueries({ queryKey: ['rosters'] });
      void navigate(`/individualRoster/${teamId}/${year.id}`);
    } catch (error) {
      notifications.show({ color: 'red', title: 'Could not roll the roster over', message: errorMessage(error) });
    } finally {
      setStarting(null);
    }
  };

  return (
    <Stack>
      <PageHeader
        title="Team management"
        description="Your teams' rosters: roll over into a new year, declare and submit."
      />
      <YearPicker data={rosters.data} value={yearId} onChange={setYearId} />
      {year && !year.hasTerms && (
        <Alert color="orange" title="Academic term is not configured." role="alert">
          An admin must add the terms of {year.label} before its rosters can be rolled over.
        </Alert>
      )}
      {rosters.isPending && <LoadingState rows={3} label="Loading your teams" />}
      {rosters.error && <ErrorState error={rosters.error} onRetry={() => void rosters.refetch()} />}
      {rosters.data && rosters.data.teams.length === 0 && (
        <NothingHere title="No teams" description="You are not the coach of a team yet. Ask your school admin." />
      )}
      {year && (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
          {(rosters.data?.teams ?? []).map((t) => (
            <Card key={t.teamId} withBorder padding="lg" component="section" aria-labelledby={`team-card-${t.teamId}`}>
              <Stack gap="sm">
                <Group justify="space-between">
                  <Title order={2} size="h4" id={`team-card-${t.teamId}`}>
                    {t.teamName}
                  </Title>
                  <Badge variant="light" color={ROLLOVER_COLORS[t.rolloverStatus ?? ''] ?? 'gray'}>
                    {rolloverLabel(t.rolloverStatus)}
                  </Badge>
                </Group>
                <Text size="sm">
                  {countOf(t.official, 'official athlete')} · {countOf(t.unofficial, 'unofficial athlete')}
                </Text>
                {t.rosterId ? (
                  <Button onClick={() => void navigate(`/individualRoster/${t.teamId}/${year.id}`)}>
                    Open {year.label} roster
                  </Button>
                ) : (
                  <Button
                    loading={starting === t.teamId}
                    disabled={!year.hasTerms}
                    onClick={() => void start(t.teamId)}
                  >
                    Roll over into {year.label}
                  </Button>
                )}
              </Stack>
            </Card>
          ))}
        </SimpleGrid>
      )}
    </Stack>
  );
}
