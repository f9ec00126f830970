import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { authOf } from '../plugins/authenticate';
import { requirePermission, requirePlanFeature } from '../plugins/require-permission';
import { refusals } from '../shared/refusals';
import { IdParams, NoContent, errorResponses } from '../shared/schemas';
import { actorOf, coreDepsOf } from '../shared/use-case';
import {
  createConflictFlag,
  deleteConflictFlag,
  listConflictFlags,
  updateConflictFlag,
} from './conflict-flags.service';
import { ConflictFlagBody, ConflictFlagDto, ConflictFlagList } from './disclosures.schemas';

/** A flag's teams are the school's. */
const FLAG_REFUSALS = { VALIDATION_FAILED: 'when a team of `teamIds` is not a team of the school' };

/** Conflict-of-interest flags: admins define them; athletes see them (/conflictOfInterest) before they sign a deal. */
export const conflictFlagsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const plan = requirePlanFeature('disclosures');
  const canRead = [requirePermission('conflict-flags:read'), plan];
  const canWrite = [requirePermission('conflict-flags:write'), plan];

  app.get(
    '/conflict-flags',
    { onRequest: canRead, schema: { response: { 200: ConflictFlagList, ...errorResponses(401, 403) } } },
    async (request) => listConflictFlags(coreDepsOf(app.deps, request.log), actorOf(authOf(request), request)),
  );

  app.post(
    '/conflict-flags',
    {
      onRequest: canWrite,
      schema: {
        description: refusals(FLAG_REFUSALS),
        body: ConflictFlagBody,
        response: { 201: ConflictFlagDto, ...errorResponses(400, 401, 403) },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(
          await createConflictFlag(coreDepsOf(app.deps, request.log), actorOf(authOf(request), request), request.body),
        ),
  );

  app.put(
    '/conflict-flags/:id',
    {
      onRequest: canWrite,
      schema: {
        description: refusals(FLAG_REFUSALS),
        params: IdParams,
        body: ConflictFlagBody,
        response: { 200: ConflictFlagDto, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) =>
      updateConflictFlag(
        coreDepsOf(app.deps, request.log),
        actorOf(authOf(request), request),
        request.params.id,
        request.body,
      ),
  );

  app.delete(
    '/conflict-flags/:id',
    {
      onRequest: canWrite,
      schema: { params: IdParams, response: { 204: NoContent, ...errorResponses(400, 401, 403, 404) } },
    },
    async (request, reply) => {
      await deleteConflictFlag(coreDepsOf(app.deps, request.log), actorOf(authOf(request), request), request.params.id);
      return reply.code(204).send(null);
    },
  );
};
