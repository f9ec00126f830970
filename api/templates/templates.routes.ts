import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { PACKET_LIMITS } from '../../domain/packets';
import { requirePermission, requirePlanFeature } from '../plugins/require-permission';
import { authOf } from '../plugins/authenticate';
import { refusals } from '../shared/refusals';
import { errorResponses, IdParams } from '../shared/schemas';
import { actorOf, coreDepsOf } from '../shared/use-case';
import { listAssignedTemplates, listInstitutions, listJobs, listTemplates } from './templates.repository';
import {
  AssignmentBody,
  AssignmentJob,
  AssignmentJobList,
  CreateTemplateBody,
  InstitutionPage,
  InstitutionsQuery,
  LibraryPage,
  LibraryQuery,
  LibraryTemplate,
  SourcePacketList,
  SourcePacketsQuery,
  TemplateDetail,
  TemplateListQuery,
  TemplatePage,
  UsedTemplate,
  UseTemplateBody,
} from './templates.schemas';
import {
  archiveTemplate,
  createTemplateFromPacket,
  duplicateTemplate,
  listSourcePackets,
  loadAssignmentJob,
  loadLibraryTemplate,
  loadTemplateDetail,
  startAssignmentJob,
  toAssignmentJob,
  toTemplateListItem,
  unarchiveTemplate,
  useTemplate,
  withLibraryParts,
} from './templates.service';

const NAME_TOO_LONG = `when it is longer than ${PACKET_LIMITS.nameMaxWords} words`;

/** Starting a batch job, either way; ASSIGN also refuses an archived template. */
const jobRefusals = (institutions: string) => ({
  TEMPLATE_NO_INSTITUTIONS: `when neither or both of \`schoolIds\` and \`filter\` are given, \`schoolIds\` is empty, or ${institutions}`,
  TEMPLATE_ASSIGNMENT_RUNNING: 'when a job of the template is still running',
  WORKFLOW_UNAVAILABLE: "when the job's workflow cannot be started",
});

/**
 * The template library. `/templates/*` and `/template-assignment-jobs/*` belong to the provider's operators
 * (`templates:operate`): templates are platform-level, so they address any template or school on purpose. A school's
 * staff reach templates only through `/template-library/*` (`templates:use`, the 'Connect' plan), which answers 404
 * for any template not assigned to their school.
 */
export const templatesRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { db } = app.deps.database;
  const operate = requirePermission('templates:operate');
  const use = [requirePermission('templates:use'), requirePlanFeature('paperwork')];
  const deps = (request: FastifyRequest) => coreDepsOf(app.deps, request.log);
  const actor = (request: FastifyRequest) => actorOf(authOf(request), request);

  app.get(
    '/templates',
    {
      onRequest: operate,
      schema: { querystring: TemplateListQuery, response: { 200: TemplatePage, ...errorResponses(400, 401, 403) } },
    },
    async (request) => {
      const limit = request.query.limit ?? 50;
      const offset = request.query.offset ?? 0;
      const { rows, total } = await listTemplates(db, {
        limit,
        offset,
        ...(request.query.q ? { q: request.query.q } : {}),
        ...(request.query.archived !== undefined ? { archived: request.query.archived } : {}),
      });
      return { items: rows.map(toTemplateListItem), total, limit, offset };
    },
  );

  app.post(
    '/templates',
    {
      onRequest: operate,
      schema: {
        description: refusals({
          MANDATORY_FIELD: "when the title (`title`, else the packet's name) is blank",
          PACKET_NAME_TOO_LONG: `for the title ${NAME_TOO_LONG}`,
          PACKET_DESCRIPTION_TOO_LONG: `when the description is longer than ${PACKET_LIMITS.descriptionMaxWords} words`,
          TEMPLATE_CREATE_FAILED: 'when the packet has no form, or one of its forms no longer exists',
        }),
        body: CreateTemplateBody,
        response: { 201: TemplateDetail, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await createTemplateFromPacket(deps(request), actor(request), request.body)),
  );

  app.get(
    '/templates/source-packets',
    {
      onRequest: operate,
      schema: {
        querystring: SourcePacketsQuery,
        response: { 200: SourcePacketList, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => listSourcePackets(db, request.query.schoolId, request.query.q),
  );

  app.get(
    '/templates/institutions',
    {
      onRequest: operate,
      schema: { querystring: InstitutionsQuery, response: { 200: InstitutionPage, ...errorResponses(400, 401, 403) } },
    },
    async (request) => {
      const { templateId, q, state, division, plan, assigned } = request.query;
      const limit = request.query.limit ?? 50;
      const offset = request.query.offset ?? 0;
      const { rows, total } = await listInstitutions(
        db,
        templateId ?? null,
        {
          ...(q ? { q } : {}),
          ...(state ? { states: [state.toUpperCase()] } : {}),
          ...(division ? { divisions: [division] } : {}),
          ...(plan ? { plans: [plan] } : {}),
          ...(assigned !== undefined ? { assigned } : {}),
        },
        { limit, offset },
      );
      return {
        items: rows.map((r) => ({
          id: r.id,
          name: r.name,
          state: r.state,
          division: r.division,
          plan: r.plan,
          assignedAt: r.assigned_at ? r.assigned_at.toISOString() : null,
        })),
        total,
        limit,
        offset,
      };
    },
  );

  app.get(
    '/templates/:id',
    {
      onRequest: operate,
      schema: { params: IdParams, response: { 200: TemplateDetail, ...errorResponses(400, 401, 403, 404) } },
    },
    async (request) => loadTemplateDetail(db, request.params.id),
  );

  app.post(
    '/templates/:id/duplicate',
    {
      onRequest: operate,
      schema: {
        description: refusals({ WORKFLOW_UNAVAILABLE: 'when the duplication workflow cannot be started or fails' }),
        params: IdParams,
        response: {
          201: TemplateDetail,
          /** The copy is still being made: it appears in the list when done. */
          202: Type.Object({ id: Type.String() }),
          ...errorResponses(400, 401, 403, 404, 503),
        },
      },
    },
    async (request, reply) => {
      const result = await duplicateTemplate(deps(request), actor(request), request.params.id);
      return reply.code(result.status).send(result.body);
    },
  );

  app.post(
    '/templates/:id/archive',
    {
      onRequest: operate,
      schema: { params: IdParams, response: { 200: TemplateDetail, ...errorResponses(400, 401, 403, 404) } },
    },
    async (request) => archiveTemplate(deps(request), actor(request), request.params.id),
  );

  app.post(
    '/templates/:id/unarchive',
    {
      onRequest: operate,
      schema: { params: IdParams, response: { 200: TemplateDetail, ...errorResponses(400, 401, 403, 404) } },
    },
    async (request) => unarchiveTemplate(deps(request), actor(request), request.params.id),
  );

  app.post(
    '/templates/:id/assignments',
    {
      onRequest: operate,
      schema: {
        description: refusals({
          TEMPLATE_ARCHIVED: 'when the template is archived',
          ...jobRefusals('no institution matches the filter'),
        }),
        params: IdParams,
        body: AssignmentBody,
        response: { 202: AssignmentJob, ...errorResponses(400, 401, 403, 404, 409, 503) },
      },
    },
    async (request, reply) =>
      reply
        .code(202)
        .send(await startAssignmentJob(deps(request), actor(request), request.params.id, 'ASSIGN', request.body)),
  );

  app.post(
    '/templates/:id/unassignments',
    {
      onRequest: operate,
      schema: {
        description: refusals(jobRefusals('no institution the template is assigned to matches the filter')),
        params: IdParams,
        body: AssignmentBody,
        response: { 202: AssignmentJob, ...errorResponses(400, 401, 403, 404, 409, 503) },
      },
    },
    async (request, reply) =>
      reply
        .code(202)
        .send(await startAssignmentJob(deps(request), actor(request), request.params.id, 'UNASSIGN', request.body)),
  );

  app.get(
    '/templates/:id/assignment-jobs',
    {
      onRequest: operate,
      schema: { params: IdParams, response: { 200: AssignmentJobList, ...errorResponses(400, 401, 403, 404) } },
    },
    async (request) => {
      await loadTemplateDetail(db, request.params.id);
      return { items: (await listJobs(db, request.params.id, 20)).map(toAssignmentJob) };
    },
  );

  app.get(
    '/template-assignment-jobs/:id',
    {
      onRequest: operate,
      schema: { params: IdParams, response: { 200: AssignmentJob, ...errorResponses(400, 401, 403, 404) } },
    },
    async (request) => loadAssignmentJob(db, request.params.id),
  );

  // ---- a school's library ----
  app.get(
    '/template-library',
    {
      onRequest: use,
      schema: { querystring: LibraryQuery, response: { 200: LibraryPage, ...errorResponses(400, 401, 403) } },
    },
    async (request) => {
      const limit = request.query.limit ?? 50;
      const offset = request.query.offset ?? 0;
      const { rows, total } = await listAssignedTemplates(db, authOf(request).school.id, {
        limit,
        offset,
        ...(request.query.q ? { q: request.query.q } : {}),
      });
      const items = await Promise.all(rows.map((r) => withLibraryParts(db, r)));
      return { items, total, limit, offset };
    },
  );

  app.get(
    '/template-library/:id',
    {
      onRequest: use,
      schema: { params: IdParams, response: { 200: LibraryTemplate, ...errorResponses(400, 401, 403, 404) } },
    },
    async (request) => loadLibraryTemplate(db, authOf(request).school.id, request.params.id),
  );

  app.post(
    '/template-library/:id/use',
    {
      onRequest: use,
      schema: {
        description: refusals({
          PACKET_NAME_OR_DESCRIPTION_EMPTY: "when the packet's name (`name`, else the template's title) is blank",
          PACKET_NAME_TOO_LONG: `for the packet's name ${NAME_TOO_LONG}`,
        }),
        params: IdParams,
        body: UseTemplateBody,
        response: { 201: UsedTemplate, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(
          await useTemplate(deps(request), actor(request), { templateId: request.params.id, name: request.body.name }),
        ),
  );
};
