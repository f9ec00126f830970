import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { authOf } from '../plugins/authenticate';
import { requirePermission, requirePlanFeature } from '../plugins/require-permission';
import { DEFINITION_BODY_LIMIT } from '../forms/forms.schemas';
import { requestMeta } from '../shared/request-meta';
import { errorResponses, IdParams, NoContent } from '../shared/schemas';
import { actorOf } from '../shared/use-case';
import { recruitingFormDepsOf } from './recruiting-form-deps';
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
  getRecruitingFormSend,
  listRecruitingFormSends,
  listRecruitingFormTemplates,
  openRecruitingFormLink,
  sendRecruitingForm,
  submitRecruitingForm,
} from './recruiting-forms.service';

/** What the public routes answer for a token that is not one of ours, or whose send is gone. */
const TOKEN_RULES =
  'Refused with RECRUITING_FORM_NOT_FOUND for a token that is not a live link of ours (no hint what was wrong), ' +
  'RECRUITING_FORM_ALREADY_SUBMITTED once the form is submitted, and RECRUITING_FORM_LINK_EXPIRED for an expired or ' +
  'replaced link (a fresh one is e-mailed, at most once per cooldown).';

/**
 * Recruiting forms (issue 18): templates built with the form engine (the builder saves them through /forms/:id),
 * sent to prospects by signed, expiring links, and the prospect's public page. Staff routes need recruiting
 * permissions and the 'Connect' plan; the public ones work only with a valid token and are rate limited per address.
 */
export const recruitingFormsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const deps = (request: FastifyRequest) => recruitingFormDepsOf(app.deps, request.log);
  const actor = (request: FastifyRequest) => actorOf(authOf(request), request);
  const plan = requirePlanFeature('recruiting');
  const canRead = [requirePermission('recruiting:read'), plan];
  const canWrite = [requirePermission('recruiting:write'), plan];

  app.get(
    '/recruiting-forms/templates',
    { onRequest: canRead, schema: { response: { 200: RecruitingTemplateList, ...errorResponses(401, 403) } } },
    async (request) => listRecruitingFormTemplates(deps(request), actor(request)),
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
    async (request, reply) =>
      reply.code(201).send(await createRecruitingTemplate(deps(request), actor(request), request.body.name)),
  );

  app.delete(
    '/recruiting-forms/templates/:id',
    {
      onRequest: canWrite,
      schema: { params: IdParams, response: { 204: NoContent, ...errorResponses(400, 401, 403, 404) } },
    },
    async (request, reply) => {
      await archiveRecruitingTemplate(deps(request), actor(request), request.params.id);
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
    async (request) => sendRecruitingForm(deps(request), actor(request), request.params.id, request.body.psaIds),
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
      return listRecruitingFormSends(deps(request), actor(request), { formId: templateId, psaId, limit, offset });
    },
  );

  app.get(
    '/recruiting-forms/sends/:id',
    {
      onRequest: canRead,
      schema: { params: IdParams, response: { 200: RecruitingFormSendDetail, ...errorResponses(400, 401, 403, 404) } },
    },
    async (request) => getRecruitingFormSend(deps(request), actor(request), request.params.id),
  );

  // ---- the prospect's link (public; POSTs keep the token out of URLs and access logs) ----
  app.post(
    '/recruiting-forms/public/open',
    {
      config: { public: true, rateLimit: { max: 30, timeWindow: '1 minute' } },
      schema: {
        description: `What the prospect's page shows; the first open is recorded. ${TOKEN_RULES}`,
        body: FormTokenBody,
        response: { 200: PublicRecruitingForm, ...errorResponses(400, 404, 409, 410, 429) },
      },
    },
    async (request) => openRecruitingFormLink(deps(request), requestMeta(request), request.body.token),
  );

  app.post(
    '/recruiting-forms/public/submit',
    {
      config: { public: true, rateLimit: { max: 10, timeWindow: '1 minute' } },
      bodyLimit: DEFINITION_BODY_LIMIT,
      schema: {
        description:
          "Stores the prospect's answers once, checked against the version sent (VALIDATION_FAILED with the form " +
          `engine's messages). ${TOKEN_RULES}`,
        body: SubmitRecruitingFormBody,
        response: { 200: SubmittedRecruitingForm, ...errorResponses(400, 404, 409, 410, 413, 429) },
      },
    },
    async (request) =>
      submitRecruitingForm(deps(request), requestMeta(request), request.body.token, request.body.answers),
  );
};
