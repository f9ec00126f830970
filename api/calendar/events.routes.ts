import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { authOf } from '../plugins/authenticate';
import { requirePermission } from '../plugins/require-permission';
import { IdParams, NoContent, Timestamp, errorResponses } from '../shared/schemas';
import {
  CreateEventBody,
  DecisionBody,
  DeleteEventQuery,
  EventDto,
  EventRangeQuery,
  OccurrenceList,
  SeriesListQuery,
  UpdateEventBody,
} from './events.schemas';
import { Type } from 'typebox';
import {
  createEvent,
  decideEvent,
  deleteEvent,
  editEvent,
  eventAsICalendar,
  getEvent,
  listOccurrences,
  listSeries,
} from './events.service';
import { Page } from '../shared/schemas';
import { actorOf, coreDepsOf } from '../shared/use-case';

/**
 * Calendar events. Athletes read their teams' approved events; coaches write their teams' events; admins see and
 * decide everything of the school. The range route serves every calendar view with one query.
 */
export const eventsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const canRead = requirePermission('calendar:read');
  const canWrite = requirePermission('calendar:write');
  const canManage = requirePermission('calendar:manage');
  const deps = (request: FastifyRequest) => coreDepsOf(app.deps, request.log);
  const actor = (request: FastifyRequest) => actorOf(authOf(request), request);

  app.get(
    '/events',
    {
      onRequest: canRead,
      schema: { querystring: EventRangeQuery, response: { 200: OccurrenceList, ...errorResponses(400, 401, 403) } },
    },
    // A month view writes thousands of occurrences, each built field by field in the schema's order and types:
    // the native JSON.stringify writes them byte for byte as the schema's serializer would, in about half the time
    // (with a serializer of its own, the reply's content type is set here).
    async (request, reply) => {
      const items = await listOccurrences(deps(request), actor(request), request.query);
      return reply.type('application/json; charset=utf-8').serializer(JSON.stringify).send({ items });
    },
  );

  app.get(
    '/event-list',
    {
      onRequest: canRead,
      schema: { querystring: SeriesListQuery, response: { 200: Page(EventDto), ...errorResponses(400, 401, 403) } },
    },
    async (request) => listSeries(deps(request), actor(request), request.query),
  );

  app.post(
    '/events',
    {
      onRequest: canWrite,
      schema: { body: CreateEventBody, response: { 201: EventDto, ...errorResponses(400, 401, 403, 404) } },
    },
    async (request, reply) => reply.code(201).send(await createEvent(deps(request), actor(request), request.body)),
  );

  app.get(
    '/events/:id',
    {
      onRequest: canRead,
      schema: { params: IdParams, response: { 200: EventDto, ...errorResponses(400, 401, 403, 404) } },
    },
    async (request) => getEvent(deps(request), actor(request), request.params.id),
  );

  app.get(
    '/events/:id/ics',
    {
      onRequest: canRead,
      schema: {
        params: IdParams,
        querystring: Type.Object({ occurrenceStart: Type.Optional(Timestamp) }),
        response: {
          200: {
            description: 'One occurrence as an iCalendar (RFC 5545) file.',
            content: { 'text/calendar': { schema: Type.String() } },
          },
          ...errorResponses(400, 401, 403, 404),
        },
      },
    },
    async (request, reply) =>
      reply
        .type('text/calendar; charset=utf-8')
        .header('content-disposition', 'attachment; filename="event.ics"')
        .send(
          await eventAsICalendar(
            deps(request),
            actor(request),
            request.params.id,
            app.deps.config.publicUrl,
            request.query.occurrenceStart,
          ),
        ),
  );

  app.patch(
    '/events/:id',
    {
      onRequest: canWrite,
      schema: {
        params: IdParams,
        body: UpdateEventBody,
        response: { 200: EventDto, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => editEvent(deps(request), actor(request), request.params.id, request.body),
  );

  app.delete(
    '/events/:id',
    {
      onRequest: canWrite,
      schema: {
        params: IdParams,
        querystring: DeleteEventQuery,
        response: { 204: NoContent, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      await deleteEvent(deps(request), actor(request), request.params.id, request.query);
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/events/:id/decision',
    {
      onRequest: canManage,
      schema: {
        params: IdParams,
        body: DecisionBody,
        response: { 200: EventDto, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => decideEvent(deps(request), actor(request), request.params.id, request.body),
  );
};
