import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { AppError } from '../../domain/errors';
import { auditRequest } from '../plugins/audit-request';
import { authOf } from '../plugins/authenticate';
import { requirePermission } from '../plugins/require-permission';
import { refusals } from '../shared/refusals';
import { errorResponses, IdParams, Page } from '../shared/schemas';
import { isSchoolId } from './events.repository';
import { EventDto, SeriesListQuery } from './events.schemas';
import { listSeriesIn } from './events.service';

/**
 * The provider's read-only view of a school's events and competitions (/eventAndCompetitionListing/:universityId,
 * operators, `schools:operate`): the same list as the school's own, every team and status, with nothing to edit or
 * decide. The school must exist and be a school (an unknown id is 404). Each operator's first look at a school's
 * events on a day is written to that school's audit log.
 */
export const operatorEventsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { db } = app.deps.database;
  const operate = requirePermission('schools:operate');

  app.get(
    '/schools/:id/event-list',
    {
      onRequest: operate,
      schema: {
        description: refusals({ VALIDATION_FAILED: 'when `to` is before `from`' }),
        params: IdParams,
        querystring: SeriesListQuery,
        response: { 200: Page(EventDto), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const auth = authOf(request);
      const schoolId = request.params.id;
      if (!(await isSchoolId(db, schoolId))) throw new AppError('NOT_FOUND');
      const scope = { schoolId, teamIds: null, userId: auth.user.id, approvedOnly: false, recruiting: true };
      const page = await listSeriesIn(db, auth, scope, request.query);
      const day = new Date().toISOString().slice(0, 10);
      await auditRequest(request, {
        schoolId,
        action: 'calendar-event.operator-viewed',
        targetType: 'school',
        targetId: schoolId,
        details: { day },
        idempotencyKey: `audit:operator-events-viewed:${schoolId}:${auth.user.id}:${day}`,
      });
      // The operator holds neither calendar:write nor calendar:manage: every row reads canEdit and canDecide false.
      return page;
    },
  );
};
