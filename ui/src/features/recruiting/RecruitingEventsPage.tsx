import { Anchor, Badge, Button, Group, Select, Stack, Table, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { countOf } from '../../shared/labels';
import { PageHeader } from '../../shared/PageHeader';
import { hasPermission, useMe } from '../../shared/session';
import { NothingHere } from '../../shared/states';
import { DateRangeFilters, PagedResults, useUrlFilters } from '../../shared/table/FilteredList';
import {
  EVENT_STATUS_COLOURS,
  EVENT_STATUS_LABELS,
  eventWhen,
  kindLabel,
  RECRUITING_EVENT_KINDS,
} from './recruiting-event-labels';
import {
  RECRUITING_EVENTS_PAGE_SIZE,
  useRecruitingEventOptions,
  useRecruitingEvents,
  type RecruitingEventFilter,
} from './recruiting-events.api';
import { RecruitingEventFormModal } from './RecruitingEventFormModal';

/**
 * Recruiting events of the school (admins) or of the coach's teams: filtered by status, team, kind and dates, a page
 * at a time, newest first. The filters live in the address so a link can open the pending ones.
 */
export function RecruitingEventsPage() {
  const me = useMe();
  const navigate = useNavigate();
  const { params, update, page } = useUrlFilters();
  const canWrite = hasPermission(me, 'recruiting:write');
  const options = useRecruitingEventOptions(canWrite);
  const [creating, setCreating] = useState(false);
  const filter: RecruitingEventFilter = {
    status: (params.get('status') as RecruitingEventFilter['status']) ?? null,
    sportTeamId: params.get('team'),
    kind: params.get('kind'),
    from: params.get('from'),
    to: params.get('to'),
    q: params.get('q'),
    page,
  };
  const list = useRecruitingEvents(filter);
  const items = list.data?.items ?? [];
  const filtered = ['status', 'team', 'kind', 'from', 'to', 'q'].some((k) => params.get(k));

  return (
    <Stack>
      <PageHeader
        title="Recruiting events"
        description="Visits, camps and evaluations with prospects, host athletes and coaches. A coach's event waits for an admin's approval; approved events show on the calendar."
        actions={canWrite && <Button onClick={() => setCreating(true)}>New recruiting event</Button>}
      />
      <Group align="flex-end" gap="sm" role="search" aria-label="Filter recruiting events">
        <TextInput
          label="Search"
          placeholder="Event name"
          value={filter.q ?? ''}
          onChange={(e) => update({ q: e.currentTarget.value || null })}
          w={{ base: '100%', sm: 200 }}
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
        <Select
          label="Team"
          placeholder="All teams"
          clearable
          searchable
          data={(options.data?.teams ?? []).map((t) => ({ value: t.id, label: t.name }))}
          value={filter.sportTeamId}
          onChange={(v) => update({ team: v })}
          w={{ base: '100%', sm: 200 }}
        />
        <Select
          label="Kind"
          placeholder="All kinds"
          clearable
          data={Object.entries(RECRUITING_EVENT_KINDS).map(([value, label]) => ({ value, label }))}
          value={filter.kind}
          onChange={(v) => update({ kind: v })}
          w={{ base: '100%', sm: 190 }}
        />
        <DateRangeFilters from={filter.from} to={filter.to} onChange={update} />
      </Group>
      <PagedResults
        query={list}
        noun="event"
        loadingLabel="Loading recruiting events"
        page={filter.page}
        pageSize={RECRUITING_EVENTS_PAGE_SIZE}
        onPage={(p) => update({ page: String(p) })}
        empty={
          <NothingHere
            title={filtered ? 'No events match' : 'No recruiting events yet'}
            description={
              filtered
                ? 'Change the filters to see more.'
                : 'Plan a visit, camp or evaluation and invite prospects, host athletes and coaches.'
            }
            action={canWrite && !filtered && <Button onClick={() => setCreating(true)}>New recruiting event</Button>}
          />
        }
      >
        <Table verticalSpacing="sm" highlightOnHover aria-label="Recruiting events">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Event</Table.Th>
              <Table.Th>Kind</Table.Th>
              <Table.Th>Team</Table.Th>
              <Table.Th>When</Table.Th>
              <Table.Th>Prospects</Table.Th>
              <Table.Th>Status</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {items.map((e) => (
              <Table.Tr key={e.id} data-testid="recruiting-event-row">
                <Table.Td>
                  <Anchor component={Link} to={`/recruitmentEvents/${e.id}`} fw={500} size="sm">
                    {e.name}
                  </Anchor>
                  {e.location && (
                    <Text size="xs" c="dimmed">
                      {e.location}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td>
                  {kindLabel(e.kind)}
                  {e.visitFlags.length > 0 && (
                    <Text size="xs" c="red.9" title={e.visitFlags.join('\n')}>
                      {countOf(e.visitFlags.length, 'visit flag')}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td>{e.sportTeamName}</Table.Td>
                <Table.Td>
                  <Text size="sm">{eventWhen(e)}</Text>
                </Table.Td>
                <Table.Td>{countOf(e.psaCount, 'prospect')}</Table.Td>
                <Table.Td>
                  <Badge variant="filled" color={EVENT_STATUS_COLOURS[e.status]}>
                    {EVENT_STATUS_LABELS[e.status]}
                  </Badge>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </PagedResults>
      <RecruitingEventFormModal
        opened={creating}
        event={null}
        onClose={() => setCreating(false)}
        onSaved={(saved) => void navigate(`/recruitmentEvents/${saved.id}`)}
      />
    </Stack>
  );
}
