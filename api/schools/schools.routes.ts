import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { authOf } from '../plugins/authenticate';
import { requirePermission } from '../plugins/require-permission';
import { refusals } from '../shared/refusals';
import { errorResponses, IdParams } from '../shared/schemas';
import { actorOf, coreDepsOf } from '../shared/use-case';
import { userManagerOf, usersDepsOf } from '../users/user-scope';
import { changeSchoolPlan } from './change-plan.service';
import { onboardSchool } from './onboard-school.service';
import { schoolUsersRoutes } from './school-users.routes';
import { loadSchoolProfile } from './school-profile.service';
import { listAllSchoolsForOperator } from './schools.repository';
import {
  ChangePlanBody,
  CreateSchoolBody,
  ListSchoolsQuery,
  OnboardedSchool,
  SchoolPage,
  SchoolProfile,
} from './schools.schemas';

/**
 * Provider operators: every school on the platform (the provider console's school list), onboarding a school with
 * its first admin, one school's profile, and plan upgrades. All operator-only (`schools:operate`).
 */
export const schoolsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { db } = app.deps.database;
  await app.register(schoolUsersRoutes);
  app.get(
    '/schools',
    {
      onRequest: requirePermission('schools:operate'),
      schema: { querystring: ListSchoolsQuery, response: { 200: SchoolPage, ...errorResponses(400, 401, 403) } },
    },
    async (request) => {
      const limit = request.query.limit ?? 50;
      const offset = request.query.offset ?? 0;
      const { rows, total } = await listAllSchoolsForOperator(db, {
        limit,
        offset,
        ...(request.query.q ? { q: request.query.q } : {}),
      });
      return {
        items: rows.map((r) => ({
          id: r.id,
          name: r.name,
          slug: r.slug,
          kind: r.kind,
          plan: r.plan,
          division: r.division,
          state: r.state,
          timeZone: r.time_zone,
          userCount: Number(r.user_count ?? 0),
          athleteCount: Number(r.athlete_count ?? 0),
          createdAt: r.created_at.toISOString(),
        })),
        total,
        limit,
        offset,
      };
    },
  );

  app.post(
    '/schools',
    {
      onRequest: requirePermission('schools:operate'),
      schema: {
        description: refusals({
          VALIDATION_FAILED:
            'when `name` is blank, `timeZone` is not a known IANA time zone, or no `slug` is given and the name has too few letters to make one',
          SCHOOL_SLUG_TAKEN: 'when another school has the slug',
          EMAIL_EXISTS: "when an account already has the first admin's e-mail",
          WORKFLOW_UNAVAILABLE: "when the first admin's invitation cannot be started (nothing is created then)",
        }),
        body: CreateSchoolBody,
        response: { 201: OnboardedSchool, ...errorResponses(400, 401, 403, 409, 503) },
      },
    },
    async (request, reply) => {
      const onboarded = await onboardSchool(
        usersDepsOf(app.deps, request.log),
        userManagerOf(authOf(request), request),
        request.body,
      );
      return reply.code(201).send(onboarded);
    },
  );

  app.get(
    '/schools/:id',
    {
      onRequest: requirePermission('schools:operate'),
      schema: { params: IdParams, response: { 200: SchoolProfile, ...errorResponses(400, 401, 403, 404) } },
    },
    async (request) => loadSchoolProfile(db, request.params.id),
  );

  app.patch(
    '/schools/:id/plan',
    {
      onRequest: requirePermission('schools:operate'),
      schema: {
        description: `Upgrades the school's plan; asking for its current plan changes nothing. ${refusals({
          PLAN_DOWNGRADE_REFUSED: 'when the plan asked for is below the current one (an upgrade cannot be undone)',
        })}`,
        params: IdParams,
        body: ChangePlanBody,
        response: { 200: SchoolProfile, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) =>
      changeSchoolPlan(coreDepsOf(app.deps, request.log), actorOf(authOf(request), request), {
        schoolId: request.params.id,
        plan: request.body.plan,
      }),
  );
};
