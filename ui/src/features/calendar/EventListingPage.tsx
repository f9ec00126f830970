import { Badge, Button, Group, Select, Stack, Table, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import {
  EVENT_CATEGORIES,
  EVENT_CATEGORY_COLOURS,
  EVENT_CATEGORY_LABELS,
  EVENT_STATUS_LABELS,
  REPEAT_LABELS,
  type EventCategory,
} from '../../../../domain/calendar-events';
import { errorMessage } from '../../shared/api';
import { formatDate } from '../../shared/format';
import { PageHeader } from '../../shared/PageHeader';
import { hasPermission, useMe } from '../../shared/session';
import { NothingHere } from '../../shared/states';
import { DateRangeFilters, PagedResults, useUrlFilters } from '../../shared/table/FilteredList';
import { SERIES_PAGE_SIZE, useDecideEvent, useEventSeries, type CalendarEvent, type SeriesFilter } from './events.api';
import { RejectEventModal } from '../../shared/RejectEventModal';
import { useSchoolTeamOptions } from '../../shared/team-options.api';
import { useCalendarTeams } from './segments.api';

/** Dark enough for white text at WCAG AA (the category badges' own shades). */
const STATUS_COLOURS = { PENDING: '#7a5000', APPROVED: '#237032', REJECTED: '#b02525' } as const;

/**
 * Events and competitions of the school as a list (one row per series): filtered by team, category, kind, status
 * and dates, a page at a time, with approve and reject (with a reason) for admins. The filters live in the address,
 * so a task in My Tasks can open the pending ones directly.
 */
export function EventListingPage() {
  const { universityId = '' } = useParams();
  const me = useMe();
  const { params, update, page } = useUrlFilters();
  // A platform operator reads the school the address names (the provider's view, read only).
  const ownSchool = !!me && me.school.id === universityId;
  const operatorView = !!me && !ownSchool && hasPermission(me, 'schools:operate');
  const schoolTeams = useCalendarTeams(!!me && ownSchool);
  const operatorTeams = useSchoolTeamOptions(operatorView ? universityId : '');
  const teamOptions = operatorView
    ? (operatorTeams.data ?? [])
    : (schoolTeams.data ?? []).map((t) => ({ value: t.id, label: t.name }));
  const filter: SeriesFilter = {
    teamId: params.get('teamId'),
    category: params.get('category'),
    kind: (params.get('kind') as SeriesFilter['kind']) ?? null,
    status: (params.get('status') as SeriesFilter['status']) ?? null,
    from: params.get('from'),
    to: params.get('to'),
    page,
  };
  const list = useEventSeries(filter, operatorView ? universityId : null);
  const canDecide = hasPermission(me, 'calendar:manage');
  const [rejecting, setRejecting] = useState<CalendarEvent | null>(null);
  const decideOne = useDecideEvent();

  if (me && !ownSchool && !operatorView)
    return (
      <Stack>
        <PageHeader title="Events and competitions" />
        <NothingHere title="No events to show" description="This school's events are not yours to see." />
      </Stack>
    );

  const items = list.data?.items ?? [];
  return (
    <Stack>
      <PageHeader
        title="Events and competitions"
        description={
          operatorView
            ? 'Every event and competition of this school, read only: its staff create, upload and approve them.'
            : 'Every event and competition of your teams, with those waiting for approval.'
        }
        actions={
          !operatorView &&
          hasPermission(me, 'calendar:manage') && (
            <Group gap="sm">
              <Button variant="default" component={Link} to={`/uploadEventOrCompetition/${universityId}/true`}>
                Upload events
              </Button>
              <Button variant="default" component={Link} to={`/uploadEventOrCompetition/${universityId}/false`}>
                Upload competitions
              </Button>
            </Group>
          )
        }
      />
      <Group align="flex-end" gap="sm" role="search" aria-label="Filter events">
        <Select
          label="Team"
          placeholder="All teams"
          clearable
          searchable
          data={teamOptions}
          value={filter.teamId}
          onChange={(v) => update({ teamId: v })}
          w={{ base: '100%', sm: 200 }}
        />
        <Select
          label="Kind"
          placeholder="Events and competitions"
          clearable
          data={[
            { value: 'EVENT', label: 'Events' },
            { value: 'COMPETITION', label: 'Competitions' },
          ]}
          value={filter.kind}
          onChange={(v) => update({ kind: v })}
          w={{ base: '100%', sm: 200 }}
        />
        <Select
          label="Category"
          placeholder="All categories"
          clearable
          data={EVENT_CATEGORIES.map((c) => ({ value: c, label: EVENT_CATEGORY_LABELS[c] }))}
          value={filter.category}
          onChange={(v) => update({ category: v })}
          w={{ base: '100%', sm: 220 }}
        />
        <Select
          label="Status"
          placeholder="Any status"
          clearable
          data={Object.entries(EVENT_STATUS_LABELS).map(([value, label]) => ({ value, label }))}
          value={filter.status}
          onChange={(v) => update({ status: v })}
          w={{ base: '100%', sm: 180 }}
        />
        <DateRangeFilters from={filter.from} to={filter.to} onChange={update} />
      </Group>
      <PagedResults
        query={list}
        noun="event"
        loadingLabel="Loading events"
        page={filter.page}
        pageSize={SERIES_PAGE_SIZE}
        onPage={(p) => update({ page: String(p) })}
        empty={
          <NothingHere title="No events match" description="Change the filters, or create events on the calendar." />
        }
      >
        <Table verticalSpacing="sm" highlightOnHover aria-label="Events and competitions">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Event</Table.Th>
              <Table.Th>Team</Table.Th>
              <Table.Th>Category</Table.Th>
              <Table.Th>When</Table.Th>
              <Table.Th>Repeats</Table.Th>
              <Table.Th>Status</Table.Th>
              {canDecide && <Table.Th>Decision</Table.Th>}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {items.map((e) => (
              <Table.Tr key={e.id} data-testid="event-row">
                <Table.Td>
                  <Text size="sm" fw={500}>
                    {e.name}
                  </Text>
                  {e.location && (
                    <Text size="xs" c="dimmed">
                      {e.location}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td>{e.sportTeamName}</Table.Td>
                <Table.Td>
                  <Badge variant="filled" color={EVENT_CATEGORY_COLOURS[e.category as EventCategory]} size="sm">
                    {EVENT_CATEGORY_LABELS[e.category as EventCategory] ?? e.category}
                  </Badge>
                </Table.Td>
                <Table.Td>
                  <Text size="sm">
                    {formatDate(e.startDate)} · {e.startTime}–{e.endTime}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <Text size="sm">
                    {e.repeat === 'NEVER'
                      ? 'Once'
                      : `${REPEAT_LABELS[e.repeat]}${e.repeatUntil ? ` until ${formatDate(e.repeatUntil)}` : ''}`}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <Badge variant="filled" color={STATUS_COLOURS[e.status]}>
                    {EVENT_STATUS_LABELS[e.status]}
                  </Badge>
                  {e.rejectReason && (
                    <Text size="xs" c="dimmed" maw={220}>
                      {e.rejectReason}
                    </Text>
                  )}
                </Table.Td>
                {canDecide && (
                  <Table.Td>{e.canDecide && <DecisionButtons event={e} onReject={() => setRejecting(e)} />}</Table.Td>
                )}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </PagedResults>
      <RejectEventModal
        key={rejecting?.id ?? 'none'}
        event={rejecting}
        decide={decideOne}
        onClose={() => setRejecting(null)}
      />
    </Stack>
  );
}

function DecisionButtons({ event, onReject }: { event: CalendarEvent; onReject: () => void }) {
  const decide = useDecideEvent();
  return (
    <Group gap="xs" wrap="nowrap">
      <Button
        size="xs"
        loading={decide.isPending}
        aria-label={`Approve ${event.name}`}
        onClick={() =>
          decide.mutate(
            { id: event.id, decision: 'APPROVE' },
            {
              onSuccess: () => notifications.show({ color: 'green', message: `${event.name} approved` }),
              onError: (err) => notifications.show({ color: 'red', message: errorMessage(err) }),
            },
          )
        }
      >
        Approve
      </Button>
      <Button size="xs" variant="default" aria-label={`Reject ${event.name}`} onClick={onReject}>
        Reject
      </Button>
    </Group>
  );
}
