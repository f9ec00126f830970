import { sql } from 'kysely';
import { fairMarketValue, type FmvDeal } from '../domain/partners/fmv';
import { loadDemoData } from '../scripts/demo-data';
import { percentile, round, sample, type BenchRow } from './measure';
import { logIn, startBenchStack, timeGet, type BenchStack } from './setup';

/**
 * The fair-market-value range over a school's history: the demo school plus 10,000 approved deals (types, sports,
 * deliverables and audience sizes spread out; 4,000 of them endorsements), on the real stack. Measures the range of
 * one endorsement through the API (its deal, every approved deal of its type, the estimate), the pure estimate over
 * the same comparables, and the floor: a signed-in GET of the session (`/auth/me`) in the same run.
 */
const DEALS = 10_000;

async function seedDeals(db: BenchStack['db']): Promise<string> {
  const school = await db.selectFrom('schools').select('id').where('slug', '=', 'demo-state').executeTakeFirstOrThrow();
  const teams = await db.selectFrom('sport_teams').select('id').where('school_id', '=', school.id).execute();
  const athletes = await db
    .selectFrom('user_roles')
    .select('user_id')
    .where('school_id', '=', school.id)
    .where('role', '=', 'STUDENT_ATHLETE')
    .execute();
  await sql`
    with made as (
      insert into disclosures (school_id, athlete_user_id, sport_team_id, type, status, title, company_name, payor_name,
        amount_cents, payment_type, participants, attachments, conflicts, conflict_types, decided_at)
      select ${school.id},
        (${sql.val(athletes.map((a) => a.user_id))}::uuid[])[1 + g % ${athletes.length}],
        (${sql.val(teams.map((t) => t.id))}::uuid[])[1 + g % ${teams.length}],
        case when g % 5 < 2 then 'ENDORSEMENT' else (array['APPEARANCE','SPONSORSHIP','PODCAST','CAMPS','AUTOGRAPH'])[1 + g % 5] end,
        'APPROVED', 'FMV deal ' || g, 'Payor ' || (g % 300), 'Payor ' || (g % 300),
        5000 + (g * 7919) % 2000000, 'MONETARY', '[]', '[]', '[]', '{}', now() - (g || ' minutes')::interval
      from generate_series(1, ${DEALS}) g
      returning id, school_id
    )
    insert into deal_fmv_facts (disclosure_id, school_id, deliverables, audience_size)
    select id, school_id, 1 + (abs(hashtext(id::text)) % 12), 500 + (abs(hashtext(id::text || 'a')) % 200000)
    from made
  `.execute(db);
  await sql`analyze`.execute(db);
  const target = await db
    .selectFrom('disclosures')
    .select('id')
    .where('school_id', '=', school.id)
    .where('type', '=', 'ENDORSEMENT')
    .where('title', 'like', 'FMV deal %')
    .executeTakeFirstOrThrow();
  return target.id;
}

export async function runFmvBench(): Promise<BenchRow[]> {
  const stack = await startBenchStack('bench_fmv');
  const rows: BenchRow[] = [];
  try {
    await loadDemoData(stack.db, stack.config);
    const target = await seedDeals(stack.db);
    const admin = await logIn(stack.app, 'admin@demo.edu');
    const range = await timeGet(stack.app, admin, `/api/v1/fmv/disclosures/${target}`, 200);
    const floor = await timeGet(stack.app, admin, '/api/v1/auth/me', 200);

    const deals: FmvDeal[] = Array.from({ length: 4_000 }, (_, g) => ({
      sport: ['Football', 'Basketball', 'Soccer'][g % 3]!,
      activityType: 'ENDORSEMENT',
      deliverables: 1 + (g % 12),
      audienceSize: 500 + ((g * 7919) % 200_000),
      amountCents: 5000 + ((g * 7919) % 2_000_000),
    }));
    const pure = await sample(500, async () =>
      fairMarketValue(
        { sport: 'Football', activityType: 'ENDORSEMENT', deliverables: 4, audienceSize: 20_000, offerCents: 250_000 },
        deals,
      ),
    );
    const p95 = percentile(range, 95);
    const floorP95 = percentile(floor, 95);
    rows.push(
      {
        name: `FMV range of one deal over ${DEALS} approved deals p50`,
        value: round(percentile(range, 50)),
        unit: 'ms',
        goal: 'report',
      },
      {
        name: `FMV range of one deal over ${DEALS} approved deals p95`,
        value: round(p95),
        unit: 'ms',
        goal: '< 50 ms',
      },
      { name: 'signed-in GET /auth/me p95 (floor)', value: round(floorP95), unit: 'ms', goal: 'floor' },
      { name: 'FMV range ÷ floor (p95)', value: round(p95 / floorP95, 2), unit: '×', goal: 'report' },
      {
        name: 'the pure estimate over 4,000 comparables p95',
        value: round(percentile(pure, 95), 2),
        unit: 'ms',
        goal: 'report',
      },
    );
  } finally {
    await stack.close();
  }
  return rows;
}
