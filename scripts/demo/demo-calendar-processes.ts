import type { Client } from '@temporalio/client';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { reconcileCalendarWorkflows } from '../../api/calendar/calendar-reconcile';
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

/**
 * The demo's schedule is inserted with the rest of the data, before the worker runs, each series marked as needing
 * its process. This starts them through the API's own path (signal-with-start of the series process, as for an
 * event saved while the workflow service was down), so every demo event has its reminders at the events' real
 * times and a history in the operator console. Returns how many were started.
 */
export async function startDemoCalendarSeries(
  deps: { db: Kysely<Database>; temporal: Client; taskQueue: string },
  schoolId: string,
): Promise<number> {
  let started = 0;
  // A pass takes a batch; a few passes cover any schedule the demo writes.
  for (let pass = 0; pass < 20; pass += 1) {
    const result = await reconcileCalendarWorkflows({ ...deps, schoolId });
    started += result.started;
    if (result.started === 0) break;
  }
  return started;
}
