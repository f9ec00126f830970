import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { authOf } from '../plugins/authenticate';
import { requirePermission } from '../plugins/require-permission';
import { errorResponses, IdParams } from '../shared/schemas';
import { actorOf, coreDepsOf } from '../shared/use-case';
import {
  ANSWER_DESCRIPTION,
  AnswerBody,
  AnswerDto,
  ASSIGN_DESCRIPTION,
  AssignBody,
  AssignDto,
  AttemptDto,
  AudienceDto,
  AttemptParams,
  COMPLETE_DESCRIPTION,
  CREATE_CONTENT_DESCRIPTION,
  CreateContentBody,
  EDIT_CONTENT_DESCRIPTION,
  EditContentBody,
  EditorDto,
  HomeDto,
  LibraryDto,
  LibraryQuery,
  MyDto,
  MyQuery,
  OpenAttemptDto,
  OpenContentDto,
  START_ATTEMPT_DESCRIPTION,
  STATUS_DESCRIPTION,
  SUBMIT_DESCRIPTION,
  SubmitBody,
} from './education.schemas';
import {
  answerQuestion,
  assignContent,
  assignmentAudience,
  changeContentStatus,
  completeContent,
  createContent,
  editContent,
  educatorHome,
  getAttempt,
  getContentForEditor,
  listLibrary,
  listMyEducation,
  openContent,
  startQuizAttempt,
  submitAttempt,
} from './education.service';

/**
 * Education (issue 40): educators and school admins keep a content library (articles, videos, presentations,
 * courses, quizzes), publish and assign it (`education-assignment:<id>`); athletes read what is published, see what
 * is required of them, and take timed quizzes whose clock and grading stay on the server. Another school's content
 * and attempts answer 404.
 */
export const educationRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const canRead = [requirePermission('education:read')];
  const canWrite = [requirePermission('education:write')];
  const deps = (request: FastifyRequest) => coreDepsOf(app.deps, request.log);
  const actor = (request: FastifyRequest) => actorOf(authOf(request), request);

  app.get(
    '/education/home',
    { onRequest: canWrite, schema: { response: { 200: HomeDto, ...errorResponses(401, 403) } } },
    async (request) => educatorHome(deps(request), actor(request)),
  );

  app.get(
    '/education/audience',
    { onRequest: canWrite, schema: { response: { 200: AudienceDto, ...errorResponses(401, 403) } } },
    async (request) => assignmentAudience(deps(request), actor(request)),
  );

  app.get(
    '/education/library',
    {
      onRequest: canWrite,
      schema: { querystring: LibraryQuery, response: { 200: LibraryDto, ...errorResponses(400, 401, 403) } },
    },
    async (request) => listLibrary(deps(request), actor(request), request.query),
  );

  app.post(
    '/education/contents',
    {
      onRequest: canWrite,
      schema: {
        body: CreateContentBody,
        description: CREATE_CONTENT_DESCRIPTION,
        response: { 201: EditorDto, ...errorResponses(400, 401, 403) },
      },
    },
    async (request, reply) => reply.code(201).send(await createContent(deps(request), actor(request), request.body)),
  );

  app.get(
    '/education/contents/:id/edit',
    {
      onRequest: canWrite,
      schema: { params: IdParams, response: { 200: EditorDto, ...errorResponses(400, 401, 403, 404) } },
    },
    async (request) => getContentForEditor(deps(request), actor(request), request.params.id),
  );

  app.put(
    '/education/contents/:id',
    {
      onRequest: canWrite,
      schema: {
        params: IdParams,
        body: EditContentBody,
        description: EDIT_CONTENT_DESCRIPTION,
        response: { 200: EditorDto, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => editContent(deps(request), actor(request), { ...request.body, id: request.params.id }),
  );

  for (const action of ['publish', 'archive', 'recall'] as const) {
    app.post(
      `/education/contents/:id/${action}`,
      {
        onRequest: canWrite,
        schema: {
          params: IdParams,
          description: STATUS_DESCRIPTION,
          response: { 200: EditorDto, ...errorResponses(400, 401, 403, 404, 409) },
        },
      },
      async (request) => changeContentStatus(deps(request), actor(request), { id: request.params.id, action }),
    );
  }

  app.post(
    '/education/contents/:id/assignments',
    {
      onRequest: canWrite,
      schema: {
        params: IdParams,
        body: AssignBody,
        description: ASSIGN_DESCRIPTION,
        response: { 201: AssignDto, ...errorResponses(400, 401, 403, 404, 409, 503) },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(await assignContent(deps(request), actor(request), { ...request.body, id: request.params.id })),
  );

  app.get(
    '/education/my',
    {
      onRequest: canRead,
      schema: { querystring: MyQuery, response: { 200: MyDto, ...errorResponses(400, 401, 403) } },
    },
    async (request) => listMyEducation(deps(request), actor(request), request.query),
  );

  app.get(
    '/education/contents/:id',
    {
      onRequest: canRead,
      schema: { params: IdParams, response: { 200: OpenContentDto, ...errorResponses(400, 401, 403, 404) } },
    },
    async (request) => openContent(deps(request), actor(request), request.params.id),
  );

  app.post(
    '/education/contents/:id/complete',
    {
      onRequest: canRead,
      schema: {
        params: IdParams,
        description: COMPLETE_DESCRIPTION,
        response: { 200: OpenContentDto, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => completeContent(deps(request), actor(request), request.params.id),
  );

  app.post(
    '/education/quizzes/:id/attempts',
    {
      onRequest: canRead,
      schema: {
        params: IdParams,
        description: START_ATTEMPT_DESCRIPTION,
        response: { 201: OpenAttemptDto, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await startQuizAttempt(deps(request), actor(request), request.params.id)),
  );

  app.get(
    '/education/attempts/:id',
    {
      onRequest: canRead,
      schema: { params: AttemptParams, response: { 200: AttemptDto, ...errorResponses(400, 401, 403, 404) } },
    },
    async (request) => getAttempt(deps(request), actor(request), request.params.id),
  );

  app.put(
    '/education/attempts/:id/answers',
    {
      onRequest: canRead,
      schema: {
        params: AttemptParams,
        body: AnswerBody,
        description: ANSWER_DESCRIPTION,
        response: { 200: AnswerDto, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => answerQuestion(deps(request), actor(request), { ...request.body, attemptId: request.params.id }),
  );

  app.post(
    '/education/attempts/:id/submit',
    {
      onRequest: canRead,
      schema: {
        params: AttemptParams,
        body: SubmitBody,
        description: SUBMIT_DESCRIPTION,
        response: { 200: AttemptDto, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) =>
      submitAttempt(deps(request), actor(request), {
        attemptId: request.params.id,
        ...(request.body.answers ? { answers: request.body.answers } : {}),
      }),
  );
};
