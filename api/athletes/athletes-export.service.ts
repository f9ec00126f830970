import {
  ATHLETE_LIST_COLUMN_KEYS,
  ATHLETE_LIST_COLUMNS,
  formatListCell,
  type AthleteListColumn,
} from '../../domain/athlete-profiles';
import { AppError } from '../../domain/errors';
import type { AthleteListRow } from './athletes.schemas';
import { neutraliseCell, toCsv } from '../../domain/csv';
import { buildSheetFile, type SheetCell } from '../shared/spreadsheets/write-spreadsheet';

/** Columns that stay numbers in a spreadsheet (so they sum and sort there); everything else is text. */
const NUMERIC = new Set<AthleteListColumn>([
  'cumulativeGPA',
  'athleticGrantAmount',
  'totalAidPercentage',
  'totalAidAmount',
]);

/** The export's columns from the query (the ones the list shows, in its order); unknown keys are a 400. */
export function exportColumns(param: string | undefined, fallback: AthleteListColumn[]): AthleteListColumn[] {
  if (!param) return fallback;
  const keys = param
    .split(',')
    .map((k) => k.trim())
    .filter(Boolean);
  const unknown = keys.filter((k) => !(ATHLETE_LIST_COLUMN_KEYS as string[]).includes(k));
  if (unknown.length || keys.length === 0) {
    throw new AppError('VALIDATION_FAILED', [{ field: 'columns', message: `Unknown column: ${unknown.join(', ')}` }]);
  }
  return [...new Set(keys)] as AthleteListColumn[];
}

const headerOf = (c: AthleteListColumn) => ATHLETE_LIST_COLUMNS.find((x) => x.key === c)!.label;

export function athletesCsv(rows: AthleteListRow[], columns: AthleteListColumn[]): Buffer {
  const table = [columns.map(headerOf), ...rows.map((r) => columns.map((c) => formatListCell(c, r)))];
  // A BOM so spreadsheet programs read the UTF-8 names right.
  return Buffer.from(`\uFEFF${toCsv(table)}`, 'utf8');
}

export function athletesXlsx(rows: AthleteListRow[], columns: AthleteListColumn[]): Buffer {
  const cell = (c: AthleteListColumn, r: AthleteListRow): SheetCell => {
    const v = r[c as keyof AthleteListRow];
    if (NUMERIC.has(c) && typeof v === 'number') return { t: 'n', v };
    return { t: 's', v: neutraliseCell(formatListCell(c, r)) };
  };
  return buildSheetFile('xlsx', 'Student-athletes', [
    columns.map((c): SheetCell => ({ t: 's', v: headerOf(c) })),
    ...rows.map((r) => columns.map((c) => cell(c, r))),
  ]);
}
