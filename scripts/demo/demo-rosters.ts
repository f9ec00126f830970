import type { Client } from '@temporalio/client';
import type { Kysely } from 'kysely';
import { ensureRosterWorkflow } from '../../api/rosters/rosters.service';
import { findRoster } from '../../api/rosters/rosters.repository';
import { TASK_QUEUE } from '../../domain/workflows';
import type { Database } from '../../migrations/database';
import { editRosterUpdate } from '../../workflows/rosters/roster-rollover.workflow';
import { demoNextAcademicYear } from './demo-calendar';

/**
 * The demo school's roster rollover in progress, made by the real workflow: the current year's rosters (2026-2027
 * as of the demo's anchor day) declared as they stand, the next year with its fall and spring terms, and Football rolled over into it by the head coach, who has
 * marked the senior wide receiver as graduated. It waits on the coach to submit, so someone trying the demo can
 * act as the coach (coach@demo.edu: add a newcomer, submit) and then as the admin (admin@demo.edu: approve).
 * Runs once: a second start finds the roster and does nothing.
 */
/** The next year's fall and spring terms: the demo calendar a year on, or a plain one if the years disagree. */
function nextTerms(nextStart: number) {
  const next = demoNextAcademicYear();
  if (next.startYear === nextStart) return next.terms.filter((t) => t.term !== 'SUMMER');
  return [
    { term: 'FALL' as const, start: `${nextStart}-08-23`, end: `${nextStart}-12-15` },
    { term: 'SPRING' as const, start: `${nextStart + 1}-01-18`, end: `${nextStart + 1}-05-11` },
  ];
}

export async function loadDemoRosters(services: { db: Kysely<Database>; temporal: Client; taskQueue?: string }) {
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
  const current = await db
    .selectFrom('academic_years')
    .select(['id', 'start_year'])
    .where('school_id', '=', schoolId)
    .where('is_current', '=', true)
    .executeTakeFirst();
  if (!team || !current) return { loaded: false };
  const nextStart = current.start_year + 1;
  const existingNext = await db
    .selectFrom('academic_years')
    .select('id')
    .where('school_id', '=', schoolId)
    .where('start_year', '=', nextStart)
    .executeTakeFirst();
  if (existingNext && (await findRoster(db, schoolId, { teamId: team.id, academicYearId: existingNext.id }))) {
    return { loaded: false };
  }

  const nextYearId = await db.transaction().execute(async (trx) => {
    // This year's rosters, declared as the profiles stand (the migration did the same for existing schools).
    const teams = await trx
      .selectFrom('athlete_profiles')
      .where('school_id', '=', schoolId)
      .where('sport_team_id', 'is not', null)
      .select('sport_team_id')
      .distinct()
      .execute();
    if (teams.length) {
      await trx
        .insertInto('rosters')
        .values(
          teams.map((t) => ({
            school_id: schoolId,
            sport_team_id: t.sport_team_id!,
            academic_year_id: current.id,
            rollover_status: 'COMPLETED' as const,
            completed_at: new Date(),
          })),
        )
        .onConflict((oc) => oc.columns(['sport_team_id', 'academic_year_id']).doNothing())
        .execute();
    }
    const profiles = await trx
      .selectFrom('athlete_profiles as p')
      .innerJoin('rosters as r', (j) =>
        j.onRef('r.sport_team_id', '=', 'p.sport_team_id').on('r.academic_year_id', '=', current.id),
      )
      .where('p.school_id', '=', schoolId)
      .select(['r.id as rosterId', 'p.user_id', 'p.roster_status', 'p.athlete_status'])
      .execute();
    if (profiles.length) {
      await trx
        .insertInto('roster_entries')
        .values(
          profiles.map((p) => ({
            school_id: schoolId,
            roster_id: p.rosterId,
            athlete_user_id: p.user_id,
            roster_status: p.roster_status === 'UNOFFICIAL' ? ('UNOFFICIAL' as const) : ('OFFICIAL' as const),
            athlete_status: p.athlete_status ?? 'IN_PROGRAM',
          })),
        )
        .onConflict((oc) => oc.columns(['roster_id', 'athlete_user_id']).doNothing())
        .execute();
    }
    if (existingNext) return existingNext.id;
    const { id } = await trx
      .insertInto('academic_years')
      .values({ school_id: schoolId, start_year: nextStart, end_year: nextStart + 1, is_current: false })
      .returning('id')
      .executeTakeFirstOrThrow();
    await trx
      .insertInto('academic_terms')
      .values(
        nextTerms(nextStart).map((t) => ({
          school_id: schoolId,
          academic_year_id: id,
          term: t.term,
          start_date: t.start,
          end_date: t.end,
          vacations: JSON.stringify([]),
        })),
      )
      .execute();
    return id;
  });

  const coach = await db.selectFrom('users').select('id').where('email', '=', 'coach@demo.edu').executeTakeFirst();
  await db
    .insertInto('rosters')
    .values({
      school_id: schoolId,
      sport_team_id: team.id,
      academic_year_id: nextYearId,
      source_academic_year_id: current.id,
      started_by: coach?.id ?? null,
      workflow_id: `roster-rollover:${team.id}:${nextYearId}`,
    })
    .onConflict((oc) => oc.columns(['sport_team_id', 'academic_year_id']).doNothing())
    .execute();
  const roster = (await findRoster(db, schoolId, { teamId: team.id, academicYearId: nextYearId }))!;
  const handle = await ensureRosterWorkflow(
    { taskQueue: services.taskQueue ?? TASK_QUEUE, database: { db } },
    temporal,
    roster,
  );
  // The graduating senior: marked by the coach through the workflow, like any edit.
  const senior = await db
    .selectFrom('users')
    .select('id')
    .where('school_id', '=', schoolId)
    .where('email', '=', 'mthompson@students.demo.edu')
    .executeTakeFirst();
  if (coach && senior) {
    for (let i = 0; i < 100; i++) {
      const copied = await db
        .selectFrom('roster_entries')
        .select('id')
        .where('roster_id', '=', roster.id)
        .where('athlete_user_id', '=', senior.id)
        .executeTakeFirst();
      if (copied) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    await handle.executeUpdate(editRosterUpdate, {
      args: [
        {
          actor: { userId: coach.id, role: 'COACH' },
          edit: { op: 'setStatus', athleteUserIds: [senior.id], athleteStatus: 'GRADUATED' },
        },
      ],
    });
  }
  return { loaded: true };
}
