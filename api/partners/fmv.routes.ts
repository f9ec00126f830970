import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { authOf } from '../plugins/authenticate';
import { requirePermission, requirePlanFeature } from '../plugins/require-permission';
import { errorResponses, IdParams } from '../shared/schemas';
import { actorOf, coreDepsOf } from '../shared/use-case';
import { DisclosureFmvDto, FMV_DESCRIPTION, FMV_FACTS_DESCRIPTION, FmvFactsBody } from './fmv.schemas';
import { disclosureFmv, setFmvFacts } from './fmv.service';

/**
 * The fair-market-value range of a disclosure (issue 39): from the school's approved deals of the same kind, where
 * the offer falls, and the flag for additional review when it is outside. Athletes see their own; reviewers all.
 */
export const fmvRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const deps = (request: FastifyRequest) => coreDepsOf(app.deps, request.log);
  const actor = (request: FastifyRequest) => actorOf(authOf(request), request);
  const canRead = [requirePermission('disclosures:read'), requirePlanFeature('disclosures')];

  app.get(
    '/fmv/disclosures/:id',
    {
      onRequest: canRead,
      schema: {
        params: IdParams,
        description: FMV_DESCRIPTION,
        response: { 200: DisclosureFmvDto, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => disclosureFmv(deps(request), actor(request), request.params.id),
  );

  app.put(
    '/fmv/disclosures/:id/facts',
    {
      onRequest: canRead,
      schema: {
        params: IdParams,
        body: FmvFactsBody,
        description: FMV_FACTS_DESCRIPTION,
        response: { 200: DisclosureFmvDto, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) =>
      setFmvFacts(deps(request), actor(request), {
        disclosureId: request.params.id,
        deliverables: request.body.deliverables,
        audienceSize: request.body.audienceSize,
      }),
  );
};
