import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../migrations/database';
import { signInDemoPerson, waitForRow } from './demo-person';

/**
 * The demo school's recruiting events, made through the API the screens use, with dates relative to today: two
 * approved by the admin (an official visit weekend and an evaluation week; the admin's own junior day is approved at
 * once), one rejected with a reason, and one waiting for approval in the admin's My Tasks. The coach's events
 * are decided through the calendar's approval workflow. Runs once, after the recruiting board (it needs prospects).
 */
const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

export async function loadDemoRecruitingEvents(app: FastifyInstance): Promise<{ loaded: boolean }> {
  const { db } = app.deps.database as { db: Kysely<Database> };
  const school = await db
    .selectFrom('schools')
    .select(['id', 'time_zone'])
    .where('slug', '=', 'demo-state')
    .executeTakeFirst();
  if (!school) return { loaded: false };
  const any = await db
    .selectFrom('recruiting_events')
    .select('id')
    .where('school_id', '=', school.id)
    .limit(1)
    .executeTakeFirst();
  if (any) return { loaded: false };
  const team = await db
    .selectFrom('sport_teams')
    .select('id')
    .where('school_id', '=', school.id)
    .where('name', '=', 'Football')
    .executeTakeFirst();
  const psas = await db
    .selectFrom('psas')
    .select('id')
    .where('school_id', '=', school.id)
    .where('commitment_status', '<>', 'ADDED_TO_ROSTER')
    .orderBy('last_name')
    .orderBy('first_name')
    .limit(12)
    .execute();
  const hosts = await db
    .selectFrom('athlete_profiles as a')
    .innerJoin('users as u', 'u.id', 'a.user_id')
    .select('a.user_id')
    .where('a.school_id', '=', school.id)
    .where('a.sport_team_id', '=', team?.id ?? '')
    .orderBy('u.last_name')
    .limit(3)
    .execute();
  const coachRow = await db.selectFrom('users').select('id').where('email', '=', 'coach@demo.edu').executeTakeFirst();
  if (!team || psas.length < 8 || !coachRow) return { loaded: false };
  const coach = await signInDemoPerson(app, db, 'coach@demo.edu');
  const admin = await signInDemoPerson(app, db, 'admin@demo.edu');
  const psaIds = psas.map((p) => p.id);
  const hostIds = hosts.map((h) => h.user_id);
  const base = {
    sportTeamId: team.id,
    timeZone: school.time_zone,
    notes: null,
    coachIds: [coachRow.id],
  };
  type Made = { id: string; status: string };
  const decide = async (id: string, body: { decision: 'APPROVE' | 'REJECT'; reason?: string }, status: string) => {
    await admin.call('POST', `/api/v1/recruiting-events/${id}/decision`, body);
    await waitForRow(
      `recruiting event ${id} ${status}`,
      () => db.selectFrom('calendar_events').select('status').where('id', '=', id).executeTakeFirstOrThrow(),
      (r) => r.status === status,
    );
  };
  try {
    const visit = await coach.call<Made>('POST', '/api/v1/recruiting-events', {
      ...base,
      name: 'Official visit weekend',
      kind: 'OFFICIAL_VISIT',
      description: 'Campus tour, practice, dinner with the team and a meeting with academic advisors.',
      location: 'Football operations center',
      startDate: day(10),
      startTime: '09:00',
      endDate: day(11),
      endTime: '16:00',
      hostAthleteIds: hostIds.slice(0, 2),
      psaIds: psaIds.slice(0, 3),
    });
    await decide(visit.id, { decision: 'APPROVE' }, 'APPROVED');
    const evaluation = await coach.call<Made>('POST', '/api/v1/recruiting-events', {
      ...base,
      name: 'Regional showcase evaluation',
      kind: 'EVALUATION',
      description: 'Evaluate our senior targets at the regional high school showcase.',
      location: 'Lakeview High stadium',
      startDate: day(-12),
      startTime: '08:00',
      endDate: day(-5),
      endTime: '18:00',
      hostAthleteIds: [],
      psaIds: psaIds.slice(3, 8),
    });
    await decide(evaluation.id, { decision: 'APPROVE' }, 'APPROVED');
    const camp = await coach.call<Made>('POST', '/api/v1/recruiting-events', {
      ...base,
      name: 'Holiday prospect camp',
      kind: 'UNOFFICIAL_VISIT',
      description: 'One-day camp on campus for juniors.',
      location: 'Indoor practice facility',
      startDate: day(24),
      startTime: '10:00',
      endDate: day(24),
      endTime: '15:00',
      hostAthleteIds: hostIds.slice(2),
      psaIds: psaIds.slice(8, 10),
    });
    await decide(
      camp.id,
      { decision: 'REJECT', reason: 'That week falls in a dead period. Move it to January.' },
      'REJECTED',
    );
    // Left for the admin: shows in My Tasks with the approval task opening the event.
    await coach.call<Made>('POST', '/api/v1/recruiting-events', {
      ...base,
      name: 'Junior day tour',
      kind: 'UNOFFICIAL_VISIT',
      description: 'Stadium tour and lunch with position coaches.',
      location: 'Stadium',
      startDate: day(17),
      startTime: '11:00',
      endDate: day(17),
      endTime: '14:00',
      hostAthleteIds: hostIds.slice(0, 1),
      psaIds: psaIds.slice(10, 12),
    });
    // The admin's own event is approved at once.
    await admin.call<Made>('POST', '/api/v1/recruiting-events', {
      ...base,
      name: 'Spring home visit',
      kind: 'OFF_CAMPUS_CONTACT',
      description: 'Home visit with the family of our top quarterback target.',
      location: null,
      startDate: day(31),
      startTime: '18:00',
      endDate: day(31),
      endTime: '20:00',
      hostAthleteIds: [],
      psaIds: psaIds.slice(0, 1),
    });
    return { loaded: true };
  } finally {
    await coach.signOut();
    await admin.signOut();
  }
}
