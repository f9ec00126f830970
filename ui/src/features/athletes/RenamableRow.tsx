import { Button, Group, Table, TextInput } from '@mantine/core';
import type { UseMutationResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { errorMessage } from '../../shared/api';

export interface NameEdit {
  id: string;
  name: string;
}

interface RenamableRowProps<Row extends NameEdit> {
  row: Row;
  /** The cells between the name and the actions. */
  children: ReactNode;
  editing: NameEdit | null;
  setEditing: (edit: NameEdit | null) => void;
  rename: UseMutationResult<unknown, Error, NameEdit>;
  onDelete: (row: Row) => void;
  canManage: boolean;
  maxLength: number;
}

/**
 * A table row of a named thing (a tag, a custom field) that a manager renames in place (Save, Cancel) or deletes;
 * the rename error shows under the name and clears as the name is typed.
 */
export function RenamableRow<Row extends NameEdit>({
  row,
  children,
  editing,
  setEditing,
  rename,
  onDelete,
  canManage,
  maxLength,
}: RenamableRowProps<Row>) {
  const isEditing = editing?.id === row.id;
  return (
    <Table.Tr>
      <Table.Td>
        {isEditing ? (
          <TextInput
            aria-label={`New name for ${row.name}`}
            value={editing.name}
            maxLength={maxLength}
            onChange={(e) => {
              setEditing({ id: row.id, name: e.currentTarget.value });
              rename.reset();
            }}
            error={rename.error ? errorMessage(rename.error) : undefined}
          />
        ) : (
          row.name
        )}
      </Table.Td>
      {children}
      {canManage && (
        <Table.Td>
          <Group gap="xs" justify="flex-end" wrap="nowrap">
            {isEditing ? (
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
                  aria-label={`Rename ${row.name}`}
                  onClick={() => {
                    rename.reset();
                    setEditing({ id: row.id, name: row.name });
                  }}
                >
                  Rename
                </Button>
                <Button
                  size="xs"
                  variant="subtle"
                  color="red"
                  aria-label={`Delete ${row.name}`}
                  onClick={() => onDelete(row)}
                >
                  Delete
                </Button>
              </>
            )}
          </Group>
        </Table.Td>
      )}
    </Table.Tr>
  );
}
