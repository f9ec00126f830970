/**
 * Upload rules for attachments, image elements and PDF imports (part 2 §5, §9): at most 5 files per upload, the
 * allowed types, at most 20 MB each. Checks on names, sizes and declared types here; detectFileKind lets the API
 * also check the first bytes (magic numbers) so a renamed executable is refused.
 */
import { ERRORS, type ErrorCode } from '../domain/errors';
import { ALLOWED_FILE_EXTENSIONS, FORM_LIMITS, IMAGE_FILE_EXTENSIONS, type AllowedFileExtension } from './limits';

export type UploadPurpose = 'attachment' | 'image' | 'pdfImport';

export interface FileCandidate {
  name: string;
  size: number;
  contentType?: string;
}

export interface FileProblem {
  /** Position in the upload, or -1 for the upload as a whole (too many files). */
  index: number;
  code: ErrorCode;
  message: string;
}

const MIME_TYPES: Record<AllowedFileExtension, readonly string[]> = {
  gif: ['image/gif'],
  jpeg: ['image/jpeg', 'image/pjpeg'],
  jpg: ['image/jpeg', 'image/pjpeg'],
  png: ['image/png'],
  pdf: ['application/pdf'],
  doc: ['application/msword'],
  docx: ['application/vnd.openxmlformats-officedocument.wordprocessingml.document'],
  xls: ['application/vnd.ms-excel'],
  xlsx: ['application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'],
  csv: ['text/csv', 'text/plain', 'application/csv', 'application/vnd.ms-excel'],
  zip: ['application/zip', 'application/x-zip-compressed'],
  ppt: ['application/vnd.ms-powerpoint'],
  pptx: ['application/vnd.openxmlformats-officedocument.presentationml.presentation'],
};
/** "and generic binary": browsers send it when they do not know a type; the extension and magic bytes decide then. */
const GENERIC_BINARY = 'application/octet-stream';

export function getFileExtension(name: string): string | null {
  const dot = name.lastIndexOf('.');
  return dot <= 0 || dot === name.length - 1 ? null : name.slice(dot + 1).toLowerCase();
}

export function getAllowedExtensions(
  purpose: UploadPurpose,
  allowedTypes?: readonly AllowedFileExtension[],
): readonly AllowedFileExtension[] {
  if (purpose === 'image') return IMAGE_FILE_EXTENSIONS;
  if (purpose === 'pdfImport') return ['pdf'];
  return allowedTypes ?? ALLOWED_FILE_EXTENSIONS;
}

function problemFor(code: ErrorCode, message: string = ERRORS[code].message): Omit<FileProblem, 'index'> {
  return { code, message };
}

/** Problems of one file, without its position. */
export function checkFileRef(
  file: FileCandidate,
  purpose: UploadPurpose,
  allowedTypes?: readonly AllowedFileExtension[],
): Array<Omit<FileProblem, 'index'>> {
  const problems: Array<Omit<FileProblem, 'index'>> = [];
  const extension = getFileExtension(file.name);
  const allowed = getAllowedExtensions(purpose, allowedTypes) as readonly string[];
  if (extension === null || !allowed.includes(extension)) {
    problems.push(problemFor('FILE_TYPE_NOT_ALLOWED'));
  } else if (file.contentType) {
    const declared = file.contentType.split(';')[0]!.trim().toLowerCase();
    const expected = MIME_TYPES[extension as AllowedFileExtension];
    if (declared !== GENERIC_BINARY && !expected.includes(declared)) problems.push(problemFor('FILE_TYPE_NOT_ALLOWED'));
  }
  if (!Number.isFinite(file.size) || file.size < 0 || file.size > FORM_LIMITS.maxFileBytes) {
    problems.push(problemFor('FILE_TOO_LARGE', 'File too large: the limit is 20 MB.'));
  }
  return problems;
}

export interface UploadOptions {
  purpose: UploadPurpose;
  /** Lower than 5 for a single-file element; never above the spec's 5 per upload. */
  maxFiles?: number;
  allowedTypes?: readonly AllowedFileExtension[];
}

export function checkUpload(files: readonly FileCandidate[], options: UploadOptions): FileProblem[] {
  const singleFile = options.purpose !== 'attachment';
  const maxFiles = Math.min(
    options.maxFiles ?? (singleFile ? 1 : FORM_LIMITS.maxFilesPerUpload),
    FORM_LIMITS.maxFilesPerUpload,
  );
  const problems: FileProblem[] = [];
  if (files.length > maxFiles) {
    problems.push({
      index: -1,
      ...problemFor('TOO_MANY_FILES', `Max ${maxFiles} ${maxFiles === 1 ? 'file' : 'files'}.`),
    });
  }
  files.forEach((file, index) => {
    for (const problem of checkFileRef(file, options.purpose, options.allowedTypes))
      problems.push({ index, ...problem });
  });
  return problems;
}

export type FileKind = 'gif' | 'png' | 'jpeg' | 'pdf' | 'zip' | 'ole' | 'text';

function startsWith(bytes: Uint8Array, signature: readonly number[]): boolean {
  return bytes.length >= signature.length && signature.every((byte, i) => bytes[i] === byte);
}

/** What the first bytes say the file is; 'text' when there is no NUL byte in the first 512 bytes. */
export function detectFileKind(bytes: Uint8Array): FileKind | null {
  if (startsWith(bytes, [0x47, 0x49, 0x46, 0x38])) return 'gif';
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'jpeg';
  if (startsWith(bytes, [0x25, 0x50, 0x44, 0x46, 0x2d])) return 'pdf';
  if (startsWith(bytes, [0x50, 0x4b, 0x03, 0x04]) || startsWith(bytes, [0x50, 0x4b, 0x05, 0x06])) return 'zip';
  if (startsWith(bytes, [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1])) return 'ole';
  if (bytes.length > 0 && !bytes.subarray(0, 512).includes(0)) return 'text';
  return null;
}

const KIND_OF_EXTENSION: Record<AllowedFileExtension, FileKind> = {
  gif: 'gif',
  png: 'png',
  jpeg: 'jpeg',
  jpg: 'jpeg',
  pdf: 'pdf',
  zip: 'zip',
  docx: 'zip',
  xlsx: 'zip',
  pptx: 'zip',
  doc: 'ole',
  xls: 'ole',
  ppt: 'ole',
  csv: 'text',
};

/** Whether the first bytes agree with the file's extension (Office files are ZIP or OLE containers). */
export function matchesFileSignature(name: string, bytes: Uint8Array): boolean {
  const extension = getFileExtension(name);
  if (extension === null || !(extension in KIND_OF_EXTENSION)) return false;
  return detectFileKind(bytes) === KIND_OF_EXTENSION[extension as AllowedFileExtension];
}
