import type { FastifyRequest } from 'fastify';
import { AppError } from '../../domain/errors';
import { cleanFilename } from '../forms/pdf-upload';

export const FILE_TOO_LARGE_DETAIL = 'File too large: the limit is 20 MB.';

export interface UploadedFile {
  filename: string;
  contentType: string;
  bytes: Buffer;
}

/** The multipart plugin's failures as catalogue errors: a bad upload is a 4xx, never a 500. */
export function toUploadError(err: unknown): AppError {
  const code = (err as { code?: unknown } | null)?.code;
  if (code === 'FST_REQ_FILE_TOO_LARGE') {
    return new AppError('FILE_TOO_LARGE', [{ field: 'file', message: FILE_TOO_LARGE_DETAIL }]);
  }
  if (code === 'FST_FILES_LIMIT') {
    return new AppError('TOO_MANY_FILES', [{ field: 'file', message: 'Send one file per request.' }]);
  }
  if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE') {
    return new AppError('UPLOAD_FAILED', [
      { field: 'file', message: "Send the file as multipart/form-data in the field 'file'." },
    ]);
  }
  return new AppError('UPLOAD_FAILED', [{ field: 'file', message: 'The upload could not be read.' }]);
}

/** Reads the request's one file, buffered; busboy stops at the 20 MB cap, so nothing larger is held in memory. */
export async function readUploadedFile(request: FastifyRequest): Promise<UploadedFile> {
  try {
    const part = await request.file();
    if (!part) throw new AppError('UPLOAD_FAILED', [{ field: 'file', message: 'Choose a file to upload.' }]);
    const bytes = await part.toBuffer();
    return { filename: cleanFilename(part.filename ?? ''), contentType: part.mimetype ?? '', bytes };
  } catch (err) {
    throw err instanceof AppError ? err : toUploadError(err);
  }
}
