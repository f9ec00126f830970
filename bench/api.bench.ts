import { sql } from 'kysely';
import { loadDemoData } from '../scripts/demo-data';
import { percentile, round, sample, type BenchRow } from './measure';
import { logIn, startBenchStack, timeGet, type BenchStack } from './setup';

/**
 * The API on the real stack: a fresh PostgreSQL database with the demo school plus 2,000 athletes and 10,000
 * notifications, a real Temporal dev server and worker. Requests go through Fastify's inject (no socket), so the
 * figures are the server's own time.
 */
const ATHLETES = 2_000;
const NOTIFICATIONS = 10_000;

async function seedVolume(db: BenchStack['db']): Promise<{ adminId: string }> {
  const school = await db.selectFrom('schools').select('id').where('slug', '=', 'demo-state').executeTakeFirstOrThrow();
  const admin = await db
    .selectFrom('users')
    .select('id')
    .where('email', '=', 'admin@demo.edu')
    .executeTakeFirstOrThrow();
  const team = await db
    .selectFrom('sport_teams')
    .select('id')
    .where('school_id', '=', school.id)
    .executeTakeFirstOrThrow();
  await sql`
    with made as (
      insert into users (school_id, email, first_name, last_name, status)
      select ${school.id}, 'bench' || g || '@demo.edu', 'Athlete' || g, 'Bench' || (g % 97), 'NOT_INVITED'
      from generate_series(1, ${ATHLETES}) g
      returning id
    ), roles as (
      insert into user_roles (user_id, school_id, role) select id, ${school.id}, 'STUDENT_ATHLETE' from made
    )
    insert into athlete_profiles (user_id, school_id, sport_team_id, data) select id, ${school.id}, ${team.id}, '{}'::jsonb from made
  `.execute(db);
  await sql`
    insert into notifications (school_id, user_id, module, status, title, payload, read_at, created_at)
    select ${school.id}, ${admin.id}, 'roster', 'submitted', 'Roster submitted ' || g, '{}'::jsonb,
      case when g % 3 = 0 then null else now() end, now() - (g || ' minutes')::interval
    from generate_series(1, ${NOTIFICATIONS}) g
  `.execute(db);
  await sql`analyze`.execute(db);
  return { adminId: admin.id };
}

export async function runApiBench(): Promise<BenchRow[]> {
  const stack = await startBenchStack('bench');
  const { app, database: handle, config } = stack;
  const rows: BenchRow[] = [];
  try {
    await loadDemoData(handle.db, config);
    await seedVolume(handle.db);
    const logins = await sample(20, () => logIn(app, 'admin@demo.edu'), 2);
    rows.push({
      name: 'login (argon2id verify + session) p95',
      value: round(percentile(logins, 95)),
      unit: 'ms',
      goal: 'report',
    });
    const cookie = await logIn(app, 'admin@demo.edu');
    const list = await timeGet(app, cookie, '/api/v1/athletes?limit=50', 200);
    rows.push({
      name: `athletes list (${ATHLETES} rows) p95`,
      value: round(percentile(list, 95)),
      unit: 'ms',
      goal: '< 100 ms',
    });
    const search = await timeGet(app, cookie, '/api/v1/athletes?limit=50&q=Bench4', 200);
    rows.push({ name: 'athletes search p95', value: round(percentile(search, 95)), unit: 'ms', goal: '< 100 ms' });
    const notes = await timeGet(app, cookie, '/api/v1/notifications?limit=50', 200);
    rows.push({
      name: `notifications page (${NOTIFICATIONS} rows) p95`,
      value: round(percentile(notes, 95)),
      unit: 'ms',
      goal: '< 100 ms',
    });
    const unread = await timeGet(app, cookie, '/api/v1/notifications/unread-count', 200);
    rows.push({ name: 'unread count p95', value: round(percentile(unread, 95)), unit: 'ms', goal: '< 100 ms' });

    // Invitation → mail in the outbox, through the API, Temporal and the worker.
    const latencies: number[] = [];
    for (let i = 0; i < 5; i++) {
      const email = `invitee${i}-${Date.now()}@demo.edu`;
      const start = performance.now();
      const res = await app.inject({
        method: 'POST',
        url: '/api/v1/users/invite',
        headers: { cookie },
        payload: { email, firstName: 'Invited', lastName: `Person${i}`, roles: [{ role: 'EDUCATOR' }] },
      });
      if (res.statusCode !== 201) throw new Error(`invite failed: ${res.statusCode} ${res.body}`);
      for (;;) {
        const mail = await handle.db
          .selectFrom('outbox')
          .select('status')
          .where('to_address', '=', email)
          .where('status', '=', 'SENT')
          .executeTakeFirst();
        if (mail) break;
        if (performance.now() - start > 30_000) throw new Error('invitation mail did not arrive within 30 s');
        await new Promise((r) => setTimeout(r, 10));
      }
      latencies.push(performance.now() - start);
    }
    rows.push({
      name: 'invite → mail sent (median of 5)',
      value: round(percentile(latencies, 50)),
      unit: 'ms',
      goal: '< 5000 ms',
    });
  } finally {
    await stack.close();
  }
  return rows;
}
