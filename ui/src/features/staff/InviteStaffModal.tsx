import { Checkbox, Select, SimpleGrid, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useEffect } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { ERRORS } from '../../../../domain/errors';
import { COACH_TITLE_GROUPS, TITLE_GROUP_LABELS, type CoachTitleGroup, type RoleGrant } from '../../../../domain/roles';
import { fieldErrors } from '../../shared/api';
import { useInviteStaff, useStaffTeamOptions } from './staff.api';
import { DialogModal } from '../../shared/DialogModal';

interface FormValues {
  firstName: string;
  lastName: string;
  email: string;
  role: 'COACH' | 'SCHOOL_ADMIN';
  titleGroup: CoachTitleGroup;
  compliance: boolean;
  sportTeamId: string;
}

const EMPTY: FormValues = {
  firstName: '',
  lastName: '',
  email: '',
  role: 'COACH',
  titleGroup: 'HEAD_COACH',
  compliance: false,
  sportTeamId: '',
};
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const required = (v: string) => v.trim() !== '' || ERRORS.MANDATORY_FIELD.message;

function toGrants(values: FormValues): RoleGrant[] {
  if (values.role === 'COACH') return [{ role: 'COACH', titleGroup: values.titleGroup }];
  return [{ role: 'SCHOOL_ADMIN', compliance: values.compliance }];
}

/** Invites a coach (with title group and team) or a school admin (with or without compliance permission). */
export function InviteStaffModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const invite = useInviteStaff();
  const teams = useStaffTeamOptions(opened);
  const form = useForm<FormValues>({ defaultValues: EMPTY });
  const { errors } = form.formState;
  const role = useWatch({ control: form.control, name: 'role' });

  useEffect(() => {
    if (!opened) return;
    form.reset(EMPTY);
    invite.reset();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- reset only when the modal opens
  }, [opened]);

  const submit = form.handleSubmit((values) =>
    invite.mutate(
      {
        email: values.email.trim(),
        firstName: values.firstName.trim(),
        lastName: values.lastName.trim(),
        roles: toGrants(values),
        ...(values.sportTeamId ? { sportTeamId: values.sportTeamId } : {}),
      },
      {
        onSuccess: () => {
          notifications.show({ color: 'teal', message: `Invitation sent to ${values.email.trim()}.` });
          onClose();
        },
        onError: (error) => {
          for (const [field, message] of Object.entries(fieldErrors(error))) {
            if (field in EMPTY) form.setError(field as keyof FormValues, { message });
          }
        },
      },
    ),
  );

  return (
    <DialogModal
      opened={opened}
      onClose={onClose}
      title="Invite staff"
      size="lg"
      actionLabel="Send invitation"
      onAction={() => void submit()}
      loading={invite.isPending}
      error={invite.error}
      isShownInline={(f) => f in EMPTY}
      asForm
    >
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput
          label="First name"
          withAsterisk
          data-autofocus
          error={errors.firstName?.message}
          {...form.register('firstName', { validate: required })}
        />
        <TextInput
          label="Last name"
          withAsterisk
          error={errors.lastName?.message}
          {...form.register('lastName', { validate: required })}
        />
      </SimpleGrid>
      <TextInput
        label="Email"
        type="email"
        withAsterisk
        autoComplete="off"
        error={errors.email?.message}
        {...form.register('email', {
          validate: (v) =>
            v.trim() === '' ? ERRORS.MANDATORY_FIELD.message : EMAIL.test(v.trim()) || ERRORS.INVALID_EMAIL.message,
        })}
      />
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <Controller
          control={form.control}
          name="role"
          render={({ field }) => (
            <Select
              label="Role"
              withAsterisk
              allowDeselect={false}
              data={[
                { value: 'COACH', label: 'Coach or staff' },
                { value: 'SCHOOL_ADMIN', label: 'School admin' },
              ]}
              value={field.value}
              onChange={(v) => field.onChange(v ?? 'COACH')}
            />
          )}
        />
        {role === 'COACH' ? (
          <Controller
            control={form.control}
            name="titleGroup"
            render={({ field }) => (
              <Select
                label="Title group"
                withAsterisk
                allowDeselect={false}
                data={COACH_TITLE_GROUPS.map((g) => ({ value: g, label: TITLE_GROUP_LABELS[g] }))}
                value={field.value}
                onChange={(v) => field.onChange(v ?? 'HEAD_COACH')}
              />
            )}
          />
        ) : (
          <Checkbox
            mt={30}
            label="Compliance permission"
            description="Can see the security audit log and compliance screens."
            {...form.register('compliance')}
          />
        )}
      </SimpleGrid>
      <Controller
        control={form.control}
        name="sportTeamId"
        render={({ field }) => (
          <Select
            label="Sport team"
            placeholder="No team"
            clearable
            data={teams.data ?? []}
            value={field.value || null}
            onChange={(v) => field.onChange(v ?? '')}
          />
        )}
      />
    </DialogModal>
  );
}
