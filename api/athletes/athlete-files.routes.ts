import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { ATHLETE_LIMITS, canEditField, canSeeField } from '../../domain/athlete-profiles';
import { AppError } from '../../domain/errors';
import { auditRequest } from '../plugins/audit-request';
import { attachmentDisposition, checkAttachment, readUploadedFile } from '../disclosures/disclosure-files.service';
import { authOf } from '../plugins/authenticate';
import { requirePermission } from '../plugins/require-permission';
import { ATTACHMENT_REFUSALS, refusals } from '../shared/refusals';
import { errorResponses, IdParams, Uuid } from '../shared/schemas';
import { deleteStoredFile, findStoredFile, insertStoredFile } from '../shared/stored-files.repository';
import { athleteHasFile, insertAthleteFile, lockAndCountFiles } from './athlete-extras.repository';
import { athleteActorOf, profileView, reachableAthlete } from './athlete-profile.service';
import { findAthlete } from './athletes.repository';
import { AthleteProfileView } from './athletes.schemas';

/** `stored_files.purpose` of a student-athlete's file. */
export const ATHLETE_FILE_PURPOSE = 'athlete-file';

const FileParams = Type.Object({ id: Uuid, fileId: Uuid });
const limitError = () =>
  new AppError('ATHLETE_FILES_LIMIT', [
    { field: 'file', message: 'Upload limits exceeded: at most 50 files per student-athlete.' },
  ]);

/**
 * A student-athlete's files: one file per request (multipart field `file`, the spec's types checked by their first
 * bytes, at most 20 MB), at most 50 per athlete; downloads and removals audited. Who may upload, read or remove is
 * the profile's field permission for `files`.
 */
export const athleteFilesRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { db } = app.deps.database;
  await app.register(multipart, {
    limits: { fileSize: ATHLETE_LIMITS.maxFileBytes, files: 1, fields: 5, parts: 6, headerPairs: 100 },
    throwFileSizeLimit: true,
  });
  const canProfile = requirePermission('athletes:profile');

  async function reach(request: Parameters<typeof authOf>[0], id: string, edit: boolean) {
    const auth = authOf(request);
    const { athlete, viewer } = await (await reachableAthlete(db, athleteActorOf(auth, request)))(id);
    if (!(edit ? canEditField(viewer, 'files') : canSeeField(viewer, 'files'))) throw new AppError('FORBIDDEN');
    return { auth, athlete, viewer };
  }

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
      const { auth, athlete, viewer } = await reach(request, request.params.id, true);
      const schoolId = auth.school.id;
      if ((await lockAndCountFiles(db, schoolId, athlete.id)) >= ATHLETE_LIMITS.maxFiles) throw limitError();
      const upload = await readUploadedFile(request);
      const { contentType } = checkAttachment(upload);
      await db.transaction().execute(async (trx) => {
        if ((await lockAndCountFiles(trx, schoolId, athlete.id)) >= ATHLETE_LIMITS.maxFiles) throw limitError();
        const file = await insertStoredFile(trx, schoolId, {
          uploadedBy: auth.user.id,
          purpose: ATHLETE_FILE_PURPOSE,
          filename: upload.filename,
          contentType,
          bytes: upload.bytes,
        });
        await insertAthleteFile(trx, schoolId, athlete.id, file.id, auth.user.id);
        await auditRequest(
          request,
          {
            action: 'athlete.file_uploaded',
            targetType: 'user',
            targetId: athlete.id,
            details: { after: { fileId: file.id, filename: file.filename, size: file.sizeBytes, sha256: file.sha256 } },
          },
          trx,
        );
      });
      return reply
        .code(201)
        .send(await profileView(db, schoolId, (await findAthlete(db, schoolId, athlete.id))!, viewer));
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
      const { auth, athlete } = await reach(request, request.params.id, false);
      const { fileId } = request.params;
      if (!(await athleteHasFile(db, auth.school.id, athlete.id, fileId))) throw new AppError('NOT_FOUND');
      const file = await findStoredFile(db, auth.school.id, fileId, ATHLETE_FILE_PURPOSE);
      if (!file) throw new AppError('NOT_FOUND');
      await auditRequest(request, {
        action: 'athlete.file_downloaded',
        targetType: 'user',
        targetId: athlete.id,
        details: { fileId, filename: file.filename, sha256: file.sha256 },
      });
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
    async (request) => {
      const { auth, athlete, viewer } = await reach(request, request.params.id, true);
      const { fileId } = request.params;
      const schoolId = auth.school.id;
      if (!(await athleteHasFile(db, schoolId, athlete.id, fileId))) throw new AppError('NOT_FOUND');
      await db.transaction().execute(async (trx) => {
        const file = await findStoredFile(trx, schoolId, fileId, ATHLETE_FILE_PURPOSE);
        await deleteStoredFile(trx, schoolId, fileId, ATHLETE_FILE_PURPOSE);
        await auditRequest(
          request,
          {
            action: 'athlete.file_removed',
            targetType: 'user',
            targetId: athlete.id,
            details: { before: { fileId, filename: file?.filename ?? null } },
          },
          trx,
        );
      });
      return profileView(db, schoolId, (await findAthlete(db, schoolId, athlete.id))!, viewer);
    },
  );
};
