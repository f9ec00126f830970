import { forEachConcurrently } from '../../domain/concurrency';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { Type, type TSchema } from 'typebox';
import { AppError, ERRORS } from '../../domain/errors';
import { workflowIds } from '../../domain/workflows';
import {
  archiveDisclosureUpdate,
  escalateDisclosureUpdate,
  reopenDisclosureUpdate,
  reviewDisclosureUpdate,
  type DisclosureActor,
} from '../../workflows/disclosures/disclosure.workflow';
import { notifyEach } from '../notifications/notifications.repository';
import { authOf } from '../plugins/authenticate';
import { requirePermission, requirePlanFeature } from '../plugins/require-permission';
import { schoolTodayOf } from '../forms/school-today';
import { findSchoolSettings } from '../school/school.repository';
import { refusals } from '../shared/refusals';
import { IdParams, errorResponses } from '../shared/schemas';
import { actorOf, coreDepsOf } from '../shared/use-case';
import { requireTemporal } from '../shared/workflow-client';
import type { AuthContext } from '../types';
import {
  findDisclosure,
  insertDisclosure,
  insertDisclosureComment,
  listDisclosureComments,
  listDisclosureEvents,
  listDisclosures,
  listParticipantOptions,
  listPriorityDisclosures,
  listReviewers,
  reportTotals,
  updateDisclosureFields,
  type DisclosureRecord,
} from './disclosures.repository';
import {
  CommentBody,
  CreateDisclosureBody,
  DisclosureDetailDto,
  DisclosureFieldsSchema,
  DisclosureListQuery,
  DisclosurePage,
  EscalateDisclosureBody,
  GroupReviewBody,
  GroupReviewResult,
  DisclosureSettingsBody,
  DisclosureSettingsDto,
  ParticipantOptions,
  PriorityList,
  ReasonBody,
  ReportDto,
  ReportQuery,
  ReviewDisclosureBody,
  ReviewerList,
  SubmitDisclosureBody,
} from './disclosures.schemas';
import {
  assertSubmittable,
  checkParticipants,
  checkReasonText,
  participantNamesOf,
  CSV_HEADER,
  ensureDisclosureWorkflow,
  recordWorkflowId,
  submitThroughWorkflow,
  toCsvLine,
  toDetailDto,
  toDisclosureError,
  toFields,
  toRowDto,
} from './disclosures.service';
import { DISCLOSURE_LIMITS, DISCLOSURE_NOTIFICATION, wordCount } from '../../domain/disclosures';
import { disclosureFilesRoutes } from './disclosure-files.routes';
import { checkDisclosureAgentNumber } from '../partners/agents.service';
import { getDisclosureSettings, updateDisclosureSettings } from './disclosure-settings.service';

/** What a disclosure's fields as written (create, edit) are refused for. */
const FIELD_REFUSALS = {
  VALIDATION_FAILED: `when \`notes\` has more than ${DISCLOSURE_LIMITS.notesMaxWords} words, or \`endDate\` is before \`startDate\` (each detail names its field)`,
  DISCLOSURE_PARTICIPANTS_INVALID: 'when a participant is not a student-athlete of the school',
  INVALID_AGENT_NUMBER:
    "when `agentNumber` is not an active agent of the school's registry whose registration has not expired",
};

/** What a reviewer's step is refused for before and by the disclosure's workflow. */
const STEP_REFUSALS = {
  FORBIDDEN: 'when the caller is the athlete whose disclosure it is',
  DISCLOSURE_ARCHIVED: 'when the disclosure is archived',
};

/** A reviewer's reason (at most 50 words). */
const REASON_REFUSALS = {
  REASON_REQUIRED: 'when the step needs a reason and `reason` is blank',
  REASON_TOO_LONG: `when \`reason\` has more than ${DISCLOSURE_LIMITS.reasonMaxWords} words`,
};

/** NIL disclosures: the athlete's drafts and submissions, the reviewers' lists and decisions (through the workflow). */
export const disclosuresRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { db } = app.deps.database;
  const plan = requirePlanFeature('disclosures');
  const canSubmit = [requirePermission('disclosures:submit'), plan];
  const canRead = [requirePermission('disclosures:read'), plan];
  const canList = [requirePermission('disclosures:list'), plan];
  const canReview = [requirePermission('disclosures:review'), plan];
  const core = (request: FastifyRequest) => coreDepsOf(app.deps, request.log);

  /** A disclosure the caller may see: their own, or any submitted one of the school for list holders; else 404. */
  async function visible(auth: AuthContext, id: string): Promise<DisclosureRecord> {
    const d = await findDisclosure(db, auth.school.id, id);
    if (!d) throw new AppError('NOT_FOUND');
    if (d.athlete_user_id === auth.user.id) return d;
    if (auth.permissions.has('disclosures:list') && d.status !== 'DRAFT') return d;
    throw new AppError('NOT_FOUND');
  }

  async function detail(auth: AuthContext, id: string) {
    const d = await visible(auth, id);
    const [history, comments, names] = await Promise.all([
      listDisclosureEvents(db, auth.school.id, id),
      listDisclosureComments(db, auth.school.id, id),
      participantNamesOf(db, auth.school.id, d.participants),
    ]);
    return toDetailDto(d, history, comments, auth, names);
  }

  const reviewer = (auth: AuthContext): DisclosureActor => ({ userId: auth.user.id, role: 'REVIEWER' });

  app.post(
    '/disclosures',
    {
      onRequest: canSubmit,
      schema: {
        description: refusals(FIELD_REFUSALS),
        body: CreateDisclosureBody,
        response: { 201: DisclosureDetailDto, ...errorResponses(400, 401, 403) },
      },
    },
    async (request, reply) => {
      const auth = authOf(request);
      const fields = toFields(request.body);
      if (fields.participants) {
        fields.participants = await checkParticipants(db, auth.school.id, auth.user.id, fields.participants);
      }
      if (fields.agentNumber)
        fields.agentNumber = await checkDisclosureAgentNumber(coreDepsOf(app.deps), auth.school, fields.agentNumber);
      const id = await insertDisclosure(db, auth.school.id, auth.user.id, { ...fields, type: request.body.type });
      return reply.code(201).send(await detail(auth, id));
    },
  );

  app.patch(
    '/disclosures/:id',
    {
      onRequest: canSubmit,
      schema: {
        description: refusals({
          ...FIELD_REFUSALS,
          DISCLOSURE_NOT_EDITABLE: 'when the disclosure is archived, or neither a draft nor sent back for changes',
        }),
        params: IdParams,
        body: DisclosureFieldsSchema,
        response: { 200: DisclosureDetailDto, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request) => {
      const auth = authOf(request);
      const d = await visible(auth, request.params.id);
      if (d.athlete_user_id !== auth.user.id) throw new AppError('NOT_FOUND');
      const fields = toFields(request.body);
      if (fields.participants) {
        fields.participants = await checkParticipants(db, auth.school.id, auth.user.id, fields.participants);
      }
      if (fields.agentNumber)
        fields.agentNumber = await checkDisclosureAgentNumber(coreDepsOf(app.deps), auth.school, fields.agentNumber);
      if (!(await updateDisclosureFields(db, auth.school.id, d.id, auth.user.id, fields))) {
        throw new AppError('DISCLOSURE_NOT_EDITABLE');
      }
      return detail(auth, d.id);
    },
  );

  app.post(
    '/disclosures/:id/submit',
    {
      onRequest: canSubmit,
      schema: {
        description: refusals({
          DISCLOSURE_ARCHIVED: 'when the disclosure is archived',
          ALREADY_DECIDED: 'when the disclosure is neither a draft nor sent back for changes',
          CHANGE_REASON_REQUIRED: 'when a disclosure sent back for changes is submitted without `changeReason`',
          MANDATORY_FIELD:
            "when the company, start and end dates, location, payment type, the amount (monetary) or estimated amount (in kind), the point of contact's name, or for a group or team deal another participant is missing",
          DISCLOSURE_PARTICIPANTS_INVALID: 'when a participant is no longer a student-athlete of the school',
          INVALID_AGENT_NUMBER: "when the disclosure's agent is no longer active or their registration has expired",
        }),
        params: IdParams,
        body: SubmitDisclosureBody,
        response: { 200: DisclosureDetailDto, ...errorResponses(400, 401, 403, 404, 409, 503) },
      },
    },
    async (request) => {
      const auth = authOf(request);
      const d = await visible(auth, request.params.id);
      if (d.athlete_user_id !== auth.user.id) throw new AppError('NOT_FOUND');
      if (d.archived_at) throw new AppError('DISCLOSURE_ARCHIVED');
      if (d.status !== 'DRAFT' && d.status !== 'CHANGE_REQUESTED') throw new AppError('ALREADY_DECIDED');
      if (d.status === 'CHANGE_REQUESTED' && !request.body.changeReason) {
        throw new AppError('CHANGE_REASON_REQUIRED', [
          { field: 'changeReason', message: ERRORS.CHANGE_REASON_REQUIRED.message },
        ]);
      }
      assertSubmittable(d);
      // The agent's registration may have expired since the draft was saved.
      if (d.agent_number) await checkDisclosureAgentNumber(coreDepsOf(app.deps), auth.school, d.agent_number);
      // Participants are checked again: one may have left the school since the draft was saved.
      if (d.deal_type !== 'INDIVIDUAL') await checkParticipants(db, auth.school.id, auth.user.id, d.participants);
      const temporal = requireTemporal(app.deps);
      const settings = await findSchoolSettings(db, auth.school.id);
      await submitThroughWorkflow(app.deps, temporal, d, settings, {
        actor: { userId: auth.user.id, role: 'ATHLETE' },
        changeReason: request.body.changeReason ?? null,
        note: request.body.note ?? null,
      });
      await recordWorkflowId(db, auth.school.id, d.id);
      return detail(auth, d.id);
    },
  );

  app.get(
    '/disclosures/mine',
    {
      onRequest: canSubmit,
      schema: { querystring: DisclosureListQuery, response: { 200: DisclosurePage, ...errorResponses(400, 401, 403) } },
    },
    async (request) => {
      const auth = authOf(request);
      const q = request.query;
      const page = { limit: q.limit ?? 50, offset: q.offset ?? 0 };
      const { rows, total } = await listDisclosures(db, auth.school.id, {
        ...q,
        ...page,
        athleteUserId: auth.user.id,
        includeDrafts: true,
      });
      return { items: rows.map(toRowDto), total, ...page };
    },
  );

  app.get(
    '/disclosures',
    {
      onRequest: canList,
      schema: { querystring: DisclosureListQuery, response: { 200: DisclosurePage, ...errorResponses(400, 401, 403) } },
    },
    async (request) => {
      const auth = authOf(request);
      const q = request.query;
      const page = { limit: q.limit ?? 50, offset: q.offset ?? 0 };
      const { rows, total } = await listDisclosures(db, auth.school.id, { ...q, ...page });
      return { items: rows.map(toRowDto), total, ...page };
    },
  );

  app.get(
    '/disclosures/export.csv',
    {
      onRequest: canList,
      schema: {
        querystring: DisclosureListQuery,
        response: {
          200: {
            description: 'The listed disclosures as CSV (a header row, then one row per disclosure).',
            content: { 'text/csv': { schema: Type.String() } },
          },
          ...errorResponses(400, 401, 403),
        },
      },
    },
    async (request, reply) => {
      const auth = authOf(request);
      const lines = [CSV_HEADER.join(',')];
      const batch = 1000;
      for (let offset = 0; ; offset += batch) {
        const { rows } = await listDisclosures(db, auth.school.id, { ...request.query, limit: batch, offset });
        for (const r of rows) lines.push(toCsvLine(toRowDto(r), auth.school.timeZone));
        if (rows.length < batch || offset >= 100_000) break;
      }
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="disclosures.csv"')
        .send(`${lines.join('\r\n')}\r\n`);
    },
  );

  app.get(
    '/disclosures/report',
    {
      onRequest: canList,
      schema: { querystring: ReportQuery, response: { 200: ReportDto, ...errorResponses(400, 401, 403) } },
    },
    async (request) => {
      const schoolId = authOf(request).school.id;
      const [bySport, byType, byStatus, byMonth] = await Promise.all(
        (['sport', 'type', 'status', 'month'] as const).map((by) => reportTotals(db, schoolId, by, request.query)),
      );
      const rows = (list: typeof bySport) =>
        list!.map((r) => ({ key: r.key, count: r.count, amount: r.amountCents / 100 }));
      const totalCount = byStatus!.reduce((n, r) => n + r.count, 0);
      const totalAmount = byStatus!.reduce((n, r) => n + r.amountCents, 0) / 100;
      return {
        bySport: rows(bySport),
        byType: rows(byType),
        byStatus: rows(byStatus),
        byMonth: rows(byMonth),
        total: { count: totalCount, amount: totalAmount },
      };
    },
  );

  app.get(
    '/disclosures/priority',
    { onRequest: canList, schema: { response: { 200: PriorityList, ...errorResponses(401, 403) } } },
    async (request) => {
      const auth = authOf(request);
      const items = await listPriorityDisclosures(db, auth.school.id, schoolTodayOf(auth));
      return { items: items.map(toRowDto) };
    },
  );

  app.get(
    '/disclosures/settings',
    { onRequest: canList, schema: { response: { 200: DisclosureSettingsDto, ...errorResponses(401, 403) } } },
    async (request) => getDisclosureSettings(core(request), actorOf(authOf(request), request)),
  );

  // Applies to disclosures that enter review from now on; a running review keeps the interval it started with.
  app.put(
    '/disclosures/settings',
    {
      onRequest: [requirePermission('conflict-flags:write'), plan],
      schema: {
        body: DisclosureSettingsBody,
        response: { 200: DisclosureSettingsDto, ...errorResponses(400, 401, 403) },
      },
    },
    async (request) =>
      updateDisclosureSettings(core(request), actorOf(authOf(request), request), {
        reviewReminderHours: request.body.reviewReminderHours,
      }),
  );

  app.get(
    '/disclosures/participant-options',
    { onRequest: canSubmit, schema: { response: { 200: ParticipantOptions, ...errorResponses(401, 403) } } },
    async (request) => ({ items: await listParticipantOptions(db, authOf(request).school.id) }),
  );

  await app.register(disclosureFilesRoutes, { visible, detail, plan });

  app.get(
    '/disclosures/reviewers',
    { onRequest: canList, schema: { response: { 200: ReviewerList, ...errorResponses(401, 403) } } },
    async (request) => ({ items: await listReviewers(db, authOf(request).school.id) }),
  );

  app.get(
    '/disclosures/:id',
    {
      onRequest: canRead,
      schema: { params: IdParams, response: { 200: DisclosureDetailDto, ...errorResponses(400, 401, 403, 404) } },
    },
    async (request) => detail(authOf(request), request.params.id),
  );

  app.post(
    '/disclosures/:id/comments',
    {
      onRequest: canRead,
      schema: {
        description: refusals({
          FORBIDDEN: 'when the caller is neither the athlete nor a reviewer',
          DISCLOSURE_ARCHIVED: 'when the disclosure is archived',
          MANDATORY_FIELD: 'when `body` is blank',
          COMMENT_TOO_LONG: `when \`body\` has more than ${DISCLOSURE_LIMITS.commentMaxWords} words`,
        }),
        params: IdParams,
        body: CommentBody,
        response: { 201: DisclosureDetailDto, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      const auth = authOf(request);
      const d = await visible(auth, request.params.id);
      const own = d.athlete_user_id === auth.user.id;
      if (!own && !auth.permissions.has('disclosures:review')) throw new AppError('FORBIDDEN');
      if (d.archived_at) throw new AppError('DISCLOSURE_ARCHIVED');
      const body = request.body.body.trim();
      if (body === '')
        throw new AppError('MANDATORY_FIELD', [{ field: 'body', message: ERRORS.MANDATORY_FIELD.message }]);
      if (wordCount(body) > DISCLOSURE_LIMITS.commentMaxWords) {
        throw new AppError('COMMENT_TOO_LONG', [{ field: 'body', message: ERRORS.COMMENT_TOO_LONG.message }]);
      }
      await db.transaction().execute(async (trx) => {
        const commentId = await insertDisclosureComment(trx, auth.school.id, {
          disclosureId: d.id,
          authorUserId: auth.user.id,
          body,
        });
        const recipients = own
          ? d.assigned_reviewer_id
            ? [d.assigned_reviewer_id]
            : (await listReviewers(trx, auth.school.id)).map((r) => r.id)
          : [d.athlete_user_id];
        await notifyEach(trx, {
          schoolId: auth.school.id,
          userIds: recipients,
          skip: auth.user.id,
          payload: {
            module: 'disclosure',
            status: DISCLOSURE_NOTIFICATION.comment,
            title: 'New comment on a disclosure',
            body: `${auth.user.firstName} ${auth.user.lastName}: ${body.slice(0, 140)}`,
            disclosureId: d.id,
            dealTypeName: d.deal_type,
            studentId: d.athlete_user_id,
            commentId,
          },
          keyOf: (userId) => `disclosure-comment:${commentId}:${userId}`,
        });
      });
      return reply.code(201).send(await detail(auth, d.id));
    },
  );

  /** Runs one reviewer Update on a disclosure's workflow; every refusal becomes the catalogue error it names. */
  async function steer<T>(auth: AuthContext, id: string, run: (handle: ReturnType<typeof handleOf>) => Promise<T>) {
    const d = await visible(auth, id);
    if (d.athlete_user_id === auth.user.id) throw new AppError('FORBIDDEN');
    if (d.archived_at) throw new AppError('DISCLOSURE_ARCHIVED');
    try {
      const temporal = requireTemporal(app.deps);
      if (!d.workflow_id) {
        await ensureDisclosureWorkflow(app.deps, temporal, d, await findSchoolSettings(db, auth.school.id));
        await recordWorkflowId(db, auth.school.id, d.id);
      }
      await run(handleOf(d.id));
    } catch (err) {
      const appError = toDisclosureError(err);
      if (appError.code === 'WORKFLOW_UNAVAILABLE') app.log.error({ err }, 'disclosure update failed');
      throw appError;
    }
    return detail(auth, d.id);
  }
  const handleOf = (id: string) => requireTemporal(app.deps).workflow.getHandle(workflowIds.disclosure(id));

  const decisionSchema = <B extends TSchema>(body: B, rules: Record<string, string>) => ({
    description: refusals({ ...STEP_REFUSALS, ...rules }),
    params: IdParams,
    body,
    response: { 200: DisclosureDetailDto, ...errorResponses(400, 401, 403, 404, 409, 503) },
  });

  app.post(
    '/disclosures/:id/review',
    {
      onRequest: canReview,
      schema: decisionSchema(ReviewDisclosureBody, {
        ...REASON_REFUSALS,
        REASON_REQUIRED: 'when a rejection or change request comes without a `reason`',
        ALREADY_DECIDED: 'when the disclosure is not pending review, or another decision on it is being written',
        DISCLOSURE_OTHER_REVIEWER: 'when the disclosure was escalated to another reviewer',
      }),
    },
    async (request) => {
      const auth = authOf(request);
      const { decision } = request.body;
      const reason = checkReasonText(request.body.reason, decision !== 'APPROVE');
      return steer(auth, request.params.id, (h) =>
        h.executeUpdate(reviewDisclosureUpdate, { args: [{ actor: reviewer(auth), decision, reason }] }),
      );
    },
  );

  app.post(
    '/disclosures/:id/escalate',
    {
      onRequest: canReview,
      schema: decisionSchema(EscalateDisclosureBody, {
        REASON_TOO_LONG: REASON_REFUSALS.REASON_TOO_LONG,
        VALIDATION_FAILED: 'when `reviewerUserId` is not a compliance reviewer of the school',
        FORBIDDEN: 'when the caller or `reviewerUserId` is the athlete whose disclosure it is',
        ALREADY_DECIDED: 'when the disclosure is not pending review, or another decision on it is being written',
        DISCLOSURE_OTHER_REVIEWER: 'when the disclosure was escalated to another reviewer',
      }),
    },
    async (request) => {
      const auth = authOf(request);
      const reason = checkReasonText(request.body.reason, false);
      // Another school's disclosure answers 404 before the reviewer is judged, as for any id.
      await visible(auth, request.params.id);
      const reviewers = await listReviewers(db, auth.school.id);
      if (!reviewers.some((r) => r.id === request.body.reviewerUserId)) {
        throw new AppError('VALIDATION_FAILED', [
          { field: 'reviewerUserId', message: 'Choose a compliance reviewer of your school.' },
        ]);
      }
      return steer(auth, request.params.id, (h) =>
        h.executeUpdate(escalateDisclosureUpdate, {
          args: [{ actor: reviewer(auth), reviewerUserId: request.body.reviewerUserId, reason }],
        }),
      );
    },
  );

  const reopenSchema = decisionSchema(ReasonBody, {
    ...REASON_REFUSALS,
    ALREADY_DECIDED: 'when another decision on the disclosure is being written',
    DISCLOSURE_INVALID_STATE: 'when the disclosure is neither approved nor rejected',
  });
  app.post('/disclosures/:id/reopen', { onRequest: canReview, schema: reopenSchema }, async (request) => {
    const auth = authOf(request);
    const reason = checkReasonText(request.body.reason, true)!;
    return steer(auth, request.params.id, (h) =>
      h.executeUpdate(reopenDisclosureUpdate, { args: [{ actor: reviewer(auth), reason }] }),
    );
  });

  app.post(
    '/disclosures/:id/archive',
    {
      onRequest: canReview,
      schema: {
        description: refusals({
          ...STEP_REFUSALS,
          ALREADY_DECIDED: 'when another decision on the disclosure is being written',
        }),
        params: IdParams,
        response: { 200: DisclosureDetailDto, ...errorResponses(400, 401, 403, 404, 409, 503) },
      },
    },
    async (request) => {
      const auth = authOf(request);
      return steer(auth, request.params.id, (h) =>
        h.executeUpdate(archiveDisclosureUpdate, { args: [{ actor: reviewer(auth) }] }),
      );
    },
  );

  app.post(
    '/disclosures/group-review',
    {
      onRequest: canReview,
      schema: {
        description: `Decides each disclosure on its own; one refused is answered in its result, as the single review would refuse it. ${refusals(
          {
            REASON_REQUIRED: 'when a rejection comes without a `reason`',
            REASON_TOO_LONG: REASON_REFUSALS.REASON_TOO_LONG,
          },
        )}`,
        body: GroupReviewBody,
        response: { 200: GroupReviewResult, ...errorResponses(400, 401, 403, 503) },
      },
    },
    async (request) => {
      const auth = authOf(request);
      const { decision } = request.body;
      const reason = checkReasonText(request.body.reason, decision === 'REJECT');
      requireTemporal(app.deps);
      const ids = [...new Set(request.body.ids)];
      const results: Array<{
        id: string;
        ok: boolean;
        status: DisclosureRecord['status'] | null;
        error: { code: string; message: string } | null;
      }> = [];
      // A few at a time: each is its own workflow, and one failure does not stop the others.
      await forEachConcurrently(ids, 4, async (id) => {
        try {
          const dto = await steer(auth, id, (h) =>
            h.executeUpdate(reviewDisclosureUpdate, { args: [{ actor: reviewer(auth), decision, reason }] }),
          );
          results.push({ id, ok: true, status: dto.status, error: null });
        } catch (err) {
          const e = err instanceof AppError ? err : toDisclosureError(err);
          results.push({ id, ok: false, status: null, error: { code: e.code, message: e.message } });
        }
      });
      results.sort((a, b) => ids.indexOf(a.id) - ids.indexOf(b.id));
      return { results };
    },
  );
};
