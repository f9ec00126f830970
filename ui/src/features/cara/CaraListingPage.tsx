import { Button, Group, Select, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { ApiErrorAlert } from '../../shared/ApiErrorAlert';
import { PageHeader } from '../../shared/PageHeader';
import { formatDate } from '../../shared/format';
import { hasPermission, useMe } from '../../shared/session';
import { ErrorState, LoadingState, NothingHere } from '../../shared/states';
import { useCalendarTeams, useCalendarYears } from '../../shared/calendar-teams.api';
import { useCaraLogs, useStartCaraLog } from './cara.api';
import { CaraLogsTable } from './CaraLogsTable';
import { CaraSettingsModal } from './CaraSettingsModal';

/**
 * CARA logs per team and academic year (`/cara/listing/:sportTeamId/:academicYearId`; `/cara/listing` and
 * `/cara-logs` pick the team and year here), with the team's settings and a way to start this period's log.
 */
export function CaraListingPage() {
  const params = useParams();
  const navigate = useNavigate();
  const me = useMe();
  const teams = useCalendarTeams();
  const years = useCalendarYears();
  const teamId = params.sportTeamId ?? (teams.data?.length === 1 ? teams.data[0]!.id : null);
  const yearId = params.academicYearId ?? null;
  const logs = useCaraLogs({ teamId: teamId ?? undefined, academicYearId: yearId ?? undefined });
  const [settingsOpen, setSettingsOpen] = useState(false);
  const start = useStartCaraLog();
  const go = (team: string | null, year: string | null) =>
    void navigate(team ? `/cara/listing/${team}/${year ?? years.data?.[0]?.id ?? ''}` : '/cara/listing');
  const canConfigure = hasPermission(me, 'cara:configure');
  const today = new Date().toISOString().slice(0, 10);

  return (
    <Stack>
      <PageHeader
        title="CARA logs"
        description="Each team's countable athletically related activity logs, one per period, generated from the calendar."
        actions={
          teamId && (
            <>
              <Button variant="default" onClick={() => void navigate(`/caraDashboard/${teamId}`)}>
                Hours dashboard
              </Button>
              {canConfigure && (
                <Button variant="default" onClick={() => setSettingsOpen(true)}>
                  Settings
                </Button>
              )}
              {hasPermission(me, 'cara:submit') && (
                <Button
                  loading={start.isPending}
                  onClick={() =>
                    start.mutate(
                      { teamId, periodStart: today },
                      {
                        onSuccess: (s) =>
                          notifications.show({
                            color: 'teal',
                            message: `The log for ${formatDate(s.periodStart)} to ${formatDate(s.periodEnd)} is generated when the period ends.`,
                          }),
                      },
                    )
                  }
                >
                  Start this period's log
                </Button>
              )}
            </>
          )
        }
      />
      <Group align="flex-end" wrap="wrap">
        <Select
          label="Team"
          placeholder="All teams"
          data={(teams.data ?? []).map((t) => ({ value: t.id, label: t.name }))}
          value={teamId}
          onChange={(v) => go(v, yearId)}
          clearable
          searchable
          w={260}
        />
        <Select
          label="Academic year"
          placeholder="All years"
          data={(years.data ?? []).map((y) => ({ value: y.id, label: `${y.startYear}-${y.endYear}` }))}
          value={yearId}
          onChange={(v) => (teamId ? go(teamId, v) : undefined)}
          disabled={!teamId}
          clearable
          w={200}
        />
        {logs.data && (
          <Text size="sm" c="dimmed" pb={8}>
            {logs.data.items.length} {logs.data.items.length === 1 ? 'log' : 'logs'}
          </Text>
        )}
      </Group>
      <ApiErrorAlert error={start.error} />
      {logs.isPending && <LoadingState rows={4} label="Loading CARA logs" />}
      {logs.error && <ErrorState error={logs.error} onRetry={() => void logs.refetch()} />}
      {logs.data && logs.data.items.length === 0 && (
        <NothingHere
          title="No CARA logs yet"
          description="Turn on logging in the team's CARA settings; each period's log is generated from the calendar when the period ends."
        />
      )}
      {logs.data && logs.data.items.length > 0 && <CaraLogsTable logs={logs.data.items} label="CARA logs" />}
      {teamId && <CaraSettingsModal teamId={teamId} opened={settingsOpen} onClose={() => setSettingsOpen(false)} />}
    </Stack>
  );
}
