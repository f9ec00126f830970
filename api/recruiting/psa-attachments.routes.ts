import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { AppError, ERRORS } from '../../domain/errors';
import { RECRUITING_LIMITS } from '../../domain/recruiting';
import type { Database } from '../../migrations/database';
import { auditRequest } from '../audit/audit-request';
import { checkAttachment, readUploadedFile } from '../disclosures/disclosure-files.service';
import { authOf } from '../plugins/authenticate';
import { requirePermission, requirePlanFeature } from '../plugins/require-permission';
import { errorResponses, IdParams, StoredFileBytes } from '../shared/schemas';
import { deleteStoredFile, insertStoredFile } from '../shared/stored-files.repository';
import {
  AttachmentListDto,
  AttachmentParams,
  countPsaAttachments,
  findPsaAttachment,
  listPsaAttachments,
  lockOpenPsas,
  PSA_ATTACHMENT_PURPOSE,
  sendPsaAttachment,
} from './psa-attachments.service';
import { findPsa, insertPsaEvent } from './psas.repository';
import { deletePsaAttachment, insertPsaAttachment } from './psa-writes.repository';

const full = () =>
  new AppError('PSA_ATTACHMENTS_LIMIT', [
    { field: 'file', code: 'PSA_ATTACHMENTS_LIMIT', message: ERRORS.PSA_ATTACHMENTS_LIMIT.message },
  ]);

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
  const { db } = app.deps.database;
  const plan = requirePlanFeature('recruiting');
  const canRead = [requirePermission('recruiting:read'), plan];
  const canWrite = [requirePermission('recruiting:write'), plan];

  /** An attachment added or removed: a line in the prospect's history (the file's name) and an audit event. */
  async function recordChange(
    trx: Kysely<Database>,
    request: FastifyRequest,
    psaId: string,
    change: 'added' | 'removed',
    details: { attachmentId: string; fileId: string; filename: string } & Record<string, unknown>,
  ): Promise<void> {
    const auth = authOf(request);
    await insertPsaEvent(trx, {
      schoolId: auth.school.id,
      psaId,
      actorUserId: auth.user.id,
      action: change === 'added' ? 'attachmentAdded' : 'attachmentRemoved',
      details: { filename: details.filename },
    });
    await auditRequest(
      request,
      {
        action: change === 'added' ? 'psa.attachment_uploaded' : 'psa.attachment_deleted',
        targetType: 'psa',
        targetId: psaId,
        details,
      },
      trx,
    );
  }

  async function visiblePsaId(request: FastifyRequest, id: string): Promise<string> {
    const psa = await findPsa(db, authOf(request).school.id, id);
    if (!psa || psa.merged_into_id) throw new AppError('NOT_FOUND');
    return psa.id;
  }

  const list = (schoolId: string, psaId: string) => listPsaAttachments(db, schoolId, psaId);

  app.get(
    '/psas/:id/attachments',
    {
      onRequest: canRead,
      schema: { params: IdParams, response: { 200: AttachmentListDto, ...errorResponses(400, 401, 403, 404) } },
    },
    async (request) => {
      const psaId = await visiblePsaId(request, request.params.id);
      return list(authOf(request).school.id, psaId);
    },
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
    async (request, reply) => {
      const auth = authOf(request);
      const schoolId = auth.school.id;
      const psaId = await visiblePsaId(request, request.params.id);
      // The 21st file is refused before its bytes are read.
      if ((await countPsaAttachments(db, schoolId, [psaId])) >= RECRUITING_LIMITS.attachmentsPerPsa) throw full();
      const upload = await readUploadedFile(request);
      const { contentType } = checkAttachment(upload);
      await db.transaction().execute(async (trx) => {
        // The prospect's row lock makes the count and the insert one step: two uploads at once (or an upload and a
        // merge into this prospect) cannot make a 21st; a prospect merged away meanwhile is gone.
        if (!(await lockOpenPsas(trx, schoolId, [psaId])).has(psaId)) throw new AppError('NOT_FOUND');
        if ((await countPsaAttachments(trx, schoolId, [psaId])) >= RECRUITING_LIMITS.attachmentsPerPsa) throw full();
        const file = await insertStoredFile(trx, schoolId, {
          uploadedBy: auth.user.id,
          purpose: PSA_ATTACHMENT_PURPOSE,
          filename: upload.filename,
          contentType,
          bytes: upload.bytes,
        });
        const attachmentId = await insertPsaAttachment(trx, {
          school_id: schoolId,
          psa_id: psaId,
          file_id: file.id,
          filename: file.filename,
          content_type: file.contentType,
          size_bytes: file.sizeBytes,
          sha256: file.sha256,
          uploaded_by: auth.user.id,
        });
        await recordChange(trx, request, psaId, 'added', {
          attachmentId,
          fileId: file.id,
          filename: file.filename,
          size: file.sizeBytes,
          sha256: file.sha256,
        });
      });
      return reply.code(201).send(await list(schoolId, psaId));
    },
  );

  app.get(
    '/psas/:id/attachments/:attachmentId',
    {
      onRequest: canRead,
      schema: { params: AttachmentParams, response: { 200: StoredFileBytes, ...errorResponses(400, 401, 403, 404) } },
    },
    async (request, reply) => {
      const schoolId = authOf(request).school.id;
      const psaId = await visiblePsaId(request, request.params.id);
      return sendPsaAttachment(request, reply, { schoolId, psaId, attachmentId: request.params.attachmentId });
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
    async (request) => {
      const auth = authOf(request);
      const schoolId = auth.school.id;
      const psaId = await visiblePsaId(request, request.params.id);
      const a = await findPsaAttachment(db, schoolId, psaId, request.params.attachmentId);
      await db.transaction().execute(async (trx) => {
        await deletePsaAttachment(trx, schoolId, a.id);
        await deleteStoredFile(trx, schoolId, a.file_id, PSA_ATTACHMENT_PURPOSE);
        await recordChange(trx, request, psaId, 'removed', {
          attachmentId: a.id,
          fileId: a.file_id,
          filename: a.filename,
        });
      });
      return list(schoolId, psaId);
    },
  );
};
