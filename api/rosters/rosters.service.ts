import type { Client } from '@temporalio/client';
import type { Kysely } from 'kysely';
import { AppError } from '../../domain/errors';
import { ROSTER_LIMITS, rosterWorkflowId, type RolloverStatus, type RosterActor } from '../../domain/rosters';
import type { Database } from '../../migrations/database';
import { rosterRolloverWorkflow } from '../../workflows/rosters/roster-rollover.workflow';
import { findSchoolSettings } from '../school/school.repository';
import { taskQueueOf, updateErrorMapper } from '../shared/workflow-client';
import type { AuthContext, ServerDeps } from '../types';
import { coachTeamIds } from '../staff/staff-teams.repository';
import { findRoster, listChangeRequests, listRosterEntries, type RosterRow } from './rosters.repository';
import type { RosterDetail } from './rosters.schemas';

/**
 * Who the caller is for this team's roster: a school admin approves, a coach of the team declares. Anyone else
 * (a coach of another team included) gets 404, so the roster's existence is not revealed.
 */
export async function rosterActor(db: Kysely<Database>, auth: AuthContext, teamId: string): Promise<RosterActor> {
  const team = await db
    .selectFrom('sport_teams')
    .select('id')
    .where('school_id', '=', auth.school.id)
    .where('id', '=', teamId)
    .executeTakeFirst();
  if (!team) throw new AppError('NOT_FOUND');
  if (auth.permissions.has('rosters:approve')) return { userId: auth.user.id, role: 'ADMIN' };
  if (
    auth.permissions.has('rosters:declare') &&
    (await coachTeamIds(db, auth.school.id, auth.user.id)).includes(teamId)
  ) {
    return { userId: auth.user.id, role: 'COACH' };
  }
  throw new AppError('NOT_FOUND');
}

export function yearLabel(y: { start_year: number; end_year: number }): string {
  return `${y.start_year}-${y.end_year}`;
}

export function reminderMsOf(settings: Record<string, unknown>): number {
  const hours = Number(settings.rosterReminderHours ?? ROSTER_LIMITS.defaultReminderHours);
  return (Number.isFinite(hours) && hours > 0 ? hours : ROSTER_LIMITS.defaultReminderHours) * 3_600_000;
}

/** Starts (or joins) the roster's process; its id is the business key, so a retried request never starts two. */
export async function ensureRosterWorkflow(
  deps: Pick<ServerDeps, 'taskQueue'> & { database: { db: Kysely<Database> } },
  temporal: Client,
  roster: RosterRow,
) {
  const settings = (await findSchoolSettings(deps.database.db, roster.school_id)) as Record<string, unknown>;
  return temporal.workflow.start(rosterRolloverWorkflow, {
    workflowId: rosterWorkflowId(roster.sport_team_id, roster.academic_year_id),
    taskQueue: taskQueueOf(deps),
    workflowIdConflictPolicy: 'USE_EXISTING',
    args: [
      {
        rosterId: roster.id,
        schoolId: roster.school_id,
        teamId: roster.sport_team_id,
        academicYearId: roster.academic_year_id,
        reminderMs: reminderMsOf(settings),
        status: roster.rollover_status as RolloverStatus,
      },
    ],
  });
}

const WORKFLOW_CODES = new Set<string>([
  'FORBIDDEN',
  'ALREADY_DECIDED',
  'VALIDATION_FAILED',
  'ROSTER_NOT_EDITABLE',
  'ROSTER_COMMENT_REQUIRED',
  'ROSTER_NO_PENDING_REQUESTS',
]);

/** An Update's validator names its reason as the failure type; it becomes the catalogue error of that code. */
export const toRosterError = updateErrorMapper(WORKFLOW_CODES, 'ROSTER_NOT_EDITABLE');

export async function rosterDetail(
  db: Kysely<Database>,
  auth: AuthContext,
  actor: RosterActor,
  teamId: string,
  academicYearId: string,
): Promise<RosterDetail> {
  const year = await db
    .selectFrom('academic_years')
    .selectAll()
    .where('school_id', '=', auth.school.id)
    .where('id', '=', academicYearId)
    .executeTakeFirst();
  if (!year) throw new AppError('NOT_FOUND');
  const team = await db
    .selectFrom('sport_teams')
    .select('name')
    .where('id', '=', teamId)
    .where('school_id', '=', auth.school.id)
    .executeTakeFirstOrThrow();
  const roster = await findRoster(db, auth.school.id, { teamId, academicYearId });
  const [entries, requests, source] = roster
    ? await Promise.all([
        listRosterEntries(db, auth.school.id, roster.id),
        listChangeRequests(db, auth.school.id, roster.id),
        roster.source_academic_year_id
          ? db
              .selectFrom('academic_years')
              .select(['start_year', 'end_year'])
              .where('id', '=', roster.source_academic_year_id)
              .executeTakeFirst()
          : Promise.resolve(undefined),
      ])
    : [[], [], undefined];
  const iso = (d: Date | null) => (d ? new Date(d).toISOString() : null);
  return {
    id: roster?.id ?? null,
    teamId,
    teamName: team.name,
    academicYearId,
    academicYearLabel: yearLabel(year),
    rolloverStatus: roster?.rollover_status ?? null,
    reviewComment: roster?.review_comment ?? null,
    workflowId: roster ? rosterWorkflowId(teamId, academicYearId) : null,
    sourceYearLabel: source ? yearLabel(source) : null,
    submittedAt: iso(roster?.submitted_at ?? null),
    completedAt: iso(roster?.completed_at ?? null),
    canDeclare: actor.role === 'COACH',
    canApprove: actor.role === 'ADMIN',
    entries: entries.map((e) => ({
      athleteUserId: e.athleteUserId,
      name: `${e.firstName} ${e.lastName}`,
      email: e.email,
      accountStatus: e.userStatus,
      rosterStatus: e.rosterStatus,
      athleteStatus: e.athleteStatus,
      isNew: e.isNew,
      addedAt: new Date(e.addedAt).toISOString(),
      addedByName: e.addedByName,
      classYear: e.classYear,
      position: e.position,
    })),
    changeRequests: requests.map((c) => ({
      id: c.id,
      kind: c.kind,
      athleteUserId: c.athleteUserId,
      athleteName: c.athleteName,
      athleteStatus: c.athleteStatus,
      rosterStatus: c.rosterStatus,
      status: c.status,
      requestedByName: c.requestedByName,
      requestedAt: new Date(c.requestedAt).toISOString(),
      comment: c.comment,
    })),
  };
}
