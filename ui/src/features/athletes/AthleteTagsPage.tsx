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
  const [editing, setEditing] = useState<{ id: string; name: string } | null>(null);
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
                <Table.Tr key={t.id}>
                  <Table.Td>
                    {editing?.id === t.id ? (
                      <TextInput
                        aria-label={`New name for ${t.name}`}
                        value={editing.name}
                        maxLength={50}
                        onChange={(e) => setEditing({ id: t.id, name: e.currentTarget.value })}
                        error={rename.error ? errorMessage(rename.error) : undefined}
                      />
                    ) : (
                      t.name
                    )}
                  </Table.Td>
                  <Table.Td>{countOf(t.athletes, 'student-athlete')}</Table.Td>
                  {canManage && (
                    <Table.Td>
                      <Group gap="xs" justify="flex-end" wrap="nowrap">
                        {editing?.id === t.id ? (
                          <>
                            <Button
                              size="xs"
                              loading={rename.isPending}
                              onClick={() => rename.mutate(editing, { onSuccess: () => setEditing(null) })}
                            >
                              Save
                            </Button>
                            <Button size="xs" variant="default" onClick={() => setEditing(null)}>
                              Cancel
                            </Button>
                          </>
                        ) : (
                          <>
                            <Button
                              size="xs"
                              variant="default"
                              aria-label={`Rename ${t.name}`}
                              onClick={() => {
                                rename.reset();
                                setEditing({ id: t.id, name: t.name });
                              }}
                            >
                              Rename
                            </Button>
                            <Button
                              size="xs"
                              variant="subtle"
                              color="red.9"
                              c="red.9"
                              aria-label={`Delete ${t.name}`}
                              onClick={() => setDeleting(t)}
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
