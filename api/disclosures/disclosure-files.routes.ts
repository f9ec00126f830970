import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { onRequestAsyncHookHandler } from 'fastify';
import { DISCLOSURE_LIMITS } from '../../domain/disclosures';
import { AppError, ERRORS } from '../../domain/errors';
import { auditRequest } from '../plugins/audit-request';
import { authOf } from '../plugins/authenticate';
import { requirePermission } from '../plugins/require-permission';
import { ATTACHMENT_REFUSALS, refusals } from '../shared/refusals';
import { errorResponses, StoredFileBytes } from '../shared/schemas';
import { deleteStoredFile, insertStoredFile } from '../shared/stored-files.repository';
import type { AuthContext } from '../types';
import { sendAuditedDownload } from '../shared/send-stored-file';
import { checkAttachment, DISCLOSURE_FILE_PURPOSE, readUploadedFile } from './disclosure-files.service';
import {
  appendDisclosureAttachment,
  insertDisclosureEvent,
  removeDisclosureAttachment,
  type DisclosureRecord,
} from './disclosures.repository';
import { AttachmentParams, DisclosureDetailDto } from './disclosures.schemas';
import { IdParams } from '../shared/schemas';

interface FileRouteOptions {
  visible: (auth: AuthContext, id: string) => Promise<DisclosureRecord>;
  detail: (auth: AuthContext, id: string) => Promise<DisclosureDetailDto>;
  plan: onRequestAsyncHookHandler;
}

/** Attachments change only on the athlete's own disclosure while it can be edited. */
const EDITABLE_REFUSALS = {
  DISCLOSURE_ARCHIVED: 'when the disclosure is archived',
  DISCLOSURE_NOT_EDITABLE: 'when the disclosure is neither a draft nor sent back for changes',
};

/**
 * A disclosure's attachments: the athlete uploads one file per request (multipart field `file`) while the disclosure
 * is a draft or has a change requested; the athlete and the school's reviewers download them, each download audited.
 * Multipart parsing is registered in this plugin only, so no other disclosure route accepts uploads.
 */
export const disclosureFilesRoutes: FastifyPluginAsyncTypebox<FileRouteOptions> = async (
  app,
  { visible, detail, plan },
) => {
  const { db } = app.deps.database;
  await app.register(multipart, {
    limits: { fileSize: DISCLOSURE_LIMITS.maxAttachmentBytes, files: 1, fields: 5, parts: 6, headerPairs: 100 },
    throwFileSizeLimit: true,
  });
  const canSubmit = [requirePermission('disclosures:submit'), plan];
  const canRead = [requirePermission('disclosures:read'), plan];

  /** The caller's own disclosure, still editable; else the catalogue's answer (404 for anyone else's). */
  async function ownEditable(auth: AuthContext, id: string): Promise<DisclosureRecord> {
    const d = await visible(auth, id);
    if (d.athlete_user_id !== auth.user.id) throw new AppError('NOT_FOUND');
    if (d.archived_at) throw new AppError('DISCLOSURE_ARCHIVED');
    if (d.status !== 'DRAFT' && d.status !== 'CHANGE_REQUESTED') throw new AppError('DISCLOSURE_NOT_EDITABLE');
    return d;
  }

  app.post(
    '/disclosures/:id/attachments',
    {
      onRequest: canSubmit,
      schema: {
        params: IdParams,
        consumes: ['multipart/form-data'],
        description: `Multipart upload of one attachment (field 'file', at most 20 MB, the spec's file types). ${refusals(
          {
            ...EDITABLE_REFUSALS,
            ...ATTACHMENT_REFUSALS,
            TOO_MANY_FILES: `when the disclosure already has ${DISCLOSURE_LIMITS.maxAttachments} attachments, or the request sends more than one file`,
          },
        )}`,
        response: { 201: DisclosureDetailDto, ...errorResponses(400, 401, 403, 404, 409, 413, 415) },
      },
    },
    async (request, reply) => {
      const auth = authOf(request);
      const d = await ownEditable(auth, request.params.id);
      if (d.attachments.length >= DISCLOSURE_LIMITS.maxAttachments) {
        throw new AppError('TOO_MANY_FILES', [{ field: 'file', message: ERRORS.TOO_MANY_FILES.message }]);
      }
      const upload = await readUploadedFile(request);
      const { contentType } = checkAttachment(upload);
      const result = await db.transaction().execute(async (trx) => {
        const file = await insertStoredFile(trx, auth.school.id, {
          uploadedBy: auth.user.id,
          purpose: DISCLOSURE_FILE_PURPOSE,
          filename: upload.filename,
          contentType,
          bytes: upload.bytes,
        });
        const outcome = await appendDisclosureAttachment(
          trx,
          auth.school.id,
          d.id,
          auth.user.id,
          {
            fileId: file.id,
            name: file.filename,
            size: file.sizeBytes,
            contentType: file.contentType,
            sha256: file.sha256,
            uploadedAt: file.createdAt.toISOString(),
          },
          DISCLOSURE_LIMITS.maxAttachments,
        );
        if (outcome === 'full') {
          throw new AppError('TOO_MANY_FILES', [{ field: 'file', message: ERRORS.TOO_MANY_FILES.message }]);
        }
        if (outcome === 'not-editable') throw new AppError('DISCLOSURE_NOT_EDITABLE');
        await insertDisclosureEvent(trx, auth.school.id, {
          disclosureId: d.id,
          actorUserId: auth.user.id,
          action: 'attach',
          reason: file.filename,
          details: { fileId: file.id, size: file.sizeBytes, sha256: file.sha256 },
        });
        await auditRequest(
          request,
          {
            action: 'disclosure.attachment_uploaded',
            targetType: 'disclosure',
            targetId: d.id,
            details: { fileId: file.id, filename: file.filename, size: file.sizeBytes, sha256: file.sha256 },
          },
          trx,
        );
        return file;
      });
      request.log.info({ disclosureId: d.id, fileId: result.id }, 'disclosure attachment stored');
      return reply.code(201).send(await detail(auth, d.id));
    },
  );

  app.delete(
    '/disclosures/:id/attachments/:fileId',
    {
      onRequest: canSubmit,
      schema: {
        description: refusals(EDITABLE_REFUSALS),
        params: AttachmentParams,
        response: { 200: DisclosureDetailDto, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const auth = authOf(request);
      const { id, fileId } = request.params;
      const d = await ownEditable(auth, id);
      const attachment = d.attachments.find((a) => a.fileId === fileId);
      if (!attachment) throw new AppError('NOT_FOUND');
      await db.transaction().execute(async (trx) => {
        if (!(await removeDisclosureAttachment(trx, auth.school.id, d.id, auth.user.id, fileId))) {
          throw new AppError('DISCLOSURE_NOT_EDITABLE');
        }
        await deleteStoredFile(trx, auth.school.id, fileId, DISCLOSURE_FILE_PURPOSE);
        await insertDisclosureEvent(trx, auth.school.id, {
          disclosureId: d.id,
          actorUserId: auth.user.id,
          action: 'detach',
          reason: attachment.name,
          details: { fileId },
        });
        await auditRequest(
          request,
          {
            action: 'disclosure.attachment_removed',
            targetType: 'disclosure',
            targetId: d.id,
            details: { fileId, filename: attachment.name },
          },
          trx,
        );
      });
      return detail(auth, d.id);
    },
  );

  app.get(
    '/disclosures/:id/attachments/:fileId',
    {
      onRequest: canRead,
      schema: {
        params: AttachmentParams,
        response: { 200: StoredFileBytes, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const auth = authOf(request);
      const { id, fileId } = request.params;
      const d = await visible(auth, id);
      const own = d.athlete_user_id === auth.user.id;
      if (!own && !auth.permissions.has('disclosures:review')) throw new AppError('FORBIDDEN');
      // The file must be listed on this disclosure: a file id of another disclosure of the school answers 404 too.
      if (!d.attachments.some((a) => a.fileId === fileId)) throw new AppError('NOT_FOUND');
      return sendAuditedDownload(request, reply, {
        fileId,
        purpose: DISCLOSURE_FILE_PURPOSE,
        audit: {
          action: 'disclosure.attachment_downloaded',
          targetType: 'disclosure',
          targetId: d.id,
          details: { asOwner: own },
        },
      });
    },
  );
};
