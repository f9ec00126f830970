import { sql } from 'kysely';
import { loadDemoData } from '../scripts/demo-data';
import { percentile, round, type BenchRow } from './measure';
import { logIn, startBenchStack, timeGet } from './setup';

/**
 * My Tasks on the real stack: the demo school plus 10,000 open tasks (and 20,000 closed ones) across modules,
 * people and roles; the compliance officer has 2,000 of their own and 2,000 addressed to school admins. Measures the
 * inbox's pages, filters and sidebar counts through Fastify inject (the server's own time).
 */
const OPEN_TASKS = 10_000;
const CLOSED_TASKS = 20_000;

async function seedTasks(db: Awaited<ReturnType<typeof startBenchStack>>['db']): Promise<void> {
  const school = await db.selectFrom('schools').select('id').where('slug', '=', 'demo-state').executeTakeFirstOrThrow();
  const admin = await db
    .selectFrom('users')
    .select('id')
    .where('email', '=', 'admin@demo.edu')
    .executeTakeFirstOrThrow();
  const others = await db
    .selectFrom('users')
    .select('id')
    .where('school_id', '=', school.id)
    .where('email', '!=', 'admin@demo.edu')
    .execute();
  const ids = others.map((o) => o.id);
  await sql`
    insert into tasks (school_id, workflow_id, module, entity_id, step_id, step_name, assignee_user_id, assignee_role,
      title, url, status, due_at, created_at, completed_at)
    select ${school.id}, 'bench:' || g, (array['packet-submission','disclosure','roster'])[1 + g % 3], null,
      'step', 'Approve',
      case when g % 5 = 0 then ${admin.id}::uuid when g % 5 = 1 then null
        else (${sql.val(ids)}::uuid[])[1 + g % ${ids.length}] end,
      case when g % 5 = 1 then 'SCHOOL_ADMIN' else null end,
      'Bench task ' || g, '/task',
      case when g > ${OPEN_TASKS} then 'DONE' else 'OPEN' end,
      case when g % 7 = 0 then null else now() + ((g % 40) - 10 || ' days')::interval end,
      now() - (g || ' minutes')::interval,
      case when g > ${OPEN_TASKS} then now() else null end
    from generate_series(1, ${OPEN_TASKS + CLOSED_TASKS}) g
  `.execute(db);
  await sql`analyze tasks`.execute(db);
}

export async function runTasksBench(): Promise<BenchRow[]> {
  const stack = await startBenchStack('bench_tasks');
  const rows: BenchRow[] = [];
  try {
    await loadDemoData(stack.db, stack.config);
    await seedTasks(stack.db);
    const admin = await logIn(stack.app, 'admin@demo.edu');
    const team = await stack.db.selectFrom('sport_teams').select('id').limit(1).executeTakeFirstOrThrow();
    const pages: Array<[string, string]> = [
      ['My Tasks, due first, first page', '/api/v1/tasks/mine?limit=25'],
      ['My Tasks, page 40', '/api/v1/tasks/mine?limit=25&offset=975'],
      ['My Tasks, waiting longest first', '/api/v1/tasks/mine?limit=25&sort=oldest'],
      ['My Tasks, module filter', '/api/v1/tasks/mine?limit=25&module=disclosure'],
      ['My Tasks, overdue only', '/api/v1/tasks/mine?limit=25&due=overdue'],
      ['My Tasks, team filter', `/api/v1/tasks/mine?limit=25&teamId=${team.id}`],
      ['sidebar counts', '/api/v1/tasks/mine/counts'],
    ];
    for (const [name, url] of pages) {
      const times = await timeGet(stack.app, admin, url, 100);
      rows.push({
        name: `${name} (${OPEN_TASKS} open) p95`,
        value: round(percentile(times, 95)),
        unit: 'ms',
        goal: '< 100 ms',
      });
    }
  } finally {
    await stack.close();
  }
  return rows;
}
