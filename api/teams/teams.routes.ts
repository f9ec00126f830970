import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { nameCharacterProblems } from '../../domain/people-names';
import { AppError } from '../../domain/errors';
import { authOf } from '../plugins/authenticate';
import { requirePermission } from '../plugins/require-permission';
import { IdParams, NoContent, errorResponses } from '../shared/schemas';
import { deleteTeam, findTeam, insertTeam, listTeams, updateTeam } from './teams.repository';
import { CreateTeamBody, TeamDto, TeamList, UpdateTeamBody } from './teams.schemas';
import { duplicateTeamName, toTeamDto } from './teams.service';

/** Sport teams of the signed-in user's school. */
/** Team and sport names are single lines: a control character is refused (the shared rule, issue 36). */
function assertTeamNameCharacters(body: { name?: string; sport?: string }): void {
  const problems = nameCharacterProblems(body, ['name', 'sport'] as const);
  if (problems.length) {
    throw new AppError(
      'NAME_INVALID_CHARACTERS',
      problems.map(({ field, message }) => ({ field, message })),
    );
  }
}

export const teamsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { db } = app.deps.database;
  const canRead = requirePermission('teams:read');
  const canWrite = requirePermission('teams:write');

  app.get(
    '/teams',
    { onRequest: canRead, schema: { response: { 200: TeamList, ...errorResponses(401, 403) } } },
    async (request) => {
      const rows = await listTeams(db, authOf(request).school.id);
      return { items: rows.map(toTeamDto) };
    },
  );

  app.post(
    '/teams',
    {
      onRequest: canWrite,
      schema: { body: CreateTeamBody, response: { 201: TeamDto, ...errorResponses(400, 401, 403, 409) } },
    },
    async (request, reply) => {
      const schoolId = authOf(request).school.id;
      const { name, sport, gender } = request.body;
      assertTeamNameCharacters(request.body);
      const id = await insertTeam(db, schoolId, {
        name: name.trim(),
        sport: sport.trim(),
        gender: gender ?? 'COED',
      }).catch((err: unknown) => {
        throw duplicateTeamName(err) ?? err;
      });
      const team = await findTeam(db, schoolId, id);
      return reply.code(201).send(toTeamDto(team!));
    },
  );

  app.get(
    '/teams/:id',
    {
      onRequest: canRead,
      schema: { params: IdParams, response: { 200: TeamDto, ...errorResponses(400, 401, 403, 404) } },
    },
    async (request) => {
      const team = await findTeam(db, authOf(request).school.id, request.params.id);
      if (!team) throw new AppError('NOT_FOUND');
      return toTeamDto(team);
    },
  );

  app.patch(
    '/teams/:id',
    {
      onRequest: canWrite,
      schema: {
        params: IdParams,
        body: UpdateTeamBody,
        response: { 200: TeamDto, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const schoolId = authOf(request).school.id;
      const { name, sport, gender } = request.body;
      assertTeamNameCharacters(request.body);
      const found = await updateTeam(db, schoolId, request.params.id, {
        ...(name !== undefined ? { name: name.trim() } : {}),
        ...(sport !== undefined ? { sport: sport.trim() } : {}),
        ...(gender !== undefined ? { gender } : {}),
      }).catch((err: unknown) => {
        throw duplicateTeamName(err) ?? err;
      });
      const team = found ? await findTeam(db, schoolId, request.params.id) : null;
      if (!team) throw new AppError('NOT_FOUND');
      return toTeamDto(team);
    },
  );

  app.delete(
    '/teams/:id',
    {
      onRequest: canWrite,
      schema: { params: IdParams, response: { 204: NoContent, ...errorResponses(400, 401, 403, 404) } },
    },
    async (request, reply) => {
      if (!(await deleteTeam(db, authOf(request).school.id, request.params.id))) throw new AppError('NOT_FOUND');
      return reply.code(204).send(null);
    },
  );
};
