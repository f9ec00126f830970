import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { authOf } from '../plugins/authenticate';
import { requirePermission } from '../plugins/require-permission';
import { errorResponses } from '../shared/schemas';
import { countMyTasks, listMyTasks, listMyTeams } from './my-tasks.service';
import { MyTaskCounts, MyTaskList, MyTasksQuery, MyTeamList, OverdueTasks } from './tasks.schemas';
import { listOverdueTasks } from './tasks.repository';

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

  app.get(
    '/tasks/mine/teams',
    { onRequest: guard, schema: { response: { 200: MyTeamList, ...errorResponses(401, 403) } } },
    async (request) => ({ items: await listMyTeams(db, authOf(request)) }),
  );

  // The admin's home: what is overdue across the school's modules, whoever it waits on (most overdue first).
  app.get(
    '/tasks/overdue',
    {
      onRequest: requirePermission('workflows:operate'),
      schema: { response: { 200: OverdueTasks, ...errorResponses(401, 403) } },
    },
    async (request) => {
      const auth = authOf(request);
      const rows = await listOverdueTasks(db, { schoolId: auth.school.id }, { now: new Date(), limit: 500 });
      const byModule: Record<string, number> = {};
      for (const r of rows) byModule[r.module] = (byModule[r.module] ?? 0) + 1;
      return {
        total: rows.length,
        byModule,
        items: rows.slice(0, 8).map((r) => ({
          id: r.id,
          module: r.module,
          title: r.title,
          stepName: r.stepName,
          dueAt: r.dueAt!.toISOString(),
        })),
      };
    },
  );
};
