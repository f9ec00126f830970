import { MultiSelect, Select, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { COACH_TITLE_GROUPS, TITLE_GROUP_LABELS, type CoachTitleGroup } from '../../../../domain/roles';
import { fieldErrors } from '../../shared/api';
import { LoadingState } from '../../shared/states';
import { useStaffTeamOptions, useUpdateStaffTeams, type StaffRow } from './staff.api';
import { fullName } from '../../shared/person-name';
import { DialogModal } from '../../shared/DialogModal';

const TITLE_OPTIONS = COACH_TITLE_GROUPS.map((g) => ({ value: g, label: TITLE_GROUP_LABELS[g] }));

/** The title a newly chosen team starts with: the person's coach title group, if they have one. */
function defaultTitle(row: StaffRow): CoachTitleGroup | null {
  return row.roles.find((g) => g.role === 'COACH')?.titleGroup ?? null;
}

/**
 * An admin chooses every team a staff member is on (issue 15: a coach may coach several teams) and their title on
 * each. Saving replaces the teams; the API records an audit event per team added, removed or retitled.
 */
export function StaffTeamsModal({ row, onClose }: { row: StaffRow | null; onClose: () => void }) {
  // Keyed by person, so each opening starts from that person's saved teams.
  return row ? <StaffTeamsForm key={row.id} row={row} name={fullName(row)} onClose={onClose} /> : null;
}

function StaffTeamsForm({ row, name, onClose }: { row: StaffRow; name: string; onClose: () => void }) {
  const options = useStaffTeamOptions(true);
  const save = useUpdateStaffTeams();
  const [teamIds, setTeamIds] = useState<string[]>(() => row.teams.map((t) => t.id));
  const [titles, setTitles] = useState<Record<string, CoachTitleGroup | null>>(() =>
    Object.fromEntries(row.teams.map((t) => [t.id, t.titleGroup])),
  );
  const [teamsError, setTeamsError] = useState<string | null>(null);

  const label = (id: string) =>
    options.data?.find((o) => o.value === id)?.label ?? row.teams.find((t) => t.id === id)?.name;

  const submit = () =>
    save.mutate(
      {
        id: row.id,
        teams: teamIds.map((id) => ({ sportTeamId: id, titleGroup: titles[id] ?? null })),
      },
      {
        onSuccess: () => {
          notifications.show({ color: 'teal', message: `${name}'s teams are saved.` });
          onClose();
        },
        onError: (error) => setTeamsError(fieldErrors(error).teams ?? null),
      },
    );

  return (
    <DialogModal
      opened
      onClose={onClose}
      title={`Teams of ${name}`}
      size="lg"
      asForm
      actionLabel="Save teams"
      loading={save.isPending}
      actionDisabled={options.isPending}
      onAction={submit}
      error={save.error}
      isShownInline={(f) => f === 'teams'}
    >
      {options.isPending ? (
        <LoadingState rows={2} label="Loading teams" />
      ) : (
        <MultiSelect
          label="Teams"
          description="Every team this person coaches or works with. They see these teams' athletes, rosters, calendar and CARA logs."
          placeholder={teamIds.length === 0 ? 'Choose teams' : undefined}
          data={options.data ?? []}
          value={teamIds}
          onChange={(ids) => {
            setTeamIds(ids);
            setTitles((prev) => ({
              ...Object.fromEntries(ids.map((id) => [id, id in prev ? prev[id]! : defaultTitle(row)])),
            }));
            setTeamsError(null);
          }}
          error={teamsError}
          searchable
          clearable
          nothingFoundMessage="No team matches"
        />
      )}
      {teamIds.length > 0 && (
        <Stack gap="xs">
          <Text size="sm" fw={500}>
            Title on each team
          </Text>
          {teamIds.map((id) => (
            <Select
              key={id}
              label={`Title on ${label(id) ?? 'this team'}`}
              placeholder="No title"
              data={TITLE_OPTIONS}
              value={titles[id] ?? null}
              onChange={(v) => setTitles((prev) => ({ ...prev, [id]: (v as CoachTitleGroup | null) ?? null }))}
              clearable
            />
          ))}
        </Stack>
      )}
    </DialogModal>
  );
}
