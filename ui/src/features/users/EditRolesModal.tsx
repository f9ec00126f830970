import { Checkbox, Select, SimpleGrid, Switch, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useEffect } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { COACH_TITLE_GROUPS, ROLE_LABELS, TITLE_GROUP_LABELS, type Role } from '../../../../domain/roles';
import { fullName } from '../../shared/person-name';
import { assignableRoles, toRoleForm, toRoleGrants, validateRoleForm, type RoleFormValues } from './role-form';
import { useChangeRoles, type ListScope, type UserRow } from './users.api';
import { DialogModal } from '../../shared/DialogModal';

const TITLE_OPTIONS = COACH_TITLE_GROUPS.map((g) => ({ value: g, label: TITLE_GROUP_LABELS[g] }));

/** Edits one person's roles: role checkboxes, the coach's title group and the admin's compliance permission. */
export function EditRolesModal({
  user,
  scope,
  schoolKind,
  onClose,
}: {
  user: UserRow | null;
  scope: ListScope;
  schoolKind: 'SCHOOL' | 'PROVIDER';
  onClose: () => void;
}) {
  const change = useChangeRoles(scope);
  const form = useForm<RoleFormValues>({ defaultValues: { roles: [], titleGroup: null, compliance: false } });
  const roles = useWatch({ control: form.control, name: 'roles' });
  const opened = user !== null;
  // Someone may already hold a role this editor cannot grant (an operator's own role): keep it listed.
  const offered = assignableRoles(schoolKind);
  const choices = [...offered, ...(user?.roles.map((g) => g.role).filter((r) => !offered.includes(r)) ?? [])];

  useEffect(() => {
    if (!user) return;
    form.reset(toRoleForm(user.roles));
    change.reset();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- reset only when another person is opened
  }, [user?.id]);

  const submit = form.handleSubmit((values) => {
    if (!user) return;
    const problem = validateRoleForm(values);
    if (problem) {
      form.setError('roles', { message: problem });
      return;
    }
    change.mutate(
      { userId: user.id, roles: toRoleGrants(values) },
      {
        onSuccess: () => {
          notifications.show({ color: 'teal', message: `Roles of ${fullName(user)} saved.` });
          onClose();
        },
      },
    );
  });

  return (
    <DialogModal
      opened={opened}
      onClose={onClose}
      title={user ? `Edit roles of ${fullName(user)}` : 'Edit roles'}
      size="lg"
      actionLabel="Save roles"
      onAction={() => void submit()}
      loading={change.isPending}
      error={change.error}
      formLabel="Edit roles"
      asForm
    >
      <Controller
        control={form.control}
        name="roles"
        render={({ field, fieldState }) => (
          <Checkbox.Group
            label="Institution designation"
            description="A person can hold several roles; admins also get the coach portal."
            withAsterisk
            value={field.value}
            onChange={(value) => {
              field.onChange(value as Role[]);
              form.clearErrors('roles');
            }}
            error={fieldState.error?.message}
          >
            <SimpleGrid cols={{ base: 1, sm: 2 }} mt="xs" spacing="xs">
              {choices.map((role) => (
                <Checkbox key={role} value={role} label={ROLE_LABELS[role]} />
              ))}
            </SimpleGrid>
          </Checkbox.Group>
        )}
      />
      {roles.includes('COACH') && (
        <Controller
          control={form.control}
          name="titleGroup"
          render={({ field }) => (
            <Select
              label="Coach title group"
              placeholder="No title group"
              clearable
              data={TITLE_OPTIONS}
              value={field.value}
              onChange={(v) => field.onChange(v)}
            />
          )}
        />
      )}
      {roles.includes('SCHOOL_ADMIN') && (
        <Controller
          control={form.control}
          name="compliance"
          render={({ field }) => (
            <Switch
              label="Compliance permission"
              description="School admins with it see the security audit log and the compliance screens."
              checked={field.value}
              onChange={(e) => field.onChange(e.currentTarget.checked)}
            />
          )}
        />
      )}
      <Text size="xs" c="dimmed">
        The person is notified of the change; it takes effect on their next request.
      </Text>
    </DialogModal>
  );
}
