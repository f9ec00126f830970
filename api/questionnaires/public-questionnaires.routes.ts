import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../domain/errors';
import { QUESTIONNAIRE_CONTACT_FIELDS, QUESTIONNAIRE_LIMITS } from '../../domain/questionnaires';
import { FORM_LIMITS } from '../../form-engine';
import { toUploadError } from '../disclosures/disclosure-files.service';
import { cleanFilename } from '../forms/pdf-upload';
import { findSchoolToday } from '../forms/school-today';
import { errorResponses } from '../shared/schemas';
import { issueChallenge, verifyBotCheck } from './bot-check.service';
import { storeResponse, type PublicSubmission } from './questionnaire-response.service';
import { findPublicQuestionnaire, publishedVersion } from './questionnaires.repository';
import {
  BotChallenge,
  PUBLIC_CHALLENGE_DESCRIPTION,
  PUBLIC_PAGE_DESCRIPTION,
  PUBLIC_SUBMIT_DESCRIPTION,
  PublicQuestionnaireDto,
  PublicQuestionnaireParams,
  SubmittedResponse,
} from './questionnaires.schemas';

/** One visitor's requests to one questionnaire: a flood against one link is stopped without blocking the others. */
function perLink(max: number, timeWindow: string) {
  return {
    max,
    timeWindow,
    keyGenerator(request: FastifyRequest) {
      const p = request.params as { school?: string; customUrl?: string };
      return `questionnaire|${request.ip}|${(p.school ?? '').toLowerCase()}|${(p.customUrl ?? '').toLowerCase()}`;
    },
  };
}

/**
 * Reads the multipart submission: one `payload` field (JSON: contact, answers, altcha) and the files, each part
 * named after the attachment question it answers. Counting stops past 10 files, so a flood of parts is cut short.
 */
async function readSubmission(request: FastifyRequest): Promise<PublicSubmission> {
  const out: PublicSubmission = { payload: null, files: new Map() };
  let count = 0;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'field') {
        if (part.fieldname !== 'payload' || typeof part.value !== 'string') continue;
        try {
          out.payload = JSON.parse(part.value) as PublicSubmission['payload'];
        } catch {
          throw new AppError('BAD_REQUEST', [{ field: 'payload', message: 'The answers could not be read.' }]);
        }
        continue;
      }
      count += 1;
      if (count > QUESTIONNAIRE_LIMITS.attachmentsPerForm) throw new AppError('QUESTIONNAIRE_ATTACHMENTS_PER_FORM');
      const bytes = await part.toBuffer();
      const list = out.files.get(part.fieldname) ?? [];
      list.push({ filename: cleanFilename(part.filename ?? ''), contentType: part.mimetype ?? '', bytes });
      out.files.set(part.fieldname, list);
    }
  } catch (err) {
    if (err instanceof AppError) throw err;
    if ((err as { code?: string }).code === 'FST_FILES_LIMIT') throw new AppError('QUESTIONNAIRE_ATTACHMENTS_PER_FORM');
    throw toUploadError(err);
  }
  return out;
}

/**
 * The public questionnaire at `/paperwork/:universityname/:customurl`: the page's form, a proof-of-work challenge,
 * and the submission (multipart: a JSON `payload` field and files named by their question). No session; a bad or
 * deactivated link answers "Invalid or deactivated questionnaire link." and every endpoint is rate limited.
 */
export const publicQuestionnairesRoutes: FastifyPluginAsyncTypebox = async (app) => {
  await app.register(multipart, {
    limits: {
      fileSize: FORM_LIMITS.maxFileBytes,
      files: QUESTIONNAIRE_LIMITS.attachmentsPerForm + 1,
      fields: 5,
      fieldSize: 1024 * 1024,
      parts: QUESTIONNAIRE_LIMITS.attachmentsPerForm + 6,
      headerPairs: 100,
    },
    throwFileSizeLimit: true,
  });
  const { db } = app.deps.database;
  const appSecret = app.deps.config.appSecret;

  async function openQuestionnaire(params: { school: string; customUrl: string }) {
    const q = await findPublicQuestionnaire(db, params.school, params.customUrl);
    if (!q || q.status !== 'ACTIVE') throw new AppError('QUESTIONNAIRE_LINK_INVALID');
    const version = await publishedVersion(db, q.school_id, q.form_id);
    if (!version) throw new AppError('QUESTIONNAIRE_LINK_INVALID');
    return { ...q, version };
  }

  app.get(
    '/public/questionnaires/:school/:customUrl',
    {
      config: { public: true, rateLimit: perLink(60, '1 minute') },
      schema: {
        params: PublicQuestionnaireParams,
        description: PUBLIC_PAGE_DESCRIPTION,
        response: { 200: PublicQuestionnaireDto, ...errorResponses(400, 404, 429) },
      },
    },
    async (request) => {
      const q = await openQuestionnaire(request.params);
      return {
        name: q.name,
        schoolName: q.school_name,
        contactFields: [...QUESTIONNAIRE_CONTACT_FIELDS],
        form: q.version.definition,
        today: await findSchoolToday(db, q.school_id),
        limits: {
          attachmentsPerQuestion: QUESTIONNAIRE_LIMITS.attachmentsPerQuestion,
          attachmentsPerForm: QUESTIONNAIRE_LIMITS.attachmentsPerForm,
        },
      };
    },
  );

  app.get(
    '/public/questionnaires/:school/:customUrl/challenge',
    {
      config: { public: true, rateLimit: perLink(30, '1 minute') },
      schema: {
        params: PublicQuestionnaireParams,
        description: PUBLIC_CHALLENGE_DESCRIPTION,
        response: { 200: BotChallenge, ...errorResponses(400, 404, 429) },
      },
    },
    async (request, reply) => {
      const q = await openQuestionnaire(request.params);
      reply.header('cache-control', 'no-store');
      return issueChallenge(appSecret, q.id);
    },
  );

  app.post(
    '/public/questionnaires/:school/:customUrl/responses',
    {
      config: { public: true, rateLimit: perLink(10, '10 minutes') },
      schema: {
        params: PublicQuestionnaireParams,
        consumes: ['multipart/form-data'],
        description: PUBLIC_SUBMIT_DESCRIPTION,
        response: { 201: SubmittedResponse, ...errorResponses(400, 404, 409, 413, 415, 429) },
      },
    },
    async (request, reply) => {
      const q = await openQuestionnaire(request.params);
      const submission = await readSubmission(request);
      const challenge = await verifyBotCheck(appSecret, q.id, submission.payload?.altcha);
      await storeResponse(
        db,
        request,
        { id: q.id, schoolId: q.school_id, name: q.name, sportTeamId: q.sport_team_id, version: q.version },
        submission,
        challenge,
      );
      return reply.code(201).send({ confirmationMessage: q.confirmation_message });
    },
  );
};
