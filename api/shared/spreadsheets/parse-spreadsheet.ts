import * as XLSX from '@e965/xlsx';
import { UPLOAD_LIMITS, type UploadRow } from '../../../domain/athlete-upload';
import { AppError } from '../../../domain/errors';
import { assertZipWithinLimit } from './zip-guard';

export type SheetKind = 'xlsx' | 'xls' | 'csv';

export interface ParsedSheet {
  headers: string[];
  rows: UploadRow[];
}

/**
 * The hard limits of every spreadsheet upload, far above any route's own row limit (at most 1,000), so that a route
 * still answers with its own count. Each has its own message in domain/errors.ts.
 */
export const SPREADSHEET_LIMITS = {
  maxFileBytes: UPLOAD_LIMITS.maxFileBytes,
  maxUnpackedBytes: 32 * 1024 * 1024,
  maxRows: 10_000,
  maxColumns: 200,
} as const;

const iso = (y: number, m: number, d: number) =>
  `${String(y).padStart(4, '0')}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;

/**
 * A cell as the text a person typed: a formula is kept as its text (=…) and never evaluated, a date cell becomes
 * YYYY-MM-DD, a number its plain digits, true/false Yes/No.
 */
function cellText(cell: XLSX.CellObject | undefined): string {
  if (!cell) return '';
  if (cell.f) return `=${cell.f}`;
  if (cell.t === 'n' && typeof cell.v === 'number') {
    if (cell.z && XLSX.SSF.is_date(cell.z)) {
      const d = XLSX.SSF.parse_date_code(cell.v);
      // A time of day alone (a fraction of a day, shown with hours) is its hours and minutes.
      if (cell.v < 1 && /h/i.test(String(cell.z))) {
        return `${String(d.H).padStart(2, '0')}:${String(d.M).padStart(2, '0')}`;
      }
      return iso(d.y, d.m, d.d);
    }
    return Number.isInteger(cell.v) ? cell.v.toFixed(0) : String(cell.v);
  }
  if (cell.t === 'd' && cell.v instanceof Date) {
    return iso(cell.v.getUTCFullYear(), cell.v.getUTCMonth() + 1, cell.v.getUTCDate());
  }
  if (cell.t === 'b') return cell.v ? 'Yes' : 'No';
  return String(cell.v ?? cell.w ?? '');
}

// The header row and one row past the limit are read: a cell on that last row means the file has too many.
const SHEET_ROWS = SPREADSHEET_LIMITS.maxRows + 2;

// A cell with a value (`<v>`, an inline string or a formula); a styled empty cell (`<c r="A9" s="1"/>`) has none.
const CELL = /<(?:\w+:)?c\s[^>]*?\br="[A-Z]{1,3}(\d+)"[^>]*?(\/?)>/g;
const CELL_VALUE = /^\s*<(?:\w+:)?(?:v|is|f)\b/;

/**
 * SheetJS stops reading at `sheetRows`, so a value below a run of blank rows (row 20,001 after 3 filled ones) would be
 * dropped without a word. Each worksheet is scanned first, and a value on a row past the limit refuses the file.
 */
function refuseValuesPastRowLimit(xml: Buffer): void {
  const text = xml.toString('latin1');
  for (const match of text.matchAll(CELL)) {
    if (Number(match[1]) < SHEET_ROWS || match[2] === '/') continue;
    if (CELL_VALUE.test(text.slice(match.index + match[0].length, match.index + match[0].length + 64))) {
      throw new AppError('UPLOAD_TOO_MANY_ROWS');
    }
  }
}

/** The same for a CSV: anything but separators and blanks after the last line read means rows would be lost. */
function refuseTextPastRowLimit(text: string): void {
  let at = -1;
  for (let line = 0; line < SHEET_ROWS; line++) {
    at = text.indexOf('\n', at + 1);
    if (at === -1) return;
  }
  if (/[^\s,;"]/.test(text.slice(at + 1))) throw new AppError('UPLOAD_TOO_MANY_ROWS');
}

function readWorkbook(kind: SheetKind, bytes: Buffer): XLSX.WorkBook {
  if (kind === 'xlsx') assertZipWithinLimit(bytes, SPREADSHEET_LIMITS.maxUnpackedBytes, refuseValuesPastRowLimit);
  try {
    if (kind === 'csv') {
      // Text stays text (raw): no number or date guessing, so "-5" or "=A1" arrive as written. A UTF-8 BOM is dropped.
      const text = new TextDecoder('utf-8', { fatal: true }).decode(bytes).replace(/^\uFEFF/, '');
      refuseTextPastRowLimit(text);
      return XLSX.read(text, { type: 'string', raw: true, dense: false, sheetRows: SHEET_ROWS });
    }
    return XLSX.read(bytes, {
      type: 'buffer',
      cellFormula: true,
      cellNF: true,
      cellHTML: false,
      dense: false,
      sheets: 0,
      sheetRows: SHEET_ROWS,
    });
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw new AppError('UPLOAD_FAILED', [{ field: 'file', message: 'The file could not be read as a spreadsheet.' }]);
  }
}

/** The cells the sheet really holds, by row then column: the declared range (`!ref`, `<dimension>`) is never walked. */
function presentCells(sheet: XLSX.WorkSheet): Map<number, Map<number, XLSX.CellObject>> {
  const byRow = new Map<number, Map<number, XLSX.CellObject>>();
  for (const address of Object.keys(sheet)) {
    if (address.startsWith('!')) continue;
    const { r, c } = XLSX.utils.decode_cell(address);
    if (r >= SHEET_ROWS - 1) throw new AppError('UPLOAD_TOO_MANY_ROWS');
    if (c >= SPREADSHEET_LIMITS.maxColumns) throw new AppError('UPLOAD_TOO_MANY_COLUMNS');
    let row = byRow.get(r);
    if (!row) byRow.set(r, (row = new Map()));
    row.set(c, sheet[address] as XLSX.CellObject);
  }
  return byRow;
}

/**
 * The first sheet's header row and every non-blank row below it, as cell text, under the hard limits. Runs in the
 * spreadsheet worker thread (read-spreadsheet.ts), never on the event loop.
 */
export function parseSpreadsheet(kind: SheetKind, bytes: Buffer): ParsedSheet {
  if (bytes.length > SPREADSHEET_LIMITS.maxFileBytes) throw new AppError('UPLOAD_TOO_LARGE');
  const book = readWorkbook(kind, bytes);
  const sheet = book.SheetNames[0] ? book.Sheets[book.SheetNames[0]] : undefined;
  if (!sheet?.['!ref']) return { headers: [], rows: [] };
  const byRow = presentCells(sheet);
  // Only where the range starts is taken from the sheet: the header row, as before.
  const first = XLSX.utils.decode_range(sheet['!ref']).s.r;
  const headerCells = byRow.get(first);
  const headers: string[] = [];
  for (let c = 0; c <= Math.max(-1, ...(headerCells?.keys() ?? [])); c++) {
    headers.push(cellText(headerCells?.get(c)).trim());
  }
  while (headers.length > 0 && headers[headers.length - 1] === '') headers.pop();
  const rows: UploadRow[] = [];
  for (const r of [...byRow.keys()].filter((r) => r > first).sort((a, b) => a - b)) {
    const cells = headers.map((_, c) => cellText(byRow.get(r)?.get(c)));
    if (cells.some((v) => v.trim() !== '')) rows.push({ row: r + 1, cells });
  }
  return { headers, rows };
}
