import { Checkbox, NativeSelect, Radio, Table, TextInput } from '@mantine/core';
import type { CSSProperties } from 'react';
import type { MatrixColumn, MatrixRow } from '../../../../form-engine';
import { FieldGroup } from './FieldGroup';
import type { FieldProps } from './field-props';
import { pickedRadio, readMatrix, setMatrixCell } from './matrix-answer';
import { TableScroll } from '../table/TableScroll';

/** Off screen but read by screen readers (a table row cannot be wrapped in Mantine's VisuallyHidden). */
const VISUALLY_HIDDEN: CSSProperties = {
  position: 'absolute',
  width: 1,
  height: 1,
  padding: 0,
  margin: -1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
  border: 0,
};

/**
 * Matrix as a real table: column headers (th scope=col) and row headers (th scope=row), one labelled control per
 * cell ("Knee, Surgery"). A row's radio columns share one radio name. "Hide headers" hides the column headers
 * visually only: screen readers still announce them.
 */
export function MatrixField({
  element,
  value,
  onChange,
  onBlur,
  error,
  required,
  readOnly,
  inputId,
}: FieldProps<'matrix'>) {
  const answer = readMatrix(value);
  const columns = element.columns;
  const setCell = (row: MatrixRow, column: MatrixColumn, cell: unknown) =>
    onChange(setMatrixCell(value, columns, row.id, column, cell));
  const cellLabel = (row: MatrixRow, column: MatrixColumn) => `${row.label}, ${column.label}`;

  const renderCell = (row: MatrixRow, column: MatrixColumn) => {
    const cell = answer[row.id]?.[column.id];
    const common = { 'aria-label': cellLabel(row, column), onBlur, disabled: readOnly };
    switch (column.type) {
      case 'radio':
        return (
          <Radio
            {...common}
            name={`${inputId}-${row.id}`}
            value={column.id}
            checked={pickedRadio(value, columns, row.id) === column.id}
            onChange={(event) => event.currentTarget.checked && setCell(row, column, true)}
          />
        );
      case 'multichoice':
        return (
          <Checkbox
            {...common}
            checked={cell === true}
            onChange={(event) => setCell(row, column, event.currentTarget.checked)}
          />
        );
      case 'dropdown':
        return (
          <NativeSelect
            {...common}
            size="xs"
            value={typeof cell === 'string' ? cell : ''}
            data={[
              { value: '', label: 'Choose…' },
              ...(column.options ?? []).map((o) => ({ value: o.id, label: o.label })),
            ]}
            onChange={(event) => setCell(row, column, event.currentTarget.value)}
          />
        );
      case 'text':
        return (
          <TextInput
            {...common}
            size="xs"
            disabled={false}
            readOnly={readOnly}
            value={typeof cell === 'string' ? cell : ''}
            onChange={(event) => setCell(row, column, event.currentTarget.value)}
          />
        );
    }
  };

  const header = (
    <Table.Tr style={element.hideHeaders ? VISUALLY_HIDDEN : undefined}>
      <Table.Td />
      {columns.map((column) => (
        <Table.Th key={column.id} scope="col">
          {column.label}
        </Table.Th>
      ))}
    </Table.Tr>
  );

  return (
    <FieldGroup
      id={inputId}
      label={element.label}
      tips={element.tips ?? (element.allCellsRequired ? 'Answer every cell.' : undefined)}
      error={error}
      required={required}
    >
      <TableScroll minWidth={Math.max(360, 120 + columns.length * 110)}>
        <Table withTableBorder withColumnBorders verticalSpacing="xs" aria-labelledby={`${inputId}-label`}>
          <Table.Thead>{header}</Table.Thead>
          <Table.Tbody>
            {element.rows.map((row) => (
              <Table.Tr key={row.id}>
                <Table.Th scope="row" fw={500}>
                  {row.label}
                </Table.Th>
                {columns.map((column) => (
                  <Table.Td key={column.id}>{renderCell(row, column)}</Table.Td>
                ))}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </TableScroll>
    </FieldGroup>
  );
}
