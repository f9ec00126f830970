/**
 * Matrix answers: { [rowId]: { [columnId]: cell } }. A row's radio columns are one choice (picking one clears the
 * others); a multichoice cell is a checkbox whose "unticked" must be stored as false once the row is touched,
 * because "all cells required" asks for every non-radio cell; blank dropdown and text cells are left out.
 */
import type { MatrixColumn } from '../../../../form-engine';

export type MatrixAnswer = Record<string, Record<string, unknown>>;

export function readMatrix(value: unknown): MatrixAnswer {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return {};
  return value as MatrixAnswer;
}

export function setMatrixCell(
  answer: unknown,
  columns: readonly MatrixColumn[],
  rowId: string,
  column: MatrixColumn,
  value: unknown,
): MatrixAnswer {
  const current = readMatrix(answer);
  const row: Record<string, unknown> = { ...(current[rowId] ?? {}) };
  for (const other of columns) {
    if (other.type === 'multichoice' && typeof row[other.id] !== 'boolean') row[other.id] = false;
  }
  if (column.type === 'radio') {
    for (const other of columns) if (other.type === 'radio') delete row[other.id];
    if (value === true) row[column.id] = true;
  } else if (column.type === 'multichoice') {
    row[column.id] = value === true;
  } else if (typeof value === 'string' && value.trim() !== '') {
    row[column.id] = value;
  } else {
    delete row[column.id];
  }
  return { ...current, [rowId]: row };
}

/** The radio column picked in a row, if any. */
export function pickedRadio(answer: unknown, columns: readonly MatrixColumn[], rowId: string): string | null {
  const row = readMatrix(answer)[rowId] ?? {};
  return columns.find((column) => column.type === 'radio' && row[column.id] === true)?.id ?? null;
}
