import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../domain/errors';
import { MATERIAL_LIMITS } from '../../domain/materials';
import type { UploadedFile } from '../disclosures/disclosure-files.service';
import { cleanFilename } from '../forms/pdf-upload';
import { authOf } from '../plugins/authenticate';
import { requirePermission, requirePlanFeature } from '../plugins/require-permission';
import { sendAuditedDownload } from '../plugins/send-stored-file';
import { ATTACHMENT_REFUSALS, refusals } from '../shared/refusals';
import { errorResponses, IdParams, StoredFileBytes } from '../shared/schemas';
import { actorOf, coreDepsOf } from '../shared/use-case';
import {
  listSchoolMaterials,
  MATERIAL_FILE_PURPOSE,
  materialDownload,
  materialProblem,
  removeMaterial,
  uploadMaterial,
} from './materials.service';
import { MaterialListDto } from './materials.schemas';

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
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw materialProblem('MATERIAL_TOO_LARGE');
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
  const plan = requirePlanFeature('recruiting');
  const canRead = [requirePermission('recruiting:read'), plan];
  const canWrite = [requirePermission('recruiting:write'), plan];

  app.get(
    '/materials',
    { onRequest: canRead, schema: { response: { 200: MaterialListDto, ...errorResponses(401, 403) } } },
    async (request) => listSchoolMaterials(coreDepsOf(app.deps, request.log), actorOf(authOf(request), request)),
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
    async (request, reply) =>
      // The use case refuses the 21st file before its bytes are read.
      reply
        .code(201)
        .send(
          await uploadMaterial(coreDepsOf(app.deps, request.log), actorOf(authOf(request), request), () =>
            readMaterialUpload(request),
          ),
        ),
  );

  app.get(
    '/materials/:id/file',
    {
      onRequest: canRead,
      schema: { params: IdParams, response: { 200: StoredFileBytes, ...errorResponses(400, 401, 403, 404) } },
    },
    async (request, reply) => {
      const m = await materialDownload(
        coreDepsOf(app.deps, request.log),
        actorOf(authOf(request), request),
        request.params.id,
      );
      return sendAuditedDownload(request, reply, {
        fileId: m.fileId,
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
    async (request) =>
      removeMaterial(coreDepsOf(app.deps, request.log), actorOf(authOf(request), request), request.params.id),
  );
};
