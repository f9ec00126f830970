import { Alert, Anchor, Badge, Button, Group, Stack, Table, Text } from '@mantine/core';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { countOf } from '../../shared/labels';
import { PageHeader } from '../../shared/PageHeader';
import { ErrorState, LoadingState, NothingHere } from '../../shared/states';
import { rolloverLabel, ROLLOVER_COLORS } from './roster-labels';
import { useYearRosters } from './rosters.api';
import { YearPicker } from './YearPicker';
import { TableScroll } from '../../shared/table/TableScroll';

/** Admin: every team's roster for a year with its rollover status and the coaches' pending change requests. */
export function RosterManagementPage() {
  const [yearId, setYearId] = useState<string | null>(null);
  const rosters = useYearRosters(yearId);
  const navigate = useNavigate();
  const year = rosters.data?.academicYear;
  const waiting = (rosters.data?.teams ?? []).filter((t) => t.rolloverStatus === 'READY_FOR_REVIEW').length;
  const pending = (rosters.data?.teams ?? []).reduce((n, t) => n + t.pendingRequests, 0);

  return (
    <Stack>
      <PageHeader
        title="Roster management"
        description="Rosters of every team by academic year: rollover, review and the coaches' change requests."
        actions={
          year && (
            <Button variant="default" onClick={() => void navigate(`/centralisedRoster/${year.id}`)}>
              Centralised roster
            </Button>
          )
        }
      />
      <Group align="flex-end">
        <YearPicker data={rosters.data} value={yearId} onChange={setYearId} />
        {rosters.data && (
          <Text size="sm" c="dimmed" pb={8}>
            {countOf(waiting, 'roster')} waiting for review · {countOf(pending, 'change request')} pending
          </Text>
        )}
      </Group>
      {year && !year.hasTerms && (
        <Alert color="orange" title="Academic term is not configured." role="alert">
          Add the terms of {year.label} under Academic years before rosters can be rolled over into it.
        </Alert>
      )}
      {rosters.isPending && <LoadingState rows={4} label="Loading rosters" />}
      {rosters.error && <ErrorState error={rosters.error} onRetry={() => void rosters.refetch()} />}
      {rosters.data && !year && (
        <NothingHere title="No academic years yet" description="Create an academic year to declare rosters." />
      )}
      {rosters.data && year && rosters.data.teams.length === 0 && (
        <NothingHere title="No teams yet" description="Create sport teams to declare their rosters." />
      )}
      {rosters.data && year && rosters.data.teams.length > 0 && (
        <TableScroll minWidth={640}>
          <Table striped aria-label={`Rosters ${year.label}`}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Team</Table.Th>
                <Table.Th>Rollover status</Table.Th>
                <Table.Th ta="right">Official</Table.Th>
                <Table.Th ta="right">Unofficial</Table.Th>
                <Table.Th ta="right">Change requests</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rosters.data.teams.map((t) => (
                <Table.Tr key={t.teamId}>
                  <Table.Td>
                    <Anchor component={Link} to={`/individualRoster/${t.teamId}/${year.id}`}>
                      {t.teamName}
                    </Anchor>
                  </Table.Td>
                  <Table.Td>
                    <Badge variant="light" color={ROLLOVER_COLORS[t.rolloverStatus ?? ''] ?? 'gray'}>
                      {rolloverLabel(t.rolloverStatus)}
                    </Badge>
                  </Table.Td>
                  <Table.Td ta="right">{t.official}</Table.Td>
                  <Table.Td ta="right">{t.unofficial}</Table.Td>
                  <Table.Td ta="right">
                    {t.pendingRequests > 0 ? (
                      <Badge color="orange" variant="light">
                        {countOf(t.pendingRequests, 'pending request')}
                      </Badge>
                    ) : (
                      '—'
                    )}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </TableScroll>
      )}
    </Stack>
  );
}
