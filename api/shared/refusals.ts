import { ALLOWED_FILE_EXTENSIONS } from '../../form-engine/limits';
import { SPREADSHEET_LIMITS } from './spreadsheets/parse-spreadsheet';

const MB = 1024 * 1024;

/**
 * The business rules an operation refuses valid-shaped input for, as its OpenAPI `description`: one sentence per
 * catalogue code (domain/errors.ts), "Refused with CODE when …". Shape rules (lengths, enums, required fields) belong
 * in the schema; this states what a schema cannot say, so a client reads every refusal it can meet in the document.
 *
 *   description: refusals({ VALIDATION_FAILED: 'when `to` is before `from`' })
 */
export function refusals(rules: Readonly<Record<string, string>>): string {
  return Object.entries(rules)
    .map(([code, when]) => `Refused with ${code} ${when}.`)
    .join(' ');
}

/** Reading the one file of a multipart request (api/plugins/uploaded-file.ts); the route states its size limit. */
export const UPLOAD_REFUSALS = {
  UPLOAD_FAILED: "when the request has no file in the field 'file', or the upload cannot be read",
  TOO_MANY_FILES: 'when the request sends more than one file',
} as const;

/** Reading an uploaded spreadsheet (its kind from its first bytes, then api/shared/spreadsheets). */
export const SPREADSHEET_REFUSALS = {
  UPLOAD_FAILED:
    "when the request has no file in the field 'file', the upload cannot be read, or the file cannot be read as a spreadsheet",
  TOO_MANY_FILES: UPLOAD_REFUSALS.TOO_MANY_FILES,
  FILE_TYPE_NOT_ALLOWED: 'when the file is not an XLSX, XLS or CSV file whose first bytes match its extension',
  UPLOAD_TOO_LARGE: `when the file is larger than ${SPREADSHEET_LIMITS.maxFileBytes / MB} MB`,
  UPLOAD_TOO_LARGE_UNPACKED: `when the workbook unpacks to more than ${SPREADSHEET_LIMITS.maxUnpackedBytes / MB} MB`,
  UPLOAD_TOO_MANY_ROWS: `when the sheet has more than ${SPREADSHEET_LIMITS.maxRows.toLocaleString('en-US')} rows`,
  UPLOAD_TOO_MANY_COLUMNS: `when the sheet has more than ${SPREADSHEET_LIMITS.maxColumns} columns`,
  UPLOAD_READ_TIMEOUT: 'when reading the file takes too long',
} as const;

/** An uploaded attachment (checkAttachment in api/disclosures/disclosure-files.service.ts), after UPLOAD_REFUSALS. */
export const ATTACHMENT_REFUSALS = {
  UPLOAD_FAILED: "when the request has no file in the field 'file', the upload cannot be read, or the file is empty",
  TOO_MANY_FILES: UPLOAD_REFUSALS.TOO_MANY_FILES,
  FILE_TOO_LARGE: 'when the file is larger than 20 MB',
  FILE_TYPE_NOT_ALLOWED: `when the file's extension is not one of ${ALLOWED_FILE_EXTENSIONS.join(', ')}, or its declared type or first bytes do not match it`,
} as const;
