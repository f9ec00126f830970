import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { onRequestAsyncHookHandler } from 'fastify';
import { DISCLOSURE_LIMITS } from '../../domain/disclosures';
import { authOf } from '../plugins/authenticate';
import { requirePermission } from '../plugins/require-permission';
import { sendAuditedDownload } from '../plugins/send-stored-file';
import { readUploadedFile } from '../plugins/uploaded-file';
import { ATTACHMENT_REFUSALS, refusals } from '../shared/refusals';
import { errorResponses, IdParams, StoredFileBytes } from '../shared/schemas';
import { actorOf, coreDepsOf } from '../shared/use-case';
import type { AuthContext } from '../types';
import { addDisclosureAttachment, attachmentDownload, removeDisclosureFile } from './disclosure-attachments.service';
import { DISCLOSURE_FILE_PURPOSE } from './disclosure-files.service';
import type { DisclosureRecord } from './disclosures.repository';
import { AttachmentParams, DisclosureDetailDto } from './disclosures.schemas';

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
  await app.register(multipart, {
    limits: { fileSize: DISCLOSURE_LIMITS.maxAttachmentBytes, files: 1, fields: 5, parts: 6, headerPairs: 100 },
    throwFileSizeLimit: true,
  });
  const canSubmit = [requirePermission('disclosures:submit'), plan];
  const canRead = [requirePermission('disclosures:read'), plan];

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
      // The use case refuses a full or uneditable disclosure before the bytes are read.
      const file = await addDisclosureAttachment(coreDepsOf(app.deps, request.log), actorOf(auth, request), {
        disclosure: await visible(auth, request.params.id),
        upload: () => readUploadedFile(request),
      });
      request.log.info({ disclosureId: request.params.id, fileId: file.id }, 'disclosure attachment stored');
      return reply.code(201).send(await detail(auth, request.params.id));
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
      await removeDisclosureFile(coreDepsOf(app.deps, request.log), actorOf(auth, request), {
        disclosure: await visible(auth, id),
        fileId,
      });
      return detail(auth, id);
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
      const { disclosureId, asOwner } = attachmentDownload(actorOf(auth, request), await visible(auth, id), fileId);
      return sendAuditedDownload(request, reply, {
        fileId,
        purpose: DISCLOSURE_FILE_PURPOSE,
        audit: {
          action: 'disclosure.attachment_downloaded',
          targetType: 'disclosure',
          targetId: disclosureId,
          details: { asOwner },
        },
      });
    },
  );
};
