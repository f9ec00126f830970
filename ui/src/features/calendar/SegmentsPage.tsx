import { Badge, Button, Group, Select, Stack, Table, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { Link } from 'react-router';
import { SEASON_TYPE_LABELS, SEGMENT_TYPE_LABELS, WEEKDAY_LABELS } from '../../../../domain/calendar';
import { ERRORS } from '../../../../domain/errors';
import { errorMessage } from '../../shared/api';
import { ConfirmModal } from '../../shared/ConfirmModal';
import { formatDate } from '../../shared/format';
import { PlusIcon } from '../../shared/icons';
import { countOf } from '../../shared/labels';
import { PageHeader } from '../../shared/PageHeader';
import { hasPermission, useMe } from '../../shared/session';
import { ErrorState, LoadingState, NothingHere } from '../../shared/states';
import { SegmentFormModal } from './SegmentFormModal';
import { useCalendarTeams, useCalendarYears, useDeleteSegment, useSegments, type Segment } from './segments.api';
import { TableScroll } from '../../shared/table/TableScroll';

/** Sport segments of the chosen academic year: admins see every team (/inSeasonSportsSegment), coaches their own. */
export function SegmentsPage() {
  const me = useMe();
  const canWrite = hasPermission(me, 'calendar:write');
  const canManageYears = hasPermission(me, 'academic-years:write');
  const years = useCalendarYears();
  const teams = useCalendarTeams();
  const [chosenYear, setChosenYear] = useState<string | null>(null);
  const yearId = chosenYear ?? years.data?.find((y) => y.isCurrent)?.id ?? years.data?.[0]?.id ?? null;
  const segments = useSegments(yearId);
  const remove = useDeleteSegment();
  const [editing, setEditing] = useState<Segment | null>(null);
  const [opened, setOpened] = useState(false);
  const [deleting, setDeleting] = useState<Segment | null>(null);
  const open = (segment: Segment | null) => {
    setEditing(segment);
    setOpened(true);
  };
  const teamList = teams.data ?? [];
  const canCreate = canWrite && !!yearId && teamList.length > 0;

  return (
    <Stack>
      <PageHeader
        title="Sport segments"
        description="Each team's championship and nonchampionship segments for the academic year, with the day its weeks start on. CARA limits follow these dates."
        actions={
          canCreate && (
            <Button leftSection={<PlusIcon size={16} />} onClick={() => open(null)}>
              New segment
            </Button>
          )
        }
      />
      {(years.isPending || teams.isPending) && <LoadingState rows={3} label="Loading sport segments" />}
      {years.error && <ErrorState error={years.error} onRetry={() => void years.refetch()} />}
      {teams.error && <ErrorState error={teams.error} onRetry={() => void teams.refetch()} />}
      {years.data && years.data.length === 0 && (
        <NothingHere
          title={ERRORS.NO_ACADEMIC_YEAR.message}
          description="Segments belong to an academic year. Set up the academic calendar first."
          action={
            canManageYears && (
              <Button component={Link} to="/academicYears">
                Set up academic years
              </Button>
            )
          }
        />
      )}
      {years.data && years.data.length > 0 && (
        <Group align="flex-end">
          <Select
            label="Academic year"
            allowDeselect={false}
            data={years.data.map((y) => ({ value: y.id, label: y.label ?? `${y.startYear}–${y.endYear}` }))}
            value={yearId}
            onChange={setChosenYear}
            w={200}
          />
          {segments.data && (
            <Text size="sm" c="dimmed" pb={8} aria-live="polite">
              {countOf(segments.data.length, 'segment')}
            </Text>
          )}
        </Group>
      )}
      {teams.data && teams.data.length === 0 && (
        <NothingHere title="No teams" description="You are not on the staff of any team yet." />
      )}
      {segments.isPending && yearId && <LoadingState rows={3} label="Loading sport segments" />}
      {segments.error && <ErrorState error={segments.error} onRetry={() => void segments.refetch()} />}
      {segments.data && segments.data.length === 0 && teamList.length > 0 && (
        <NothingHere
          title="No segments for this year"
          description="Add each team's championship and nonchampionship segments."
          action={canCreate && <Button onClick={() => open(null)}>New segment</Button>}
        />
      )}
      {segments.data && segments.data.length > 0 && (
        <TableScroll minWidth={760}>
          <Table striped aria-label="Sport segments">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Team</Table.Th>
                <Table.Th>Season</Table.Th>
                <Table.Th>Segment</Table.Th>
                <Table.Th>Start</Table.Th>
                <Table.Th>End</Table.Th>
                <Table.Th>Week starts on</Table.Th>
                {canWrite && <Table.Th>Actions</Table.Th>}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {segments.data.map((s) => (
                <Table.Tr key={s.id}>
                  <Table.Td fw={600}>{s.sportTeamName}</Table.Td>
                  <Table.Td>
                    <Badge variant="filled" color={s.seasonType === 'IN_SEASON' ? 'teal.9' : 'gray.7'}>
                      {SEASON_TYPE_LABELS[s.seasonType]}
                    </Badge>
                  </Table.Td>
                  <Table.Td>
                    {SEGMENT_TYPE_LABELS[s.segmentType]}
                    {s.exemptWeekBeforeFirstContest && (
                      <Text size="xs" c="dimmed">
                        Week before the first contest exempt
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td>{formatDate(s.startDate)}</Table.Td>
                  <Table.Td>{formatDate(s.endDate)}</Table.Td>
                  <Table.Td>{WEEKDAY_LABELS[s.startDayOfWeek]}</Table.Td>
                  {canWrite && (
                    <Table.Td>
                      {teamList.some((t) => t.id === s.sportTeamId) && (
                        <Group gap="xs" wrap="nowrap">
                          <Button
                            size="xs"
                            variant="default"
                            onClick={() => open(s)}
                            aria-label={`Edit ${SEGMENT_TYPE_LABELS[s.segmentType]} of ${s.sportTeamName}`}
                          >
                            Edit
                          </Button>
                          <Button
                            size="xs"
                            variant="subtle"
                            color="red"
                            onClick={() => setDeleting(s)}
                            aria-label={`Delete ${SEGMENT_TYPE_LABELS[s.segmentType]} of ${s.sportTeamName}`}
                          >
                            Delete
                          </Button>
                        </Group>
                      )}
                    </Table.Td>
                  )}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </TableScroll>
      )}
      {yearId && (
        <SegmentFormModal
          opened={opened}
          segment={editing}
          academicYearId={yearId}
          teams={teamList}
          onClose={() => setOpened(false)}
        />
      )}
      <ConfirmModal
        opened={!!deleting}
        title="Delete segment"
        body={
          deleting &&
          `Delete the ${SEGMENT_TYPE_LABELS[deleting.segmentType].toLowerCase()} of ${deleting.sportTeamName} (${formatDate(deleting.startDate)} to ${formatDate(deleting.endDate)})?`
        }
        confirmLabel="Delete segment"
        loading={remove.isPending}
        onConfirm={() =>
          deleting &&
          remove.mutate(deleting.id, {
            onSuccess: () => {
              notifications.show({ color: 'teal', message: 'Segment deleted.' });
              setDeleting(null);
            },
            onError: (error) => notifications.show({ color: 'red', message: errorMessage(error) }),
          })
        }
        onClose={() => setDeleting(null)}
      />
    </Stack>
  );
}
