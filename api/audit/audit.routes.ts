import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { authOf } from '../plugins/authenticate';
import { requirePermission } from '../plugins/require-permission';
import { findSchoolSummary } from '../school/school.repository';
import { errorResponses } from '../shared/schemas';
import { listAuditEvents } from './audit.repository';
import { AuditEventPage, ListAuditEventsQuery } from './audit.schemas';

/** The append-only security log of the signed-in user's school. */
export const auditRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { db } = app.deps.database;
  app.get(
    '/audit-events',
    {
      onRequest: requirePermission('audit:read'),
      schema: {
        querystring: ListAuditEventsQuery,
        response: { 200: AuditEventPage, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => {
      const auth = authOf(request);
      const limit = request.query.limit ?? 50;
      const offset = request.query.offset ?? 0;
      const [{ rows, total }, school] = await Promise.all([
        listAuditEvents(db, auth.school.id, {
          limit,
          offset,
          ...(request.query.action ? { action: request.query.action } : {}),
          ...(request.query.targetId ? { targetId: request.query.targetId } : {}),
        }),
        findSchoolSummary(db, auth.school.id),
      ]);
      return {
        items: rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() })),
        total,
        limit,
        offset,
        timeZone: school?.timeZone ?? 'America/New_York',
      };
    },
  );
};
