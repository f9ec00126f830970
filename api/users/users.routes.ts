import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { authOf } from '../plugins/authenticate';
import { requirePermission } from '../plugins/require-permission';
import { refusals } from '../shared/refusals';
import { IdParams, errorResponses } from '../shared/schemas';
import { listUsers } from './users.repository';
import {
  ChangeRolesBody,
  InvitationStarted,
  InvitedUser,
  InviteUserBody,
  ListUsersQuery,
  UserDto,
  UserPage,
} from './users.schemas';
import { deactivateUser, reactivateUser } from './account-status.service';
import { inviteUser, sendInvitation } from './invite-user.service';
import { changeRoles, listUserDtos } from './users.service';
import { ownScope, userManagerOf, usersDepsOf } from './user-scope';

/** User management of the signed-in admin's school: list, invite, resend, roles, deactivate and reactivate. */
export const usersRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { db } = app.deps.database;
  const core = (request: FastifyRequest) => usersDepsOf(app.deps, request.log);
  const manager = (request: FastifyRequest) => userManagerOf(authOf(request), request);

  app.get(
    '/users',
    {
      onRequest: requirePermission('users:read'),
      schema: { querystring: ListUsersQuery, response: { 200: UserPage, ...errorResponses(400, 401, 403) } },
    },
    async (request) => {
      const { role, status, q } = request.query;
      const limit = request.query.limit ?? 50;
      const offset = request.query.offset ?? 0;
      const scope = ownScope(manager(request));
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

  app.post(
    '/users/invite',
    {
      onRequest: requirePermission('users:invite'),
      schema: {
        description: refusals({
          VALIDATION_FAILED: 'when a role is listed twice, or `sportTeamId` is not a team of the school',
          FORBIDDEN:
            'when the roles include OPERATOR and the caller is not a provider operator inviting into the provider organisation',
          EMAIL_EXISTS: 'when an account already has this e-mail',
        }),
        body: InviteUserBody,
        response: { 201: InvitedUser, ...errorResponses(400, 401, 403, 409, 503) },
      },
    },
    async (request, reply) => reply.code(201).send(await inviteUser(core(request), manager(request), request.body)),
  );

  app.post(
    '/users/:id/invitation/resend',
    {
      onRequest: requirePermission('users:invite'),
      schema: {
        description: refusals({
          INVITATION_REDEEMED: 'when the user has already accepted an invitation (the account is active)',
          ACCOUNT_INACTIVE: 'when the account is deactivated',
        }),
        params: IdParams,
        response: { 202: InvitationStarted, ...errorResponses(400, 401, 403, 404, 409, 503) },
      },
    },
    async (request, reply) =>
      reply.code(202).send({ invitationId: await sendInvitation(core(request), manager(request), request.params.id) }),
  );

  app.put(
    '/users/:id/roles',
    {
      onRequest: requirePermission('users:roles'),
      schema: {
        description: refusals({
          VALIDATION_FAILED: 'when a role is listed twice',
          FORBIDDEN:
            'when the user is the caller, or the roles add OPERATOR or the user holds it and the caller is not a provider operator',
        }),
        params: IdParams,
        body: ChangeRolesBody,
        response: { 200: UserDto, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => changeRoles(core(request), manager(request), request.params.id, request.body.roles),
  );

  app.post(
    '/users/:id/deactivate',
    {
      onRequest: requirePermission('users:deactivate'),
      schema: {
        description: refusals({ FORBIDDEN: 'when the user is the caller' }),
        params: IdParams,
        response: { 200: UserDto, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => deactivateUser(core(request), manager(request), request.params.id),
  );

  app.post(
    '/users/:id/reactivate',
    {
      onRequest: requirePermission('users:deactivate'),
      schema: { params: IdParams, response: { 200: UserDto, ...errorResponses(400, 401, 403, 404) } },
    },
    async (request) => reactivateUser(core(request), manager(request), request.params.id),
  );
};
