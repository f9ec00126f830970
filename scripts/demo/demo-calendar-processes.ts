import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { calendarEventWorkflowId } from '../../domain/calendar-workflow';
import type { Database } from '../../migrations/database';
import { addDays, demoDates } from './demo-dates';
import { signInDemoPerson, waitForRow } from './demo-person';

/**
 * The calendar's live process in the demo (issue 16): the head coach puts an extra weekly film session up for
 * approval through the API, as the event form does. The series process opens the admins' "Approve …" task, which
 * waits in My Tasks and on the events list. Made once: a second start finds the series and leaves it.
 */
export async function loadDemoCalendarProcesses(app: FastifyInstance, db: Kysely<Database>): Promise<void> {
  const name = 'Film session (extra)';
  if (await db.selectFrom('calendar_events').select('id').where('name', '=', name).executeTakeFirst()) return;
  const coach = await signInDemoPerson(app, db, 'coach@demo.edu');
  try {
    const staff = await db
      .selectFrom('staff_profiles')
      .select('sport_team_id')
      .where('user_id', '=', coach.id)
      .where('sport_team_id', 'is not', null)
      .executeTakeFirst();
    if (!staff?.sport_team_id) return;
    // Mondays and Thursdays from the coming Monday (after the demo's today) for six weeks, in the evening.
    const today = demoDates().today;
    const start = addDays(today, 1 + ((8 - new Date(`${today}T00:00:00Z`).getUTCDay()) % 7));
    const until = addDays(start, 6 * 7);
    const created = await coach.call<{ id: string }>('POST', '/api/v1/events', {
      name,
      category: 'CARA',
      caraCategory: 'FILM_REVIEW',
      sportTeamId: staff.sport_team_id,
      attendeeTeamIds: [staff.sport_team_id],
      attendeeUserIds: [],
      location: 'Team meeting room',
      timeZone: 'America/Chicago',
      startDate: start,
      startTime: '19:00',
      endDate: start,
      endTime: '20:00',
      repeat: 'WEEKLY',
      weekdays: ['MONDAY', 'THURSDAY'],
      repeatUntil: until,
      notes: 'Opponent film before each game week.',
    });
    await waitForRow(
      'the approval task of the film sessions',
      () =>
        db
          .selectFrom('tasks')
          .select('id')
          .where('workflow_id', '=', calendarEventWorkflowId(created.id))
          .where('status', '=', 'OPEN')
          .executeTakeFirst(),
      (row) => row !== undefined,
    );
  } finally {
    await coach.signOut();
  }
}
