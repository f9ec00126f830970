import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../domain/errors';
import { FORM_LIMITS } from '../../form-engine';
import { authOf } from '../plugins/authenticate';
import { errorResponses } from '../shared/schemas';
import type { FormGuards } from './form-actions.routes';
import { storeFormDocument } from './form-document.service';
import { findDocumentBytes } from './forms.repository';
import { FORM_OPERATION_RULES, FormDetail, FormIdParams, PdfBytes } from './forms.schemas';
import { actorOf, coreDepsOf } from '../shared/use-case';
import { cleanFilename, inlineDisposition, TOO_LARGE, type PdfUpload } from './pdf-upload';

/** Turns the multipart plugin's failures into catalogue errors (never a 500 for a bad upload). */
function toUploadError(err: unknown): AppError {
  const code = (err as { code?: unknown } | null)?.code;
  if (code === 'FST_REQ_FILE_TOO_LARGE') return new AppError('FILE_TOO_LARGE', [{ field: 'file', message: TOO_LARGE }]);
  if (code === 'FST_FILES_LIMIT') return new AppError('TOO_MANY_FILES', [{ field: 'file', message: 'Max 1 file.' }]);
  if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE') {
    return new AppError('UPLOAD_FAILED', [
      { field: 'file', message: "Send the PDF as multipart/form-data in the field 'file'." },
    ]);
  }
  return new AppError('UPLOAD_FAILED', [{ field: 'file', message: 'The upload could not be read.' }]);
}

/** Reads the one file of a multipart request, buffered, within the 20 MB cap. */
export async function readPdfUpload(request: FastifyRequest): Promise<PdfUpload> {
  try {
    const part = await request.file();
    if (!part) throw new AppError('UPLOAD_FAILED', [{ field: 'file', message: 'Choose a PDF to upload.' }]);
    const bytes = await part.toBuffer();
    return { filename: cleanFilename(part.filename ?? ''), contentType: part.mimetype ?? '', bytes };
  } catch (err) {
    throw err instanceof AppError ? err : toUploadError(err);
  }
}

/**
 * The PDF of a "PDF import" form. Multipart parsing is registered here only, so no other route accepts uploads;
 * busboy streams the file and stops at 20 MB, so an oversized upload is never held in memory whole.
 */
export const formDocumentRoutes: FastifyPluginAsyncTypebox<FormGuards> = async (app, { canRead, canWrite }) => {
  const { db } = app.deps.database;
  await app.register(multipart, {
    limits: { fileSize: FORM_LIMITS.maxFileBytes, files: 1, fields: 5, parts: 6, headerPairs: 100 },
    throwFileSizeLimit: true,
  });

  app.put(
    '/forms/:id/document',
    {
      onRequest: canWrite,
      schema: {
        params: FormIdParams,
        consumes: ['multipart/form-data'],
        description: FORM_OPERATION_RULES.document,
        response: { 200: FormDetail, ...errorResponses(400, 401, 403, 404, 409, 413, 415) },
      },
    },
    async (request) =>
      storeFormDocument(coreDepsOf(app.deps, request.log), actorOf(authOf(request), request), request.params.id, () =>
        readPdfUpload(request),
      ),
  );

  app.get(
    '/forms/:id/document',
    {
      onRequest: canRead,
      schema: { params: FormIdParams, response: { 200: PdfBytes, ...errorResponses(400, 401, 403, 404) } },
    },
    async (request, reply) => {
      const document = await findDocumentBytes(db, authOf(request).school.id, request.params.id);
      if (!document) throw new AppError('NOT_FOUND');
      const bytes = Buffer.from(document.data.buffer, document.data.byteOffset, document.data.byteLength);
      return reply
        .type('application/pdf')
        .header('content-disposition', inlineDisposition(document.filename))
        .header('cache-control', 'private, no-store')
        .send(bytes);
    },
  );
};
