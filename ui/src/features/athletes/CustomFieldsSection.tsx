import { Button, Group, Select, Stack, Table, Text, TextInput, Title, VisuallyHidden } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { CUSTOM_FIELD_SCOPES } from '../../../../domain/athlete-profiles';
import { errorMessage } from '../../shared/api';
import { ConfirmModal } from '../../shared/ConfirmModal';
import { ErrorState, LoadingState } from '../../shared/states';
import { TableScroll } from '../../shared/table/TableScroll';
import { RenamableRow, type NameEdit } from './RenamableRow';
import { useCustomFieldMutations, useCustomFields, useTeamOptions, type CustomFieldRow } from './athletes.api';

/** Spec part 2: a custom field's name is at most 255 characters. */
const NAME_MAX = 255;
const EVERY_ATHLETE = '';

/**
 * Custom fields of student-athlete profiles (migration 094): an admin defines them for every athlete or for one
 * team's, renames and deletes them; values are filled on each profile. Names are unique per reach.
 */
export function CustomFieldsSection({ canManage }: { canManage: boolean }) {
  const fields = useCustomFields();
  const teams = useTeamOptions();
  const { create, rename, remove } = useCustomFieldMutations();
  const [name, setName] = useState('');
  const [team, setTeam] = useState(EVERY_ATHLETE);
  const [editing, setEditing] = useState<NameEdit | null>(null);
  const [deleting, setDeleting] = useState<CustomFieldRow | null>(null);
  const teamName = (id: string | null) => teams.data?.find((t) => t.value === id)?.label ?? 'A team';
  const reach = (f: CustomFieldRow) =>
    f.scope === 'TEAM' ? `Every athlete of ${teamName(f.sportTeamId)}` : CUSTOM_FIELD_SCOPES[f.scope];

  const add = () =>
    create.mutate(team ? { name, scope: 'TEAM', sportTeamId: team } : { name, scope: 'INSTITUTION' }, {
      onSuccess: () => {
        notifications.show({ color: 'teal', message: `Custom field “${name.trim()}” added.` });
        setName('');
      },
    });

  return (
    <Stack component="section" aria-labelledby="custom-fields-heading" gap="sm">
      <Title order={2} size="h4" id="custom-fields-heading">
        Custom fields
      </Title>
      <Text size="sm" c="dimmed">
        Extra fields on student-athlete profiles, for every athlete or for one team&apos;s. Names up to {NAME_MAX}{' '}
        characters, unique for the same athletes.
      </Text>
      {canManage && (
        <Group
          align="flex-start"
          component="form"
          aria-label="New custom field"
          onSubmit={(e) => {
            e.preventDefault();
            add();
          }}
        >
          <TextInput
            label="Field name"
            value={name}
            maxLength={NAME_MAX}
            onChange={(e) => {
              setName(e.currentTarget.value);
              create.reset();
            }}
            error={create.error ? errorMessage(create.error) : undefined}
            w={{ base: '100%', sm: 280 }}
          />
          <Select
            label="Shown for"
            data={[
              { value: EVERY_ATHLETE, label: 'Every athlete' },
              ...(teams.data ?? []).map((t) => ({ ...t, label: `Athletes of ${t.label}` })),
            ]}
            value={team}
            onChange={(v) => setTeam(v ?? EVERY_ATHLETE)}
            allowDeselect={false}
            w={{ base: '100%', sm: 260 }}
          />
          <Button type="submit" mt={{ base: 0, sm: 25 }} disabled={!name.trim()} loading={create.isPending}>
            Add field
          </Button>
        </Group>
      )}
      {fields.isPending && <LoadingState rows={3} label="Loading custom fields" />}
      {fields.error && <ErrorState error={fields.error} onRetry={() => void fields.refetch()} />}
      {fields.data?.length === 0 && (
        <Text size="sm" c="dimmed">
          No custom fields yet.
        </Text>
      )}
      {fields.data && fields.data.length > 0 && (
        <TableScroll minWidth={520}>
          <Table striped aria-label="Custom fields">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Field</Table.Th>
                <Table.Th>Shown for</Table.Th>
                {canManage && (
                  <Table.Th>
                    <VisuallyHidden>Actions</VisuallyHidden>
                  </Table.Th>
                )}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {fields.data.map((f) => (
                <RenamableRow
                  key={f.id}
                  row={f}
                  editing={editing}
                  setEditing={setEditing}
                  rename={rename}
                  onDelete={setDeleting}
                  canManage={canManage}
                  maxLength={NAME_MAX}
                >
                  <Table.Td>{reach(f)}</Table.Td>
                </RenamableRow>
              ))}
            </Table.Tbody>
          </Table>
        </TableScroll>
      )}
      {deleting && (
        <ConfirmModal
          opened
          title="Delete custom field"
          body={`“${deleting.name}” is removed from every profile it is shown on.`}
          confirmLabel="Delete field"
          loading={remove.isPending}
          onConfirm={() =>
            remove.mutate(deleting.id, {
              onSuccess: () => setDeleting(null),
              onError: (error) => notifications.show({ color: 'red', message: errorMessage(error) }),
            })
          }
          onClose={() => setDeleting(null)}
        />
      )}
    </Stack>
  );
}
