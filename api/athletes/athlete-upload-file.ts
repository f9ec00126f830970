import * as XLSX from '@e965/xlsx';
import type { FastifyReply } from 'fastify';
import { UPLOAD_COLUMNS, type UploadRow } from '../../domain/athlete-upload';
import { AppError } from '../../domain/errors';

export type SheetKind = 'xlsx' | 'xls' | 'csv';

const WRONG_TYPE = 'Upload an XLSX, XLS or CSV file.';

/** The kind of spreadsheet by its first bytes (a zip, an OLE2 compound file, or text), checked against its name. */
export function detectSheetKind(fileName: string, bytes: Buffer): SheetKind {
  const extension = /\.([a-z]+)$/i.exec(fileName)?.[1]?.toLowerCase();
  const isZip = bytes.subarray(0, 4).equals(Buffer.from([0x50, 0x4b, 0x03, 0x04]));
  const isOle = bytes.subarray(0, 4).equals(Buffer.from([0xd0, 0xcf, 0x11, 0xe0]));
  const kind: SheetKind | null = isZip ? 'xlsx' : isOle ? 'xls' : bytes.includes(0) ? null : 'csv';
  if (!kind || kind !== extension) {
    throw new AppError('FILE_TYPE_NOT_ALLOWED', [{ field: 'file', message: WRONG_TYPE }]);
  }
  return kind;
}

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

function readWorkbook(kind: SheetKind, bytes: Buffer): XLSX.WorkBook {
  try {
    if (kind === 'csv') {
      // Text stays text (raw): no number or date guessing, so "-5" or "=A1" arrive as written. A UTF-8 BOM is dropped.
      const text = new TextDecoder('utf-8', { fatal: true }).decode(bytes).replace(/^\uFEFF/, '');
      return XLSX.read(text, { type: 'string', raw: true, dense: false });
    }
    return XLSX.read(bytes, { type: 'buffer', cellFormula: true, cellNF: true, cellHTML: false, dense: false });
  } catch {
    throw new AppError('UPLOAD_FAILED', [{ field: 'file', message: 'The file could not be read as a spreadsheet.' }]);
  }
}

/** The first sheet's header row (row 1) and every non-blank row below it, as cell text. */
export function readSheet(kind: SheetKind, bytes: Buffer): { headers: string[]; rows: UploadRow[] } {
  const book = readWorkbook(kind, bytes);
  const sheet = book.SheetNames[0] ? book.Sheets[book.SheetNames[0]] : undefined;
  if (!sheet?.['!ref']) return { headers: [], rows: [] };
  const range = XLSX.utils.decode_range(sheet['!ref']);
  const width = Math.min(range.e.c, 200);
  const at = (r: number, c: number) => cellText(sheet[XLSX.utils.encode_cell({ r, c })] as XLSX.CellObject);
  const headers: string[] = [];
  for (let c = 0; c <= width; c++) headers.push(at(range.s.r, c).trim());
  while (headers.length > 0 && headers[headers.length - 1] === '') headers.pop();
  const rows: UploadRow[] = [];
  for (let r = range.s.r + 1; r <= range.e.r; r++) {
    const cells = headers.map((_, c) => at(r, c));
    if (cells.some((v) => v.trim() !== '')) rows.push({ row: r + 1, cells });
  }
  return { headers, rows };
}

/** A one-sheet workbook of the given rows (header first), as XLSX or CSV bytes: what upload templates are made of. */
export function buildSheetFile(kind: 'xlsx' | 'csv', sheetName: string, rows: readonly string[][]): Buffer {
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, XLSX.utils.aoa_to_sheet(rows as string[][]), sheetName);
  return XLSX.write(book, { type: 'buffer', bookType: kind }) as Buffer;
}

/** The template: every importable column's header and one example row. */
export function buildTemplate(kind: 'xlsx' | 'csv'): Buffer {
  const example: Record<string, string> = {
    firstName: 'Jordan',
    lastName: 'Lee',
    email: 'jordan.lee@example.edu',
    phoneNumber: '5125550100',
    dateOfBirth: '2006-04-02',
    class: 'First Year',
    residencyStatus: 'In state',
    enrollmentTerm: 'Fall',
    enrollmentYear: '2026',
    graduationYear: '2030',
  };
  return buildSheetFile(kind, 'Student-athletes', [
    UPLOAD_COLUMNS.map((c) => c.header),
    UPLOAD_COLUMNS.map((c) => example[c.field] ?? ''),
  ]);
}

const TEMPLATE_CONTENT_TYPES = {
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  csv: 'text/csv; charset=utf-8',
} as const;

/** Answers with a template file to download, named `<baseName>.<format>`. */
export function sendTemplate(reply: FastifyReply, format: 'xlsx' | 'csv', baseName: string, bytes: Buffer) {
  return reply
    .header('content-type', TEMPLATE_CONTENT_TYPES[format])
    .header('content-disposition', `attachment; filename="${baseName}.${format}"`)
    .send(bytes);
}
