import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { authOf } from '../plugins/authenticate';
import { requirePermission } from '../plugins/require-permission';
import { requestMeta } from '../shared/request-meta';
import { refusals } from '../shared/refusals';
import { errorResponses } from '../shared/schemas';
import { findBulkJob, startBulkAction } from './bulk-actions.service';
import { loadConsoleHealth } from './console-health.service';
import {
  consoleContext,
  countWorkflows,
  findAssignableUsers,
  getWorkflowDetail,
  listWorkflows,
  type ConsoleActor,
  type ConsoleFilter,
  type WorkflowListItem,
} from './find-workflows.service';
import {
  ActionOutcomeDto,
  AssignableUserList,
  AssignableUsersQuery,
  BulkActionBody,
  BulkJobDto,
  BulkJobParams,
  ConsoleHealthDto,
  ListWorkflowsQuery,
  ReasonBody,
  ReassignBody,
  WorkflowCounts,
  WorkflowDetailDto,
  WorkflowFilterQuery,
  WorkflowIdParams,
  WorkflowPage,
} from './operator-console.schemas';
import {
  cancelWorkflow,
  reassignWorkflowTask,
  resendStepNotification,
  retryWorkflow,
  terminateWorkflow,
} from './workflow-actions.service';

/**
 * The operator console (issue 6): find processes across schools (or, for a school admin, in their own), see why
 * they are stuck, and fix them. Everything needs 'workflows:operate'; the school scope is applied in the services.
 */
const PERMISSION = 'workflows:operate' as const;

function toFilter(query: ConsoleFilter): ConsoleFilter {
  return {
    schoolId: query.schoolId,
    module: query.module,
    status: query.status,
    entityId: query.entityId,
    olderThanMinutes: query.olderThanMinutes,
  };
}

function toItemDto(item: WorkflowListItem) {
  return {
    ...item,
    startTime: item.startTime.toISOString(),
    closeTime: item.closeTime ? item.closeTime.toISOString() : null,
  };
}

/** The signed-in person acting, with where the request came from (for the audit log). */
function actorOf(request: FastifyRequest): ConsoleActor {
  const auth = authOf(request);
  return { userId: auth.user.id, email: auth.user.email, schoolId: auth.school.id, ...requestMeta(request) };
}

function iso(ms: number | null): string | null {
  return ms === null ? null : new Date(ms).toISOString();
}

export const operatorConsoleRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const base = '/operator-console';

  app.get(
    `${base}/workflows`,
    {
      onRequest: requirePermission(PERMISSION),
      schema: {
        querystring: ListWorkflowsQuery,
        response: { 200: WorkflowPage, ...errorResponses(400, 401, 403, 503) },
      },
    },
    async (request) => {
      const ctx = consoleContext(app.deps, authOf(request));
      const limit = request.query.limit ?? 25;
      const offset = request.query.offset ?? 0;
      const { items, total } = await listWorkflows(ctx, toFilter(request.query), {
        limit,
        offset,
        stuckOnly: request.query.stuckOnly ?? false,
      });
      return { items: items.map(toItemDto), total, limit, offset };
    },
  );

  app.get(
    `${base}/counts`,
    {
      onRequest: requirePermission(PERMISSION),
      schema: {
        querystring: WorkflowFilterQuery,
        response: { 200: WorkflowCounts, ...errorResponses(400, 401, 403, 503) },
      },
    },
    async (request) => countWorkflows(consoleContext(app.deps, authOf(request)), toFilter(request.query)),
  );

  app.get(
    `${base}/health`,
    {
      onRequest: requirePermission(PERMISSION),
      schema: { response: { 200: ConsoleHealthDto, ...errorResponses(401, 403, 503) } },
    },
    async (request) => loadConsoleHealth(consoleContext(app.deps, authOf(request))),
  );

  app.get(
    `${base}/workflows/:workflowId`,
    {
      onRequest: requirePermission(PERMISSION),
      schema: {
        params: WorkflowIdParams,
        response: { 200: WorkflowDetailDto, ...errorResponses(400, 401, 403, 404, 503) },
      },
    },
    async (request) => {
      const detail = await getWorkflowDetail(consoleContext(app.deps, authOf(request)), request.params.workflowId);
      return {
        ...detail,
        item: toItemDto(detail.item),
        pendingWorkflowTask: detail.pendingWorkflowTask
          ? {
              state: detail.pendingWorkflowTask.state,
              attempt: detail.pendingWorkflowTask.attempt,
              scheduledAt: iso(detail.pendingWorkflowTask.scheduledAtMs),
            }
          : null,
        pendingActivities: detail.pendingActivities.map((a) => ({
          activityId: a.activityId,
          activityType: a.activityType,
          state: a.state,
          attempt: a.attempt,
          maximumAttempts: a.maximumAttempts,
          lastFailureMessage: a.lastFailureMessage,
          scheduledAt: iso(a.scheduledAtMs),
          nextAttemptAt: iso(a.nextAttemptAtMs),
          lastStartedAt: iso(a.lastStartedAtMs),
        })),
        tasks: detail.tasks.map((t) => ({
          id: t.id,
          stepId: t.stepId,
          stepName: t.stepName,
          title: t.title,
          url: t.url,
          status: t.status,
          assigneeUserId: t.assigneeUserId,
          assigneeRole: t.assigneeRole,
          assigneeEmail: t.assigneeEmail,
          assigneeLabel: t.assigneeLabel,
          createdAt: t.createdAt.toISOString(),
          dueAt: t.dueAt ? t.dueAt.toISOString() : null,
          completedAt: t.completedAt ? t.completedAt.toISOString() : null,
        })),
      };
    },
  );

  /** People of the process's school a human step can be handed to. */
  app.get(
    `${base}/workflows/:workflowId/assignable-users`,
    {
      onRequest: requirePermission(PERMISSION),
      schema: {
        params: WorkflowIdParams,
        querystring: AssignableUsersQuery,
        response: { 200: AssignableUserList, ...errorResponses(400, 401, 403, 404, 503) },
      },
    },
    async (request) =>
      findAssignableUsers(consoleContext(app.deps, authOf(request)), request.params.workflowId, request.query.q),
  );

  /** Every action needs a reason and acts on a running process only. */
  const actionRefusals = {
    REASON_REQUIRED: 'when `reason` is only white space',
    WORKFLOW_NOT_RUNNING: 'when the process has already ended',
  };
  const actionSchema = <B extends typeof ReasonBody | typeof ReassignBody>(
    body: B,
    description: string,
    more: Record<string, string> = {},
  ) => ({
    description: `${description} ${refusals({ ...actionRefusals, ...more })}`,
    params: WorkflowIdParams,
    body,
    response: { 200: ActionOutcomeDto, ...errorResponses(400, 401, 403, 404, 409, 503) },
  });

  app.post(
    `${base}/workflows/:workflowId/retry`,
    {
      onRequest: requirePermission(PERMISSION),
      schema: actionSchema(
        ReasonBody,
        'Retries now: a failing workflow task is reset, failing activities retried at once.',
        { NOTHING_TO_RETRY: 'when neither its workflow task nor any of its activities is failing' },
      ),
    },
    async (request) =>
      retryWorkflow(
        consoleContext(app.deps, authOf(request)),
        actorOf(request),
        request.params.workflowId,
        request.body.reason,
      ),
  );

  app.post(
    `${base}/workflows/:workflowId/cancel`,
    { onRequest: requirePermission(PERMISSION), schema: actionSchema(ReasonBody, 'Asks the process to cancel.') },
    async (request) =>
      cancelWorkflow(
        consoleContext(app.deps, authOf(request)),
        actorOf(request),
        request.params.workflowId,
        request.body.reason,
      ),
  );

  app.post(
    `${base}/workflows/:workflowId/terminate`,
    { onRequest: requirePermission(PERMISSION), schema: actionSchema(ReasonBody, 'Ends the process at once.') },
    async (request) =>
      terminateWorkflow(
        consoleContext(app.deps, authOf(request)),
        actorOf(request),
        request.params.workflowId,
        request.body.reason,
      ),
  );

  app.post(
    `${base}/workflows/:workflowId/resend-notification`,
    {
      onRequest: requirePermission(PERMISSION),
      schema: actionSchema(ReasonBody, 'Sends the current step’s notification again.'),
    },
    async (request) =>
      resendStepNotification(
        consoleContext(app.deps, authOf(request)),
        actorOf(request),
        request.params.workflowId,
        request.body.reason,
      ),
  );

  app.post(
    `${base}/workflows/:workflowId/reassign`,
    {
      onRequest: requirePermission(PERMISSION),
      schema: actionSchema(ReassignBody, 'Hands the open review to another reviewer.', {
        VALIDATION_FAILED: 'when `taskId` is left out and the process is not a disclosure review',
        TASK_NOT_OPEN: 'when the task (or the disclosure review) is no longer open',
        TASK_ALREADY_ASSIGNED: 'when the task is already assigned to `toUserId`',
        ASSIGNEE_INVALID:
          "when `toUserId` is not an active user of the process's school (for a disclosure review: an active compliance reviewer other than the athlete)",
      }),
    },
    async (request) =>
      reassignWorkflowTask(consoleContext(app.deps, authOf(request)), actorOf(request), request.params.workflowId, {
        taskId: request.body.taskId,
        toUserId: request.body.toUserId,
        reason: request.body.reason,
      }),
  );

  app.post(
    `${base}/bulk`,
    {
      onRequest: requirePermission(PERMISSION),
      schema: {
        description: refusals({ REASON_REQUIRED: 'when `reason` is only white space' }),
        body: BulkActionBody,
        response: { 202: BulkJobDto, ...errorResponses(400, 401, 403, 503) },
      },
    },
    async (request, reply) => {
      const job = await startBulkAction(consoleContext(app.deps, authOf(request)), actorOf(request), {
        action: request.body.action,
        reason: request.body.reason,
        filter: toFilter(request.body.filter),
        stuckOnly: request.body.stuckOnly ?? false,
      });
      return reply.code(202).send(publicJob(job));
    },
  );

  app.get(
    `${base}/bulk/:jobId`,
    {
      onRequest: requirePermission(PERMISSION),
      schema: { params: BulkJobParams, response: { 200: BulkJobDto, ...errorResponses(400, 401, 403, 404, 503) } },
    },
    async (request) => publicJob(findBulkJob(consoleContext(app.deps, authOf(request)), request.params.jobId)),
  );
};

function publicJob(job: ReturnType<typeof findBulkJob>) {
  return {
    id: job.id,
    action: job.action,
    state: job.state,
    total: job.total,
    done: job.done,
    failed: job.failed,
    errors: job.errors,
    startedAt: job.startedAt,
    finishedAt: job.finishedAt,
  };
}
