import { Button, Group, Stack, Table, TextInput, VisuallyHidden } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { errorMessage } from '../../shared/api';
import { ConfirmModal } from '../../shared/ConfirmModal';
import { countOf } from '../../shared/labels';
import { PageHeader } from '../../shared/PageHeader';
import { hasPermission, useMe } from '../../shared/session';
import { ErrorState, LoadingState, NothingHere } from '../../shared/states';
import { useTagMutations, useTags, type TagRow } from './athletes.api';
import { TableScroll } from '../../shared/table/TableScroll';
import { RenamableRow, type NameEdit } from './RenamableRow';
import { CustomFieldsSection } from './CustomFieldsSection';

/**
 * The school's student-athlete tags (names unique per school; coaches add, admins also rename and delete), and the
 * custom field definitions of profiles (admins define, rename and delete).
 */
export function AthleteTagsPage() {
  const me = useMe();
  const tags = useTags();
  const { create, rename, remove } = useTagMutations();
  const canManage = hasPermission(me, 'athletes:write');
  const [name, setName] = useState('');
  const [editing, setEditing] = useState<NameEdit | null>(null);
  const [deleting, setDeleting] = useState<TagRow | null>(null);

  const add = () =>
    create.mutate(name, {
      onSuccess: () => {
        notifications.show({ color: 'teal', message: `Tag “${name.trim()}” added.` });
        setName('');
      },
    });

  return (
    <Stack>
      <PageHeader
        title="Student-athlete tags"
        description="Up to 10 tags per student-athlete each academic year; coaches' own tags up to 30."
      />
      <Group
        align="flex-start"
        component="form"
        onSubmit={(e) => {
          e.preventDefault();
          add();
        }}
      >
        <TextInput
          label="New tag"
          value={name}
          maxLength={50}
          onChange={(e) => {
            setName(e.currentTarget.value);
            create.reset();
          }}
          error={create.error ? errorMessage(create.error) : undefined}
          w={{ base: '100%', sm: 320 }}
        />
        <Button type="submit" mt={25} disabled={!name.trim()} loading={create.isPending}>
          Add tag
        </Button>
      </Group>
      {tags.isPending && <LoadingState rows={4} label="Loading tags" />}
      {tags.error && <ErrorState error={tags.error} onRetry={() => void tags.refetch()} />}
      {tags.data?.length === 0 && (
        <NothingHere title="No tags yet" description="Add a tag to group student-athletes." />
      )}
      {tags.data && tags.data.length > 0 && (
        <TableScroll minWidth={480}>
          <Table striped aria-label="Tags">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Tag</Table.Th>
                <Table.Th>Student-athletes</Table.Th>
                {canManage && (
                  <Table.Th>
                    <VisuallyHidden>Actions</VisuallyHidden>
                  </Table.Th>
                )}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {tags.data.map((t) => (
                <RenamableRow
                  key={t.id}
                  row={t}
                  editing={editing}
                  setEditing={setEditing}
                  rename={rename}
                  onDelete={setDeleting}
                  canManage={canManage}
                  maxLength={50}
                >
                  <Table.Td>{countOf(t.athletes, 'student-athlete')}</Table.Td>
                </RenamableRow>
              ))}
            </Table.Tbody>
          </Table>
        </TableScroll>
      )}
      <CustomFieldsSection canManage={canManage} />
      {deleting && (
        <ConfirmModal
          opened
          title="Delete tag"
          body={`“${deleting.name}” is removed from ${countOf(deleting.athletes, 'student-athlete')}.`}
          confirmLabel="Delete tag"
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
