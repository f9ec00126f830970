import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { authOf } from '../plugins/authenticate';
import { requirePermission, requirePlanFeature } from '../plugins/require-permission';
import { errorResponses, IdParams, NoContent, Page } from '../shared/schemas';
import { actorOf, coreDepsOf } from '../shared/use-case';
import {
  RecruitingDecisionBody,
  RecruitingEventBody,
  RecruitingEventDto,
  RecruitingEventListQuery,
  RecruitingEventOptions,
} from './recruiting-events.schemas';
import {
  cancelRecruitingEvent,
  createRecruitingEvent,
  decideRecruitingEvent,
  getRecruitingEvent,
  listEvents,
  recruitingEventOptions,
  updateRecruitingEvent,
} from './recruiting-events.service';

/** What the create and edit operations refuse, stated in their OpenAPI descriptions. */
const EVENT_RULES =
  "The spec's rules, refused in its words: RECRUITING_EVENT_FIELDS_REQUIRED, EVENT_NAME_TOO_LONG, " +
  'RECRUITING_EVENT_DESCRIPTION_TOO_LONG, EVENT_NOTES_TOO_LONG, RECRUITING_EVENT_PSAS_LIMIT, EVENT_TIME_ZONE_INVALID, ' +
  'RECRUITING_EVENT_START_AFTER_END, EVENT_END_BEFORE_START, RECRUITING_EVENT_TOO_LONG (at most 3 days), ' +
  'RECRUITING_EVALUATION_TOO_LONG (14), TEAM_NOT_YOURS, RECRUITING_EVENT_ATTENDEES_INVALID; VALIDATION_FAILED for over 20 ' +
  'hosts or coaches. Official visits are flagged in visitFlags, not refused.';

/**
 * Recruiting events of the signed-in school. Coaches see and change their teams' events (and those they attend as a
 * coach); school admins see all and approve or reject them. Needs the 'Connect' plan.
 */
export const recruitingEventsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const plan = requirePlanFeature('recruiting');
  const canRead = [requirePermission('recruiting:read'), plan];
  const canWrite = [requirePermission('recruiting:write'), plan];
  const canApprove = [requirePermission('recruiting:approve'), plan];
  const deps = (request: FastifyRequest) => coreDepsOf(app.deps, request.log);
  const actor = (request: FastifyRequest) => actorOf(authOf(request), request);

  app.get(
    '/recruiting-events',
    {
      onRequest: canRead,
      schema: {
        description: 'Recruiting events in scope; RECRUITING_EVENT_START_AFTER_END when `to` is before `from`.',
        querystring: RecruitingEventListQuery,
        response: { 200: Page(RecruitingEventDto), ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => listEvents(deps(request), actor(request), request.query),
  );

  app.get(
    '/recruiting-events/options',
    {
      onRequest: canWrite,
      schema: { response: { 200: RecruitingEventOptions, ...errorResponses(401, 403) } },
    },
    async (request) => recruitingEventOptions(deps(request), actor(request)),
  );

  app.post(
    '/recruiting-events',
    {
      onRequest: canWrite,
      schema: {
        description: EVENT_RULES,
        body: RecruitingEventBody,
        response: { 201: RecruitingEventDto, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await createRecruitingEvent(deps(request), actor(request), request.body)),
  );

  app.get(
    '/recruiting-events/:id',
    {
      onRequest: canRead,
      schema: { params: IdParams, response: { 200: RecruitingEventDto, ...errorResponses(400, 401, 403, 404) } },
    },
    async (request) => getRecruitingEvent(deps(request), actor(request), request.params.id),
  );

  app.put(
    '/recruiting-events/:id',
    {
      onRequest: canWrite,
      schema: {
        description: `${EVENT_RULES} RECRUITING_EVENT_REJECTED: a rejected event cannot be changed.`,
        params: IdParams,
        body: RecruitingEventBody,
        response: { 200: RecruitingEventDto, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => updateRecruitingEvent(deps(request), actor(request), request.params.id, request.body),
  );

  app.delete(
    '/recruiting-events/:id',
    {
      onRequest: canWrite,
      schema: { params: IdParams, response: { 204: NoContent, ...errorResponses(400, 401, 403, 404) } },
    },
    async (request, reply) => {
      await cancelRecruitingEvent(deps(request), actor(request), request.params.id);
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/recruiting-events/:id/decision',
    {
      onRequest: canApprove,
      schema: {
        params: IdParams,
        body: RecruitingDecisionBody,
        response: { 200: RecruitingEventDto, ...errorResponses(400, 401, 403, 404, 409, 503) },
      },
    },
    async (request) => decideRecruitingEvent(deps(request), actor(request), request.params.id, request.body),
  );
};
