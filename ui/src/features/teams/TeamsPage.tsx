import { Badge, Button, Group, SegmentedControl, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { ApiError, errorMessage } from '../../shared/api';
import { ConfirmModal } from '../../shared/ConfirmModal';
import { humanize } from '../../shared/format';
import { PlusIcon } from '../../shared/icons';
import { PageHeader } from '../../shared/PageHeader';
import { hasPermission, useMe } from '../../shared/session';
import { ErrorState, LoadingState, NothingHere } from '../../shared/states';
import { TeamFormModal } from './TeamFormModal';
import { useArchiveTeam, useDeleteTeam, useTeams, type Team } from './teams.api';
import { TableScroll } from '../../shared/table/TableScroll';

type Shown = 'active' | 'archived';

/** A refused delete names what the team still has ("It has 3 athletes."), under the catalogue's sentence. */
function deleteProblem(error: unknown): string {
  const details = error instanceof ApiError ? error.details.map((d) => d.message) : [];
  return [errorMessage(error), ...details].join(' ');
}

export function TeamsPage() {
  const me = useMe();
  const canWrite = hasPermission(me, 'teams:write');
  const [shown, setShown] = useState<Shown>('active');
  const teams = useTeams(shown === 'archived');
  const remove = useDeleteTeam();
  const archive = useArchiveTeam();
  const [editing, setEditing] = useState<Team | null>(null);
  const [opened, setOpened] = useState(false);
  const [deleting, setDeleting] = useState<Team | null>(null);
  const [archiving, setArchiving] = useState<Team | null>(null);

  const openNew = () => {
    setEditing(null);
    setOpened(true);
  };
  const openEdit = (team: Team) => {
    setEditing(team);
    setOpened(true);
  };
  const deleteTeam = (team: Team) =>
    remove.mutate(team.id, {
      onSuccess: () => notifications.show({ color: 'teal', message: `${team.name} deleted.` }),
      onError: (error) =>
        notifications.show({ color: 'red', title: 'Could not delete the team', message: deleteProblem(error) }),
      onSettled: () => setDeleting(null),
    });
  const setArchived = (team: Team, value: boolean) =>
    archive.mutate(
      { id: team.id, archive: value },
      {
        onSuccess: () =>
          notifications.show({ color: 'teal', message: `${team.name} ${value ? 'archived' : 'unarchived'}.` }),
        onError: (error) =>
          notifications.show({
            color: 'red',
            title: `Could not ${value ? 'archive' : 'unarchive'} the team`,
            message: errorMessage(error),
          }),
        onSettled: () => setArchiving(null),
      },
    );

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
      <Group>
        <SegmentedControl
          aria-label="Show"
          value={shown}
          onChange={(v) => setShown(v as Shown)}
          data={[
            { value: 'active', label: 'Active' },
            { value: 'archived', label: 'Archived' },
          ]}
        />
      </Group>
      {shown === 'archived' && (
        <Text size="sm" c="dimmed">
          Archived teams are hidden from team pickers. Their athletes, events, CARA logs and rosters are kept.
        </Text>
      )}
      {teams.isPending && <LoadingState rows={4} label="Loading teams" />}
      {teams.error && <ErrorState error={teams.error} onRetry={() => void teams.refetch()} />}
      {teams.data && teams.data.length === 0 && shown === 'active' && (
        <NothingHere
          title="No teams yet"
          description="Create the first sport team to start organising athletes and staff."
          action={canWrite && <Button onClick={openNew}>New team</Button>}
        />
      )}
      {teams.data && teams.data.length === 0 && shown === 'archived' && (
        <NothingHere title="No archived teams" description="Teams you archive are listed here." />
      )}
      {teams.data && teams.data.length > 0 && (
        <TableScroll minWidth={640}>
          <Table striped aria-label={shown === 'archived' ? 'Archived sport teams' : 'Sport teams'}>
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
                        {team.archivedAt ? (
                          <Button
                            size="xs"
                            variant="default"
                            loading={archive.isPending && archive.variables?.id === team.id}
                            onClick={() => setArchived(team, false)}
                            aria-label={`Unarchive ${team.name}`}
                          >
                            Unarchive
                          </Button>
                        ) : (
                          <>
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
                              variant="default"
                              onClick={() => setArchiving(team)}
                              aria-label={`Archive ${team.name}`}
                            >
                              Archive
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
                          </>
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
      <TeamFormModal opened={opened} team={editing} onClose={() => setOpened(false)} />
      <ConfirmModal
        opened={archiving !== null}
        title={`Archive ${archiving?.name ?? 'team'}?`}
        body="The team is hidden from team pickers. Its athletes, staff, events, CARA logs and rosters are kept, and you can unarchive it at any time."
        confirmLabel="Archive team"
        confirmColor="blue"
        loading={archive.isPending}
        onConfirm={() => archiving && setArchived(archiving, true)}
        onClose={() => setArchiving(null)}
      />
      <ConfirmModal
        opened={deleting !== null}
        title={`Delete ${deleting?.name ?? 'team'}?`}
        body="Only a team that never had athletes, staff, events or logs can be deleted. A team with history can be archived instead."
        confirmLabel="Delete team"
        loading={remove.isPending}
        onConfirm={() => deleting && deleteTeam(deleting)}
        onClose={() => setDeleting(null)}
      />
    </Stack>
  );
}
