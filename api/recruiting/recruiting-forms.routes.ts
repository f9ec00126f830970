import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { authOf } from '../plugins/authenticate';
import { requirePermission, requirePlanFeature } from '../plugins/require-permission';
import { DEFINITION_BODY_LIMIT } from '../forms/forms.schemas';
import { errorResponses, IdParams, NoContent } from '../shared/schemas';
import { listRecruitingTemplates } from './recruiting-forms.repository';
import {
  CreatedTemplate,
  CreateRecruitingTemplateBody,
  FormTokenBody,
  PublicRecruitingForm,
  RecruitingFormSendDetail,
  RecruitingFormSendPage,
  RecruitingTemplateList,
  SendListQuery,
  SendRecruitingFormBody,
  SendResult,
  SubmitRecruitingFormBody,
  SubmittedRecruitingForm,
} from './recruiting-forms.schemas';
import {
  archiveRecruitingTemplate,
  createRecruitingTemplate,
  listRecruitingFormSends,
  openRecruitingFormLink,
  recruitingFormSendDetail,
  sendRecruitingForm,
  submitRecruitingForm,
} from './recruiting-forms.service';

/**
 * Recruiting forms (issue 18): templates built with the form engine (the builder saves them through /forms/:id),
 * sent to prospects by signed, expiring links, and the prospect's public page. Staff routes need recruiting
 * permissions and the 'Connect' plan; the public ones work only with a valid token and are rate limited per address.
 */
export const recruitingFormsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { db } = app.deps.database;
  const plan = requirePlanFeature('recruiting');
  const canRead = [requirePermission('recruiting:read'), plan];
  const canWrite = [requirePermission('recruiting:write'), plan];

  app.get(
    '/recruiting-forms/templates',
    { onRequest: canRead, schema: { response: { 200: RecruitingTemplateList, ...errorResponses(401, 403) } } },
    async (request) => {
      const rows = await listRecruitingTemplates(db, authOf(request).school.id);
      return {
        items: rows.map((r) => ({
          id: r.id,
          name: r.name,
          status: r.status,
          version: r.version,
          elementCount: Number(r.element_count),
          createdBy: r.created_by_name,
          updatedAt: r.updated_at.toISOString(),
          counts: { sent: r.sent, opened: r.opened, submitted: r.submitted, expired: r.expired },
        })),
      };
    },
  );

  app.post(
    '/recruiting-forms/templates',
    {
      onRequest: canWrite,
      schema: {
        body: CreateRecruitingTemplateBody,
        response: { 201: CreatedTemplate, ...errorResponses(400, 401, 403) },
      },
    },
    async (request, reply) => reply.code(201).send(await createRecruitingTemplate(request, request.body.name)),
  );

  app.delete(
    '/recruiting-forms/templates/:id',
    {
      onRequest: canWrite,
      schema: { params: IdParams, response: { 204: NoContent, ...errorResponses(400, 401, 403, 404) } },
    },
    async (request, reply) => {
      await archiveRecruitingTemplate(request, request.params.id);
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/recruiting-forms/templates/:id/send',
    {
      onRequest: canWrite,
      schema: {
        description:
          'Refused with RECRUITING_FORM_NOT_PUBLISHED (publish the template first), RECRUITING_FORM_NO_RECIPIENTS, ' +
          'RECRUITING_FORM_TOO_MANY_RECIPIENTS (at most 20) or RECRUITING_FORM_PSA_NO_EMAIL.',
        params: IdParams,
        body: SendRecruitingFormBody,
        response: { 200: SendResult, ...errorResponses(400, 401, 403, 404, 409, 503) },
      },
    },
    async (request) => sendRecruitingForm(request, request.params.id, request.body.psaIds),
  );

  app.get(
    '/recruiting-forms/sends',
    {
      onRequest: canRead,
      schema: {
        querystring: SendListQuery,
        response: { 200: RecruitingFormSendPage, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => {
      const { templateId, psaId, limit = 50, offset = 0 } = request.query;
      return listRecruitingFormSends(request, { formId: templateId, psaId, limit, offset });
    },
  );

  app.get(
    '/recruiting-forms/sends/:id',
    {
      onRequest: canRead,
      schema: { params: IdParams, response: { 200: RecruitingFormSendDetail, ...errorResponses(400, 401, 403, 404) } },
    },
    async (request) => recruitingFormSendDetail(request, request.params.id),
  );

  // ---- the prospect's link (public; POSTs keep the token out of URLs and access logs) ----
  app.post(
    '/recruiting-forms/public/open',
    {
      config: { public: true, rateLimit: { max: 30, timeWindow: '1 minute' } },
      schema: {
        body: FormTokenBody,
        response: { 200: PublicRecruitingForm, ...errorResponses(400, 404, 409, 410, 429) },
      },
    },
    async (request) => openRecruitingFormLink(request, request.body.token),
  );

  app.post(
    '/recruiting-forms/public/submit',
    {
      config: { public: true, rateLimit: { max: 10, timeWindow: '1 minute' } },
      bodyLimit: DEFINITION_BODY_LIMIT,
      schema: {
        body: SubmitRecruitingFormBody,
        response: { 200: SubmittedRecruitingForm, ...errorResponses(400, 404, 409, 410, 413, 429) },
      },
    },
    async (request) => submitRecruitingForm(request, request.body.token, request.body.answers),
  );
};
