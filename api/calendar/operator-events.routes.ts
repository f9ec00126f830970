import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { authOf } from '../plugins/authenticate';
import { requirePermission } from '../plugins/require-permission';
import { refusals } from '../shared/refusals';
import { errorResponses, IdParams, Page } from '../shared/schemas';
import { actorOf, coreDepsOf } from '../shared/use-case';
import { EventDto, SeriesListQuery } from './events.schemas';
import { listSchoolEventsAsOperator } from './operator-events.service';

/**
 * The provider's read-only view of a school's events and competitions (/eventAndCompetitionListing/:universityId,
 * operators, `schools:operate`): the same list as the school's own, every team and status, with nothing to edit or
 * decide. The school must exist and be a school (an unknown id is 404). Each operator's first look at a school's
 * events on a day is written to that school's audit log.
 */
export const operatorEventsRoutes: FastifyPluginAsyncTypebox = async (app) => {
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
    async (request) =>
      listSchoolEventsAsOperator(
        coreDepsOf(app.deps, request.log),
        actorOf(authOf(request), request),
        request.params.id,
        request.query,
      ),
  );
};
