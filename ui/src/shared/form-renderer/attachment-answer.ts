/**
 * Attachments before packets bring the upload itself: the answer keeps what the engine's schema needs of each
 * file (name, size, declared type, and a local placeholder id where the stored file id will go), checked with the
 * engine's upload rules (at most 5 files, allowed types, 20 MB each) before it enters the answer.
 */
import { checkUpload, type AllowedFileExtension, type FileRef } from '../../../../form-engine';

export interface PickedFile {
  name: string;
  size: number;
  type?: string;
}

export interface AttachmentSettings {
  multiple: boolean;
  maxFiles?: number;
  allowedTypes?: readonly AllowedFileExtension[];
}

/** The first problem with a picked set of files, in the catalogue's words, or null. */
export function checkPickedFiles(files: readonly PickedFile[], settings: AttachmentSettings): string | null {
  const problems = checkUpload(
    files.map((file) => ({ name: file.name, size: file.size, ...(file.type ? { contentType: file.type } : {}) })),
    {
      purpose: 'attachment',
      maxFiles: settings.multiple ? settings.maxFiles : 1,
      ...(settings.allowedTypes ? { allowedTypes: settings.allowedTypes } : {}),
    },
  );
  const first = problems[0];
  if (!first) return null;
  const file = first.index >= 0 ? files[first.index] : undefined;
  return file ? `${file.name}: ${first.message}` : first.message;
}

/**
 * The picked files behind their local ids, so a page that sends the bytes itself (the public questionnaire) can
 * find them from the answer at submit time.
 */
const pickedFiles = new Map<string, File>();

export function rememberPickedFile(localId: string, file: File): void {
  pickedFiles.set(localId, file);
}

export function findPickedFile(localId: string): File | undefined {
  return pickedFiles.get(localId);
}

export function toFileRef(file: PickedFile, localId: string): FileRef {
  return { fileId: localId, name: file.name, size: file.size, ...(file.type ? { contentType: file.type } : {}) };
}

/** A list for a multiple attachment, one file otherwise; no files is no answer. */
export function toAttachmentAnswer(refs: readonly FileRef[], multiple: boolean): FileRef[] | FileRef | undefined {
  if (refs.length === 0) return undefined;
  return multiple ? [...refs] : refs[0];
}

/** The files of an answer, whatever its shape. */
export function readAttachments(value: unknown): FileRef[] {
  const list = Array.isArray(value) ? value : value ? [value] : [];
  return list.filter(
    (item): item is FileRef => typeof item === 'object' && item !== null && typeof (item as FileRef).name === 'string',
  );
}

export function formatFileSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 102.4) / 10} KB`;
  return `${Math.round(bytes / (1024 * 102.4)) / 10} MB`;
}
