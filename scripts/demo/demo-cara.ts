import type { Client } from '@temporalio/client';
import type { Kysely } from 'kysely';
import { ensureCaraLogWorkflow } from '../../api/cara/cara-logs.service';
import { localToInstant } from '../../domain/calendar-events';
import { TASK_QUEUE } from '../../domain/workflows';
import type { Database } from '../../migrations/database';
import { submitCaraLogUpdate } from '../../workflows/cara/cara-log.workflow';
import { BoundPassed } from '../start/within-bound';
import { demoWait } from './demo-bounds';
import { demoDates } from './demo-dates';
import { waitForRow } from './demo-person';

/**
 * The demo school's CARA logs, made by the real workflow: Football keeps weekly logs (the head coach submits, the
 * admin reviews). Last week (16 November as of the demo's anchor day, moved to today) holds five 4½-hour practices,
 * 22½ countable hours, which breaks the 20-hour weekly limit (and the 4-hour daily limit); its log is generated from
 * the calendar by the engine and submitted by the coach, so it waits for the admin's review. The week before is
 * generated and waits on the coach. Runs once: a second start finds the logs and does nothing.
 */
export const ANCHORED_BUSY_WEEK = ['2026-11-16', '2026-11-17', '2026-11-18', '2026-11-19', '2026-11-20'];
/** The Mondays of the two weeks with logs, as of the anchor day: the busy week and the regular week before it. */
export const ANCHORED_LOG_WEEKS = { busy: '2026-11-16', regular: '2026-11-09' } as const;

export async function loadDemoCara(services: { db: Kysely<Database>; temporal: Client; taskQueue?: string }) {
  const { db, temporal } = services;
  const school = await db.selectFrom('schools').select('id').where('slug', '=', 'demo-state').executeTakeFirst();
  if (!school) return { loaded: false };
  const schoolId = school.id;
  const team = await db
    .selectFrom('sport_teams')
    .select('id')
    .where('school_id', '=', schoolId)
    .where('name', '=', 'Football')
    .executeTakeFirst();
  const people = await db
    .selectFrom('users')
    .select(['id', 'email'])
    .where('school_id', '=', schoolId)
    .where('email', 'in', ['coach@demo.edu', 'admin@demo.edu'])
    .execute();
  const coach = people.find((p) => p.email === 'coach@demo.edu');
  const admin = people.find((p) => p.email === 'admin@demo.edu');
  if (!team || !coach || !admin) return { loaded: false };
  const existing = await db.selectFrom('cara_logs').select('id').where('school_id', '=', schoolId).executeTakeFirst();
  if (existing) return { loaded: false };

  const dates = demoDates();
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('cara_settings')
      .values({
        school_id: schoolId,
        sport_team_id: team.id,
        logging_enabled: true,
        frequency: 'WEEKLY',
        due_days: 3,
        reminder_days: 1,
        submitter_ids: [coach.id],
        viewer_ids: [],
        reviewer_ids: [admin.id],
        survey_enabled: true,
        survey_expiry_days: 14,
        updated_by: admin.id,
      })
      .onConflict((oc) => oc.column('sport_team_id').doNothing())
      .execute();
    await trx
      .insertInto('calendar_events')
      .values(
        ANCHORED_BUSY_WEEK.map(dates.date).map((date) => ({
          school_id: schoolId,
          sport_team_id: team.id,
          name: 'Two-a-day practice',
          category: 'CARA',
          cara_category: 'PRACTICE',
          attendee_team_ids: [team.id],
          attendee_user_ids: [],
          time_zone: 'America/Chicago',
          starts_at: localToInstant(date, '13:00', 'America/Chicago'),
          ends_at: localToInstant(date, '17:30', 'America/Chicago'),
          status: 'APPROVED' as const,
          created_by: coach.id,
          // Past practices: their process starts (and ends, nothing left to remind) with the others.
          workflow_needed_at: new Date(),
        })),
      )
      .execute();
  });

  const deps = { database: { db }, taskQueue: services.taskQueue ?? TASK_QUEUE };
  const soon = new Date(Date.now() + 500).toISOString();
  const busy = await demoWait(
    "the start of the busy week's CARA log process",
    ensureCaraLogWorkflow(deps, temporal, schoolId, team.id, dates.date(ANCHORED_LOG_WEEKS.busy), {
      generateAt: soon,
    }),
  );
  await demoWait(
    "the start of the regular week's CARA log process",
    ensureCaraLogWorkflow(deps, temporal, schoolId, team.id, dates.date(ANCHORED_LOG_WEEKS.regular), {
      generateAt: soon,
    }),
  );
  // Wait for the busy week's log to be generated (a busy machine can take a while), then the coach submits it: it
  // waits for the admin's review. Should generation take longer than a step's bound, the log is left ready for the
  // coach instead of failing the start.
  const ready = await waitForRow(
    "the busy week's CARA log to be generated",
    () => db.selectFrom('cara_logs').select('status').where('workflow_id', '=', busy.workflowId).executeTakeFirst(),
    (row) => row?.status === 'READY',
  ).then(
    () => true,
    (err: unknown) => {
      if (err instanceof BoundPassed) return false;
      throw err;
    },
  );
  if (ready)
    await demoWait(
      "the coach's submission of the CARA log",
      temporal.workflow.getHandle(busy.workflowId).executeUpdate(submitCaraLogUpdate, {
        args: [{ actor: { userId: coach.id, role: 'SUBMITTER' }, notes: 'Two-a-days before the rivalry game.' }],
      }),
    );
  return { loaded: true };
}
