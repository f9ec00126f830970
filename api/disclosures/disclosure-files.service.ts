import { DISCLOSURE_LIMITS } from '../../domain/disclosures';
import { AppError } from '../../domain/errors';
import { checkFileRef, matchesFileSignature } from '../../form-engine';
import { FILE_TOO_LARGE_DETAIL, type UploadedFile } from '../plugins/uploaded-file';

/** The purpose stored with a disclosure attachment's bytes (`stored_files.purpose`). */
export const DISCLOSURE_FILE_PURPOSE = 'disclosure-attachment';

export const FILE_TYPE_DETAIL =
  'Allowed file types: gif, jpeg, jpg, png, pdf, doc, docx, xls, xlsx, csv, zip, ppt, pptx.';

// Reading the upload out of the request is transport (api/plugins/uploaded-file.ts); callers that import these from
// here reach them through this re-export.
export { FILE_TOO_LARGE_DETAIL, readUploadedFile, toUploadError, type UploadedFile } from '../plugins/uploaded-file';

/**
 * The spec's file checks (part 2 §5): an allowed extension with a matching declared type, at most 20 MB, not empty,
 * and first bytes that agree with the extension (a program renamed .pdf is refused). Answers the content type to
 * store: the one the extension implies when the browser sent the generic binary type.
 */
export function checkAttachment(file: UploadedFile): { contentType: string } {
  if (file.bytes.byteLength > DISCLOSURE_LIMITS.maxAttachmentBytes) {
    throw new AppError('FILE_TOO_LARGE', [{ field: 'file', message: FILE_TOO_LARGE_DETAIL }]);
  }
  if (file.filename === '' || file.bytes.byteLength === 0) {
    throw new AppError('UPLOAD_FAILED', [{ field: 'file', message: 'The file is empty.' }]);
  }
  const problems = checkFileRef(
    { name: file.filename, size: file.bytes.byteLength, contentType: file.contentType },
    'attachment',
  );
  const tooLarge = problems.find((p) => p.code === 'FILE_TOO_LARGE');
  if (tooLarge) throw new AppError('FILE_TOO_LARGE', [{ field: 'file', message: FILE_TOO_LARGE_DETAIL }]);
  if (problems.length > 0 || !matchesFileSignature(file.filename, file.bytes)) {
    throw new AppError('FILE_TYPE_NOT_ALLOWED', [
      { field: 'file', code: 'FILE_TYPE_NOT_ALLOWED', message: FILE_TYPE_DETAIL },
    ]);
  }
  const declared = file.contentType.split(';')[0]!.trim().toLowerCase();
  return { contentType: declared && declared !== 'application/octet-stream' ? declared : contentTypeOf(file.filename) };
}

const TYPE_OF_EXTENSION: Record<string, string> = {
  gif: 'image/gif',
  jpeg: 'image/jpeg',
  jpg: 'image/jpeg',
  png: 'image/png',
  pdf: 'application/pdf',
  doc: 'application/msword',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xls: 'application/vnd.ms-excel',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  csv: 'text/csv',
  zip: 'application/zip',
  ppt: 'application/vnd.ms-powerpoint',
  pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
};

function contentTypeOf(filename: string): string {
  const ext = filename.includes('.') ? filename.split('.').pop()!.toLowerCase() : '';
  return TYPE_OF_EXTENSION[ext] ?? 'application/octet-stream';
}

/** `attachment` with a safe ASCII fallback name and the exact name in RFC 5987 form. */
export function attachmentDisposition(filename: string): string {
  const ascii = filename.replace(/[^\x20-\x7e]|["\\%;]/g, '_') || 'attachment';
  const encoded = encodeURIComponent(filename).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}
