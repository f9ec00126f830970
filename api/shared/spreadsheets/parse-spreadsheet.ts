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

function readWorkbook(kind: SheetKind, bytes: Buffer): XLSX.WorkBook {
  if (kind === 'xlsx') assertZipWithinLimit(bytes, SPREADSHEET_LIMITS.maxUnpackedBytes);
  try {
    if (kind === 'csv') {
      // Text stays text (raw): no number or date guessing, so "-5" or "=A1" arrive as written. A UTF-8 BOM is dropped.
      const text = new TextDecoder('utf-8', { fatal: true }).decode(bytes).replace(/^\uFEFF/, '');
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
  } catch {
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
