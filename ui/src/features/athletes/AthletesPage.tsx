import { Badge, Button, Group, Pagination, Select, Stack, Table, Text, TextInput, VisuallyHidden } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useDebouncedValue } from '@mantine/hooks';
import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { errorMessage } from '../../shared/api';
import { ACADEMIC_STANDING_LABELS, RESIDENCY_STATUSES, ROSTER_STATUSES } from '../../../../domain/athletes';
import { humanize } from '../../shared/format';
import { PlusIcon, SearchIcon } from '../../shared/icons';
import { PAGE_SIZE, pageCount } from '../../shared/lists';
import { PageHeader } from '../../shared/PageHeader';
import { hasPermission, useMe } from '../../shared/session';
import { ErrorState, LoadingState, NothingHere } from '../../shared/states';
import { useAthletes, useSendInvitation, useTeamOptions, type AthleteRow } from './athletes.api';
import { TableScroll } from '../../shared/table/TableScroll';

const STATUS_COLOUR: Record<string, string> = {
  ACTIVE: 'green',
  INVITED: 'orange',
  NOT_INVITED: 'gray',
  INACTIVE: 'red',
};
const INVITABLE = new Set(['NOT_INVITED', 'INVITED']);

/** Stored codes shown with the domain's labels; unknown codes still read sensibly. */
function labelOf(labels: Record<string, string>, code: string | null): string {
  if (!code) return '—';
  return labels[code] ?? humanize(code);
}

/** Student-athletes with search, team filter and pages; the filters live in the URL so a view can be shared. */
export function AthletesPage() {
  const me = useMe();
  const [params, setParams] = useSearchParams();
  const teamId = params.get('teamId');
  const page = Math.max(1, Number(params.get('page') ?? '1') || 1);
  const [search, setSearch] = useState(params.get('q') ?? '');
  const [q] = useDebouncedValue(search, 300);
  const teams = useTeamOptions();
  const athletes = useAthletes({ q, teamId, page });
  const canInvite = hasPermission(me, 'users:invite');
  const invite = useSendInvitation();
  const sendInvitation = (a: AthleteRow) =>
    invite.mutate(a.id, {
      onSuccess: () => notifications.show({ color: 'teal', message: `Invitation sent to ${a.studentEmail}.` }),
      onError: (error) =>
        notifications.show({ color: 'red', title: 'Could not send the invitation', message: errorMessage(error) }),
    });

  const update = (changes: Record<string, string | null>) =>
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        for (const [k, v] of Object.entries(changes)) {
          if (v) next.set(k, v);
          else next.delete(k);
        }
        return next;
      },
      { replace: true },
    );

  useEffect(() => {
    if ((params.get('q') ?? '') !== q) update({ q: q || null, page: null });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- sync only when the debounced search changes
  }, [q]);

  const filtered = !!q || !!teamId;
  const rows = athletes.data?.items ?? [];

  return (
    <Stack>
      <PageHeader
        title="Student-athletes"
        description={
          athletes.data ? `${athletes.data.total} student-athlete${athletes.data.total === 1 ? '' : 's'}` : undefined
        }
        actions={
          <>
            {hasPermission(me, 'athletes:upload') && (
              <Button component={Link} to="/createBulkStudent" variant="default">
                Bulk upload
              </Button>
            )}
            {hasPermission(me, 'athletes:write') && (
              <Button component={Link} to="/createStudentAthlete" leftSection={<PlusIcon size={16} />}>
                Add student-athlete
              </Button>
            )}
          </>
        }
      />
      <Group align="flex-end" gap="md" role="search">
        <TextInput
          label="Search"
          placeholder="Name, e-mail or student ID"
          leftSection={<SearchIcon size={16} />}
          value={search}
          onChange={(e) => setSearch(e.currentTarget.value)}
          w={{ base: '100%', sm: 320 }}
        />
        <Select
          label="Team"
          placeholder="All teams"
          clearable
          data={teams.data ?? []}
          value={teamId}
          onChange={(v) => update({ teamId: v, page: null })}
          w={{ base: '100%', sm: 260 }}
        />
      </Group>
      {athletes.isPending && <LoadingState rows={6} label="Loading student-athletes" />}
      {athletes.error && <ErrorState error={athletes.error} onRetry={() => void athletes.refetch()} />}
      {athletes.isSuccess && rows.length === 0 && (
        <NothingHere
          title={filtered ? 'No student-athletes match' : 'No student-athletes yet'}
          description={filtered ? 'Try another search or team.' : 'Add the first student-athlete to get started.'}
        />
      )}
      {rows.length > 0 && (
        <TableScroll minWidth={900}>
          <Table striped aria-label="Student-athletes" style={{ opacity: athletes.isPlaceholderData ? 0.6 : 1 }}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Name</Table.Th>
                <Table.Th>Team</Table.Th>
                <Table.Th>Class</Table.Th>
                <Table.Th>Position</Table.Th>
                <Table.Th>Student ID</Table.Th>
                <Table.Th>Residency</Table.Th>
                <Table.Th>Roster status</Table.Th>
                <Table.Th>Account</Table.Th>
                {canInvite && (
                  <Table.Th>
                    <VisuallyHidden>Actions</VisuallyHidden>
                  </Table.Th>
                )}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((a) => (
                <Table.Tr key={a.id}>
                  <Table.Td>
                    <Text size="sm" fw={600}>
                      {a.athletName}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {a.studentEmail}
                    </Text>
                  </Table.Td>
                  <Table.Td>{a.sportTeamName ?? '—'}</Table.Td>
                  <Table.Td>{labelOf(ACADEMIC_STANDING_LABELS, a.classYear)}</Table.Td>
                  <Table.Td>{a.position ?? '—'}</Table.Td>
                  <Table.Td>{a.studentRollNumber ?? '—'}</Table.Td>
                  <Table.Td>{labelOf(RESIDENCY_STATUSES, a.residencyStatus)}</Table.Td>
                  <Table.Td>{labelOf(ROSTER_STATUSES, a.rosterStatus)}</Table.Td>
                  <Table.Td>
                    {a.userStatus ? (
                      <Badge color={STATUS_COLOUR[a.userStatus] ?? 'gray'}>{humanize(a.userStatus)}</Badge>
                    ) : (
                      '—'
                    )}
                  </Table.Td>
                  {canInvite && (
                    <Table.Td>
                      {INVITABLE.has(a.userStatus) && (
                        <Button
                          size="xs"
                          variant="default"
                          style={{ whiteSpace: 'nowrap' }}
                          loading={invite.isPending && invite.variables === a.id}
                          onClick={() => sendInvitation(a)}
                          aria-label={`${a.userStatus === 'INVITED' ? 'Resend' : 'Send'} invitation to ${a.athletName}`}
                        >
                          {a.userStatus === 'INVITED' ? 'Resend invite' : 'Invite'}
                        </Button>
                      )}
                    </Table.Td>
                  )}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </TableScroll>
      )}
      {athletes.data && athletes.data.total > PAGE_SIZE && (
        <Group justify="center">
          <Pagination
            total={pageCount(athletes.data.total)}
            value={page}
            onChange={(p) => update({ page: p === 1 ? null : String(p) })}
            getControlProps={(control) => ({ 'aria-label': `${control} page` })}
          />
        </Group>
      )}
    </Stack>
  );
}
