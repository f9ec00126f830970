import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { authOf } from '../plugins/authenticate';
import { requirePermission } from '../plugins/require-permission';
import { refusals } from '../shared/refusals';
import { IdParams, errorResponses, Uuid } from '../shared/schemas';
import { actorOf, coreDepsOf } from '../shared/use-case';
import { athleteActorOf } from './athlete-profile.service';
import { ATHLETE_TAG_REFUSALS } from './athlete-refusals';
import {
  createCustomField,
  createTag,
  deleteCustomField,
  deleteTag,
  listCustomFields,
  listTags,
  renameCustomField,
  renameTag,
  setAthleteTags,
} from './athlete-tags.service';
import {
  AthleteProfileView,
  AthleteTagsBody,
  CustomFieldBody,
  CustomFieldDto,
  CustomFieldList,
  TagBody,
  TagDto,
  TagList,
} from './athletes.schemas';

/** A tag's name is unique in the school. */
const TAG_NAME_REFUSALS = { TAG_NAME_EXISTS: 'when the school already has a tag of this name' };

/** Student-athlete tags and custom field definitions: the routes of api/athletes/athlete-tags.service.ts. */
export const athleteTagsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const canTag = requirePermission('athletes:tag');
  const canWrite = requirePermission('athletes:write');
  const canRead = requirePermission('athletes:read');

  app.get(
    '/athlete-tags',
    { onRequest: canTag, schema: { response: { 200: TagList, ...errorResponses(401, 403) } } },
    async (request) => ({
      items: await listTags(coreDepsOf(app.deps, request.log), actorOf(authOf(request), request)),
    }),
  );

  app.post(
    '/athlete-tags',
    {
      onRequest: canTag,
      schema: {
        description: refusals(TAG_NAME_REFUSALS),
        body: TagBody,
        response: { 201: TagDto, ...errorResponses(400, 401, 403, 409) },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(await createTag(coreDepsOf(app.deps, request.log), actorOf(authOf(request), request), request.body.name)),
  );

  app.patch(
    '/athlete-tags/:id',
    {
      onRequest: canWrite,
      schema: {
        description: refusals(TAG_NAME_REFUSALS),
        params: IdParams,
        body: TagBody,
        response: { 200: TagDto, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) =>
      renameTag(
        coreDepsOf(app.deps, request.log),
        actorOf(authOf(request), request),
        request.params.id,
        request.body.name,
      ),
  );

  app.delete(
    '/athlete-tags/:id',
    {
      onRequest: canWrite,
      schema: { params: IdParams, response: { 204: Type.Null(), ...errorResponses(400, 401, 403, 404) } },
    },
    async (request, reply) => {
      await deleteTag(coreDepsOf(app.deps, request.log), actorOf(authOf(request), request), request.params.id);
      return reply.code(204).send(null);
    },
  );

  app.put(
    '/athletes/:id/tags',
    {
      onRequest: canTag,
      schema: {
        params: IdParams,
        body: AthleteTagsBody,
        description: `Sets the caller's tags of an athlete for an academic year (default: the current one). ${refusals({
          FORBIDDEN: 'when the caller is the athlete',
          NO_ACADEMIC_YEAR: 'when `academicYearId` is not an academic year of the school',
          ...ATHLETE_TAG_REFUSALS,
          VALIDATION_FAILED: 'when a tag id is not a tag of the school',
        })}`,
        response: { 200: AthleteProfileView, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) =>
      setAthleteTags(
        coreDepsOf(app.deps, request.log),
        athleteActorOf(authOf(request), request),
        request.params.id,
        request.body,
      ),
  );

  app.get(
    '/athlete-custom-fields',
    { onRequest: canRead, schema: { response: { 200: CustomFieldList, ...errorResponses(401, 403) } } },
    async (request) => ({
      items: await listCustomFields(coreDepsOf(app.deps, request.log), actorOf(authOf(request), request)),
    }),
  );

  app.post(
    '/athlete-custom-fields',
    {
      onRequest: canWrite,
      schema: {
        description: refusals({
          VALIDATION_FAILED:
            'when `name` is blank, or the scope is TEAM without a team of the school in `sportTeamId`, or ATHLETE without a student-athlete of the school in `athleteUserId`',
          CUSTOM_FIELD_NAME_EXISTS:
            'when another field of the same scope (and team or athlete) has this name, ignoring case',
        }),
        body: CustomFieldBody,
        response: { 201: CustomFieldDto, ...errorResponses(400, 401, 403, 409) },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(
          await createCustomField(coreDepsOf(app.deps, request.log), actorOf(authOf(request), request), request.body),
        ),
  );

  app.patch(
    '/athlete-custom-fields/:id',
    {
      onRequest: canWrite,
      schema: {
        description: refusals({
          VALIDATION_FAILED: 'when `name` is blank',
          CUSTOM_FIELD_NAME_EXISTS:
            'when another field of the same scope (and team or athlete) has this name, ignoring case',
        }),
        params: Type.Object({ id: Uuid }),
        body: Type.Object({ name: Type.String({ minLength: 1, maxLength: 255 }) }),
        response: { 200: CustomFieldDto, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) =>
      renameCustomField(
        coreDepsOf(app.deps, request.log),
        actorOf(authOf(request), request),
        request.params.id,
        request.body.name,
      ),
  );

  app.delete(
    '/athlete-custom-fields/:id',
    {
      onRequest: canWrite,
      schema: {
        params: Type.Object({ id: Uuid }),
        response: { 204: Type.Null(), ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      await deleteCustomField(coreDepsOf(app.deps, request.log), actorOf(authOf(request), request), request.params.id);
      return reply.code(204).send(null);
    },
  );
};
