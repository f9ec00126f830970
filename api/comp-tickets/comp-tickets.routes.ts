import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { authOf } from '../plugins/authenticate';
import { requirePermission, requirePlanFeature } from '../plugins/require-permission';
import { errorResponses } from '../shared/schemas';
import { actorOf, coreDepsOf } from '../shared/use-case';
import { configureCompTickets, getCompTicketSettings } from './comp-tickets.service';
import { CompTicketSettingsBody, CompTicketSettingsDto } from './comp-tickets.schemas';

/**
 * Comp ticket configuration of the signed-in admin's school (issue 4; screen /sprySign/settings). One configuration
 * per school: reading gives the defaults until one is saved. School admins only, on the 'Connect' plan (paperwork).
 */
export const compTicketsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const canConfigure = [requirePermission('comp-tickets:configure'), requirePlanFeature('paperwork')];

  app.get(
    '/comp-tickets',
    { onRequest: canConfigure, schema: { response: { 200: CompTicketSettingsDto, ...errorResponses(401, 403) } } },
    async (request) => getCompTicketSettings(coreDepsOf(app.deps, request.log), actorOf(authOf(request), request)),
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
    async (request) =>
      configureCompTickets(coreDepsOf(app.deps, request.log), actorOf(authOf(request), request), request.body),
  );
};
