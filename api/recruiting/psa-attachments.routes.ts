import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { RECRUITING_LIMITS } from '../../domain/recruiting';
import { authOf } from '../plugins/authenticate';
import { requirePermission, requirePlanFeature } from '../plugins/require-permission';
import { sendAuditedDownload } from '../plugins/send-stored-file';
import { readUploadedFile } from '../plugins/uploaded-file';
import { errorResponses, IdParams, StoredFileBytes } from '../shared/schemas';
import { actorOf, coreDepsOf } from '../shared/use-case';
import {
  addPsaAttachment,
  findPsaAttachmentDownload,
  listPsaAttachments,
  removePsaAttachment,
} from './psa-attachments.service';
import { AttachmentListDto, AttachmentParams } from './psas.schemas';

/**
 * Attachments on a prospect's profile (spec part 1 §3 PSA "attachments"; part 2 §9 "20 per PSA"): list, upload one
 * file per request (the spec's file types, checked by their first bytes too, at most 20 MB), download and delete.
 * Staff only, with the permissions of the prospect routes (`recruiting:read` to see and download,
 * `recruiting:write` to upload and delete); a prospect of another school, or one merged into another, is a 404.
 * Uploads, downloads and deletions are audited, and uploads and deletions show in the prospect's history.
 */
export const psaAttachmentsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  await app.register(multipart, {
    limits: { fileSize: RECRUITING_LIMITS.attachmentMaxBytes, files: 1, fields: 2, parts: 3, headerPairs: 100 },
    throwFileSizeLimit: true,
  });
  const plan = requirePlanFeature('recruiting');
  const canRead = [requirePermission('recruiting:read'), plan];
  const canWrite = [requirePermission('recruiting:write'), plan];
  const deps = (request: FastifyRequest) => coreDepsOf(app.deps, request.log);
  const actor = (request: FastifyRequest) => actorOf(authOf(request), request);

  app.get(
    '/psas/:id/attachments',
    {
      onRequest: canRead,
      schema: { params: IdParams, response: { 200: AttachmentListDto, ...errorResponses(400, 401, 403, 404) } },
    },
    async (request) => listPsaAttachments(deps(request), actor(request), request.params.id),
  );

  app.post(
    '/psas/:id/attachments',
    {
      onRequest: canWrite,
      schema: {
        params: IdParams,
        consumes: ['multipart/form-data'],
        description:
          "Multipart upload of one attachment (field 'file'): the spec's file types, at most 20 MB, at most 20 files " +
          'per prospect.',
        response: { 201: AttachmentListDto, ...errorResponses(400, 401, 403, 404, 413, 415) },
      },
    },
    async (request, reply) =>
      reply.code(201).send(
        await addPsaAttachment(deps(request), actor(request), {
          psaId: request.params.id,
          upload: () => readUploadedFile(request),
        }),
      ),
  );

  app.get(
    '/psas/:id/attachments/:attachmentId',
    {
      onRequest: canRead,
      schema: { params: AttachmentParams, response: { 200: StoredFileBytes, ...errorResponses(400, 401, 403, 404) } },
    },
    async (request, reply) => {
      const { id, attachmentId } = request.params;
      const download = await findPsaAttachmentDownload(deps(request), actor(request), id, attachmentId);
      return sendAuditedDownload(request, reply, download);
    },
  );

  app.delete(
    '/psas/:id/attachments/:attachmentId',
    {
      onRequest: canWrite,
      schema: {
        params: AttachmentParams,
        response: { 200: AttachmentListDto, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) =>
      removePsaAttachment(deps(request), actor(request), request.params.id, request.params.attachmentId),
  );
};
