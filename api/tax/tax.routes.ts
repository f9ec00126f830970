import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { authOf } from '../plugins/authenticate';
import { requirePermission } from '../plugins/require-permission';
import { errorResponses } from '../shared/schemas';
import { actorOf, coreDepsOf } from '../shared/use-case';
import {
  ACKNOWLEDGE_DESCRIPTION,
  CalculatorOptionsAnswer,
  DisclaimerAnswer,
  ESTIMATE_DESCRIPTION,
  EstimateAnswer,
  EstimateBody,
  SAVE_DISCLAIMER_DESCRIPTION,
  SaveDisclaimerBody,
} from './tax.schemas';
import { acknowledgeDisclaimer, calculatorOptions, estimate, getDisclaimer, saveDisclaimer } from './tax.service';

/**
 * The tax disclaimer (read: athletes and admins; edit: admins; acknowledge: athletes, once a year) and the tax
 * calculator (athletes and admins).
 */
export const taxRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const deps = (request: FastifyRequest) => coreDepsOf(app.deps, request.log);
  const actor = (request: FastifyRequest) => actorOf(authOf(request), request);
  const read = requirePermission('tax:estimate');

  app.get(
    '/tax/disclaimer',
    { onRequest: read, schema: { response: { 200: DisclaimerAnswer, ...errorResponses(401, 403) } } },
    async (request) => getDisclaimer(deps(request), actor(request)),
  );

  app.put(
    '/tax/disclaimer',
    {
      onRequest: requirePermission('tax:configure'),
      schema: {
        body: SaveDisclaimerBody,
        description: SAVE_DISCLAIMER_DESCRIPTION,
        response: { 200: DisclaimerAnswer, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => saveDisclaimer(deps(request), actor(request), request.body),
  );

  app.post(
    '/tax/disclaimer/acknowledge',
    {
      onRequest: requirePermission('tax:acknowledge'),
      schema: {
        description: ACKNOWLEDGE_DESCRIPTION,
        response: { 200: DisclaimerAnswer, ...errorResponses(401, 403) },
      },
    },
    async (request) => acknowledgeDisclaimer(deps(request), actor(request)),
  );

  app.get(
    '/tax/calculator',
    { onRequest: read, schema: { response: { 200: CalculatorOptionsAnswer, ...errorResponses(401, 403) } } },
    async (request) => calculatorOptions(deps(request), actor(request)),
  );

  app.post(
    '/tax/estimate',
    {
      onRequest: read,
      schema: {
        body: EstimateBody,
        description: ESTIMATE_DESCRIPTION,
        response: { 200: EstimateAnswer, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => estimate(deps(request), actor(request), request.body),
  );
};
