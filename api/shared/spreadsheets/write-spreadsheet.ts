import * as XLSX from '@e965/xlsx';

/** A cell to write: text, a number, or a cell object when its type must be forced (a number kept as text). */
export type SheetCell = string | number | XLSX.CellObject;

/**
 * The one spreadsheet writer: a one-sheet workbook of the given rows (header first) as XLSX or CSV bytes, through the
 * same library that reads uploads. Used for exports (cells already neutralised by domain/csv) and upload templates.
 */
export function buildSheetFile(
  kind: 'xlsx' | 'csv',
  sheetName: string,
  rows: readonly (readonly SheetCell[])[],
): Buffer {
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet(rows as SheetCell[][]), sheetName);
  return XLSX.write(book, { type: 'buffer', bookType: kind }) as Buffer;
}
