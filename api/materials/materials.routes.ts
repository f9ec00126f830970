import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { AppError, ERRORS } from '../../domain/errors';
import { checkMaterial, MATERIAL_LIMITS, type MaterialProblem } from '../../domain/materials';
import { auditRequest } from '../plugins/audit-request';
import { checkAttachment, type UploadedFile } from '../disclosures/disclosure-files.service';
import { cleanFilename } from '../forms/pdf-upload';
import { authOf } from '../plugins/authenticate';
import { requirePermission, requirePlanFeature } from '../plugins/require-permission';
import { ATTACHMENT_REFUSALS, refusals } from '../shared/refusals';
import { errorResponses, IdParams, Nullable, StoredFileBytes, Uuid } from '../shared/schemas';
import { deleteStoredFile, insertStoredFile } from '../shared/stored-files.repository';
import type { AuthContext } from '../types';
import { sendAuditedDownload } from '../shared/send-stored-file';
import { takeTurn } from '../shared/turn-lock';
import { deleteMaterial, findMaterial, findSchoolUsage, insertMaterial, listMaterials } from './materials.repository';

/** The purpose stored with a material's bytes (`stored_files.purpose`). */
export const MATERIAL_FILE_PURPOSE = 'recruiting-material';

const MaterialDto = Type.Object({
  id: Uuid,
  filename: Type.String(),
  contentType: Type.String(),
  sizeBytes: Type.Integer(),
  description: Nullable(Type.String()),
  uploadedBy: Nullable(Type.String()),
  uploaderName: Nullable(Type.String()),
  createdAt: Type.String(),
  canDelete: Type.Boolean(),
});
const MaterialListDto = Type.Object({
  items: Type.Array(MaterialDto),
  usage: Type.Object({
    count: Type.Integer(),
    totalBytes: Type.Integer(),
    maxFiles: Type.Integer(),
    maxFileBytes: Type.Integer(),
    maxTotalBytes: Type.Integer(),
  }),
});
const problem = (code: MaterialProblem, field = 'file') =>
  new AppError(code, [{ field, code, message: ERRORS[code].message }]);

/** A school admin removes any material; anyone else only what they uploaded. */
const mayDelete = (auth: AuthContext, uploadedBy: string | null) =>
  auth.permissions.has('recruiting:approve') || uploadedBy === auth.user.id;

/** The one file and the `description` field of a multipart upload (the file at most 20 MB: busboy stops there). */
async function readMaterialUpload(request: FastifyRequest): Promise<{ file: UploadedFile; description: string }> {
  let description = '';
  let file: UploadedFile | null = null;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'field') {
        if (part.fieldname === 'description' && typeof part.value === 'string') description = part.value;
      } else if (part.fieldname === 'file' && !file) {
        const bytes = await part.toBuffer();
        file = { filename: cleanFilename(part.filename ?? ''), contentType: part.mimetype ?? '', bytes };
      } else {
        await part.toBuffer();
      }
    }
  } catch (err) {
    if (err instanceof AppError) throw err;
    const code = (err as { code?: unknown } | null)?.code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw problem('MATERIAL_TOO_LARGE');
    throw new AppError('UPLOAD_FAILED', [{ field: 'file', message: 'The upload could not be read.' }]);
  }
  if (!file) throw new AppError('UPLOAD_FAILED', [{ field: 'file', message: 'Choose a file to upload.' }]);
  return { file, description: description.trim() };
}

/**
 * Recruiting materials: files the school's staff share (brochures, camp flyers, presentations). Admins
 * (`/adminMaterial`) and coaches (`/coachMaterial`) both see and download every material of the school and upload
 * new ones; a coach deletes what they uploaded, an admin anything. Limits per school: 20 files, 20 MB each, 25 MB in
 * total, a description of at most 50 words. Every change and download is audited.
 */
export const materialsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  await app.register(multipart, {
    limits: { fileSize: MATERIAL_LIMITS.maxFileBytes, files: 1, fields: 3, parts: 4, headerPairs: 100 },
    throwFileSizeLimit: true,
  });
  const { db } = app.deps.database;
  const plan = requirePlanFeature('recruiting');
  const canRead = [requirePermission('recruiting:read'), plan];
  const canWrite = [requirePermission('recruiting:write'), plan];

  async function list(auth: AuthContext) {
    const rows = await listMaterials(db, auth.school.id);
    const items = rows.map((r) => ({
      id: r.id,
      filename: r.filename,
      contentType: r.content_type,
      sizeBytes: r.size_bytes,
      description: r.description,
      uploadedBy: r.uploaded_by,
      uploaderName: r.uploader_name,
      createdAt: new Date(r.created_at).toISOString(),
      canDelete: mayDelete(auth, r.uploaded_by),
    }));
    return {
      items,
      usage: {
        count: items.length,
        totalBytes: items.reduce((n, m) => n + m.sizeBytes, 0),
        maxFiles: MATERIAL_LIMITS.maxFiles,
        maxFileBytes: MATERIAL_LIMITS.maxFileBytes,
        maxTotalBytes: MATERIAL_LIMITS.maxTotalBytes,
      },
    };
  }

  app.get(
    '/materials',
    { onRequest: canRead, schema: { response: { 200: MaterialListDto, ...errorResponses(401, 403) } } },
    async (request) => list(authOf(request)),
  );

  app.post(
    '/materials',
    {
      onRequest: canWrite,
      schema: {
        consumes: ['multipart/form-data'],
        description:
          "Multipart upload of one material (field 'description' first, then 'file'): the spec's file types, at most " +
          '20 MB each, 20 files and 25 MB per school, a description of at most 50 words. ' +
          refusals({
            MATERIALS_FILE_LIMIT: `when the school already has ${MATERIAL_LIMITS.maxFiles} materials`,
            MATERIAL_DESCRIPTION_TOO_LONG: `when \`description\` has more than ${MATERIAL_LIMITS.descriptionMaxWords} words`,
            MATERIAL_TOO_LARGE: 'when the file is larger than 20 MB',
            MATERIALS_TOTAL_LIMIT: "when the file would take the school's materials past 25 MB in total",
            UPLOAD_FAILED: ATTACHMENT_REFUSALS.UPLOAD_FAILED,
            FILE_TYPE_NOT_ALLOWED: ATTACHMENT_REFUSALS.FILE_TYPE_NOT_ALLOWED,
          }),
        response: { 201: MaterialListDto, ...errorResponses(400, 401, 403, 413, 415) },
      },
    },
    async (request, reply) => {
      const auth = authOf(request);
      // The 21st file is refused before its bytes are read.
      const before = await findSchoolUsage(db, auth.school.id);
      if (before.count >= MATERIAL_LIMITS.maxFiles) throw problem('MATERIALS_FILE_LIMIT');
      const { file: upload, description } = await readMaterialUpload(request);
      const first = checkMaterial(before, upload.bytes.byteLength, description);
      if (first) throw problem(first, first === 'MATERIAL_DESCRIPTION_TOO_LONG' ? 'description' : 'file');
      const { contentType } = checkAttachment(upload);
      await db.transaction().execute(async (trx) => {
        // One upload at a time per school, so two at once cannot pass 20 files or 25 MB together.
        await takeTurn(trx, `materials:${auth.school.id}`);
        const limit = checkMaterial(await findSchoolUsage(trx, auth.school.id), upload.bytes.byteLength, description);
        if (limit) throw problem(limit);
        const file = await insertStoredFile(trx, auth.school.id, {
          uploadedBy: auth.user.id,
          purpose: MATERIAL_FILE_PURPOSE,
          filename: upload.filename,
          contentType,
          bytes: upload.bytes,
        });
        const row = {
          id: await insertMaterial(trx, auth.school.id, {
            fileId: file.id,
            filename: file.filename,
            contentType: file.contentType,
            sizeBytes: file.sizeBytes,
            sha256: file.sha256,
            description: description || null,
            uploadedBy: auth.user.id,
          }),
        };
        await auditRequest(
          request,
          {
            action: 'material.uploaded',
            targetType: 'material',
            targetId: row.id,
            details: { fileId: file.id, filename: file.filename, size: file.sizeBytes, sha256: file.sha256 },
          },
          trx,
        );
      });
      return reply.code(201).send(await list(auth));
    },
  );

  async function visibleMaterial(auth: AuthContext, id: string) {
    const m = await findMaterial(db, auth.school.id, id);
    if (!m) throw new AppError('NOT_FOUND');
    return m;
  }

  app.get(
    '/materials/:id/file',
    {
      onRequest: canRead,
      schema: { params: IdParams, response: { 200: StoredFileBytes, ...errorResponses(400, 401, 403, 404) } },
    },
    async (request, reply) => {
      const auth = authOf(request);
      const m = await visibleMaterial(auth, request.params.id);
      return sendAuditedDownload(request, reply, {
        fileId: m.file_id,
        purpose: MATERIAL_FILE_PURPOSE,
        audit: { action: 'material.downloaded', targetType: 'material', targetId: m.id },
      });
    },
  );

  app.delete(
    '/materials/:id',
    {
      onRequest: canWrite,
      schema: {
        description: refusals({
          FORBIDDEN: 'when a caller other than a school admin deletes what someone else uploaded',
        }),
        params: IdParams,
        response: { 200: MaterialListDto, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const auth = authOf(request);
      const m = await visibleMaterial(auth, request.params.id);
      if (!mayDelete(auth, m.uploaded_by)) throw new AppError('FORBIDDEN');
      await db.transaction().execute(async (trx) => {
        await deleteMaterial(trx, auth.school.id, m.id);
        await deleteStoredFile(trx, auth.school.id, m.file_id, MATERIAL_FILE_PURPOSE);
        await auditRequest(
          request,
          {
            action: 'material.deleted',
            targetType: 'material',
            targetId: m.id,
            details: { fileId: m.file_id, filename: m.filename },
          },
          trx,
        );
      });
      return list(auth);
    },
  );
};
