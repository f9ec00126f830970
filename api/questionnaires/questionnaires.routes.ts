import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../domain/errors';
import { checkQuestionnaireInput, questionnairePath } from '../../domain/questionnaires';
import { auditRequest } from '../plugins/audit-request';
import { authOf } from '../plugins/authenticate';
import { requirePermission, requirePlanFeature } from '../plugins/require-permission';
import { errorResponses, IdParams, StoredFileBytes } from '../shared/schemas';
import { sendAuditedDownload } from '../shared/send-stored-file';
import { teamExists } from '../teams/teams.repository';
import {
  customUrlTaken,
  findAttachmentResponse,
  findQuestionnaire,
  findSchoolSlug,
  insertQuestionnaire,
  listQuestionnaires,
  listResponses,
  listSchoolTeams,
  publishedForms,
  publishedVersion,
  type QuestionnaireRecord,
  updateQuestionnaire,
} from './questionnaires.repository';
import { QUESTIONNAIRE_FILE_PURPOSE } from './questionnaire-response.service';
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

type Db = FastifyRequest['server']['deps']['database']['db'];

function withPath(q: QuestionnaireRecord, schoolSlug: string) {
  return { ...q, publicPath: questionnairePath(schoolSlug, q.customUrl) };
}

/** The input's problems in the spec's wording; the first problem's code is the error's. */
async function checkBody(
  db: Db,
  schoolId: string,
  body: QuestionnairePatchBody,
  exceptId: string | null,
): Promise<void> {
  const problems = checkQuestionnaireInput(body);
  if (problems.length) {
    throw new AppError(
      problems[0]!.code,
      problems.map(({ field, message }) => ({ field, message })),
    );
  }
  if (body.customUrl !== undefined && (await customUrlTaken(db, schoolId, body.customUrl.trim(), exceptId))) {
    throw new AppError('QUESTIONNAIRE_URL_TAKEN', [
      { field: 'customUrl', message: 'This custom URL is already used by another questionnaire.' },
    ]);
  }
  if (body.sportTeamId && !(await teamExists(db, schoolId, body.sportTeamId))) {
    throw new AppError('VALIDATION_FAILED', [{ field: 'sportTeamId', message: 'Unknown sport team.' }]);
  }
  if (body.formId && !(await publishedVersion(db, schoolId, body.formId))) {
    throw new AppError('QUESTIONNAIRE_FORM_NOT_PUBLISHED', [
      { field: 'formId', message: 'Choose a published form of your school.' },
    ]);
  }
}

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

  async function visible(request: FastifyRequest, id: string) {
    const auth = authOf(request);
    const q = await findQuestionnaire(db, auth.school.id, id);
    if (!q) throw new AppError('NOT_FOUND');
    return q;
  }

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
    async (request, reply) => {
      const auth = authOf(request);
      const schoolId = auth.school.id;
      await checkBody(db, schoolId, request.body, null);
      const b = request.body;
      const row = await db.transaction().execute(async (trx) => {
        const created = {
          id: await insertQuestionnaire(trx, schoolId, {
            form_id: b.formId,
            name: b.name.trim(),
            custom_url: b.customUrl.trim(),
            confirmation_message: b.confirmationMessage.trim(),
            status: b.active ? 'ACTIVE' : 'INACTIVE',
            sport_team_id: b.sportTeamId ?? null,
            created_by: auth.user.id,
          }),
        };
        await auditRequest(
          request,
          {
            action: 'questionnaire.created',
            targetType: 'questionnaire',
            targetId: created.id,
            details: { customUrl: b.customUrl.trim(), active: Boolean(b.active) },
          },
          trx,
        );
        return created;
      });
      const q = (await findQuestionnaire(db, schoolId, row.id))!;
      return reply.code(201).send(withPath(q, await slugOf(auth.school.id)));
    },
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
    async (request) => {
      const auth = authOf(request);
      const q = await visible(request, request.params.id);
      const b = request.body;
      await checkBody(db, auth.school.id, b, q.id);
      const set = {
        ...(b.name !== undefined ? { name: b.name.trim() } : {}),
        ...(b.customUrl !== undefined ? { custom_url: b.customUrl.trim() } : {}),
        ...(b.formId !== undefined ? { form_id: b.formId } : {}),
        ...(b.confirmationMessage !== undefined ? { confirmation_message: b.confirmationMessage.trim() } : {}),
        ...(b.sportTeamId !== undefined ? { sport_team_id: b.sportTeamId } : {}),
        ...(b.active !== undefined ? { status: b.active ? ('ACTIVE' as const) : ('INACTIVE' as const) } : {}),
      };
      await db.transaction().execute(async (trx) => {
        await updateQuestionnaire(trx, auth.school.id, q.id, set);
        await auditRequest(
          request,
          {
            action: 'questionnaire.updated',
            targetType: 'questionnaire',
            targetId: q.id,
            details: { fields: Object.keys(b) },
          },
          trx,
        );
      });
      return withPath((await findQuestionnaire(db, auth.school.id, q.id))!, await slugOf(auth.school.id));
    },
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
      async (request) => {
        const auth = authOf(request);
        const q = await visible(request, request.params.id);
        if (status === 'ACTIVE' && !(await publishedVersion(db, auth.school.id, q.formId))) {
          throw new AppError('QUESTIONNAIRE_FORM_NOT_PUBLISHED');
        }
        if (q.status !== status) {
          await db.transaction().execute(async (trx) => {
            await updateQuestionnaire(trx, auth.school.id, q.id, { status });
            await auditRequest(
              request,
              { action: `questionnaire.${action}d`, targetType: 'questionnaire', targetId: q.id },
              trx,
            );
          });
        }
        return withPath((await findQuestionnaire(db, auth.school.id, q.id))!, await slugOf(auth.school.id));
      },
    );
  }
};
