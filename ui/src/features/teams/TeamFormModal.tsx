import { Select, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useEffect } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { ERRORS } from '../../../../domain/errors';
import { fieldErrors } from '../../shared/api';
import { DialogModal } from '../../shared/DialogModal';
import { humanize } from '../../shared/format';
import { TEAM_GENDERS } from '../../../../domain/teams';
import { useSaveTeam, type Team, type TeamInput } from './teams.api';

interface Props {
  opened: boolean;
  team: Team | null;
  onClose: () => void;
}

const EMPTY: TeamInput = { name: '', sport: '', gender: 'MEN' };

/** Create a team (team = null) or edit one. */
export function TeamFormModal({ opened, team, onClose }: Props) {
  const save = useSaveTeam();
  const form = useForm<TeamInput>({ defaultValues: EMPTY });
  const { errors } = form.formState;

  useEffect(() => {
    if (!opened) return;
    form.reset(team ? { name: team.name, sport: team.sport, gender: team.gender } : EMPTY);
    save.reset();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- reset only when the modal opens for a team
  }, [opened, team]);

  const submit = form.handleSubmit((input) =>
    save.mutate(
      { id: team?.id ?? null, input: { ...input, name: input.name.trim(), sport: input.sport.trim() } },
      {
        onSuccess: () => {
          notifications.show({ color: 'teal', message: team ? 'Team saved.' : 'Team created.' });
          onClose();
        },
        onError: (error) => {
          for (const [field, message] of Object.entries(fieldErrors(error))) {
            if (field === 'name' || field === 'sport' || field === 'gender') form.setError(field, { message });
          }
        },
      },
    ),
  );

  return (
    <DialogModal
      opened={opened}
      onClose={onClose}
      title={team ? `Edit ${team.name}` : 'New sport team'}
      actionLabel={team ? 'Save' : 'Create team'}
      onAction={() => void submit()}
      loading={save.isPending}
      error={save.error}
      isShownInline={(f) => ['name', 'sport', 'gender'].includes(f)}
      asForm
    >
      <TextInput
        label="Team name"
        placeholder="Women's Basketball"
        withAsterisk
        data-autofocus
        error={errors.name?.message}
        {...form.register('name', { validate: (v) => v.trim() !== '' || ERRORS.MANDATORY_FIELD.message })}
      />
      <TextInput
        label="Sport"
        placeholder="Basketball"
        withAsterisk
        error={errors.sport?.message}
        {...form.register('sport', { validate: (v) => v.trim() !== '' || ERRORS.MANDATORY_FIELD.message })}
      />
      <Controller
        control={form.control}
        name="gender"
        render={({ field }) => (
          <Select
            label="Gender"
            withAsterisk
            allowDeselect={false}
            data={TEAM_GENDERS.map((g) => ({ value: g, label: humanize(g) }))}
            value={field.value}
            onChange={(v) => field.onChange(v ?? 'MEN')}
            onBlur={field.onBlur}
            error={errors.gender?.message}
          />
        )}
      />
    </DialogModal>
  );
}
