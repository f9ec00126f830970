import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { DEFAULT_ATHLETE_COLUMNS, type AthleteListColumn } from '../../domain/athlete-profiles';
import { authOf } from '../plugins/authenticate';
import { requirePermission } from '../plugins/require-permission';
import { refusals } from '../shared/refusals';
import { IdParams, SpreadsheetFile, errorResponses } from '../shared/schemas';
import { ATHLETE_INPUT_REFUSALS, ATHLETE_TAG_REFUSALS } from './athlete-refusals';
import { changeAccounts } from './athlete-accounts.service';
import { findListColumns, saveListColumns } from './athlete-extras.repository';
import { athleteActorOf, profileView, reachableAthlete } from './athlete-profile.service';
import { ATHLETE_LIST_KEY, exportAthleteList, listAthletePage } from './athlete-list.service';
import {
  AccountsBody,
  AccountsResult,
  AthletePage,
  AthleteProfileView,
  CreateAthleteBody,
  CreatedAthlete,
  ExportAthletesQuery,
  ListAthletesQuery,
  ListColumnsDto,
  UpdateAthleteBody,
} from './athletes.schemas';
import { createAthlete, updateAthlete } from './athletes.service';
import { AppError } from '../../domain/errors';
import { requestMeta } from '../shared/request-meta';
import { EmailChangeBody, EmailChangeRequested } from '../users/email-change.schemas';
import { emailChangeDeps, requestEmailChange } from '../users/email-change.service';
import { usersDepsOf } from '../users/user-scope';

/**
 * Student-athletes of the signed-in user's school: the list (filters, sort, remembered columns, CSV and XLSX export
 * of what it shows), the person form, the profile in the caller's view, and account actions one or many at a time.
 */
export const athletesRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { db } = app.deps.database;
  const canRead = requirePermission('athletes:read');
  const canWrite = requirePermission('athletes:write');
  const canProfile = requirePermission('athletes:profile');
  const core = (request: FastifyRequest) => usersDepsOf(app.deps, request.log);
  const actor = (request: FastifyRequest) => athleteActorOf(authOf(request), request);

  app.get(
    '/athletes',
    {
      onRequest: canRead,
      schema: { querystring: ListAthletesQuery, response: { 200: AthletePage, ...errorResponses(400, 401, 403) } },
    },
    async (request) => {
      const { limit = 50, offset = 0, ...query } = request.query;
      return listAthletePage(core(request), actor(request), { limit, offset, query });
    },
  );

  app.get(
    '/athletes/export',
    {
      onRequest: canRead,
      schema: {
        querystring: ExportAthletesQuery,
        description: `The list as shown (filters, sort, visible columns in order) as CSV or XLSX; formula cells made safe. ${refusals(
          { VALIDATION_FAILED: 'when `columns` names no column, or a key that is not a list column' },
        )}`,
        response: {
          200: SpreadsheetFile('The shown list as a file: CSV (`format=csv`) or an Excel workbook (`format=xlsx`).'),
          ...errorResponses(400, 401, 403),
        },
      },
    },
    async (request, reply) => {
      const { format, columns, ...query } = request.query;
      const file = await exportAthleteList(core(request), actor(request), { format, columns, query });
      return reply
        .type(file.contentType)
        .header('content-disposition', `attachment; filename="${file.filename}"`)
        .header('cache-control', 'private, no-store')
        .send(file.body);
    },
  );

  app.get(
    '/athletes/list-columns',
    { onRequest: canRead, schema: { response: { 200: ListColumnsDto, ...errorResponses(401, 403) } } },
    async (request) => {
      const saved = await findListColumns(db, authOf(request).user.id, ATHLETE_LIST_KEY);
      return { columns: (saved ?? DEFAULT_ATHLETE_COLUMNS) as AthleteListColumn[] };
    },
  );

  app.put(
    '/athletes/list-columns',
    {
      onRequest: canRead,
      schema: { body: ListColumnsDto, response: { 200: ListColumnsDto, ...errorResponses(400, 401, 403) } },
    },
    async (request) => {
      await saveListColumns(db, authOf(request).user.id, ATHLETE_LIST_KEY, request.body.columns);
      return { columns: request.body.columns };
    },
  );

  app.post(
    '/athletes/accounts',
    {
      onRequest: canWrite,
      schema: {
        body: AccountsBody,
        description: `Activate (invite), deactivate or reactivate one or many student-athletes; a result per athlete. ${refusals(
          { FORBIDDEN: 'when the caller may not invite (activate) or deactivate (deactivate, reactivate) users' },
        )}`,
        response: { 200: AccountsResult, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) => ({ results: await changeAccounts(core(request), actor(request), request.body) }),
  );

  app.post(
    '/athletes',
    {
      onRequest: canWrite,
      schema: {
        description: refusals({
          VALIDATION_FAILED:
            'when `sportTeamId` is not a team of the school, or `customFieldValues` names a field (none applies to an athlete not yet created)',
          ...ATHLETE_INPUT_REFUSALS,
          TAGS_LIMIT: ATHLETE_TAG_REFUSALS.TAGS_LIMIT,
        }),
        body: CreateAthleteBody,
        response: { 201: CreatedAthlete, ...errorResponses(400, 401, 403, 409, 503) },
      },
    },
    async (request, reply) => reply.code(201).send(await createAthlete(core(request), actor(request), request.body)),
  );

  app.get(
    '/athletes/:id',
    {
      onRequest: canProfile,
      schema: { params: IdParams, response: { 200: AthleteProfileView, ...errorResponses(400, 401, 403, 404) } },
    },
    async (request) => {
      const me = actor(request);
      const { athlete, viewer } = await (await reachableAthlete(db, me))(request.params.id);
      return profileView(db, me.schoolId, athlete, viewer);
    },
  );

  app.patch(
    '/athletes/:id',
    {
      onRequest: canProfile,
      schema: {
        description: refusals({
          FORBIDDEN: "when the body changes a field the caller's view (admin, coach, the athlete) may not change",
          VALIDATION_FAILED:
            'when `sportTeamId` is not a team of the school, or `customFieldValues` names a field that does not apply to this athlete',
          ...ATHLETE_INPUT_REFUSALS,
          ...ATHLETE_TAG_REFUSALS,
        }),
        params: IdParams,
        body: UpdateAthleteBody,
        response: { 200: AthleteProfileView, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => updateAthlete(core(request), actor(request), request.params.id, request.body),
  );

  app.post(
    '/athletes/:id/email',
    {
      onRequest: canWrite,
      schema: {
        description:
          "Changes an athlete's login e-mail once the new address confirms it: a signed link valid 24 hours is mailed there. " +
          refusals({
            FORBIDDEN: 'when the caller is not in the admin portal',
            VALIDATION_FAILED: 'when `email` is already the login e-mail',
            EMAIL_EXISTS: 'when another account has this e-mail',
          }),
        params: IdParams,
        body: EmailChangeBody,
        response: { 202: EmailChangeRequested, ...errorResponses(400, 401, 403, 404, 409, 503) },
      },
    },
    async (request, reply) => {
      const auth = authOf(request);
      if (auth.portal !== 'admin') throw new AppError('FORBIDDEN');
      const requested = await requestEmailChange(
        emailChangeDeps(app.deps),
        { userId: auth.user.id, operator: false, ...requestMeta(request) },
        { schoolId: auth.school.id, athleteId: request.params.id, email: request.body.email },
      );
      return reply.code(202).send(requested);
    },
  );
};
