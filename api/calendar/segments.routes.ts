import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { authOf } from '../plugins/authenticate';
import { requirePermission } from '../plugins/require-permission';
import { refusals } from '../shared/refusals';
import { IdParams, NoContent, errorResponses } from '../shared/schemas';
import { actorOf, coreDepsOf } from '../shared/use-case';
import { calendarTeamScope, listCalendarPeople, listCalendarTeams, ownPrimaryTeam } from './calendar-access';
import { listSegments } from './segments.repository';
import {
  CalendarPeopleList,
  CalendarTeamList,
  CreateSegmentBody,
  SegmentDto,
  SegmentList,
  SegmentListQuery,
  UpdateSegmentBody,
} from './segments.schemas';
import { createSegment, editSegment, removeSegment, toSegmentDto } from './segments.service';

/** What a segment as saved (the sent fields over the stored ones) is refused for, in the order checked. */
const SEGMENT_REFUSALS = {
  TEAM_NOT_YOURS: 'when the team is not one the caller manages',
  NO_ACADEMIC_YEAR: 'when the academic year is not one of the school',
  ACADEMIC_TERM_NOT_CONFIGURED: 'when the academic year has no terms',
  SEGMENT_DATES_REQUIRED: 'when the segment starts and ends on the same day',
  SEGMENT_END_BEFORE_START: 'when `endDate` is before `startDate`',
  SEGMENT_TYPE_MISMATCH: 'when `segmentType` is not one of the types of `seasonType`',
  SEGMENT_OUTSIDE_YEAR:
    'when the segment ends after the academic year, or starts before it (an in-season segment may start before it if it ends within it)',
  SEGMENT_OVERLAP: "when the segment overlaps another of the team's segments",
};

/** The teams whose calendar the person sees, then sport segments per team and academic year: admins manage every team, coaches their own teams. */
export const segmentsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { db } = app.deps.database;
  const canRead = requirePermission('calendar:read');
  const canWrite = requirePermission('calendar:write');
  const deps = (request: FastifyRequest) => coreDepsOf(app.deps, request.log);
  const actor = (request: FastifyRequest) => actorOf(authOf(request), request);

  app.get(
    '/calendar/teams',
    { onRequest: canRead, schema: { response: { 200: CalendarTeamList, ...errorResponses(401, 403) } } },
    async (request) => {
      const auth = authOf(request);
      const [scope, primary] = await Promise.all([calendarTeamScope(db, auth), ownPrimaryTeam(db, auth)]);
      const teams = await listCalendarTeams(db, auth.school.id, scope);
      return {
        items: teams.map((t) => (t.id === primary ? { ...t, primary: true } : t)),
        schoolTimeZone: auth.school.timeZone,
      };
    },
  );

  app.get(
    '/calendar/people',
    { onRequest: canRead, schema: { response: { 200: CalendarPeopleList, ...errorResponses(401, 403) } } },
    async (request) => {
      const auth = authOf(request);
      const scope = await calendarTeamScope(db, auth);
      return { items: await listCalendarPeople(db, auth.school.id, scope) };
    },
  );

  app.get(
    '/segments',
    {
      onRequest: canRead,
      schema: { querystring: SegmentListQuery, response: { 200: SegmentList, ...errorResponses(400, 401, 403) } },
    },
    async (request) => {
      const auth = authOf(request);
      const teamIds = await calendarTeamScope(db, auth);
      const rows = await listSegments(db, auth.school.id, { ...request.query, teamIds });
      return { items: rows.map(toSegmentDto) };
    },
  );

  app.post(
    '/segments',
    {
      onRequest: canWrite,
      schema: {
        description: refusals(SEGMENT_REFUSALS),
        body: CreateSegmentBody,
        response: { 201: SegmentDto, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) =>
      reply.code(201).send(toSegmentDto(await createSegment(deps(request), actor(request), request.body))),
  );

  app.patch(
    '/segments/:id',
    {
      onRequest: canWrite,
      schema: {
        description: refusals(SEGMENT_REFUSALS),
        params: IdParams,
        body: UpdateSegmentBody,
        response: { 200: SegmentDto, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => toSegmentDto(await editSegment(deps(request), actor(request), request.params.id, request.body)),
  );

  app.delete(
    '/segments/:id',
    {
      onRequest: canWrite,
      schema: {
        description: refusals({ TEAM_NOT_YOURS: "when the segment's team is not one the caller manages" }),
        params: IdParams,
        response: { 204: NoContent, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      await removeSegment(deps(request), actor(request), request.params.id);
      return reply.code(204).send(null);
    },
  );
};
