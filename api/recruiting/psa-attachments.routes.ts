import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { Type } from 'typebox';
import { AppError, ERRORS } from '../../domain/errors';
import { RECRUITING_LIMITS } from '../../domain/recruiting';
import type { Database } from '../../migrations/database';
import { auditRequest } from '../audit/audit-request';
import { checkAttachment, readUploadedFile } from '../disclosures/disclosure-files.service';
import { authOf } from '../plugins/authenticate';
import { requirePermission, requirePlanFeature } from '../plugins/require-permission';
import { errorResponses, IdParams, Nullable, StoredFileBytes, Uuid } from '../shared/schemas';
import { sendAuditedDownload } from '../shared/send-stored-file';
import { deleteStoredFile, insertStoredFile } from '../shared/stored-files.repository';
import { findPsa, insertPsaEvent } from './psas.repository';

/** The purpose stored with a prospect attachment's bytes (`stored_files.purpose`). */
export const PSA_ATTACHMENT_PURPOSE = 'psa-attachment';

const AttachmentDto = Type.Object({
  id: Uuid,
  filename: Type.String(),
  contentType: Type.String(),
  sizeBytes: Type.Integer(),
  uploadedBy: Nullable(Type.String()),
  uploaderName: Nullable(Type.String()),
  createdAt: Type.String(),
});
const AttachmentListDto = Type.Object({
  items: Type.Array(AttachmentDto),
  maxFiles: Type.Integer(),
  maxFileBytes: Type.Integer(),
});
const AttachmentParams = Type.Object({ id: Uuid, attachmentId: Uuid });

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

  async function list(schoolId: string, psaId: string) {
    const rows = await db
      .selectFrom('psa_attachments as a')
      .leftJoin('users as u', 'u.id', 'a.uploaded_by')
      .where('a.school_id', '=', schoolId)
      .where('a.psa_id', '=', psaId)
      .select([
        'a.id',
        'a.filename',
        'a.content_type',
        'a.size_bytes',
        'a.uploaded_by',
        'a.created_at',
        'u.first_name',
        'u.last_name',
      ])
      .orderBy('a.created_at', 'desc')
      .orderBy('a.id')
      .execute();
    return {
      items: rows.map((r) => ({
        id: r.id,
        filename: r.filename,
        contentType: r.content_type,
        sizeBytes: r.size_bytes,
        uploadedBy: r.uploaded_by,
        uploaderName: r.first_name ? `${r.first_name} ${r.last_name ?? ''}`.trim() : null,
        createdAt: new Date(r.created_at).toISOString(),
      })),
      maxFiles: RECRUITING_LIMITS.attachmentsPerPsa,
      maxFileBytes: RECRUITING_LIMITS.attachmentMaxBytes,
    };
  }

  async function countOf(trx: typeof db, schoolId: string, psaId: string): Promise<number> {
    const { n } = await trx
      .selectFrom('psa_attachments')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('school_id', '=', schoolId)
      .where('psa_id', '=', psaId)
      .executeTakeFirstOrThrow();
    return Number(n);
  }

  async function findAttachment(schoolId: string, psaId: string, attachmentId: string) {
    const row = await db
      .selectFrom('psa_attachments')
      .select(['id', 'file_id', 'filename'])
      .where('school_id', '=', schoolId)
      .where('psa_id', '=', psaId)
      .where('id', '=', attachmentId)
      .executeTakeFirst();
    if (!row) throw new AppError('NOT_FOUND');
    return row;
  }

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
      if ((await countOf(db, schoolId, psaId)) >= RECRUITING_LIMITS.attachmentsPerPsa) throw full();
      const upload = await readUploadedFile(request);
      const { contentType } = checkAttachment(upload);
      await db.transaction().execute(async (trx) => {
        // The prospect's row lock makes the count and the insert one step: two uploads at once cannot make a 21st.
        await trx
          .selectFrom('psas')
          .select('id')
          .where('id', '=', psaId)
          .where('school_id', '=', schoolId)
          .forUpdate()
          .executeTakeFirstOrThrow();
        if ((await countOf(trx, schoolId, psaId)) >= RECRUITING_LIMITS.attachmentsPerPsa) throw full();
        const file = await insertStoredFile(trx, schoolId, {
          uploadedBy: auth.user.id,
          purpose: PSA_ATTACHMENT_PURPOSE,
          filename: upload.filename,
          contentType,
          bytes: upload.bytes,
        });
        const row = await trx
          .insertInto('psa_attachments')
          .values({
            school_id: schoolId,
            psa_id: psaId,
            file_id: file.id,
            filename: file.filename,
            content_type: file.contentType,
            size_bytes: file.sizeBytes,
            sha256: file.sha256,
            uploaded_by: auth.user.id,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        await recordChange(trx, request, psaId, 'added', {
          attachmentId: row.id,
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
      const a = await findAttachment(schoolId, psaId, request.params.attachmentId);
      return sendAuditedDownload(request, reply, {
        fileId: a.file_id,
        purpose: PSA_ATTACHMENT_PURPOSE,
        audit: {
          action: 'psa.attachment_downloaded',
          targetType: 'psa',
          targetId: psaId,
          details: { attachmentId: a.id },
        },
      });
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
      const a = await findAttachment(schoolId, psaId, request.params.attachmentId);
      await db.transaction().execute(async (trx) => {
        await trx.deleteFrom('psa_attachments').where('id', '=', a.id).where('school_id', '=', schoolId).execute();
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
