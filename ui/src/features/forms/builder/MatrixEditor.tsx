import { ActionIcon, Button, Fieldset, Group, NumberInput, Select, Stack, Switch, TextInput } from '@mantine/core';
import {
  FORM_LIMITS,
  MATRIX_COLUMN_TYPES,
  type MatrixColumn,
  type MatrixColumnType,
  type MatrixElement,
  type MatrixRow,
} from '../../../../../form-engine';
import { TrashIcon } from '../../../shared/icons';
import { createMatrixColumn, createMatrixRow, createOptions, type MakeId } from './create-element';
import { OptionsEditor } from './OptionsEditor';
import { patchElement } from './patch-element';

const COLUMN_TYPE_LABELS: Record<MatrixColumnType, string> = {
  radio: 'Radio (one per row)',
  multichoice: 'Multiple choice (checkbox)',
  dropdown: 'Dropdown',
  text: 'Text',
};

interface Props {
  element: MatrixElement;
  locked: boolean;
  makeId: MakeId;
  onChange: (element: MatrixElement) => void;
}

/** Rows and columns (0 to 10 each), column types, dropdown options, "all cells required" and "hide headers". */
export function MatrixEditor({ element, locked, makeId, onChange }: Props) {
  const set = (changes: Partial<MatrixElement>) => onChange(patchElement(element, changes));
  const resizeRows = (count: number) => {
    const rows = element.rows.slice(0, count);
    for (let i = rows.length; i < count; i++) rows.push(createMatrixRow(i, makeId));
    set({ rows });
  };
  const resizeColumns = (count: number) => {
    const columns = element.columns.slice(0, count);
    for (let i = columns.length; i < count; i++) columns.push(createMatrixColumn(i, makeId));
    set({ columns });
  };
  const setRow = (row: MatrixRow) => set({ rows: element.rows.map((r) => (r.id === row.id ? row : r)) });
  const setColumn = (column: MatrixColumn) =>
    set({ columns: element.columns.map((c) => (c.id === column.id ? column : c)) });
  const changeType = (column: MatrixColumn, type: MatrixColumnType) => {
    const { options: _options, ...rest } = column;
    setColumn(type === 'dropdown' ? { ...rest, type, options: createOptions(2, makeId) } : { ...rest, type });
  };
  return (
    <Stack gap="sm">
      <Group grow gap="xs">
        <NumberInput
          label="Rows (0–10)"
          min={0}
          max={FORM_LIMITS.matrixMaxRows}
          allowDecimal={false}
          value={element.rows.length}
          disabled={locked}
          onChange={(v) => typeof v === 'number' && resizeRows(Math.max(0, Math.min(FORM_LIMITS.matrixMaxRows, v)))}
        />
        <NumberInput
          label="Columns (0–10)"
          min={0}
          max={FORM_LIMITS.matrixMaxColumns}
          allowDecimal={false}
          value={element.columns.length}
          disabled={locked}
          onChange={(v) =>
            typeof v === 'number' && resizeColumns(Math.max(0, Math.min(FORM_LIMITS.matrixMaxColumns, v)))
          }
        />
      </Group>
      <Fieldset legend="Rows" variant="filled" p="xs">
        <Stack gap={6}>
          {element.rows.map((row, index) => (
            <Group key={row.id} gap={6} wrap="nowrap">
              <TextInput
                flex={1}
                size="xs"
                aria-label={`Row ${index + 1} label`}
                value={row.label}
                onChange={(event) => setRow({ ...row, label: event.currentTarget.value })}
              />
              <ActionIcon
                variant="subtle"
                color="red"
                aria-label={`Remove row ${index + 1}`}
                disabled={locked}
                onClick={() => set({ rows: element.rows.filter((r) => r.id !== row.id) })}
              >
                <TrashIcon />
              </ActionIcon>
            </Group>
          ))}
          <Group>
            <Button
              size="xs"
              variant="light"
              disabled={locked || element.rows.length >= FORM_LIMITS.matrixMaxRows}
              onClick={() => resizeRows(element.rows.length + 1)}
            >
              Add row
            </Button>
          </Group>
        </Stack>
      </Fieldset>
      <Fieldset legend="Columns" variant="filled" p="xs">
        <Stack gap="sm">
          {element.columns.map((column, index) => (
            <Stack key={column.id} gap={6}>
              <Group gap={6} wrap="nowrap" align="flex-end">
                <TextInput
                  flex={1}
                  size="xs"
                  label={`Column ${index + 1}`}
                  value={column.label}
                  onChange={(event) => setColumn({ ...column, label: event.currentTarget.value })}
                />
                <Select
                  size="xs"
                  w={150}
                  label="Type"
                  aria-label={`Column ${index + 1} type`}
                  allowDeselect={false}
                  disabled={locked}
                  data={MATRIX_COLUMN_TYPES.map((t) => ({ value: t, label: COLUMN_TYPE_LABELS[t] }))}
                  value={column.type}
                  onChange={(value) => value && changeType(column, value as MatrixColumnType)}
                />
                <ActionIcon
                  variant="subtle"
                  color="red"
                  aria-label={`Remove column ${index + 1}`}
                  disabled={locked}
                  onClick={() => set({ columns: element.columns.filter((c) => c.id !== column.id) })}
                >
                  <TrashIcon />
                </ActionIcon>
              </Group>
              {column.type === 'dropdown' && (
                <OptionsEditor
                  title="Dropdown options"
                  options={column.options ?? []}
                  locked={locked}
                  max={FORM_LIMITS.matrixDropdownMaxOptions}
                  makeId={makeId}
                  onChange={(options) => setColumn({ ...column, options })}
                />
              )}
            </Stack>
          ))}
          <Group>
            <Button
              size="xs"
              variant="light"
              disabled={locked || element.columns.length >= FORM_LIMITS.matrixMaxColumns}
              onClick={() => resizeColumns(element.columns.length + 1)}
            >
              Add column
            </Button>
          </Group>
        </Stack>
      </Fieldset>
      <Switch
        label="All cells required"
        checked={element.allCellsRequired ?? false}
        disabled={locked}
        onChange={(event) => set({ allCellsRequired: event.currentTarget.checked || undefined })}
      />
      <Switch
        label="Hide headers"
        checked={element.hideHeaders ?? false}
        disabled={locked}
        onChange={(event) => set({ hideHeaders: event.currentTarget.checked || undefined })}
      />
    </Stack>
  );
}
