import type { UploadRow, UploadRowError } from '../../domain/athlete-upload';
import { AppError } from '../../domain/errors';
import { detectSheetKind } from '../athletes/athlete-upload-file';
import { readSpreadsheet } from '../shared/spreadsheets/read-spreadsheet';

/**
 * The first steps every recruiting bulk upload shares (prospects, phone calls): the file's type read from its first
 * bytes, its first sheet read as text, and the batch limit, worded as the spec's "Upload limits exceeded".
 */
export async function readRecruitingSheet(
  fileName: string,
  bytes: Buffer,
  limit: { maxRows: number; noun: string },
): Promise<{ headers: string[]; rows: UploadRow[] }> {
  const sheet = await readSpreadsheet(detectSheetKind(fileName, bytes), bytes);
  if (sheet.rows.length === 0) throw new AppError('UPLOAD_EMPTY');
  if (sheet.rows.length > limit.maxRows) {
    throw new AppError('UPLOAD_LIMIT_EXCEEDED', [
      {
        field: 'file',
        message: `Upload limits exceeded: at most ${limit.maxRows.toLocaleString('en-US')} ${limit.noun} per batch (this file has ${sheet.rows.length.toLocaleString('en-US')}).`,
      },
    ]);
  }
  return sheet;
}

/** What an upload's check answers: the file's headers, the rows ready to store, and every row's problems. */
export interface UploadCheck<Row> {
  headers: string[];
  rows: Row[];
  errors: UploadRowError[];
}

/** Refuses a store while any row has a problem: the first 200 problems, each as "row N: column" and its message. */
export function assertNoRowErrors(errors: readonly UploadRowError[]): void {
  if (errors.length === 0) return;
  throw new AppError(
    'UPLOAD_ROW_ERRORS',
    errors.slice(0, 200).map((e) => ({ field: `row ${e.row}: ${e.column}`, message: e.message })),
  );
}
