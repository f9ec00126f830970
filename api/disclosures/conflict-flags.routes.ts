import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { stateConflictCategories, toCents } from '../../domain/disclosures';
import { AppError, ERRORS, type ErrorDetail } from '../../domain/errors';
import { auditRequest } from '../plugins/audit-request';
import { authOf } from '../plugins/authenticate';
import { requirePermission, requirePlanFeature } from '../plugins/require-permission';
import { findSchool } from '../school/school.repository';
import { refusals } from '../shared/refusals';
import { IdParams, NoContent, errorResponses } from '../shared/schemas';
import { teamExists } from '../teams/teams.repository';
import {
  deleteConflictFlag,
  findConflictFlag,
  insertConflictFlag,
  listConflictFlags,
  updateConflictFlag,
  type ConflictFlagInput,
} from './conflict-flags.repository';
import { ConflictFlagBody, ConflictFlagDto, ConflictFlagList } from './disclosures.schemas';
import { toFlagDto } from './disclosures.service';

/** A flag's teams are the school's. */
const FLAG_REFUSALS = { VALIDATION_FAILED: 'when a team of `teamIds` is not a team of the school' };

/** Conflict-of-interest flags: admins define them; athletes see them (/conflictOfInterest) before they sign a deal. */
export const conflictFlagsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { db } = app.deps.database;
  const plan = requirePlanFeature('disclosures');
  const canRead = [requirePermission('conflict-flags:read'), plan];
  const canWrite = [requirePermission('conflict-flags:write'), plan];

  async function toInput(schoolId: string, body: ConflictFlagBody): Promise<ConflictFlagInput> {
    const details: ErrorDetail[] = [];
    const name = body.name.trim();
    const category = body.category.trim();
    if (!name)
      details.push({ field: 'name', message: ERRORS.CONFLICT_FLAG_FIELDS.message, code: 'CONFLICT_FLAG_FIELDS' });
    if (!category) {
      details.push({ field: 'category', message: ERRORS.CONFLICT_FLAG_FIELDS.message, code: 'CONFLICT_FLAG_FIELDS' });
    }
    const teamIds = [...new Set(body.teamIds ?? [])];
    for (const id of teamIds) {
      if (!(await teamExists(db, schoolId, id)))
        details.push({ field: 'teamIds', message: 'This team does not exist.' });
    }
    if (details.length > 0) throw new AppError('VALIDATION_FAILED', details);
    const list = (values: string[] | undefined) => [...new Set((values ?? []).map((v) => v.trim()).filter(Boolean))];
    return {
      name,
      category,
      type: body.type,
      description: body.description?.trim() || null,
      teamIds,
      maxPaymentCents: body.maxPayment === undefined || body.maxPayment === null ? null : toCents(body.maxPayment),
      companies: list(body.companies),
      boosters: list(body.boosters),
    };
  }

  app.get(
    '/conflict-flags',
    { onRequest: canRead, schema: { response: { 200: ConflictFlagList, ...errorResponses(401, 403) } } },
    async (request) => {
      const schoolId = authOf(request).school.id;
      const school = await findSchool(db, schoolId);
      const own = (school?.settings as { disclosureConflictCategories?: string[] } | undefined)
        ?.disclosureConflictCategories;
      return {
        items: (await listConflictFlags(db, schoolId)).map(toFlagDto),
        stateCategories: stateConflictCategories(school?.state ?? null, own ?? null),
      };
    },
  );

  app.post(
    '/conflict-flags',
    {
      onRequest: canWrite,
      schema: {
        description: refusals(FLAG_REFUSALS),
        body: ConflictFlagBody,
        response: { 201: ConflictFlagDto, ...errorResponses(400, 401, 403) },
      },
    },
    async (request, reply) => {
      const auth = authOf(request);
      const id = await insertConflictFlag(
        db,
        auth.school.id,
        await toInput(auth.school.id, request.body),
        auth.user.id,
      );
      return reply.code(201).send(toFlagDto((await findConflictFlag(db, auth.school.id, id))!));
    },
  );

  app.put(
    '/conflict-flags/:id',
    {
      onRequest: canWrite,
      schema: {
        description: refusals(FLAG_REFUSALS),
        params: IdParams,
        body: ConflictFlagBody,
        response: { 200: ConflictFlagDto, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const schoolId = authOf(request).school.id;
      const input = await toInput(schoolId, request.body);
      if (!(await updateConflictFlag(db, schoolId, request.params.id, input))) throw new AppError('NOT_FOUND');
      return toFlagDto((await findConflictFlag(db, schoolId, request.params.id))!);
    },
  );

  app.delete(
    '/conflict-flags/:id',
    {
      onRequest: canWrite,
      schema: { params: IdParams, response: { 204: NoContent, ...errorResponses(400, 401, 403, 404) } },
    },
    async (request, reply) => {
      if (!(await deleteConflictFlag(db, authOf(request).school.id, request.params.id)))
        throw new AppError('NOT_FOUND');
      await auditRequest(request, {
        action: 'conflict-flag.deleted',
        targetType: 'conflict_flag',
        targetId: request.params.id,
      });
      return reply.code(204).send(null);
    },
  );
};
