import { stripInvisibleCharacters } from '../../domain/people-names';
import { PDFDocument } from 'pdf-lib';
import { AppError } from '../../domain/errors';
import { checkUpload, FORM_LIMITS, matchesFileSignature } from '../../form-engine';

export interface PdfUpload {
  filename: string;
  contentType: string;
  bytes: Buffer;
}

export const TOO_LARGE = 'File too large: the limit is 20 MB.';

/** A file name fit for storage and the definition's FileRef (≤ 255 characters, no path, no control characters). */
export function cleanFilename(raw: string): string {
  const base = raw.split(/[\\/]/).pop() ?? '';
  // C0 and C1 controls and the invisible characters of the shared name rule (issue 36) are removed: a file's name
  // comes from the sender's disk, so it is cleaned rather than refused.
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is removed here
  const cleaned = stripInvisibleCharacters(base.replace(/[\u0000-\u001f\u007f-\u009f]/g, '')).trim();
  if (cleaned.length <= 255) return cleaned;
  const dot = cleaned.lastIndexOf('.');
  const extension = dot > 0 && cleaned.length - dot <= 10 ? cleaned.slice(dot) : '';
  return cleaned.slice(0, 255 - extension.length) + extension;
}

/**
 * The checks of a PDF import: name, declared type and size (engine rules), then the first bytes must really be
 * a PDF (a PNG renamed .pdf is refused), then pdf-lib must be able to read it; the page count comes from there.
 */
export async function inspectPdf(upload: PdfUpload): Promise<{ pageCount: number }> {
  const problems = checkUpload(
    [{ name: upload.filename, size: upload.bytes.length, contentType: upload.contentType }],
    {
      purpose: 'pdfImport',
    },
  );
  const tooLarge = problems.find((p) => p.code === 'FILE_TOO_LARGE');
  if (tooLarge || upload.bytes.length > FORM_LIMITS.maxFileBytes) {
    throw new AppError('FILE_TOO_LARGE', [{ field: 'file', message: TOO_LARGE }]);
  }
  if (problems.length > 0 || !matchesFileSignature(upload.filename, upload.bytes)) {
    throw new AppError('FILE_TYPE_NOT_ALLOWED', [
      { field: 'file', code: 'FILE_TYPE_NOT_ALLOWED', message: 'Only PDF files can be imported.' },
    ]);
  }
  let pageCount: number;
  try {
    const pdf = await PDFDocument.load(upload.bytes, { ignoreEncryption: true, updateMetadata: false });
    pageCount = pdf.getPageCount();
  } catch {
    pageCount = 0;
  }
  if (pageCount < 1) {
    throw new AppError('UPLOAD_FAILED', [{ field: 'file', message: 'This PDF is damaged or has no pages.' }]);
  }
  return { pageCount };
}

/** `inline` with the name both as a safe ASCII fallback and, exactly, in RFC 5987 form. */
export function inlineDisposition(filename: string): string {
  const ascii = filename.replace(/[^\x20-\x7e]|["\\%;]/g, '_') || 'document.pdf';
  const encoded = encodeURIComponent(filename).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `inline; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}
