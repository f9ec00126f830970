import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import type { CustomFieldScope } from '../../domain/athlete-profiles';
import { AppError, ERRORS } from '../../domain/errors';
import { auditRequest } from '../plugins/audit-request';
import { authOf } from '../plugins/authenticate';
import { requirePermission } from '../plugins/require-permission';
import { refusals } from '../shared/refusals';
import { IdParams, errorResponses, Uuid } from '../shared/schemas';
import { teamExists } from '../teams/teams.repository';
import {
  customFieldNameTaken,
  deleteCustomField,
  findCustomField,
  insertCustomField,
  listCustomFields,
  renameCustomField,
} from './athlete-extras.repository';
import { athleteActorOf, profileView, reachableAthlete, setTagIds } from './athlete-profile.service';
import {
  academicYearExists,
  currentAcademicYearId,
  deleteTag,
  findTag,
  insertTag,
  listTags,
  renameTag,
  tagsOfAthlete,
} from './athlete-tags.repository';
import { ATHLETE_TAG_REFUSALS } from './athlete-refusals';
import { findAthlete, lockAthlete } from './athletes.repository';
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

const tagExists = () => new AppError('TAG_NAME_EXISTS', [{ field: 'name', message: 'Tag names must be unique.' }]);

/**
 * Student-athlete tags (names unique per school; admins and coaches tag, admins rename and delete) and custom field
 * definitions (admins define them for one athlete, a team or every athlete; values live on the profile).
 */
const blankName = () => new AppError('VALIDATION_FAILED', [{ field: 'name', message: ERRORS.MANDATORY_FIELD.message }]);
const nameTaken = () =>
  new AppError('CUSTOM_FIELD_NAME_EXISTS', [{ field: 'name', message: ERRORS.CUSTOM_FIELD_NAME_EXISTS.message }]);

export const athleteTagsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { db } = app.deps.database;
  const canTag = requirePermission('athletes:tag');
  const canWrite = requirePermission('athletes:write');
  const canRead = requirePermission('athletes:read');

  app.get(
    '/athlete-tags',
    { onRequest: canTag, schema: { response: { 200: TagList, ...errorResponses(401, 403) } } },
    async (request) => ({ items: await listTags(db, authOf(request).school.id) }),
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
    async (request, reply) => {
      const auth = authOf(request);
      const id = await insertTag(db, auth.school.id, request.body.name, auth.user.id);
      if (!id) throw tagExists();
      await auditRequest(request, {
        action: 'athlete_tag.created',
        targetType: 'athlete_tag',
        targetId: id,
        details: { after: { name: request.body.name.trim() } },
      });
      return reply.code(201).send({ id, name: request.body.name.trim(), athletes: 0 });
    },
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
    async (request) => {
      const auth = authOf(request);
      const tag = await findTag(db, auth.school.id, request.params.id);
      if (!tag) throw new AppError('NOT_FOUND');
      await renameTag(db, auth.school.id, tag.id, request.body.name).catch((err: unknown) => {
        if ((err as { code?: unknown }).code === '23505') throw tagExists();
        throw err;
      });
      await auditRequest(request, {
        action: 'athlete_tag.renamed',
        targetType: 'athlete_tag',
        targetId: tag.id,
        details: { before: { name: tag.name }, after: { name: request.body.name.trim() } },
      });
      return (await listTags(db, auth.school.id)).find((t) => t.id === tag.id)!;
    },
  );

  app.delete(
    '/athlete-tags/:id',
    {
      onRequest: canWrite,
      schema: { params: IdParams, response: { 204: Type.Null(), ...errorResponses(400, 401, 403, 404) } },
    },
    async (request, reply) => {
      const auth = authOf(request);
      const tag = await findTag(db, auth.school.id, request.params.id);
      if (!tag) throw new AppError('NOT_FOUND');
      await deleteTag(db, auth.school.id, tag.id);
      await auditRequest(request, {
        action: 'athlete_tag.deleted',
        targetType: 'athlete_tag',
        targetId: tag.id,
        details: { before: { name: tag.name } },
      });
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
    async (request) => {
      const auth = authOf(request);
      const schoolId = auth.school.id;
      const { athlete, viewer } = await (await reachableAthlete(db, athleteActorOf(auth, request)))(request.params.id);
      if (viewer === 'athlete') throw new AppError('FORBIDDEN');
      const { tagIds, academicYearId } = request.body;
      if (academicYearId && !(await academicYearExists(db, schoolId, academicYearId))) {
        throw new AppError('NO_ACADEMIC_YEAR');
      }
      const yearId = academicYearId ?? (await currentAcademicYearId(db, schoolId));
      await db.transaction().execute(async (trx) => {
        // Replacements of one athlete's tags take turns on the profile's row: two at once each deleted what it saw
        // and inserted its own set, so the athlete ended with both sets, past the per-year limit.
        if (!(await lockAthlete(trx, schoolId, athlete.id))) throw new AppError('NOT_FOUND');
        const before = await tagsOfAthlete(trx, schoolId, athlete.id, yearId);
        await setTagIds(trx, schoolId, athlete.id, tagIds, { viewer, actor: auth.user.id, yearId });
        const after = await tagsOfAthlete(trx, schoolId, athlete.id, yearId);
        await auditRequest(
          request,
          {
            action: 'athlete.tags_updated',
            targetType: 'user',
            targetId: athlete.id,
            details: {
              academicYearId: yearId,
              byCoach: viewer === 'coach',
              before: { tags: before.map((t) => t.name) },
              after: { tags: after.map((t) => t.name) },
            },
          },
          trx,
        );
      });
      return profileView(db, schoolId, (await findAthlete(db, schoolId, athlete.id))!, viewer);
    },
  );

  app.get(
    '/athlete-custom-fields',
    { onRequest: canRead, schema: { response: { 200: CustomFieldList, ...errorResponses(401, 403) } } },
    async (request) => ({ items: await listCustomFields(db, authOf(request).school.id) }),
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
    async (request, reply) => {
      const auth = authOf(request);
      const schoolId = auth.school.id;
      const { name, scope } = request.body;
      if (!name.trim()) throw blankName();
      const sportTeamId = scope === 'TEAM' ? (request.body.sportTeamId ?? null) : null;
      const athleteUserId = scope === 'ATHLETE' ? (request.body.athleteUserId ?? null) : null;
      if (scope === 'TEAM' && (!sportTeamId || !(await teamExists(db, schoolId, sportTeamId)))) {
        throw new AppError('VALIDATION_FAILED', [{ field: 'sportTeamId', message: 'Choose a team of your school.' }]);
      }
      if (scope === 'ATHLETE' && (!athleteUserId || !(await findAthlete(db, schoolId, athleteUserId)))) {
        throw new AppError('VALIDATION_FAILED', [{ field: 'athleteUserId', message: 'Choose a student-athlete.' }]);
      }
      const definition = { name, scope: scope as CustomFieldScope, sportTeamId, athleteUserId };
      if (await customFieldNameTaken(db, schoolId, definition, null)) throw nameTaken();
      const field = await insertCustomField(db, schoolId, definition);
      await auditRequest(request, {
        action: 'athlete_custom_field.created',
        targetType: 'athlete_custom_field',
        targetId: field.id,
        details: { after: field },
      });
      return reply.code(201).send(field);
    },
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
    async (request) => {
      const schoolId = authOf(request).school.id;
      const before = await findCustomField(db, schoolId, request.params.id);
      if (!before) throw new AppError('NOT_FOUND');
      const name = request.body.name;
      if (!name.trim()) throw blankName();
      if (await customFieldNameTaken(db, schoolId, { ...before, name }, before.id)) throw nameTaken();
      await renameCustomField(db, schoolId, before.id, name);
      const after = (await findCustomField(db, schoolId, before.id))!;
      await auditRequest(request, {
        action: 'athlete_custom_field.renamed',
        targetType: 'athlete_custom_field',
        targetId: before.id,
        details: { before: { name: before.name }, after: { name: after.name } },
      });
      return after;
    },
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
      const auth = authOf(request);
      if (!(await deleteCustomField(db, auth.school.id, request.params.id))) throw new AppError('NOT_FOUND');
      await auditRequest(request, {
        action: 'athlete_custom_field.deleted',
        targetType: 'athlete_custom_field',
        targetId: request.params.id,
      });
      return reply.code(204).send(null);
    },
  );
};
