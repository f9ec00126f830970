import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { authOf } from '../plugins/authenticate';
import { requirePermission } from '../plugins/require-permission';
import { refusals } from '../shared/refusals';
import { IdParams, NoContent, errorResponses } from '../shared/schemas';
import { actorOf, coreDepsOf } from '../shared/use-case';
import { CreateTeamBody, TeamDto, TeamList, TeamListQuery, UpdateTeamBody } from './teams.schemas';
import { archiveTeam, createTeam, deleteTeam, getTeam, listTeams, unarchiveTeam, updateTeam } from './teams.service';

/** What a team's name and sport are refused for. */
const TEAM_NAME_REFUSALS = {
  NAME_INVALID_CHARACTERS: 'when `name` or `sport` contains a line break or another control character',
  ALREADY_EXISTS: 'when the school already has a team with this name',
};

/** Sport teams of the signed-in user's school. A team with history is archived, never deleted (issue 36). */
export const teamsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const canRead = requirePermission('teams:read');
  const canWrite = requirePermission('teams:write');
  const deps = (request: FastifyRequest) => coreDepsOf(app.deps, request.log);
  const actor = (request: FastifyRequest) => actorOf(authOf(request), request);

  app.get(
    '/teams',
    {
      onRequest: canRead,
      schema: { querystring: TeamListQuery, response: { 200: TeamList, ...errorResponses(400, 401, 403) } },
    },
    async (request) => ({
      items: await listTeams(deps(request), actor(request), request.query.archived ? 'ARCHIVED' : 'ACTIVE'),
    }),
  );

  app.post(
    '/teams',
    {
      onRequest: canWrite,
      schema: {
        description: refusals(TEAM_NAME_REFUSALS),
        body: CreateTeamBody,
        response: { 201: TeamDto, ...errorResponses(400, 401, 403, 409) },
      },
    },
    async (request, reply) => reply.code(201).send(await createTeam(deps(request), actor(request), request.body)),
  );

  app.get(
    '/teams/:id',
    {
      onRequest: canRead,
      schema: { params: IdParams, response: { 200: TeamDto, ...errorResponses(400, 401, 403, 404) } },
    },
    async (request) => getTeam(deps(request), actor(request), request.params.id),
  );

  app.patch(
    '/teams/:id',
    {
      onRequest: canWrite,
      schema: {
        description: refusals(TEAM_NAME_REFUSALS),
        params: IdParams,
        body: UpdateTeamBody,
        response: { 200: TeamDto, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => updateTeam(deps(request), actor(request), request.params.id, request.body),
  );

  app.post(
    '/teams/:id/archive',
    {
      onRequest: canWrite,
      schema: { params: IdParams, response: { 200: TeamDto, ...errorResponses(400, 401, 403, 404) } },
    },
    async (request) => archiveTeam(deps(request), actor(request), request.params.id),
  );

  app.post(
    '/teams/:id/unarchive',
    {
      onRequest: canWrite,
      schema: { params: IdParams, response: { 200: TeamDto, ...errorResponses(400, 401, 403, 404) } },
    },
    async (request) => unarchiveTeam(deps(request), actor(request), request.params.id),
  );

  app.delete(
    '/teams/:id',
    {
      onRequest: canWrite,
      schema: {
        description: refusals({
          TEAM_HAS_HISTORY:
            'when anything refers to the team (a roster, an event, a member, a record of any kind); archive it instead',
        }),
        params: IdParams,
        response: { 204: NoContent, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      await deleteTeam(deps(request), actor(request), request.params.id);
      return reply.code(204).send(null);
    },
  );
};
