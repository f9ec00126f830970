import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { AppError } from '../../domain/errors';
import { authOf } from '../plugins/authenticate';
import { requirePermission } from '../plugins/require-permission';
import { refusals } from '../shared/refusals';
import { IdParams, errorResponses } from '../shared/schemas';
import { actorOf, coreDepsOf } from '../shared/use-case';
import { findRoleGrants, findRoleGrantsByUser } from '../users/role-grants.repository';
import { findStaffMember, listStaff } from './staff.repository';
import { ListStaffQuery, StaffDto, StaffPage, UpdateStaffBody } from './staff.schemas';
import { toStaffDto, updateStaffMember } from './staff.service';

/** The staff directory (coaches and school admins) of the signed-in user's school. */
export const staffRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { db } = app.deps.database;

  app.get(
    '/staff',
    {
      onRequest: requirePermission('staff:read'),
      schema: { querystring: ListStaffQuery, response: { 200: StaffPage, ...errorResponses(400, 401, 403) } },
    },
    async (request) => {
      const schoolId = authOf(request).school.id;
      const limit = request.query.limit ?? 50;
      const offset = request.query.offset ?? 0;
      const { teamId, q } = request.query;
      const { rows, total } = await listStaff(db, schoolId, {
        limit,
        offset,
        ...(teamId ? { teamId } : {}),
        ...(q ? { q } : {}),
      });
      const grants = await findRoleGrantsByUser(
        db,
        schoolId,
        rows.map((r) => r.id),
      );
      return { items: rows.map((r) => toStaffDto(r, grants.get(r.id) ?? [])), total, limit, offset };
    },
  );

  app.get(
    '/staff/:id',
    {
      onRequest: requirePermission('staff:read'),
      schema: { params: IdParams, response: { 200: StaffDto, ...errorResponses(400, 401, 403, 404) } },
    },
    async (request) => {
      const schoolId = authOf(request).school.id;
      const member = await findStaffMember(db, schoolId, request.params.id);
      if (!member) throw new AppError('NOT_FOUND');
      return toStaffDto(member, await findRoleGrants(db, schoolId, member.id));
    },
  );

  app.patch(
    '/staff/:id',
    {
      onRequest: requirePermission('staff:write'),
      schema: {
        description: refusals({
          VALIDATION_FAILED:
            "when `teams` names a team twice or a team that is not the school's, or `sportTeamId` is not a team of the school or not one of the `teams` given",
        }),
        params: IdParams,
        body: UpdateStaffBody,
        response: { 200: StaffDto, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) =>
      updateStaffMember(
        coreDepsOf(app.deps, request.log),
        actorOf(authOf(request), request),
        request.params.id,
        request.body,
      ),
  );
};
