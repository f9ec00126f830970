import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../domain/errors';
import { authOf } from '../plugins/authenticate';
import { requirePermission } from '../plugins/require-permission';
import { findSchoolSummary } from '../school/school.repository';
import { errorResponses, IdParams } from '../shared/schemas';
import { deactivateUser, reactivateUser } from '../users/account-status.service';
import { sendInvitation } from '../users/invite-user.service';
import { userManagerOf, usersDepsOf, type UserScope } from '../users/user-scope';
import { listUsers } from '../users/users.repository';
import { ChangeRolesBody, InvitationStarted, ListUsersQuery, UserDto, UserPage } from '../users/users.schemas';
import { changeRoles, listUserDtos } from '../users/users.service';
import { SchoolUserParams } from './schools.schemas';

/** The addressed school as a user scope; an unknown school is 404 like any missing resource. */
async function schoolScope(request: FastifyRequest, schoolId: string): Promise<UserScope> {
  const school = await findSchoolSummary(request.server.deps.database.db, schoolId);
  if (!school) throw new AppError('NOT_FOUND');
  return { schoolId: school.id, schoolKind: school.kind };
}

/**
 * Provider operators manage any school's people (the User Permissions list opened from the provider console). The
 * same services as /users run here, scoped to the addressed school instead of the caller's own; a user id that is
 * not in that school is 404.
 */
export const schoolUsersRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { db } = app.deps.database;
  const operate = requirePermission('schools:operate');
  const core = (request: FastifyRequest) => usersDepsOf(app.deps, request.log);
  const manager = (request: FastifyRequest) => userManagerOf(authOf(request), request);

  app.get(
    '/schools/:id/users',
    {
      onRequest: operate,
      schema: {
        params: IdParams,
        querystring: ListUsersQuery,
        response: { 200: UserPage, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const scope = await schoolScope(request, request.params.id);
      const { role, status, q } = request.query;
      const limit = request.query.limit ?? 50;
      const offset = request.query.offset ?? 0;
      const { rows, total } = await listUsers(db, scope.schoolId, {
        limit,
        offset,
        ...(role ? { role } : {}),
        ...(status ? { status } : {}),
        ...(q ? { q } : {}),
      });
      return { items: await listUserDtos(db, scope, rows), total, limit, offset };
    },
  );

  app.put(
    '/schools/:id/users/:userId/roles',
    {
      onRequest: operate,
      schema: {
        params: SchoolUserParams,
        body: ChangeRolesBody,
        response: { 200: UserDto, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) =>
      changeRoles(
        core(request),
        manager(request),
        request.params.userId,
        request.body.roles,
        await schoolScope(request, request.params.id),
      ),
  );

  app.post(
    '/schools/:id/users/:userId/deactivate',
    {
      onRequest: operate,
      schema: { params: SchoolUserParams, response: { 200: UserDto, ...errorResponses(400, 401, 403, 404) } },
    },
    async (request) =>
      deactivateUser(
        core(request),
        manager(request),
        request.params.userId,
        await schoolScope(request, request.params.id),
      ),
  );

  app.post(
    '/schools/:id/users/:userId/reactivate',
    {
      onRequest: operate,
      schema: { params: SchoolUserParams, response: { 200: UserDto, ...errorResponses(400, 401, 403, 404) } },
    },
    async (request) =>
      reactivateUser(
        core(request),
        manager(request),
        request.params.userId,
        await schoolScope(request, request.params.id),
      ),
  );

  app.post(
    '/schools/:id/users/:userId/invitation/resend',
    {
      onRequest: operate,
      schema: {
        params: SchoolUserParams,
        response: { 202: InvitationStarted, ...errorResponses(400, 401, 403, 404, 409, 503) },
      },
    },
    async (request, reply) =>
      reply.code(202).send({
        invitationId: await sendInvitation(
          core(request),
          manager(request),
          request.params.userId,
          await schoolScope(request, request.params.id),
        ),
      }),
  );
};
