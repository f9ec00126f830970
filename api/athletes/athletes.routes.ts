import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { AppError } from '../../domain/errors';
import { authOf } from '../plugins/authenticate';
import { requirePermission } from '../plugins/require-permission';
import { IdParams, errorResponses } from '../shared/schemas';
import { findAthlete, listAthletes } from './athletes.repository';
import {
  AthleteDto,
  AthletePage,
  CreateAthleteBody,
  CreatedAthlete,
  ListAthletesQuery,
  UpdateAthleteBody,
} from './athletes.schemas';
import { createAthlete, toAthleteDto, toAthleteListRow, updateAthlete } from './athletes.service';

/** Student-athletes of the signed-in user's school: the list, the person form, and the profile. */
export const athletesRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { db } = app.deps.database;
  const canRead = requirePermission('athletes:read');
  const canWrite = requirePermission('athletes:write');

  app.get(
    '/athletes',
    {
      onRequest: canRead,
      schema: { querystring: ListAthletesQuery, response: { 200: AthletePage, ...errorResponses(400, 401, 403) } },
    },
    async (request) => {
      const limit = request.query.limit ?? 50;
      const offset = request.query.offset ?? 0;
      const { teamId, q } = request.query;
      const { rows, total } = await listAthletes(db, authOf(request).school.id, {
        limit,
        offset,
        ...(teamId ? { teamId } : {}),
        ...(q ? { q } : {}),
      });
      return { items: rows.map(toAthleteListRow), total, limit, offset };
    },
  );

  app.post(
    '/athletes',
    {
      onRequest: canWrite,
      schema: {
        body: CreateAthleteBody,
        response: { 201: CreatedAthlete, ...errorResponses(400, 401, 403, 409, 503) },
      },
    },
    async (request, reply) => reply.code(201).send(await createAthlete(request, request.body)),
  );

  app.get(
    '/athletes/:id',
    {
      onRequest: canRead,
      schema: { params: IdParams, response: { 200: AthleteDto, ...errorResponses(400, 401, 403, 404) } },
    },
    async (request) => {
      const athlete = await findAthlete(db, authOf(request).school.id, request.params.id);
      if (!athlete) throw new AppError('NOT_FOUND');
      return toAthleteDto(athlete);
    },
  );

  app.patch(
    '/athletes/:id',
    {
      onRequest: canWrite,
      schema: {
        params: IdParams,
        body: UpdateAthleteBody,
        response: { 200: AthleteDto, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => updateAthlete(request, request.params.id, request.body),
  );
};
