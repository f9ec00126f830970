import { sql } from 'kysely';
import type { FastifyInstance } from 'fastify';
import { loadConfig } from '../api/config';
import { buildServer } from '../api/server';
import { connectDatabase } from '../migrations/connect';
import { DEMO_PASSWORD, loadDemoData } from '../scripts/demo-data';
import { createFreshDatabase } from '../scripts/test-harness/global-setup';
import { percentile, round, sample, type BenchRow } from './measure';

/**
 * The Sent and Reports screens' API on PostgreSQL: the demo school plus 4,000 sends to 25 athletes each (100,000
 * submissions) spread over a year. Measures the Sent list's pages and sorts and the Big Picture report per period
 * (Fastify inject, so the server's own time). No workflow runs: these screens read only PostgreSQL.
 */
const SENDS = 4_000;
const PER_SEND = 25;

let requestCount = 0;
function nextAddress(): string {
  requestCount += 1;
  return `10.${Math.floor(requestCount / 62500) % 250}.${Math.floor(requestCount / 250) % 250}.${requestCount % 250}`;
}

async function seedSends(db: Awaited<ReturnType<typeof connectDatabase>>['db']): Promise<void> {
  const school = await db.selectFrom('schools').select('id').where('slug', '=', 'demo-state').executeTakeFirstOrThrow();
  const packet = await db
    .selectFrom('packets as p')
    .innerJoin('packet_versions as v', 'v.packet_id', 'p.id')
    .select(['p.id', 'v.id as version_id', 'p.owner_id'])
    .where('p.school_id', '=', school.id)
    .where('p.name', '=', 'Pre-participation paperwork')
    .executeTakeFirstOrThrow();
  await sql`
    insert into users (school_id, email, first_name, last_name, status)
    select ${school.id}, 'bench' || g || '@demo.edu', 'Bench' || g, 'Athlete', 'NOT_INVITED'
    from generate_series(1, ${PER_SEND}) g
  `.execute(db);
  await sql`
    with sends as (
      insert into sent_packets (school_id, packet_id, packet_version_id, sent_by, sent_at, reminder, expiry, expires_at,
        visibility, recipient_count)
      select ${school.id}, ${packet.id}, ${packet.version_id}, ${packet.owner_id},
        now() - ((g * 7919) % (365 * 24 * 60) || ' minutes')::interval, 'OFF', 'MONTH', now() + interval '30 days',
        'SCHOOL_ADMINS', ${PER_SEND}
      from generate_series(1, ${SENDS}) g
      returning id, sent_at
    )
    insert into packet_submissions (school_id, sent_packet_id, recipient_user_id, workflow_id, status, created_at,
      updated_at, completed_at)
    select ${school.id}, s.id, u.id, 'packet-submission:' || s.id || ':' || u.id,
      (array['APPROVED','APPROVED','APPROVED','PENDING','REJECTED','VOIDED'])[1 + abs(hashtext(s.id::text || u.id::text)) % 6],
      s.sent_at, s.sent_at + interval '1 day', s.sent_at + ((1 + abs(hashtext(u.id::text)) % 96) || ' hours')::interval
    from sends s cross join (select id from users where email like 'bench%@demo.edu') u
  `.execute(db);
  await sql`update packet_submissions set completed_at = null where status in ('PENDING','VOIDED')`.execute(db);
  await sql`analyze`.execute(db);
}

export async function runPacketScreensBench(): Promise<BenchRow[]> {
  const database = await createFreshDatabase('bench_packet_screens');
  const config = loadConfig({ ...process.env, NODE_ENV: 'test', DATABASE_URL: database.url, LOG_LEVEL: 'silent' });
  const handle = await connectDatabase({ url: database.url });
  const app: FastifyInstance = await buildServer({ config, database: handle, temporal: null, taskQueue: 'bench' });
  const rows: BenchRow[] = [];
  try {
    await loadDemoData(handle.db, config);
    await seedSends(handle.db);
    const login = await app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { email: 'admin@demo.edu', password: DEMO_PASSWORD },
      remoteAddress: nextAddress(),
    });
    const cookie = `sid=${login.cookies.find((c) => c.name === 'sid')!.value}`;
    const pages: Array<[string, string]> = [
      ['sent list, first page', '/api/v1/sent-packets?limit=25'],
      ['sent list, page 100', '/api/v1/sent-packets?limit=25&offset=2475'],
      ['sent list, by last activity', '/api/v1/sent-packets?limit=25&sort=lastActivity'],
      ['sent list, by progress', '/api/v1/sent-packets?limit=25&sort=progress'],
      ['sent list, in progress only', '/api/v1/sent-packets?limit=25&state=ACTIVE'],
      ['report, last 4 weeks', '/api/v1/packet-reports?period=4W'],
      ['report, last 3 months', '/api/v1/packet-reports?period=3M'],
      ['report, last 12 months', '/api/v1/packet-reports?period=12M'],
    ];
    for (const [name, url] of pages) {
      const times = await sample(30, async () => {
        const res = await app.inject({ method: 'GET', url, headers: { cookie }, remoteAddress: nextAddress() });
        if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body}`);
      });
      rows.push({
        name: `${name} (${SENDS * PER_SEND} submissions) p95`,
        value: round(percentile(times, 95)),
        unit: 'ms',
        goal: '< 200 ms',
      });
    }
  } finally {
    await app.close();
    await handle.close();
    await database.drop();
  }
  return rows;
}
