import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import { authOf } from '../plugins/authenticate';
import { defaultEmptyBody } from '../plugins/describe-responses';
import { errorResponses } from '../shared/schemas';
import { actorOf, coreDepsOf } from '../shared/use-case';
import { cloneForm } from './clone-form.service';
import {
  CloneFormBody,
  DEFINITION_BODY_LIMIT,
  FormDetail,
  FormIdParams,
  FORM_OPERATION_RULES,
  PrepopulationDto,
  ValidateAnswersBody,
  ValidateAnswersResult,
} from './forms.schemas';
import { findPersonData } from './person-data.repository';
import { publishForm } from './publish-form.service';
import { schoolTodayOf } from './school-today';
import { validateFormAnswers } from './validate-answers.service';

export interface FormGuards {
  canRead: onRequestAsyncHookHandler[];
  canWrite: onRequestAsyncHookHandler[];
}

/** What is done with a form besides editing it: publish, clone, check a filled-in form, and prefill data. */
export const formActionsRoutes: FastifyPluginAsyncTypebox<FormGuards> = async (app, { canRead, canWrite }) => {
  const { db } = app.deps.database;
  const core = (request: FastifyRequest) => coreDepsOf(app.deps, request.log);
  const actor = (request: FastifyRequest) => actorOf(authOf(request), request);

  app.post(
    '/forms/:id/publish',
    {
      onRequest: canWrite,
      schema: {
        description: FORM_OPERATION_RULES.publish,
        params: FormIdParams,
        response: { 200: FormDetail, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => publishForm(core(request), actor(request), request.params.id),
  );

  app.post(
    '/forms/:id/clone',
    {
      onRequest: canWrite,
      // The body is optional ({ name? }): a bare POST clones with the default name.
      preValidation: defaultEmptyBody,
      schema: {
        description: FORM_OPERATION_RULES.clone,
        params: FormIdParams,
        body: CloneFormBody,
        response: { 201: FormDetail, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await cloneForm(core(request), actor(request), request.params.id, request.body.name)),
  );

  app.post(
    '/forms/:id/validate',
    {
      onRequest: canRead,
      bodyLimit: DEFINITION_BODY_LIMIT,
      schema: {
        params: FormIdParams,
        body: ValidateAnswersBody,
        response: { 200: ValidateAnswersResult, ...errorResponses(400, 401, 403, 404, 413) },
      },
    },
    async (request) => validateFormAnswers(db, authOf(request).school.id, request.params.id, request.body),
  );

  app.get(
    '/forms/prepopulation',
    {
      onRequest: canRead,
      schema: { response: { 200: PrepopulationDto, ...errorResponses(401, 403) } },
    },
    async (request) => {
      const auth = authOf(request);
      const person = await findPersonData(db, auth.school.id, auth.user.id);
      return { ...person, sports: person.sports ? [...person.sports] : undefined, today: schoolTodayOf(auth) };
    },
  );
};
