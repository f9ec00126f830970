import { sql, type Expression, type ExpressionBuilder, type Kysely, type SqlBool } from 'kysely';
import { taskGroupsOf } from '../../domain/permissions';
import type { Database } from '../../migrations/database';
import type { AuthContext } from '../types';
import type { MyTaskCounts, MyTaskDto, MyTasksQuery } from './tasks.schemas';

type Eb = ExpressionBuilder<Database & { t: Database['tasks'] }, 't'>;

/**
 * The person's own open tasks and the role tasks of roles they hold ("any school admin"), or of compliance staff when
 * they hold the compliance permission, in their school.
 */
function waitingOn(eb: Eb, auth: AuthContext): Expression<SqlBool> {
  const roles = taskGroupsOf(auth.grants);
  return eb.or([
    eb('t.assignee_user_id', '=', auth.user.id),
    ...(roles.length > 0 ? [eb.and([eb('t.assignee_user_id', 'is', null), eb('t.assignee_role', 'in', roles)])] : []),
  ]);
}

function dayBounds(now: Date): { startOfTomorrow: Date; inAWeek: Date } {
  const startOfTomorrow = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1));
  return { startOfTomorrow, inAWeek: new Date(startOfTomorrow.getTime() + 6 * 86_400_000) };
}

/** The student-athlete a task is about (a packet's recipient, a disclosure's athlete), as an SQL expression. */
const SUBJECT_USER = sql<string | null>`coalesce(s.recipient_user_id, d.athlete_user_id)`;

/**
 * My Tasks: one inbox of every open step waiting on the person, from every module, read from `tasks` (kept by the
 * workflows' activities). Filters by module, due window and the subject's team; sorts by due date or age.
 */
export async function listMyTasks(
  db: Kysely<Database>,
  auth: AuthContext,
  query: MyTasksQuery,
  now = new Date(),
): Promise<{ items: MyTaskDto[]; total: number; limit: number; offset: number }> {
  const limit = query.limit ?? 50;
  const offset = query.offset ?? 0;
  const { startOfTomorrow, inAWeek } = dayBounds(now);
  let base = db
    .selectFrom('tasks as t')
    .where('t.school_id', '=', auth.school.id)
    .where('t.status', '=', 'OPEN')
    .where((eb) => waitingOn(eb as unknown as Eb, auth));
  if (query.module) base = base.where('t.module', '=', query.module);
  switch (query.due) {
    case 'overdue':
      base = base.where('t.due_at', '<', now);
      break;
    case 'today':
      base = base.where('t.due_at', '>=', now).where('t.due_at', '<', startOfTomorrow);
      break;
    case 'week':
      base = base.where('t.due_at', '>=', now).where('t.due_at', '<', inAWeek);
      break;
    case 'later':
      base = base.where('t.due_at', '>=', inAWeek);
      break;
    case 'none':
      base = base.where('t.due_at', 'is', null);
      break;
  }
  // The subject and team are looked up for the page's rows only, unless the team filter needs them for every row.
  const joinSubject = <Q extends typeof base>(q: Q) =>
    q
      .leftJoin('packet_submissions as s', (j) =>
        j.on('t.module', '=', 'packet-submission').on(sql`s.id::text`, '=', sql.ref('t.entity_id')),
      )
      .leftJoin('disclosures as d', (j) =>
        j.on('t.module', '=', 'disclosure').on(sql`d.id::text`, '=', sql.ref('t.entity_id')),
      )
      .leftJoin('athlete_profiles as ap', (j) => j.on('ap.user_id', '=', SUBJECT_USER))
      // Tasks about a team rather than an athlete: its CARA log, roster, calendar event, or a prospect's transfer to it.
      .leftJoin('cara_logs as cl', (j) =>
        j.on('t.module', '=', 'cara-log').on(sql`cl.id::text`, '=', sql.ref('t.entity_id')),
      )
      .leftJoin('rosters as ro', (j) =>
        j.on('t.module', '=', 'roster-rollover').on(sql`ro.id::text`, '=', sql.ref('t.entity_id')),
      )
      .leftJoin('calendar_events as ce', (j) =>
        j.on('t.module', '=', 'calendar-event').on(sql`ce.id::text`, '=', sql.ref('t.entity_id')),
      )
      .leftJoin('psa_transfers as pt', (j) =>
        j.on('t.module', '=', 'psa-transfer').on(sql`pt.psa_id::text`, '=', sql.ref('t.entity_id')),
      )
      .leftJoin('sport_teams as st', (j) =>
        j.on(
          'st.id',
          '=',
          sql`coalesce(d.sport_team_id, ap.sport_team_id, cl.sport_team_id, ro.sport_team_id, ce.sport_team_id, pt.sport_team_id)`,
        ),
      )
      .leftJoin('users as su', (j) => j.on('su.id', '=', SUBJECT_USER));
  const filtered = query.teamId ? joinSubject(base).where('st.id', '=', query.teamId) : base;
  let page = filtered.select([
    't.id',
    't.module',
    't.title',
    't.step_name',
    't.url',
    't.created_at',
    't.due_at',
    't.assignee_user_id',
  ]);
  const sort = query.sort ?? 'due';
  if (sort === 'due') page = page.orderBy('t.due_at', (ob) => ob.asc().nullsLast()).orderBy('t.created_at');
  else if (sort === 'oldest') page = page.orderBy('t.created_at');
  else page = page.orderBy('t.created_at', 'desc');
  const [rows, count] = await Promise.all([
    page.orderBy('t.id').limit(limit).offset(offset).execute(),
    filtered.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
  ]);
  const ids = rows.map((r) => r.id);
  const subjects =
    ids.length === 0
      ? []
      : await joinSubject(
          db.selectFrom('tasks as t').where('t.school_id', '=', auth.school.id).where('t.id', 'in', ids),
        )
          .select([
            't.id',
            'su.id as subject_id',
            'su.first_name as subject_first',
            'su.last_name as subject_last',
            'st.id as team_id',
            'st.name as team_name',
          ])
          .execute();
  const about = new Map(subjects.map((r) => [r.id, r]));
  return {
    items: rows.map((r) => {
      const x = about.get(r.id);
      return {
        id: r.id,
        module: r.module,
        title: r.title,
        stepName: r.step_name,
        url: r.url,
        createdAt: r.created_at.toISOString(),
        dueAt: r.due_at ? r.due_at.toISOString() : null,
        overdue: !!r.due_at && r.due_at < now,
        assignedTo: r.assignee_user_id ? ('me' as const) : ('role' as const),
        subject: x?.subject_id
          ? { id: x.subject_id, name: `${x.subject_first ?? ''} ${x.subject_last ?? ''}`.trim() }
          : null,
        team: x?.team_id ? { id: x.team_id, name: x.team_name ?? '' } : null,
      };
    }),
    total: Number(count.n),
    limit,
    offset,
  };
}

/** The sidebar's counts: open tasks waiting on the person, how many are overdue, and per module. */
export async function countMyTasks(db: Kysely<Database>, auth: AuthContext, now = new Date()): Promise<MyTaskCounts> {
  const rows = await db
    .selectFrom('tasks as t')
    .where('t.school_id', '=', auth.school.id)
    .where('t.status', '=', 'OPEN')
    .where((eb) => waitingOn(eb as unknown as Eb, auth))
    .select((eb) => [
      't.module',
      eb.fn.countAll<string>().as('n'),
      sql<string>`count(*) filter (where t.due_at < ${now})`.as('late'),
    ])
    .groupBy('t.module')
    .execute();
  const byModule: Record<string, number> = {};
  let total = 0;
  let overdue = 0;
  for (const r of rows) {
    byModule[r.module] = Number(r.n);
    total += Number(r.n);
    overdue += Number(r.late);
  }
  return { total, overdue, byModule };
}

/**
 * The person's own teams (a coach's staff team, an athlete's team) and how many of their open tasks concern each:
 * the coach's home shows one card per team.
 */
export async function listMyTeams(
  db: Kysely<Database>,
  auth: AuthContext,
): Promise<Array<{ id: string; name: string; sport: string; gender: string; waiting: number }>> {
  const teams = await db
    .selectFrom('sport_teams as st')
    .where('st.school_id', '=', auth.school.id)
    .where((eb) =>
      eb.or([
        eb(
          'st.id',
          'in',
          eb
            .selectFrom('staff_teams')
            .select('sport_team_id')
            .where('user_id', '=', auth.user.id)
            .where('school_id', '=', auth.school.id),
        ),
        eb(
          'st.id',
          'in',
          eb
            .selectFrom('athlete_profiles')
            .select('sport_team_id')
            .where('user_id', '=', auth.user.id)
            .where('school_id', '=', auth.school.id),
        ),
      ]),
    )
    .select(['st.id', 'st.name', 'st.sport', 'st.gender'])
    .orderBy('st.name')
    .execute();
  return Promise.all(
    teams.map(async (team) => ({
      ...team,
      waiting: (await listMyTasks(db, auth, { teamId: team.id, limit: 1 })).total,
    })),
  );
}
