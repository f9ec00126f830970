import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { authOf } from '../plugins/authenticate';
import { requirePermission } from '../plugins/require-permission';
import { actorOf, coreDepsOf } from '../shared/use-case';
import { MAX_PATH_PARAM_LENGTH, NoContent, errorResponses } from '../shared/schemas';
import { FeedDto } from './events.schemas';
import { feedByToken, getMyFeed, regenerateMyFeed, revokeMyFeed } from './feeds.service';

/**
 * Personal calendar feeds: a signed, revocable URL per person that calendar apps subscribe to. The feed itself is
 * public by design (apps cannot sign in); its token is the credential.
 */
export const feedsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const canRead = requirePermission('calendar:read');
  const { config } = app.deps;
  const deps = (request: FastifyRequest) => coreDepsOf(app.deps, request.log);
  const actor = (request: FastifyRequest) => actorOf(authOf(request), request);

  app.get(
    '/calendar-feed',
    { onRequest: canRead, schema: { response: { 200: FeedDto, ...errorResponses(401, 403) } } },
    async (request) => getMyFeed(deps(request), actor(request), config),
  );

  app.post(
    '/calendar-feed',
    { onRequest: canRead, schema: { response: { 200: FeedDto, ...errorResponses(401, 403) } } },
    async (request) => regenerateMyFeed(deps(request), actor(request), config),
  );

  app.delete(
    '/calendar-feed',
    { onRequest: canRead, schema: { response: { 204: NoContent, ...errorResponses(401, 403) } } },
    async (request, reply) => {
      await revokeMyFeed(deps(request), actor(request));
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/calendar-feed/:token',
    {
      config: { public: true, rateLimit: { max: 120, timeWindow: '1 minute' } },
      schema: {
        params: Type.Object({ token: Type.String({ maxLength: MAX_PATH_PARAM_LENGTH }) }),
        response: {
          200: {
            description: 'The person’s events as an iCalendar (RFC 5545) feed.',
            content: { 'text/calendar': { schema: Type.String() } },
          },
          ...errorResponses(404),
        },
      },
    },
    async (request, reply) =>
      reply
        .type('text/calendar; charset=utf-8')
        .header('cache-control', 'private, max-age=300')
        .send(await feedByToken(deps(request), config, request.params.token)),
  );
};
