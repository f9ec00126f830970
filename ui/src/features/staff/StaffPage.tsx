import { Badge, Button, Group, Pagination, Stack, Table, Text, TextInput, VisuallyHidden } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { ROLE_LABELS, TITLE_GROUP_LABELS, type CoachTitleGroup, type RoleGrant } from '../../../../domain/roles';
import { errorMessage } from '../../shared/api';
import { humanize } from '../../shared/format';
import { PlusIcon, SearchIcon } from '../../shared/icons';
import { pageCount } from '../../shared/lists';
import { PageHeader } from '../../shared/PageHeader';
import { hasPermission, useMe } from '../../shared/session';
import { ErrorState, LoadingState, NothingHere } from '../../shared/states';
import { InviteStaffModal } from './InviteStaffModal';
import { StaffTeamsModal } from './StaffTeamsModal';
import { useResendInvitation, useStaff, type StaffRow } from './staff.api';
import { TableScroll } from '../../shared/table/TableScroll';
import { fullName } from '../../shared/person-name';

const STATUS_COLOUR: Record<string, string> = {
  ACTIVE: 'green',
  INVITED: 'orange',
  NOT_INVITED: 'gray',
  INACTIVE: 'red',
};

function roleText(grant: RoleGrant): string {
  if (grant.role === 'COACH' && grant.titleGroup) return TITLE_GROUP_LABELS[grant.titleGroup];
  if (grant.role === 'SCHOOL_ADMIN') return grant.compliance ? 'School admin · compliance' : 'School admin';
  return ROLE_LABELS[grant.role];
}

/** The free-text title on top (a bare title-group code reads as its label), the role and title group below it. */
function TitleCell({ row }: { row: StaffRow }) {
  const roles = row.roles.map(roleText).join(', ');
  const title = row.title ? (TITLE_GROUP_LABELS[row.title as CoachTitleGroup] ?? row.title) : null;
  return (
    <>
      <Text size="sm">{title ?? (roles || '—')}</Text>
      {title && roles && roles !== title && (
        <Text size="xs" c="dimmed">
          {roles}
        </Text>
      )}
    </>
  );
}

/** Every team of the person, each with their title there when it differs from their title group. */
function TeamsCell({ row }: { row: StaffRow }) {
  if (row.teams.length === 0) return <>—</>;
  const roleTitle = row.roles.find((g) => g.role === 'COACH')?.titleGroup ?? null;
  return (
    <Stack gap={2}>
      {row.teams.map((t) => (
        <Text size="sm" key={t.id}>
          {t.name}
          {t.titleGroup && (row.teams.length > 1 || t.titleGroup !== roleTitle) && (
            <Text span size="xs" c="dimmed">
              {' '}
              · {TITLE_GROUP_LABELS[t.titleGroup]}
            </Text>
          )}
        </Text>
      ))}
    </Stack>
  );
}

/** Users who have not accepted yet can be (re)invited; the API starts or re-sends the invitation. */
const INVITABLE = new Set(['NOT_INVITED', 'INVITED']);

/** Coaches and staff at the school; admins invite from here and resend pending invitations. */
export function StaffPage() {
  const me = useMe();
  const canInvite = hasPermission(me, 'users:invite');
  // Admins assign coaches and staff to teams here (several teams each).
  const canEditTeams = me.portal === 'admin' && hasPermission(me, 'staff:write');
  const hasActions = canInvite || canEditTeams;
  const [editing, setEditing] = useState<StaffRow | null>(null);
  // The User Permissions list is the admin's (coaches also see this directory but manage nobody).
  const canManageRoles = me.portal === 'admin' && hasPermission(me, 'users:roles');
  // A person's name elsewhere (search, lists) opens the directory filtered to them: /staff?q=<name>.
  const [params] = useSearchParams();
  const [search, setSearch] = useState(params.get('q') ?? '');
  const [q] = useDebouncedValue(search, 300);
  const [page, setPage] = useState(1);
  const staff = useStaff(q, page);
  const resend = useResendInvitation();
  const [inviting, setInviting] = useState(false);
  const rows = staff.data?.items ?? [];

  const resendTo = (row: StaffRow) =>
    resend.mutate(row.id, {
      onSuccess: () => notifications.show({ color: 'teal', message: `Invitation sent to ${row.email}.` }),
      onError: (error) =>
        notifications.show({ color: 'red', title: 'Could not send the invitation', message: errorMessage(error) }),
    });

  return (
    <Stack>
      <PageHeader
        title="Staff directory"
        description="Coaches, staff and admins at your school."
        actions={
          <>
            {canManageRoles && (
              <Button variant="default" component={Link} to={`/universities/${me.school.id}/userList`}>
                User permissions
              </Button>
            )}
            {canInvite && (
              <Button leftSection={<PlusIcon size={16} />} onClick={() => setInviting(true)}>
                Invite staff
              </Button>
            )}
          </>
        }
      />
      <Group role="search">
        <TextInput
          label="Search"
          placeholder="Name or e-mail"
          leftSection={<SearchIcon size={16} />}
          value={search}
          onChange={(e) => {
            setSearch(e.currentTarget.value);
            setPage(1);
          }}
          w={{ base: '100%', sm: 320 }}
        />
      </Group>
      {staff.isPending && <LoadingState rows={5} label="Loading staff" />}
      {staff.error && <ErrorState error={staff.error} onRetry={() => void staff.refetch()} />}
      {staff.isSuccess && rows.length === 0 && (
        <NothingHere
          title={q ? 'No staff match' : 'No staff yet'}
          description={q ? 'Try another search.' : 'Invite coaches and admins to get started.'}
        />
      )}
      {rows.length > 0 && (
        <TableScroll minWidth={760}>
          <Table striped aria-label="Staff">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Name</Table.Th>
                <Table.Th>Title</Table.Th>
                <Table.Th>Teams</Table.Th>
                <Table.Th>Status</Table.Th>
                {hasActions && (
                  <Table.Th>
                    <VisuallyHidden>Actions</VisuallyHidden>
                  </Table.Th>
                )}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((row) => (
                <Table.Tr key={row.id}>
                  <Table.Td>
                    <Text size="sm" fw={600}>
                      {row.firstName} {row.lastName}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {row.email}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <TitleCell row={row} />
                  </Table.Td>
                  <Table.Td>
                    <TeamsCell row={row} />
                  </Table.Td>
                  <Table.Td>
                    {row.status ? (
                      <Badge color={STATUS_COLOUR[row.status] ?? 'gray'}>{humanize(row.status)}</Badge>
                    ) : (
                      '—'
                    )}
                  </Table.Td>
                  {hasActions && (
                    <Table.Td>
                      <Group gap="xs" wrap="nowrap">
                        {canEditTeams && (
                          <Button
                            size="xs"
                            variant="default"
                            onClick={() => setEditing(row)}
                            aria-label={`Edit teams of ${fullName(row)}`}
                          >
                            Edit teams
                          </Button>
                        )}
                        {canInvite && INVITABLE.has(row.status) && (
                          <Button
                            size="xs"
                            variant="default"
                            loading={resend.isPending && resend.variables === row.id}
                            onClick={() => resendTo(row)}
                            aria-label={`${row.status === 'INVITED' ? 'Resend' : 'Send'} invitation to ${fullName(row)}`}
                          >
                            {row.status === 'INVITED' ? 'Resend invitation' : 'Send invitation'}
                          </Button>
                        )}
                      </Group>
                    </Table.Td>
                  )}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </TableScroll>
      )}
      {staff.data && staff.data.total > rows.length && (
        <Group justify="center">
          <Pagination total={pageCount(staff.data.total)} value={page} onChange={setPage} />
        </Group>
      )}
      <InviteStaffModal opened={inviting} onClose={() => setInviting(false)} />
      <StaffTeamsModal row={editing} onClose={() => setEditing(null)} />
    </Stack>
  );
}
