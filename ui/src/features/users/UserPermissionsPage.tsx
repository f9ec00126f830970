import {
  Anchor,
  Badge,
  Button,
  Group,
  Pagination,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
  VisuallyHidden,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { PORTAL_HOME, ROLE_LABELS, ROLES, type Role } from '../../../../domain/roles';
import { NotFoundPage } from '../../app/NotFoundPage';
import { errorMessage, isApiError } from '../../shared/api';
import { ConfirmModal } from '../../shared/ConfirmModal';
import { formatRelative, humanize } from '../../shared/format';
import { SearchIcon } from '../../shared/icons';
import { pageCount } from '../../shared/lists';
import { PageHeader } from '../../shared/PageHeader';
import { fullName } from '../../shared/person-name';
import { useMe } from '../../shared/session';
import { ErrorState, LoadingState, NothingHere } from '../../shared/states';
import { EditRolesModal } from './EditRolesModal';
import { designationLabels, titleGroupLabel } from './role-form';
import { userListAbilities, userListScope } from './user-list-scope';
import {
  useOperatedSchool,
  useSendInvitation,
  useSetUserActive,
  useUserList,
  type ListScope,
  type UserRow,
  type UserStatusFilter,
} from './users.api';
import { TableScroll } from '../../shared/table/TableScroll';

const STATUS_COLOUR: Record<UserStatusFilter, string> = {
  ACTIVE: 'green',
  INVITED: 'orange',
  NOT_INVITED: 'gray',
  INACTIVE: 'red',
};
const STATUS_OPTIONS = (['ACTIVE', 'INVITED', 'NOT_INVITED', 'INACTIVE'] as const).map((s) => ({
  value: s,
  label: humanize(s),
}));
const ROLE_OPTIONS = ROLES.map((r) => ({ value: r, label: ROLE_LABELS[r] }));

/** The spec's User Permissions list: who has which roles at a school, with role edits and (de)activation. */
export function UserPermissionsPage() {
  const me = useMe();
  const { universityId = '' } = useParams();
  const scope = userListScope(me, universityId);
  if (scope.kind === 'not-found') return <NotFoundPage homePath={PORTAL_HOME[me.portal]} />;
  return <UserPermissions key={scope.schoolId} scope={scope} />;
}

function UserPermissions({ scope }: { scope: ListScope }) {
  const me = useMe();
  const school = useOperatedSchool(scope);
  const can = userListAbilities(scope, me.permissions);
  const [search, setSearch] = useState('');
  const [q] = useDebouncedValue(search, 300);
  const [role, setRole] = useState<Role | null>(null);
  const [status, setStatus] = useState<UserStatusFilter | null>(null);
  const [page, setPage] = useState(1);
  const users = useUserList(scope, { q, role, status, page });
  const [editing, setEditing] = useState<UserRow | null>(null);
  const [toggling, setToggling] = useState<UserRow | null>(null);
  const setActive = useSetUserActive(scope);
  const invite = useSendInvitation(scope);
  const rows = users.data?.items ?? [];
  const filtered = Boolean(q || role || status);

  if (scope.kind === 'operator' && school.error) {
    const missing = isApiError(school.error) && [400, 404].includes(school.error.status);
    return missing ? (
      <NotFoundPage homePath={PORTAL_HOME[me.portal]} />
    ) : (
      <ErrorState error={school.error} onRetry={() => void school.refetch()} />
    );
  }
  const schoolName = scope.kind === 'own' ? me.school.name : school.data?.name;
  const schoolKind = scope.kind === 'own' ? me.school.kind : (school.data?.kind ?? 'SCHOOL');
  const deactivating = toggling?.status !== 'INACTIVE';

  const confirmToggle = () => {
    if (!toggling) return;
    const name = fullName(toggling);
    setActive.mutate(
      { userId: toggling.id, active: !deactivating },
      {
        onSuccess: () =>
          notifications.show({ color: 'teal', message: `${name} ${deactivating ? 'deactivated' : 'reactivated'}.` }),
        onError: (error) =>
          notifications.show({
            color: 'red',
            title: `Could not ${deactivating ? 'deactivate' : 'reactivate'} ${name}`,
            message: errorMessage(error),
          }),
        onSettled: () => setToggling(null),
      },
    );
  };
  const sendInvitation = (row: UserRow) =>
    invite.mutate(row.id, {
      onSuccess: () => notifications.show({ color: 'teal', message: `Invitation sent to ${row.email}.` }),
      onError: (error) =>
        notifications.show({ color: 'red', title: 'Could not send the invitation', message: errorMessage(error) }),
    });

  return (
    <Stack>
      <PageHeader
        title="User permissions"
        description={
          <>
            {schoolName ? `Everyone at ${schoolName}, with their roles and status.` : 'Loading the school…'}{' '}
            {scope.kind === 'operator' && (
              <Anchor component={Link} to={`/school/profile/${scope.schoolId}`}>
                Back to the school profile
              </Anchor>
            )}
          </>
        }
      />
      <Group role="search" align="flex-end">
        <TextInput
          label="Search"
          placeholder="Name or e-mail"
          leftSection={<SearchIcon size={16} />}
          value={search}
          onChange={(e) => {
            setSearch(e.currentTarget.value);
            setPage(1);
          }}
          w={{ base: '100%', sm: 280 }}
        />
        <Select
          label="Role"
          placeholder="All roles"
          clearable
          data={ROLE_OPTIONS}
          value={role}
          onChange={(v) => {
            setRole(v as Role | null);
            setPage(1);
          }}
          w={{ base: '100%', sm: 200 }}
        />
        <Select
          label="Status"
          placeholder="Any status"
          clearable
          data={STATUS_OPTIONS}
          value={status}
          onChange={(v) => {
            setStatus(v as UserStatusFilter | null);
            setPage(1);
          }}
          w={{ base: '100%', sm: 180 }}
        />
      </Group>
      {users.isPending && <LoadingState rows={6} label="Loading users" />}
      {users.error && <ErrorState error={users.error} onRetry={() => void users.refetch()} />}
      {users.isSuccess && rows.length === 0 && (
        <NothingHere
          title={filtered ? 'Nobody matches' : 'No users yet'}
          description={filtered ? 'Try another search or filter.' : 'People appear here once they are invited.'}
        />
      )}
      {rows.length > 0 && (
        <TableScroll minWidth={880}>
          <Table striped aria-label="User permissions">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Name</Table.Th>
                <Table.Th>Institution designation</Table.Th>
                <Table.Th>Title group</Table.Th>
                <Table.Th>Last active</Table.Th>
                <Table.Th>Status</Table.Th>
                <Table.Th>
                  <VisuallyHidden>Actions</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((row) => {
                const name = fullName(row);
                const self = row.id === me.id;
                const inactive = row.status === 'INACTIVE';
                return (
                  <Table.Tr key={row.id}>
                    <Table.Td>
                      <Group gap="xs" wrap="nowrap">
                        <Text size="sm" fw={600}>
                          {name}
                        </Text>
                        {self && (
                          <Badge size="xs" variant="light">
                            You
                          </Badge>
                        )}
                      </Group>
                      <Text size="xs" c="dimmed">
                        {row.email}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      <Group gap={4}>
                        {designationLabels(row.roles).map((label) => (
                          <Badge key={label} variant="light" color="indigo">
                            {label}
                          </Badge>
                        ))}
                        {row.roles.length === 0 && '—'}
                      </Group>
                    </Table.Td>
                    <Table.Td>{titleGroupLabel(row.roles) ?? '—'}</Table.Td>
                    <Table.Td>{row.lastActiveAt ? formatRelative(row.lastActiveAt) : 'Never'}</Table.Td>
                    <Table.Td>
                      <Badge color={STATUS_COLOUR[row.status]}>{humanize(row.status)}</Badge>
                    </Table.Td>
                    <Table.Td>
                      {!self && (
                        <Group gap="xs" justify="flex-end" wrap="nowrap">
                          {can.invite && (row.status === 'INVITED' || row.status === 'NOT_INVITED') && (
                            <Button
                              size="xs"
                              variant="subtle"
                              loading={invite.isPending && invite.variables === row.id}
                              onClick={() => sendInvitation(row)}
                              aria-label={`${row.status === 'INVITED' ? 'Resend' : 'Send'} invitation to ${name}`}
                            >
                              {row.status === 'INVITED' ? 'Resend invitation' : 'Send invitation'}
                            </Button>
                          )}
                          {can.editRoles && !inactive && (
                            <Button
                              size="xs"
                              variant="default"
                              onClick={() => setEditing(row)}
                              aria-label={`Edit roles of ${name}`}
                            >
                              Edit roles
                            </Button>
                          )}
                          {can.changeStatus && (
                            <Button
                              size="xs"
                              variant="subtle"
                              color={inactive ? 'teal' : 'red'}
                              onClick={() => setToggling(row)}
                              aria-label={`${inactive ? 'Reactivate' : 'Deactivate'} ${name}`}
                            >
                              {inactive ? 'Reactivate' : 'Deactivate'}
                            </Button>
                          )}
                        </Group>
                      )}
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </TableScroll>
      )}
      {users.data && users.data.total > rows.length && (
        <Group justify="center">
          <Pagination total={pageCount(users.data.total)} value={page} onChange={setPage} />
        </Group>
      )}
      <EditRolesModal user={editing} scope={scope} schoolKind={schoolKind} onClose={() => setEditing(null)} />
      <ConfirmModal
        opened={toggling !== null}
        title={toggling ? `${deactivating ? 'Deactivate' : 'Reactivate'} ${fullName(toggling)}?` : ''}
        body={
          deactivating
            ? 'They lose all access at once: their sessions end and any pending invitation is withdrawn. You can reactivate them later.'
            : 'They get their access back with the roles they had. Someone who never set a password needs a new invitation.'
        }
        confirmLabel={deactivating ? 'Deactivate' : 'Reactivate'}
        confirmColor={deactivating ? 'red.9' : 'teal.9'}
        loading={setActive.isPending}
        onConfirm={confirmToggle}
        onClose={() => setToggling(null)}
      />
    </Stack>
  );
}
