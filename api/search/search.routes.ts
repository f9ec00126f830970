import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { authOf } from '../plugins/authenticate';
import { requirePermission } from '../plugins/require-permission';
import { errorResponses } from '../shared/schemas';
import { SearchQuery, SearchResult } from './search.schemas';
import { searchByName } from './search.service';

/** GET /search?q=: the command palette finds people, packets, disclosures and teams of the caller's school. */
export const searchRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { db } = app.deps.database;
  app.get(
    '/search',
    {
      onRequest: requirePermission('search:read'),
      schema: { querystring: SearchQuery, response: { 200: SearchResult, ...errorResponses(400, 401, 403) } },
    },
    async (request) => ({
      items: await searchByName(db, authOf(request), request.query.q, request.query.limit ?? 5),
    }),
  );
};
