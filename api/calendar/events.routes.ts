import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { authOf } from '../plugins/authenticate';
import { requirePermission } from '../plugins/require-permission';
import { refusals } from '../shared/refusals';
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
import { EVENT_LIMITS, REMINDER_MINUTES } from '../../domain/calendar-events';
import { REJECT_REASON_MAX_WORDS } from '../../domain/calendar-workflow';

/**
 * The rules an event as entered is refused for (domain/calendar-events checkEvent, then the caller's teams and the
 * attendees); when it breaks several, the answer carries the first one's code and a detail for each.
 */
const EVENT_REFUSALS = {
  NAME_INVALID_CHARACTERS: 'when `name` or `location` contains a line break or another control character',
  EVENT_FIELDS_REQUIRED:
    'when `name` is blank, there is no attendee team or person, or the start date and time are not a moment in `timeZone`',
  EVENT_NAME_TOO_LONG: `when \`name\` has more than ${EVENT_LIMITS.nameWords} words`,
  EVENT_INDIVIDUALS_LIMIT: `when \`attendeeUserIds\` names more than ${EVENT_LIMITS.individuals} people`,
  EVENT_TEAMS_LIMIT: `when \`attendeeTeamIds\` names more than ${EVENT_LIMITS.teams} teams`,
  CARA_MULTIPLE_TEAMS: 'when a countable (CARA) event invites more than one team',
  EVENT_NOTES_TOO_LONG: `when \`notes\` has more than ${EVENT_LIMITS.notesWords} words`,
  EVENT_AGENDA_TOO_LONG: `when \`agenda\` has more than ${EVENT_LIMITS.agendaWords} words`,
  EVENT_REMINDER_INVALID: `when \`reminderMinutes\` is not one of ${REMINDER_MINUTES.join(', ')}`,
  EVENT_TIME_ZONE_INVALID: 'when `timeZone` is not an IANA time zone',
  EVENT_END_BEFORE_START: 'when the event does not end after it starts',
  EVENT_TOO_LONG: `when the event lasts more than ${EVENT_LIMITS.maxDays} days`,
  EVENT_REPEAT_END_REQUIRED: 'when a repeating event has no `repeatUntil`',
  EVENT_REPEAT_END_BEFORE_START: 'when `repeatUntil` is before `startDate`',
  EVENT_REPEAT_WEEKDAYS_REQUIRED: 'when a weekly or biweekly event has no `weekdays`',
  TEAM_NOT_YOURS: 'when `sportTeamId` is not one of the teams the caller manages',
  EVENT_ATTENDEES_INVALID: 'when an attendee team or person is not of the school',
  CARA_EVENT_LOCKED:
    "when a countable event's occurrences fall in a submitted or approved CARA log of one of its teams",
};

/** Why a stored event cannot be changed or cancelled by this caller, or for this occurrence. */
const CHANGE_REFUSALS = {
  TEAM_NOT_YOURS: "when the event is not of one of the caller's teams",
  RECRUITING_EVENT_ON_ITS_PAGE: 'when the event is a recruiting event (changed on its Recruiting Events page)',
  VALIDATION_FAILED: 'when the scope is THIS or FOLLOWING on a repeating event and `occurrenceStart` is missing',
  CARA_EVENT_LOCKED:
    'when the occurrences concerned, before or after the change, fall in a submitted or approved CARA log',
};

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
      schema: {
        description: refusals({
          VALIDATION_FAILED:
            'when `to` is not after `from`, the range is longer than 400 days, or `from` is before 1900',
        }),
        querystring: EventRangeQuery,
        response: { 200: OccurrenceList, ...errorResponses(400, 401, 403) },
      },
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
      schema: {
        description: refusals({ VALIDATION_FAILED: 'when `to` is before `from`' }),
        querystring: SeriesListQuery,
        response: { 200: Page(EventDto), ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => listSeries(deps(request), actor(request), request.query),
  );

  app.post(
    '/events',
    {
      onRequest: canWrite,
      schema: {
        description: refusals(EVENT_REFUSALS),
        body: CreateEventBody,
        response: { 201: EventDto, ...errorResponses(400, 401, 403, 404, 409) },
      },
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
        description: refusals({
          ...EVENT_REFUSALS,
          ...CHANGE_REFUSALS,
          TEAM_NOT_YOURS: "when the event, or the new `sportTeamId`, is not of one of the caller's teams",
        }),
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
        description: refusals(CHANGE_REFUSALS),
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
        description: refusals({
          EVENT_REJECT_REASON_REQUIRED: `when a rejection has no \`reason\`, or one of more than ${REJECT_REASON_MAX_WORDS} words`,
          EVENT_ALREADY_DECIDED: 'when the event is no longer pending',
        }),
        params: IdParams,
        body: DecisionBody,
        response: { 200: EventDto, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => decideEvent(deps(request), actor(request), request.params.id, request.body),
  );
};
