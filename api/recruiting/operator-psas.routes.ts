import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { AppError } from '../../domain/errors';
import { requirePermission } from '../plugins/require-permission';
import { sendAuditedDownload } from '../plugins/send-stored-file';
import { errorResponses, StoredFileBytes, Uuid } from '../shared/schemas';
import { coreDepsOf } from '../shared/use-case';
import { findOperatorPsaAttachmentDownload, listOperatorPsaAttachments } from './psa-attachments.service';
import { findPsa, listPsas, type PsaRow } from './psas.repository';
import { psaProfile } from './psa-profile';
import { findSchoolName, psaSchoolId } from './psa-writes.repository';
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
  const { db } = app.deps.database;
  const operate = requirePermission('schools:operate');
  const deps = (request: FastifyRequest) => coreDepsOf(app.deps, request.log);

  /** A prospect of any school, as long as it has not been merged into another (then it is a 404, as for staff). */
  async function openPsa(id: string): Promise<PsaRow> {
    const schoolId = await psaSchoolId(db, id);
    const psa = schoolId ? await findPsa(db, schoolId, id) : null;
    if (!psa || psa.merged_into_id) throw new AppError('NOT_FOUND');
    return psa;
  }

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
    async (request) => {
      const school = await findSchoolName(db, request.params.id);
      if (!school) throw new AppError('NOT_FOUND');
      const limit = request.query.limit ?? 50;
      const offset = request.query.offset ?? 0;
      const page = await listPsas(
        db,
        school.id,
        { archived: request.query.archived === true, search: request.query.search ?? null },
        limit,
        offset,
      );
      return { schoolName: school.name, ...page, limit, offset };
    },
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
    async (request) => {
      const psa = await openPsa(request.params.id);
      return { schoolId: psa.school_id, ...(await psaProfile(db, psa.school_id, psa)) };
    },
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
