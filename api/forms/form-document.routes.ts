import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { AppError } from '../../domain/errors';
import { FORM_LIMITS } from '../../form-engine';
import { authOf } from '../plugins/authenticate';
import { errorResponses } from '../shared/schemas';
import type { FormGuards } from './form-actions.routes';
import { storeFormDocument } from './form-document.service';
import { findDocumentBytes } from './forms.repository';
import { FormDetail, FormIdParams, PdfBytes } from './forms.schemas';
import { inlineDisposition } from './pdf-upload';

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
        description: "Multipart upload of one PDF (field 'file', at most 20 MB).",
        response: { 200: FormDetail, ...errorResponses(400, 401, 403, 404, 409, 413, 415) },
      },
    },
    async (request) => storeFormDocument(request, request.params.id),
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
