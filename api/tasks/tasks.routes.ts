import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { authOf } from '../plugins/authenticate';
import { requirePermission } from '../plugins/require-permission';
import { errorResponses } from '../shared/schemas';
import { countMyTasks, listMyTasks } from './my-tasks.service';
import { MyTaskCounts, MyTaskList, MyTasksQuery } from './tasks.schemas';

/** My Tasks: every person reads only the steps waiting on them (or on a role they hold) in their own school. */
export const tasksRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { db } = app.deps.database;
  const guard = requirePermission('tasks:read');

  app.get(
    '/tasks/mine',
    {
      onRequest: guard,
      schema: { querystring: MyTasksQuery, response: { 200: MyTaskList, ...errorResponses(400, 401, 403) } },
    },
    async (request) => listMyTasks(db, authOf(request), request.query),
  );

  app.get(
    '/tasks/mine/counts',
    { onRequest: guard, schema: { response: { 200: MyTaskCounts, ...errorResponses(401, 403) } } },
    async (request) => countMyTasks(db, authOf(request)),
  );
};
