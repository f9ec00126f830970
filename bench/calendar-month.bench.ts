import { sql } from 'kysely';
import { buildRRule, localToInstant } from '../domain/calendar-events';
import { loadDemoData } from '../scripts/demo-data';
import { percentile, round, type BenchRow } from './measure';
import { logIn, startBenchStack, timeGet } from './setup';

/**
 * The calendar's month view on the real stack: the demo school grown to 50 teams, each with a full fall season
 * (weekday practice series from August to December with a few moved and cancelled occurrences, a weight-room
 * series, twelve competitions and their travel). Measures the range call every calendar view makes (GET /events
 * for one month) as the admin (all 50 teams) and as a coach (one team), through Fastify inject.
 */
const TEAMS = 50;
const ZONE = 'America/Chicago';

export async function seedSeason(db: Awaited<ReturnType<typeof startBenchStack>>['db']): Promise<number> {
  const school = await db.selectFrom('schools').select('id').where('slug', '=', 'demo-state').executeTakeFirstOrThrow();
  const existing = await db.selectFrom('sport_teams').select('id').where('school_id', '=', school.id).execute();
  const teamIds = existing.map((t) => t.id);
  for (let i = teamIds.length; i < TEAMS; i++) {
    const row = await db
      .insertInto('sport_teams')
      .values({ school_id: school.id, name: `Bench team ${i + 1}`, sport: `Sport ${i + 1}` })
      .returning('id')
      .executeTakeFirstOrThrow();
    teamIds.push(row.id);
  }
  const values: Array<Record<string, unknown>> = [];
  const at = (date: string, time: string) => localToInstant(date, time, ZONE);
  const event = (team: string, name: string, category: string, date: string, from: string, to: string) => ({
    school_id: school.id,
    sport_team_id: team,
    name,
    category,
    cara_category: category === 'CARA' ? 'PRACTICE' : category.endsWith('COMPETITION') ? 'COMPETITION' : null,
    attendee_team_ids: [team],
    time_zone: ZONE,
    starts_at: at(date, from),
    ends_at: at(date, to),
    reminder_minutes: 60,
    status: 'APPROVED',
  });
  for (const [i, team] of teamIds.slice(0, TEAMS).entries()) {
    const practice = buildRRule({
      repeat: 'WEEKLY',
      startDate: '2027-08-16',
      weekdays: ['MONDAY', 'TUESDAY', 'WEDNESDAY', 'THURSDAY', 'FRIDAY'],
      repeatUntil: '2027-12-10',
    });
    values.push({
      ...event(team, 'Practice', 'CARA', '2027-08-16', '15:00', '17:30'),
      repeat: 'WEEKLY',
      rrule: practice,
      repeat_until: '2027-12-10',
      exdates: JSON.stringify([at('2027-09-06', '15:00').toISOString(), at('2027-11-25', '15:00').toISOString()]),
    });
    values.push({
      ...event(team, 'Weight room', 'CARA', '2027-08-17', '07:00', '08:00'),
      category: 'CARA',
      cara_category: 'STRENGTH_AND_CONDITIONING',
      repeat: 'WEEKLY',
      rrule: buildRRule({
        repeat: 'WEEKLY',
        startDate: '2027-08-17',
        weekdays: ['TUESDAY', 'THURSDAY'],
        repeatUntil: '2027-12-09',
      }),
      repeat_until: '2027-12-09',
      exdates: JSON.stringify([]),
    });
    for (let w = 0; w < 12; w++) {
      const day = new Date(Date.UTC(2027, 8, 4 + w * 7 + (i % 2)));
      const date = day.toISOString().slice(0, 10);
      const home = w % 2 === 0;
      values.push(
        event(
          team,
          home ? 'Home game' : 'Away game',
          home ? 'HOME_COMPETITION' : 'AWAY_COMPETITION',
          date,
          '18:00',
          '21:00',
        ),
      );
      if (!home) values.push(event(team, 'Team travel', 'TRAVEL', date, '09:00', '14:00'));
    }
  }
  for (let i = 0; i < values.length; i += 500)
    await db
      .insertInto('calendar_events')
      .values(values.slice(i, i + 500) as never)
      .execute();
  await sql`analyze calendar_events`.execute(db);
  return values.length;
}

export async function runCalendarMonthBench(): Promise<BenchRow[]> {
  const stack = await startBenchStack('bench_calendar');
  const rows: BenchRow[] = [];
  try {
    await loadDemoData(stack.db, stack.config);
    const seeded = await seedSeason(stack.db);
    const admin = await logIn(stack.app, 'admin@demo.edu');
    const month = 'from=2027-09-27T05:00:00.000Z&to=2027-11-08T06:00:00.000Z';
    const first = await stack.app.inject({ method: 'GET', url: `/api/v1/events?${month}`, headers: { cookie: admin } });
    const occurrences = (first.json() as { items: unknown[] }).items.length;
    const times = await timeGet(stack.app, admin, `/api/v1/events?${month}`, 60);
    rows.push({
      name: `month view, admin, ${TEAMS} teams (${seeded} series rows, ${occurrences} occurrences) p95`,
      value: round(percentile(times, 95)),
      unit: 'ms',
      goal: '< 100 ms',
    });
    const team = await stack.db
      .selectFrom('sport_teams')
      .select('id')
      .where('name', '=', 'Bench team 10')
      .executeTakeFirst();
    if (team) {
      const filtered = await timeGet(stack.app, admin, `/api/v1/events?${month}&teamIds=${team.id}`, 60);
      rows.push({
        name: 'month view, one team filter p95',
        value: round(percentile(filtered, 95)),
        unit: 'ms',
        goal: '< 100 ms',
      });
    }
    const list = await timeGet(stack.app, admin, '/api/v1/event-list?limit=25', 60);
    rows.push({
      name: 'events list, first page p95',
      value: round(percentile(list, 95)),
      unit: 'ms',
      goal: '< 100 ms',
    });
  } finally {
    await stack.close();
  }
  return rows;
}
