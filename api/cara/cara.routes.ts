import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { AppError } from '../../domain/errors';
import { ProcessGraphDto } from '../operator-console/operator-console.schemas';
import { caraLogGraph } from '../operator-console/workflow-graph.service';
import { authOf } from '../plugins/authenticate';
import { requirePermission } from '../plugins/require-permission';
import { CARA_LIMITS } from '../../domain/bylaw17/cara';
import { refusals } from '../shared/refusals';
import { IsoDate, NoContent, Uuid, errorResponses } from '../shared/schemas';
import { actorOf, coreDepsOf } from '../shared/use-case';
import { requireTemporal } from '../shared/workflow-client';
import {
  actorFor,
  ensureCaraLogWorkflow,
  exportCaraLogPdf,
  findLog,
  listLogs,
  logDetail,
  sendCaraLogUpdate,
  startCaraLog,
  toCaraError,
} from './cara-logs.service';
import {
  CheckBody,
  CheckResult,
  DashboardDto,
  Dismissal,
  DismissBody,
  GenerateBody,
  LogDetail,
  LogList,
  LogParams,
  LogPdf,
  LogQuery,
  ReopenBody,
  ReviewBody,
  SettingsBody,
  SettingsDto,
  SubmitBody,
  SurveyBody,
  TeamParams,
} from './cara.schemas';
import {
  checkProposedEvent,
  dismissViolation,
  getSettings,
  listDismissals,
  saveSettings,
  teamDashboard,
} from './cara.service';

/** A team the caller writes for (assertTeamWritable). */
const TEAM_REFUSALS = { TEAM_NOT_YOURS: 'when the team is not one the caller manages' };
const NOTES_RULE = `when \`notes\` has more than ${CARA_LIMITS.noteWords} words`;

/**
 * CARA: the Bylaw 17 check of a proposed event (the event form's warning), dismissals of violations, settings per
 * team, the team dashboard, and the logs. Lists read PostgreSQL; every step of a log goes through its
 * `cara-log:<teamId>:<periodStart>` workflow as an Update (the validator decides whether the step is open).
 */
export const caraRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { db } = app.deps.database;
  const errors = errorResponses(400, 401, 403, 404, 409, 503);
  const canRead = requirePermission('cara:read');
  const canConfigure = requirePermission('cara:configure');
  const deps = (request: FastifyRequest) => coreDepsOf(app.deps, request.log);
  const actor = (request: FastifyRequest) => actorOf(authOf(request), request);

  app.post(
    '/cara/check',
    {
      onRequest: requirePermission('calendar:write'),
      schema: { description: refusals(TEAM_REFUSALS), body: CheckBody, response: { 200: CheckResult, ...errors } },
    },
    async (request) => checkProposedEvent(deps(request), actor(request), request.body),
  );

  app.get(
    '/cara/teams/:teamId/dismissals',
    {
      onRequest: canRead,
      schema: { params: TeamParams, response: { 200: Type.Object({ items: Type.Array(Dismissal) }), ...errors } },
    },
    async (request) => ({ items: await listDismissals(db, actor(request), request.params.teamId) }),
  );

  app.post(
    '/cara/teams/:teamId/dismissals',
    {
      onRequest: requirePermission('calendar:write'),
      schema: {
        description: refusals({
          ...TEAM_REFUSALS,
          CARA_DISMISS_REASON_REQUIRED: 'when `reason` is not one of the error reasons, or `note` is blank',
          VALIDATION_FAILED: `when \`note\` has more than ${CARA_LIMITS.noteWords} words, or \`violationKey\` is not a violation's key (RULE:subject:YYYY-MM-DD)`,
        }),
        params: TeamParams,
        body: DismissBody,
        response: { 204: NoContent, ...errors },
      },
    },
    async (request, reply) => {
      await dismissViolation(deps(request), actor(request), request.params.teamId, request.body);
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/cara/teams/:teamId/settings',
    { onRequest: canRead, schema: { params: TeamParams, response: { 200: SettingsDto, ...errors } } },
    async (request) => getSettings(db, actor(request), request.params.teamId),
  );

  app.put(
    '/cara/teams/:teamId/settings',
    {
      onRequest: canConfigure,
      schema: {
        description: refusals({
          ...TEAM_REFUSALS,
          VALIDATION_FAILED: `when \`dueDays\` or \`reminderDays\` is not 0 to ${CARA_LIMITS.maxDueDays}, \`surveyExpiryDays\` is not 1 to ${CARA_LIMITS.maxSurveyDays}, or a submitter, viewer or reviewer is neither staff of the team nor a school admin`,
          CARA_SETTINGS_REQUIRED:
            'when logging is on without `frequency`, `dueDays`, a submitter or a reviewer, or the survey is on without `surveyExpiryDays`',
          CARA_SEGMENT_NOT_CONFIGURED: 'when logging is turned on for a team without a sport segment',
        }),
        params: TeamParams,
        body: SettingsBody,
        response: { 200: SettingsDto, ...errors },
      },
    },
    async (request) => {
      const saved = await saveSettings(deps(request), actor(request), request.params.teamId, request.body);
      // With logging on, the log process of the period holding today starts (it sleeps until the period ends).
      // Without Temporal, or when no segment holds today, the settings are saved all the same.
      if (saved.loggingEnabled && app.deps.temporal) {
        const today = new Date().toISOString().slice(0, 10);
        await ensureCaraLogWorkflow(app.deps, app.deps.temporal, authOf(request).school.id, saved.teamId, today).catch(
          (err: unknown) => {
            if (!(err instanceof AppError)) request.log.warn({ err }, 'CARA log process not started');
          },
        );
      }
      return saved;
    },
  );

  app.get(
    '/cara/teams/:teamId/dashboard',
    {
      onRequest: canRead,
      schema: {
        description: refusals({
          NO_ACADEMIC_YEAR:
            'when `academicYearId` is left out and no academic year holds today, or the year given is not one of the school',
        }),
        params: TeamParams,
        querystring: Type.Object({ academicYearId: Type.Optional(Uuid) }),
        response: { 200: DashboardDto, ...errors },
      },
    },
    async (request) => teamDashboard(db, actor(request), request.params.teamId, request.query.academicYearId),
  );

  app.get(
    '/cara/logs',
    { onRequest: canRead, schema: { querystring: LogQuery, response: { 200: LogList, ...errors } } },
    async (request) => ({ items: await listLogs(db, authOf(request), request.query, new Date()) }),
  );

  /** Starts the log process for the period holding a day (admins and the team's submitters); idempotent. */
  app.post(
    '/cara/logs',
    {
      onRequest: requirePermission('cara:submit'),
      schema: {
        description: refusals({
          ...TEAM_REFUSALS,
          CARA_SETTINGS_REQUIRED: 'when CARA logging is not turned on for the team',
          CARA_SEGMENT_NOT_CONFIGURED: 'when no sport segment of the team holds `periodStart`',
        }),
        body: GenerateBody,
        response: {
          202: Type.Object({ workflowId: Type.String(), periodStart: IsoDate, periodEnd: IsoDate }),
          ...errors,
        },
      },
    },
    async (request, reply) => {
      const started = await startCaraLog(
        coreDepsOf(app.deps, request.log),
        actorOf(authOf(request), request),
        request.body,
      );
      return reply.code(202).send(started);
    },
  );

  app.get(
    '/cara/logs/:id',
    { onRequest: canRead, schema: { params: LogParams, response: { 200: LogDetail, ...errors } } },
    async (request) => logDetail(db, authOf(request), request.params.id, new Date()),
  );

  /** The log's "Where it stands": its process placed on the CARA log map (whoever may read the log). */
  app.get(
    '/cara/logs/:id/graph',
    { onRequest: canRead, schema: { params: LogParams, response: { 200: ProcessGraphDto, ...errors } } },
    async (request) => {
      const auth = authOf(request);
      const row = await findLog(db, auth, request.params.id);
      return { graph: (await caraLogGraph(db, auth.school.id, row.workflow_id, row.due_at)).graph };
    },
  );

  app.get(
    '/cara/logs/:id/pdf',
    {
      onRequest: canRead,
      schema: {
        description: refusals({ CARA_LOG_WRONG_STATE: 'when the log is not approved' }),
        params: LogParams,
        response: { 200: LogPdf, ...errors },
      },
    },
    async (request, reply) => {
      const { filename, pdf } = await exportCaraLogPdf(
        coreDepsOf(app.deps, request.log),
        actorOf(authOf(request), request),
        request.params.id,
      );
      return reply
        .type('application/pdf')
        .header('content-disposition', `attachment; filename="${filename}"`)
        .header('cache-control', 'private, no-store')
        .send(pdf);
    },
  );

  const step = async (
    id: string,
    run: (handle: ReturnType<ReturnType<typeof requireTemporal>['workflow']['getHandle']>) => Promise<unknown>,
  ) => {
    const temporal = requireTemporal(app.deps);
    try {
      await run(temporal.workflow.getHandle(id));
    } catch (err) {
      throw toCaraError(err);
    }
  };

  app.post(
    '/cara/logs/:id/submit',
    {
      onRequest: requirePermission('cara:submit'),
      schema: {
        description: refusals({
          CARA_NOT_SUBMITTER: "when the caller is not one of the team's CARA submitters",
          CARA_LOG_LOCKED: 'when the log is in review or approved',
          CARA_LOG_WRONG_STATE: 'when the log is neither ready nor rejected',
          VALIDATION_FAILED: NOTES_RULE,
        }),
        params: LogParams,
        body: SubmitBody,
        response: { 200: LogDetail, ...errors },
      },
    },
    async (request) => {
      const auth = authOf(request);
      const row = await findLog(db, auth, request.params.id);
      const actor = await actorFor(db, auth, row, 'SUBMITTER');
      await step(row.workflow_id, (h) => sendCaraLogUpdate(h, 'submit', { actor, notes: request.body.notes ?? null }));
      return logDetail(db, auth, row.id, new Date());
    },
  );

  app.post(
    '/cara/logs/:id/review',
    {
      onRequest: requirePermission('cara:review'),
      schema: {
        description: refusals({
          CARA_NOT_REVIEWER: "when the caller is not one of the team's CARA reviewers",
          CARA_REJECT_NOTES_REQUIRED: 'when a rejection comes without `notes`',
          ALREADY_DECIDED: 'when the log is already approved',
          CARA_LOG_WRONG_STATE: 'when the log is not in review',
          VALIDATION_FAILED: NOTES_RULE,
        }),
        params: LogParams,
        body: ReviewBody,
        response: { 200: LogDetail, ...errors },
      },
    },
    async (request) => {
      const auth = authOf(request);
      const row = await findLog(db, auth, request.params.id);
      const actor = await actorFor(db, auth, row, 'REVIEWER');
      if (request.body.decision === 'REJECT' && !(request.body.notes ?? '').trim())
        throw new AppError('CARA_REJECT_NOTES_REQUIRED', [
          { field: 'notes', message: 'Write notes for the coach when rejecting a CARA log.' },
        ]);
      await step(row.workflow_id, (h) =>
        sendCaraLogUpdate(h, 'review', { actor, decision: request.body.decision, notes: request.body.notes ?? null }),
      );
      return logDetail(db, auth, row.id, new Date());
    },
  );

  app.post(
    '/cara/logs/:id/reopen',
    {
      onRequest: requirePermission('cara:review'),
      schema: {
        description: refusals({
          FORBIDDEN: 'when the caller is not a school admin',
          CARA_LOG_WRONG_STATE: 'when the log is not approved',
          VALIDATION_FAILED: NOTES_RULE,
        }),
        params: LogParams,
        body: ReopenBody,
        response: { 200: LogDetail, ...errors },
      },
    },
    async (request) => {
      const auth = authOf(request);
      const row = await findLog(db, auth, request.params.id);
      const actor = await actorFor(db, auth, row, 'ADMIN');
      await step(row.workflow_id, (h) => sendCaraLogUpdate(h, 'reopen', { actor, notes: request.body.notes ?? null }));
      return logDetail(db, auth, row.id, new Date());
    },
  );

  app.post(
    '/cara/logs/:id/survey',
    {
      onRequest: requirePermission('cara:survey'),
      schema: {
        description: refusals({
          FORBIDDEN: "when the caller is not an athlete of the log's team",
          VALIDATION_FAILED: `when an answer names an event the caller did not attend, or a dispute reason has more than ${CARA_LIMITS.disputeWords} words`,
          CARA_DISPUTE_REASON_REQUIRED: 'when a DISPUTED answer has no `reason`',
          CARA_SURVEY_EXPIRED: 'when the survey has expired',
          CARA_LOG_WRONG_STATE: 'when the log has not been generated yet',
        }),
        params: LogParams,
        body: SurveyBody,
        response: { 200: LogDetail, ...errors },
      },
    },
    async (request) => {
      const auth = authOf(request);
      const row = await findLog(db, auth, request.params.id);
      const actor = await actorFor(db, auth, row, 'ATHLETE');
      const detail = await logDetail(db, auth, row.id, new Date());
      const mine = new Set(detail.events.map((e) => e.key));
      if (request.body.answers.some((a) => !mine.has(a.eventKey)))
        throw new AppError('VALIDATION_FAILED', [
          { field: 'answers', message: 'Answer only for events you attended.' },
        ]);
      if (row.survey_expires_at && row.survey_expires_at <= new Date()) throw new AppError('CARA_SURVEY_EXPIRED');
      await step(row.workflow_id, (h) =>
        sendCaraLogUpdate(h, 'answerSurvey', { actor, answers: request.body.answers }),
      );
      return logDetail(db, auth, row.id, new Date());
    },
  );
};
