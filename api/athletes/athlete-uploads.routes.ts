import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { UPLOAD_LIMITS } from '../../domain/athlete-upload';
import { readUploadedFile } from '../plugins/uploaded-file';
import { authOf } from '../plugins/authenticate';
import { requirePermission } from '../plugins/require-permission';
import { sendTemplate } from '../plugins/send-template';
import { SPREADSHEET_REFUSALS, refusals } from '../shared/refusals';
import { IdParams, errorResponses } from '../shared/schemas';
import { actorOf } from '../shared/use-case';
import { usersDepsOf } from '../users/user-scope';
import { buildTemplate } from './athlete-upload-file';
import {
  AthleteUploadDto,
  ImportUploadBody,
  TemplateBytes,
  TemplateQuery,
  UploadMappingBody,
} from './athlete-uploads.schemas';
import { createUpload, importUpload, remapUpload, toUploadDto, visibleUpload } from './athlete-uploads.service';

/**
 * Bulk upload of student-athletes (/createBulkStudent): upload a file (checked at once, nothing stored), adjust the
 * column mapping (checked again), then import. Multipart parsing is registered in this plugin only.
 */
export const athleteUploadsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  await app.register(multipart, {
    limits: { fileSize: UPLOAD_LIMITS.maxFileBytes, files: 1, fields: 5, parts: 6, headerPairs: 100 },
    throwFileSizeLimit: true,
  });
  const canUpload = requirePermission('athletes:upload');
  const core = (request: FastifyRequest) => usersDepsOf(app.deps, request.log);
  const actor = (request: FastifyRequest) => actorOf(authOf(request), request);

  app.get(
    '/athletes/uploads/template',
    {
      onRequest: canUpload,
      schema: { querystring: TemplateQuery, response: { 200: TemplateBytes, ...errorResponses(400, 401, 403) } },
    },
    async (request, reply) => {
      const format = request.query.format ?? 'xlsx';
      return sendTemplate(reply, format, 'student-athletes-template', buildTemplate(format));
    },
  );

  app.post(
    '/athletes/uploads',
    {
      onRequest: canUpload,
      schema: {
        consumes: ['multipart/form-data'],
        description:
          "Multipart upload of one XLSX, XLS or CSV file (field 'file'): headers matched to fields, every row checked, nothing stored yet. " +
          refusals({
            ...SPREADSHEET_REFUSALS,
            FILE_TOO_LARGE: `when the file is larger than ${UPLOAD_LIMITS.maxFileBytes / (1024 * 1024)} MB`,
            UPLOAD_EMPTY: 'when the sheet has no rows below its headers',
            UPLOAD_LIMIT_EXCEEDED: `when the sheet has more than ${UPLOAD_LIMITS.maxRows} rows (${UPLOAD_LIMITS.maxRowsCoach} for a coach)`,
          }),
        response: { 201: AthleteUploadDto, ...errorResponses(400, 401, 403, 413, 415) },
      },
    },
    async (request, reply) => {
      const file = await readUploadedFile(request);
      return reply
        .code(201)
        .send(await createUpload(core(request), actor(request), { fileName: file.filename, bytes: file.bytes }));
    },
  );

  app.get(
    '/athletes/uploads/:id',
    {
      onRequest: canUpload,
      schema: { params: IdParams, response: { 200: AthleteUploadDto, ...errorResponses(400, 401, 403, 404) } },
    },
    async (request) => toUploadDto(await visibleUpload(core(request), actor(request), request.params.id)),
  );

  app.put(
    '/athletes/uploads/:id/mapping',
    {
      onRequest: canUpload,
      schema: {
        description: refusals({
          UPLOAD_ALREADY_IMPORTED: 'when the upload is being or has been imported',
          VALIDATION_FAILED: "when `mapping` does not give one choice for each of the file's columns",
        }),
        params: IdParams,
        body: UploadMappingBody,
        response: { 200: AthleteUploadDto, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => remapUpload(core(request), actor(request), request.params.id, request.body.mapping),
  );

  app.post(
    '/athletes/uploads/:id/import',
    {
      onRequest: canUpload,
      schema: {
        description: refusals({
          UPLOAD_ALREADY_IMPORTED: 'when the upload is being or has been imported',
          UPLOAD_ROW_ERRORS: 'when a row has a problem (checked again at import: e-mails taken meanwhile count)',
          EMAIL_EXISTS: "when another account took a row's e-mail during the import",
        }),
        params: IdParams,
        body: ImportUploadBody,
        response: { 200: AthleteUploadDto, ...errorResponses(400, 401, 403, 404, 409, 503) },
      },
    },
    async (request) => importUpload(core(request), actor(request), request.params.id, request.body.invite),
  );
};
