import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../domain/errors';
import { authOf } from '../plugins/authenticate';
import { actorOf, coreDepsOf } from '../shared/use-case';
import { requirePermission, requirePlanFeature } from '../plugins/require-permission';
import { NoContent, errorResponses } from '../shared/schemas';
import { checkDefinitionConditions, formatDefinitionErrors } from './definition-body';
import { formActionsRoutes } from './form-actions.routes';
import { formDocumentRoutes } from './form-document.routes';
import { listForms } from './forms.repository';
import {
  CreateFormBody,
  DEFINITION_BODY_LIMIT,
  FormDetail,
  FormIdParams,
  FormListQuery,
  FormPage,
  FORM_OPERATION_RULES,
  UpdateFormBody,
} from './forms.schemas';
import { archiveFormTemplate, createForm, loadFormDetail, toFormListItem, updateForm } from './forms.service';

/**
 * Form templates (issue 3): the template list, the builders' create / read / save, and archiving. Every route needs
 * a forms permission and the 'Connect' plan (paperwork).
 */
export const formsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { db } = app.deps.database;
  const core = (request: FastifyRequest) => coreDepsOf(app.deps, request.log);
  const actor = (request: FastifyRequest) => actorOf(authOf(request), request);
  const paperwork = requirePlanFeature('paperwork');
  const canRead = [requirePermission('forms:read'), paperwork];
  const canWrite = [requirePermission('forms:write'), paperwork];

  app.get(
    '/forms',
    {
      onRequest: canRead,
      schema: { querystring: FormListQuery, response: { 200: FormPage, ...errorResponses(400, 401, 403) } },
    },
    async (request) => {
      const limit = request.query.limit ?? 50;
      const offset = request.query.offset ?? 0;
      const { q, category, kind } = request.query;
      const { rows, total } = await listForms(db, authOf(request).school.id, {
        limit,
        offset,
        ...(q?.trim() ? { q } : {}),
        ...(category?.trim() ? { category } : {}),
        ...(kind ? { kind } : {}),
      });
      return { items: rows.map(toFormListItem), total, limit, offset };
    },
  );

  app.post(
    '/forms',
    {
      onRequest: canWrite,
      bodyLimit: DEFINITION_BODY_LIMIT,
      preValidation: checkDefinitionConditions,
      schemaErrorFormatter: formatDefinitionErrors,
      schema: {
        description: FORM_OPERATION_RULES.create,
        body: CreateFormBody,
        response: { 201: FormDetail, ...errorResponses(400, 401, 403, 413) },
      },
    },
    async (request, reply) => reply.code(201).send(await createForm(core(request), actor(request), request.body)),
  );

  app.get(
    '/forms/:id',
    {
      onRequest: canRead,
      schema: { params: FormIdParams, response: { 200: FormDetail, ...errorResponses(400, 401, 403, 404) } },
    },
    async (request) => {
      const detail = await loadFormDetail(db, authOf(request).school.id, request.params.id);
      if (!detail) throw new AppError('NOT_FOUND');
      return detail;
    },
  );

  app.put(
    '/forms/:id',
    {
      onRequest: canWrite,
      bodyLimit: DEFINITION_BODY_LIMIT,
      preValidation: checkDefinitionConditions,
      schemaErrorFormatter: formatDefinitionErrors,
      schema: {
        description: FORM_OPERATION_RULES.update,
        params: FormIdParams,
        body: UpdateFormBody,
        response: { 200: FormDetail, ...errorResponses(400, 401, 403, 404, 409, 413) },
      },
    },
    async (request) => updateForm(core(request), actor(request), request.params.id, request.body),
  );

  app.delete(
    '/forms/:id',
    {
      onRequest: canWrite,
      schema: { params: FormIdParams, response: { 204: NoContent, ...errorResponses(400, 401, 403, 404) } },
    },
    async (request, reply) => {
      await archiveFormTemplate(core(request), actor(request), request.params.id);
      return reply.code(204).send(null);
    },
  );

  await app.register(formActionsRoutes, { canRead, canWrite });
  await app.register(formDocumentRoutes, { canRead, canWrite });
};
