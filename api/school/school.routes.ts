import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { AppError } from '../../domain/errors';
import { authOf } from '../plugins/authenticate';
import { requirePermission } from '../plugins/require-permission';
import { refusals } from '../shared/refusals';
import { errorResponses } from '../shared/schemas';
import { actorOf, coreDepsOf } from '../shared/use-case';
import { findSchool } from './school.repository';
import { SchoolDto, UpdateSchoolBody } from './school.schemas';
import { toSchoolDto, updateOwnSchool } from './school.service';

/** The signed-in user's own school (profile and settings such as invitation timing). */
export const schoolRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { db } = app.deps.database;

  app.get(
    '/school',
    {
      onRequest: requirePermission('school:read'),
      schema: { response: { 200: SchoolDto, ...errorResponses(401, 403) } },
    },
    async (request) => {
      const school = await findSchool(db, authOf(request).school.id);
      if (!school) throw new AppError('NOT_FOUND');
      return toSchoolDto(school);
    },
  );

  app.patch(
    '/school',
    {
      onRequest: requirePermission('school:update'),
      schema: {
        description: refusals({
          VALIDATION_FAILED:
            'when `timeZone` is not a known IANA time zone, or the invitation reminder would not come before the invitation expires',
        }),
        body: UpdateSchoolBody,
        response: { 200: SchoolDto, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) =>
      updateOwnSchool(coreDepsOf(app.deps, request.log), actorOf(authOf(request), request), request.body),
  );
};
