import { sql } from 'kysely';
import { DefaultLogger, NativeConnection, Runtime } from '@temporalio/worker';
import { Client, Connection } from '@temporalio/client';
import type { FastifyInstance } from 'fastify';
import { loadConfig } from '../api/config';
import { buildServer } from '../api/server';
import { createPlatformWorker } from '../activities/worker';
import { connectDatabase } from '../migrations/connect';
import { DEMO_PASSWORD, loadDemoData } from '../scripts/demo-data';
import { findTemporalCli } from '../scripts/temporal-cli';
import { startTemporalDevServer } from '../scripts/temporal-dev-server';
import { createFreshDatabase, freePort } from '../scripts/test-harness/global-setup';
import { percentile, round, sample, type BenchRow } from './measure';

/**
 * The API on the real stack: a fresh PostgreSQL database with the demo school plus 2,000 athletes and 10,000
 * notifications, a real Temporal dev server and worker. Requests go through Fastify's inject (no socket), so the
 * figures are the server's own time.
 */
const ATHLETES = 2_000;
const NOTIFICATIONS = 10_000;

let requestCount = 0;

/** Each request comes from its own address so the per-address rate limits are not what is measured. */
function nextAddress(): string {
  requestCount += 1;
  return `10.${Math.floor(requestCount / 62500) % 250}.${Math.floor(requestCount / 250) % 250}.${requestCount % 250}`;
}

async function logIn(app: FastifyInstance, email: string): Promise<string> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/v1/auth/login',
    payload: { email, password: DEMO_PASSWORD },
    remoteAddress: nextAddress(),
  });
  if (res.statusCode !== 200) throw new Error(`login failed: ${res.statusCode} ${res.body}`);
  const cookie = res.cookies.find((c) => c.name === 'sid');
  if (!cookie) throw new Error('no session cookie');
  return `sid=${cookie.value}`;
}

async function seedVolume(db: Awaited<ReturnType<typeof connectDatabase>>['db']): Promise<{ adminId: string }> {
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

async function timeGet(app: FastifyInstance, cookie: string, url: string, runs = 200): Promise<number[]> {
  return sample(runs, async () => {
    const res = await app.inject({ method: 'GET', url, headers: { cookie }, remoteAddress: nextAddress() });
    if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
  });
}

export async function runApiBench(): Promise<BenchRow[]> {
  Runtime.install({ logger: new DefaultLogger('WARN') });
  const database = await createFreshDatabase('bench');
  const cli = findTemporalCli();
  if (!cli) throw new Error('No Temporal CLI');
  const temporalServer = await startTemporalDevServer({ cli, port: await freePort() });
  const config = loadConfig({ ...process.env, NODE_ENV: 'test', DATABASE_URL: database.url, LOG_LEVEL: 'silent' });
  const handle = await connectDatabase({ url: database.url });
  const connection = await Connection.connect({ address: temporalServer.address });
  const nativeConnection = await NativeConnection.connect({ address: temporalServer.address });
  const taskQueue = `bench-${Date.now()}`;
  const worker = await createPlatformWorker({ config, database: handle, connection: nativeConnection, taskQueue });
  const running = worker.run();
  const app = await buildServer({ config, database: handle, temporal: new Client({ connection }), taskQueue });
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
    const list = await timeGet(app, cookie, '/api/v1/athletes?limit=50');
    rows.push({
      name: `athletes list (${ATHLETES} rows) p95`,
      value: round(percentile(list, 95)),
      unit: 'ms',
      goal: '< 100 ms',
    });
    const search = await timeGet(app, cookie, '/api/v1/athletes?limit=50&q=Bench4');
    rows.push({ name: 'athletes search p95', value: round(percentile(search, 95)), unit: 'ms', goal: '< 100 ms' });
    const notes = await timeGet(app, cookie, '/api/v1/notifications?limit=50');
    rows.push({
      name: `notifications page (${NOTIFICATIONS} rows) p95`,
      value: round(percentile(notes, 95)),
      unit: 'ms',
      goal: '< 100 ms',
    });
    const unread = await timeGet(app, cookie, '/api/v1/notifications/unread-count');
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
    await app.close();
    worker.shutdown();
    await running;
    await nativeConnection.close();
    await connection.close();
    await handle.close();
    await temporalServer.stop();
    await database.drop();
  }
  return rows;
}
