import { UPLOAD_COLUMNS } from '../../domain/athlete-upload';
import { AppError } from '../../domain/errors';
import type { SheetKind } from '../shared/spreadsheets/read-spreadsheet';
import { buildSheetFile } from '../shared/spreadsheets/write-spreadsheet';

export type { SheetKind } from '../shared/spreadsheets/read-spreadsheet';

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

/** Sending a template is the transport's (api/plugins/send-template.ts); re-exported for the routes that still import it here. */
export { sendTemplate } from '../plugins/send-template';
