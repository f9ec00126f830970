import type { Client } from '@temporalio/client';
import type { Kysely } from 'kysely';
import { AppError } from '../../domain/errors';
import { ROSTER_LIMITS, rosterWorkflowId, type RolloverStatus, type RosterActor } from '../../domain/rosters';
import type { Database } from '../../migrations/database';
import { rosterRolloverWorkflow } from '../../workflows/rosters/roster-rollover.workflow';
import { findSchoolSettings } from '../school/school.repository';
import { auditBy, type Actor, type CoreDeps } from '../shared/use-case';
import { requireTemporal, taskQueueOf, updateErrorMapper } from '../shared/workflow-client';
import type { AuthContext, ServerDeps } from '../types';
import { coachTeamIds } from '../staff/staff-teams.repository';
import {
  ensureRosterRow,
  findRoster,
  findSourceRoster,
  listChangeRequests,
  listRosterEntries,
  yearHasTerms,
  type RosterRow,
} from './rosters.repository';
import type { RosterDetail } from './rosters.schemas';

/** Who reads or changes a roster: a use case's actor, or (for handlers not yet moved to one) a request's sign-in. */
export type RosterPerson = Pick<Actor, 'schoolId' | 'userId' | 'permissions'> | AuthContext;

function personOf(who: RosterPerson): Pick<Actor, 'schoolId' | 'userId' | 'permissions'> {
  return 'school' in who ? { schoolId: who.school.id, userId: who.user.id, permissions: who.permissions } : who;
}

/**
 * Who the caller is for this team's roster: a school admin approves, a coach of the team declares. Anyone else
 * (a coach of another team included) gets 404, so the roster's existence is not revealed.
 */
export async function rosterActor(db: Kysely<Database>, who: RosterPerson, teamId: string): Promise<RosterActor> {
  const person = personOf(who);
  const team = await db
    .selectFrom('sport_teams')
    .select('id')
    .where('school_id', '=', person.schoolId)
    .where('id', '=', teamId)
    .executeTakeFirst();
  if (!team) throw new AppError('NOT_FOUND');
  if (person.permissions.has('rosters:approve')) return { userId: person.userId, role: 'ADMIN' };
  if (
    person.permissions.has('rosters:declare') &&
    (await coachTeamIds(db, person.schoolId, person.userId)).includes(teamId)
  ) {
    return { userId: person.userId, role: 'COACH' };
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
  who: RosterPerson,
  actor: RosterActor,
  teamId: string,
  academicYearId: string,
): Promise<RosterDetail> {
  const schoolId = personOf(who).schoolId;
  const year = await db
    .selectFrom('academic_years')
    .selectAll()
    .where('school_id', '=', schoolId)
    .where('id', '=', academicYearId)
    .executeTakeFirst();
  if (!year) throw new AppError('NOT_FOUND');
  const team = await db
    .selectFrom('sport_teams')
    .select('name')
    .where('id', '=', teamId)
    .where('school_id', '=', schoolId)
    .executeTakeFirstOrThrow();
  const roster = await findRoster(db, schoolId, { teamId, academicYearId });
  const [entries, requests, source] = roster
    ? await Promise.all([
        listRosterEntries(db, schoolId, roster.id),
        listChangeRequests(db, schoolId, roster.id),
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

/**
 * Starts the rollover of a team into an academic year (a coach of the team or an admin), or joins the one already
 * started: the roster row is declared first, then its process is started under the business key, so a retry of a
 * request that died between the two starts it. Refused with ACADEMIC_TERM_NOT_CONFIGURED when the year has no terms.
 */
export async function startRosterRollover(
  deps: CoreDeps,
  actor: Actor,
  teamId: string,
  academicYearId: string,
): Promise<RosterDetail> {
  const { db } = deps;
  const rosterRole = await rosterActor(db, actor, teamId);
  const terms = await yearHasTerms(db, actor.schoolId, academicYearId);
  if (terms === null) throw new AppError('NOT_FOUND');
  if (!terms) throw new AppError('ACADEMIC_TERM_NOT_CONFIGURED');
  const temporal = requireTemporal(deps);
  const source = await findSourceRoster(db, actor.schoolId, teamId, academicYearId);
  await ensureRosterRow(db, actor.schoolId, {
    teamId,
    academicYearId,
    sourceAcademicYearId: source?.academicYearId ?? null,
    startedBy: actor.userId,
    workflowId: rosterWorkflowId(teamId, academicYearId),
  });
  const roster = (await findRoster(db, actor.schoolId, { teamId, academicYearId }))!;
  try {
    await ensureRosterWorkflow(
      { database: { db }, ...(deps.taskQueue ? { taskQueue: deps.taskQueue } : {}) },
      temporal,
      roster,
    );
  } catch (err) {
    deps.log?.error({ err }, 'roster workflow could not start');
    throw new AppError('WORKFLOW_UNAVAILABLE');
  }
  await auditBy(db, actor, {
    action: 'roster.rolloverStarted',
    targetType: 'roster',
    targetId: roster.id,
    details: { teamId, academicYearId },
  });
  return rosterDetail(db, actor, rosterRole, teamId, academicYearId);
}
