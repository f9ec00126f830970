import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { COMP_TICKET_RECIPIENT_ROLES, DEFAULT_COMP_TICKET_SETTINGS } from '../../domain/comp-tickets';
import { auditRequest } from '../plugins/audit-request';
import { authOf } from '../plugins/authenticate';
import { requirePermission, requirePlanFeature } from '../plugins/require-permission';
import { errorResponses } from '../shared/schemas';
import { findCompTicketSettings, saveCompTicketSettings } from './comp-tickets.repository';
import { CompTicketSettingsBody, CompTicketSettingsDto } from './comp-tickets.schemas';

/**
 * Comp ticket configuration of the signed-in admin's school (issue 4; screen /sprySign/settings). One configuration
 * per school: reading gives the defaults until one is saved. School admins only, on the 'Connect' plan (paperwork).
 */
export const compTicketsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { db } = app.deps.database;
  const canConfigure = [requirePermission('comp-tickets:configure'), requirePlanFeature('paperwork')];

  app.get(
    '/comp-tickets',
    { onRequest: canConfigure, schema: { response: { 200: CompTicketSettingsDto, ...errorResponses(401, 403) } } },
    async (request) => {
      const saved = await findCompTicketSettings(db, authOf(request).school.id);
      if (!saved) return { ...DEFAULT_COMP_TICKET_SETTINGS, updatedAt: null };
      return { ...saved, updatedAt: saved.updatedAt.toISOString() };
    },
  );

  app.put(
    '/comp-tickets',
    {
      onRequest: canConfigure,
      schema: {
        body: CompTicketSettingsBody,
        response: { 200: CompTicketSettingsDto, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => {
      const auth = authOf(request);
      const schoolId = auth.school.id;
      const body = request.body;
      // Stored in the catalogue's order, so the same choice always reads back the same.
      const settings = {
        ...body,
        recipientRoles: COMP_TICKET_RECIPIENT_ROLES.filter((role) => body.recipientRoles.includes(role)),
      };
      await db.transaction().execute(async (trx) => {
        await saveCompTicketSettings(trx, schoolId, settings, auth.user.id);
        await auditRequest(
          request,
          {
            action: 'comp_tickets.configured',
            targetType: 'school',
            targetId: schoolId,
            details: settings,
          },
          trx,
        );
      });
      const saved = (await findCompTicketSettings(db, schoolId))!;
      return { ...saved, updatedAt: saved.updatedAt.toISOString() };
    },
  );
};
