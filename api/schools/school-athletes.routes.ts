import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { AppError } from '../../domain/errors';
import { ATHLETE_INPUT_REFUSALS, ATHLETE_TAG_REFUSALS } from '../athletes/athlete-refusals';
import { findAthlete, listAthletes } from '../athletes/athletes.repository';
import { profileView } from '../athletes/athlete-profile.service';
import {
  AthletePage,
  CreateAthleteBody,
  CreatedAthlete,
  ListAthletesQuery,
  OperatorAthleteProfile,
} from '../athletes/athletes.schemas';
import { toAthleteListRow } from '../athletes/athletes.service';
import { authOf } from '../plugins/authenticate';
import { requirePermission } from '../plugins/require-permission';
import { refusals } from '../shared/refusals';
import { requestMeta } from '../shared/request-meta';
import { actorOf } from '../shared/use-case';
import { usersDepsOf } from '../users/user-scope';
import { EmailChangeBody, EmailChangeRequested, SchoolAthleteParams } from '../users/email-change.schemas';
import { emailChangeDeps, requestEmailChange } from '../users/email-change.service';
import { findSchoolSummary } from '../school/school.repository';
import { addSchoolAthlete } from './add-school-athlete.service';
import { athleteSchoolForOperator, listSchoolTeamNames } from './schools.repository';
import { SchoolTeamList } from './schools.schemas';
import { errorResponses, IdParams, Uuid } from '../shared/schemas';

/**
 * The platform operator's view of a school's student-athletes (/school/athletes/:schoolId, read-only list) and the
 * operator's single add form (/school/athletes/:schoolId/addStudent, with the school's teams to choose from): the same list query and create service as
 * /athletes, scoped to the addressed school; an unknown school is 404.
 */
export const schoolAthletesRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { db } = app.deps.database;
  const operate = requirePermission('schools:operate');

  async function schoolOf(id: string): Promise<string> {
    const school = await findSchoolSummary(db, id);
    if (!school) throw new AppError('NOT_FOUND');
    return school.id;
  }

  app.get(
    '/schools/:id/athletes',
    {
      onRequest: operate,
      schema: {
        params: IdParams,
        querystring: ListAthletesQuery,
        response: { 200: AthletePage, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const schoolId = await schoolOf(request.params.id);
      const { limit = 50, offset = 0, ...query } = request.query;
      const filter = Object.fromEntries(Object.entries(query).filter(([, v]) => v !== undefined && v !== ''));
      const { rows, total } = await listAthletes(db, schoolId, { ...filter, limit, offset });
      return { items: rows.map(toAthleteListRow), total, limit, offset };
    },
  );

  app.get(
    '/schools/:id/teams',
    {
      onRequest: operate,
      schema: {
        params: IdParams,
        response: {
          200: SchoolTeamList,
          ...errorResponses(401, 403, 404),
        },
      },
    },
    async (request) => {
      const schoolId = await schoolOf(request.params.id);
      return { items: await listSchoolTeamNames(db, schoolId) };
    },
  );

  app.post(
    '/schools/:id/athletes',
    {
      onRequest: operate,
      schema: {
        description: `The operator's single add form: the same rules as POST /athletes, in the addressed school. ${refusals(
          {
            VALIDATION_FAILED:
              'when `sportTeamId` is not a team of the school, or `customFieldValues` names a field (none applies to an athlete not yet created)',
            ...ATHLETE_INPUT_REFUSALS,
            TAGS_LIMIT: ATHLETE_TAG_REFUSALS.TAGS_LIMIT,
          },
        )}`,
        params: IdParams,
        body: CreateAthleteBody,
        response: { 201: CreatedAthlete, ...errorResponses(400, 401, 403, 404, 409, 503) },
      },
    },
    async (request, reply) => {
      const created = await addSchoolAthlete(usersDepsOf(app.deps, request.log), actorOf(authOf(request), request), {
        schoolId: request.params.id,
        athlete: request.body,
      });
      return reply.code(201).send(created);
    },
  );

  app.get(
    '/operator/athletes/:id',
    {
      onRequest: operate,
      schema: {
        description:
          "The provider's read-only profile of one student-athlete of any school: what the school's admin sees, with the school (and its time zone) named.",
        params: Type.Object({ id: Uuid }),
        response: { 200: OperatorAthleteProfile, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const school = await athleteSchoolForOperator(db, request.params.id);
      const athlete = school ? await findAthlete(db, school.id, request.params.id) : null;
      if (!school || !athlete) throw new AppError('NOT_FOUND');
      const view = await profileView(db, school.id, athlete, 'admin');
      // Read-only: the operator's one change, the login e-mail, has its own audited route below.
      return { ...view, editable: [], school };
    },
  );

  app.post(
    '/schools/:id/athletes/:athleteId/email',
    {
      onRequest: operate,
      schema: {
        description:
          "The operator changes an athlete's login e-mail (audited as the operator's); the new address confirms it.",
        params: SchoolAthleteParams,
        body: EmailChangeBody,
        response: { 202: EmailChangeRequested, ...errorResponses(400, 401, 403, 404, 409, 503) },
      },
    },
    async (request, reply) => {
      const schoolId = await schoolOf(request.params.id);
      const requested = await requestEmailChange(
        emailChangeDeps(app.deps),
        { userId: authOf(request).user.id, operator: true, ...requestMeta(request) },
        { schoolId, athleteId: request.params.athleteId, email: request.body.email },
      );
      return reply.code(202).send(requested);
    },
  );
};
