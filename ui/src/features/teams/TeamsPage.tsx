import { Badge, Button, Group, Stack, Table, VisuallyHidden } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { errorMessage } from '../../shared/api';
import { ConfirmModal } from '../../shared/ConfirmModal';
import { humanize } from '../../shared/format';
import { PlusIcon } from '../../shared/icons';
import { PageHeader } from '../../shared/PageHeader';
import { hasPermission, useMe } from '../../shared/session';
import { ErrorState, LoadingState, NothingHere } from '../../shared/states';
import { TeamFormModal } from './TeamFormModal';
import { useDeleteTeam, useTeams, type Team } from './teams.api';
import { TableScroll } from '../../shared/table/TableScroll';

export function TeamsPage() {
  const me = useMe();
  const canWrite = hasPermission(me, 'teams:write');
  const teams = useTeams();
  const remove = useDeleteTeam();
  const [editing, setEditing] = useState<Team | null>(null);
  const [opened, setOpened] = useState(false);

  const openNew = () => {
    setEditing(null);
    setOpened(true);
  };
  const openEdit = (team: Team) => {
    setEditing(team);
    setOpened(true);
  };
  const [deleting, setDeleting] = useState<Team | null>(null);
  const deleteTeam = (team: Team) =>
    remove.mutate(team.id, {
      onSuccess: () => notifications.show({ color: 'teal', message: `${team.name} deleted.` }),
      onError: (error) =>
        notifications.show({ color: 'red', title: 'Could not delete the team', message: errorMessage(error) }),
      onSettled: () => setDeleting(null),
    });

  return (
    <Stack>
      <PageHeader
        title="Sport teams"
        description="The teams at your school. Rosters, staff and athletes are organised by team."
        actions={
          canWrite && (
            <Button leftSection={<PlusIcon size={16} />} onClick={openNew}>
              New team
            </Button>
          )
        }
      />
      {teams.isPending && <LoadingState rows={4} label="Loading teams" />}
      {teams.error && <ErrorState error={teams.error} onRetry={() => void teams.refetch()} />}
      {teams.data && teams.data.length === 0 && (
        <NothingHere
          title="No teams yet"
          description="Create the first sport team to start organising athletes and staff."
          action={canWrite && <Button onClick={openNew}>New team</Button>}
        />
      )}
      {teams.data && teams.data.length > 0 && (
        <TableScroll minWidth={560}>
          <Table striped aria-label="Sport teams">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Team</Table.Th>
                <Table.Th>Sport</Table.Th>
                <Table.Th>Gender</Table.Th>
                <Table.Th ta="right">Athletes</Table.Th>
                <Table.Th ta="right">Staff</Table.Th>
                {canWrite && (
                  <Table.Th>
                    <VisuallyHidden>Actions</VisuallyHidden>
                  </Table.Th>
                )}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {teams.data.map((team) => (
                <Table.Tr key={team.id}>
                  <Table.Td fw={600}>{team.name}</Table.Td>
                  <Table.Td>{team.sport}</Table.Td>
                  <Table.Td>
                    <Badge color="gray">{humanize(team.gender)}</Badge>
                  </Table.Td>
                  <Table.Td ta="right">{team.athleteCount}</Table.Td>
                  <Table.Td ta="right">{team.staffCount}</Table.Td>
                  {canWrite && (
                    <Table.Td>
                      <Group gap="xs" justify="flex-end" wrap="nowrap">
                        <Button
                          size="xs"
                          variant="default"
                          onClick={() => openEdit(team)}
                          aria-label={`Edit ${team.name}`}
                        >
                          Edit
                        </Button>
                        <Button
                          size="xs"
                          variant="subtle"
                          color="red"
                          onClick={() => setDeleting(team)}
                          aria-label={`Delete ${team.name}`}
                        >
                          Delete
                        </Button>
                      </Group>
                    </Table.Td>
                  )}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </TableScroll>
      )}
      <TeamFormModal opened={opened} team={editing} onClose={() => setOpened(false)} />
      <ConfirmModal
        opened={deleting !== null}
        title={`Delete ${deleting?.name ?? 'team'}?`}
        body="The team is removed from lists and filters. Athletes on it keep their profiles."
        confirmLabel="Delete team"
        loading={remove.isPending}
        onConfirm={() => deleting && deleteTeam(deleting)}
        onClose={() => setDeleting(null)}
      />
    </Stack>
  );
}
