import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { requirePermission } from '../plugins/require-permission';
import { sendAuditedDownload } from '../plugins/send-stored-file';
import { errorResponses, StoredFileBytes, Uuid } from '../shared/schemas';
import { coreDepsOf } from '../shared/use-case';
import { findOperatorPsaAttachmentDownload, listOperatorPsaAttachments } from './psa-attachments.service';
import { getOperatorPsa, listSchoolPsas } from './operator-psas.service';
import {
  AttachmentListDto,
  AttachmentParams,
  OperatorPsaPage,
  OperatorPsaProfile,
  OperatorPsaQuery,
} from './psas.schemas';

/**
 * The provider's read-only view of a school's recruiting (operators, `schools:operate`): the prospect list (active
 * or archived), one prospect's profile with its history, and its attachments (list and download, each download in
 * the school's audit log as staff downloads are). Nothing here changes a prospect.
 */
export const operatorPsasRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const operate = requirePermission('schools:operate');
  const deps = (request: FastifyRequest) => coreDepsOf(app.deps, request.log);

  app.get(
    '/schools/:id/psas',
    {
      onRequest: operate,
      schema: {
        params: Type.Object({ id: Uuid }),
        querystring: OperatorPsaQuery,
        response: { 200: OperatorPsaPage, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => listSchoolPsas(deps(request), request.params.id, request.query),
  );

  app.get(
    '/operator/psas/:id',
    {
      onRequest: operate,
      schema: {
        params: Type.Object({ id: Uuid }),
        response: { 200: OperatorPsaProfile, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => getOperatorPsa(deps(request), request.params.id),
  );

  app.get(
    '/operator/psas/:id/attachments',
    {
      onRequest: operate,
      schema: {
        params: Type.Object({ id: Uuid }),
        response: { 200: AttachmentListDto, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => listOperatorPsaAttachments(deps(request), request.params.id),
  );

  app.get(
    '/operator/psas/:id/attachments/:attachmentId',
    {
      onRequest: operate,
      schema: { params: AttachmentParams, response: { 200: StoredFileBytes, ...errorResponses(400, 401, 403, 404) } },
    },
    async (request, reply) => {
      const download = await findOperatorPsaAttachmentDownload(
        deps(request),
        request.params.id,
        request.params.attachmentId,
      );
      return sendAuditedDownload(request, reply, download);
    },
  );
};
