import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../domain/errors';
import { authOf } from '../plugins/authenticate';
import { requirePermission, requirePlanFeature } from '../plugins/require-permission';
import { errorResponses, IdParams, StoredFileBytes } from '../shared/schemas';
import { sendAuditedDownload } from '../shared/send-stored-file';
import { actorOf, coreDepsOf } from '../shared/use-case';
import {
  findAttachmentResponse,
  findSchoolSlug,
  listQuestionnaires,
  listResponses,
  listSchoolTeams,
  publishedForms,
  publishedVersion,
} from './questionnaires.repository';
import { QUESTIONNAIRE_FILE_PURPOSE } from './questionnaire-response.service';
import {
  createQuestionnaire,
  editQuestionnaire,
  setQuestionnaireActive,
  visibleQuestionnaire,
  withPath,
} from './questionnaires.service';
import {
  ACTIVATE_QUESTIONNAIRE_DESCRIPTION,
  AttachmentParams,
  CREATE_QUESTIONNAIRE_DESCRIPTION,
  UPDATE_QUESTIONNAIRE_DESCRIPTION,
  QuestionnaireBody,
  QuestionnaireDetail,
  QuestionnaireDto,
  QuestionnaireList,
  QuestionnaireMeta,
  QuestionnairePatchBody,
} from './questionnaires.schemas';

/**
 * Questionnaires of the signed-in school (staff, recruiting plan): list with status and response counts, create,
 * edit, activate and deactivate, the details with every response and its prospect, and the download of a file a
 * prospect attached (audited like every change).
 */
export const questionnairesRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { db } = app.deps.database;
  const plan = requirePlanFeature('recruiting');
  const canRead = [requirePermission('recruiting:read'), plan];
  const canWrite = [requirePermission('recruiting:write'), plan];

  const slugOf = (schoolId: string) => findSchoolSlug(db, schoolId);

  const visible = (request: FastifyRequest, id: string) => visibleQuestionnaire(db, authOf(request).school.id, id);
  const deps = (request: FastifyRequest) => coreDepsOf(app.deps, request.log);
  const actor = (request: FastifyRequest) => actorOf(authOf(request), request);

  app.get(
    '/questionnaires',
    { onRequest: canRead, schema: { response: { 200: QuestionnaireList, ...errorResponses(401, 403) } } },
    async (request) => {
      const auth = authOf(request);
      const slug = await slugOf(auth.school.id);
      return (await listQuestionnaires(db, auth.school.id)).map((q) => withPath(q, slug));
    },
  );

  app.get(
    '/questionnaires/meta',
    { onRequest: canRead, schema: { response: { 200: QuestionnaireMeta, ...errorResponses(401, 403) } } },
    async (request) => {
      const schoolId = authOf(request).school.id;
      const teams = await listSchoolTeams(db, schoolId);
      return { forms: await publishedForms(db, schoolId), teams };
    },
  );

  app.post(
    '/questionnaires',
    {
      onRequest: canWrite,
      schema: {
        body: QuestionnaireBody,
        description: CREATE_QUESTIONNAIRE_DESCRIPTION,
        response: { 201: QuestionnaireDto, ...errorResponses(400, 401, 403, 409) },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await createQuestionnaire(deps(request), actor(request), request.body)),
  );

  app.get(
    '/questionnaires/:id',
    {
      onRequest: canRead,
      schema: { params: IdParams, response: { 200: QuestionnaireDetail, ...errorResponses(400, 401, 403, 404) } },
    },
    async (request) => {
      const auth = authOf(request);
      const q = await visible(request, request.params.id);
      const [responses, version] = await Promise.all([
        listResponses(db, auth.school.id, q.id),
        publishedVersion(db, auth.school.id, q.formId),
      ]);
      return { questionnaire: withPath(q, await slugOf(auth.school.id)), form: version?.definition ?? null, responses };
    },
  );

  /** A file a prospect attached to one of the questionnaire's responses, as stored, for whoever reads the answers. */
  app.get(
    '/questionnaires/:id/attachments/:fileId',
    {
      onRequest: canRead,
      schema: { params: AttachmentParams, response: { 200: StoredFileBytes, ...errorResponses(400, 401, 403, 404) } },
    },
    async (request, reply) => {
      const auth = authOf(request);
      const q = await visible(request, request.params.id);
      const response = await findAttachmentResponse(db, auth.school.id, q.id, request.params.fileId);
      if (!response) throw new AppError('NOT_FOUND');
      return sendAuditedDownload(request, reply, {
        fileId: request.params.fileId,
        purpose: QUESTIONNAIRE_FILE_PURPOSE,
        audit: {
          action: 'questionnaire.attachment_downloaded',
          targetType: 'questionnaire',
          targetId: q.id,
          details: { responseId: response.id, psaId: response.psaId },
        },
      });
    },
  );

  app.patch(
    '/questionnaires/:id',
    {
      onRequest: canWrite,
      schema: {
        params: IdParams,
        body: QuestionnairePatchBody,
        description: UPDATE_QUESTIONNAIRE_DESCRIPTION,
        response: { 200: QuestionnaireDto, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => editQuestionnaire(deps(request), actor(request), request.params.id, request.body),
  );

  for (const [action, status] of [
    ['activate', 'ACTIVE'],
    ['deactivate', 'INACTIVE'],
  ] as const) {
    app.post(
      `/questionnaires/:id/${action}`,
      {
        onRequest: canWrite,
        schema: {
          params: IdParams,
          ...(action === 'activate' ? { description: ACTIVATE_QUESTIONNAIRE_DESCRIPTION } : {}),
          response: { 200: QuestionnaireDto, ...errorResponses(400, 401, 403, 404, 409) },
        },
      },
      async (request) => setQuestionnaireActive(deps(request), actor(request), request.params.id, status === 'ACTIVE'),
    );
  }
};
