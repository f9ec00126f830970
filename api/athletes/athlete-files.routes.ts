import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { ATHLETE_LIMITS } from '../../domain/athlete-profiles';
import { attachmentDisposition } from '../disclosures/disclosure-files.service';
import { authOf } from '../plugins/authenticate';
import { requirePermission } from '../plugins/require-permission';
import { readUploadedFile } from '../plugins/uploaded-file';
import { ATTACHMENT_REFUSALS, refusals } from '../shared/refusals';
import { errorResponses, IdParams, Uuid } from '../shared/schemas';
import { coreDepsOf } from '../shared/use-case';
import { downloadAthleteFile, removeAthleteFile, uploadAthleteFile } from './athlete-files.service';
import { athleteActorOf } from './athlete-profile.service';
import { AthleteProfileView } from './athletes.schemas';

const FileParams = Type.Object({ id: Uuid, fileId: Uuid });

/**
 * A student-athlete's files: one file per request (multipart field `file`, the spec's types checked by their first
 * bytes, at most 20 MB), at most 50 per athlete; downloads and removals audited. Who may upload, read or remove is
 * the profile's field permission for `files` (api/athletes/athlete-files.service.ts).
 */
export const athleteFilesRoutes: FastifyPluginAsyncTypebox = async (app) => {
  await app.register(multipart, {
    limits: { fileSize: ATHLETE_LIMITS.maxFileBytes, files: 1, fields: 5, parts: 6, headerPairs: 100 },
    throwFileSizeLimit: true,
  });
  const canProfile = requirePermission('athletes:profile');

  app.post(
    '/athletes/:id/files',
    {
      onRequest: canProfile,
      schema: {
        description: refusals({
          FORBIDDEN: "when the caller's view of the athlete may not change the files",
          ATHLETE_FILES_LIMIT: `when the athlete already has ${ATHLETE_LIMITS.maxFiles} files`,
          ...ATTACHMENT_REFUSALS,
        }),
        params: IdParams,
        consumes: ['multipart/form-data'],
        response: { 201: AthleteProfileView, ...errorResponses(400, 401, 403, 404, 413, 415) },
      },
    },
    async (request, reply) => {
      // The use case refuses an unreachable or full athlete before the bytes are read.
      const view = await uploadAthleteFile(
        coreDepsOf(app.deps, request.log),
        athleteActorOf(authOf(request), request),
        {
          athleteId: request.params.id,
          upload: () => readUploadedFile(request),
        },
      );
      return reply.code(201).send(view);
    },
  );

  app.get(
    '/athletes/:id/files/:fileId',
    {
      onRequest: canProfile,
      schema: {
        description: refusals({ FORBIDDEN: "when the caller's view of the athlete does not show the files" }),
        params: FileParams,
        response: {
          200: Type.Unsafe<Uint8Array>({ type: 'string', format: 'binary' }),
          ...errorResponses(400, 401, 403, 404),
        },
      },
    },
    async (request, reply) => {
      const file = await downloadAthleteFile(
        coreDepsOf(app.deps, request.log),
        athleteActorOf(authOf(request), request),
        {
          athleteId: request.params.id,
          fileId: request.params.fileId,
        },
      );
      return reply
        .type(file.contentType)
        .header('content-disposition', attachmentDisposition(file.filename))
        .header('cache-control', 'private, no-store')
        .send(file.bytes);
    },
  );

  app.delete(
    '/athletes/:id/files/:fileId',
    {
      onRequest: canProfile,
      schema: {
        description: refusals({ FORBIDDEN: "when the caller's view of the athlete may not change the files" }),
        params: FileParams,
        response: { 200: AthleteProfileView, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) =>
      removeAthleteFile(coreDepsOf(app.deps, request.log), athleteActorOf(authOf(request), request), {
        athleteId: request.params.id,
        fileId: request.params.fileId,
      }),
  );
};
