import type { Client, WorkflowHandle } from '@temporalio/client';
import type { Kysely } from 'kysely';
import {
  BYLAW17_RULES,
  CARA_AWAITING_COACH,
  CARA_IN_REVIEW,
  CARA_LOG_STATUSES,
  caraDueState,
  caraLogWorkflowId,
  caraPeriodOf,
  type CaraActor,
  type CaraFrequency,
  type CaraLogInput,
  type CaraLogStatus,
} from '../../domain/bylaw17';
import { AppError, ERRORS, type ErrorCode } from '../../domain/errors';
import type { Database } from '../../migrations/database';
import {
  CARA_LOG_UPDATES,
  CARA_LOG_WORKFLOW_TYPE,
  type CaraLogUpdateArgs,
  type CaraLogWorkflowState,
} from '../../domain/cara-logs';
import { assertTeamWritable, calendarTeamScope, type CalendarPerson } from '../calendar/calendar-access';
import { auditBy, type Actor, type CoreDeps } from '../shared/use-case';
import { requireTemporal, taskQueueOf, updateErrorMapper } from '../shared/workflow-client';
import type { ServerDeps } from '../types';
import { renderCaraLogPdf } from './cara-pdf';
import type { CaraSnapshot } from './cara.snapshot';
import { dismissalsOf, toViolationDtos } from './cara.service';
import type { Static } from 'typebox';
import type { GenerateBody, LogDetail, LogSummary } from './cara.schemas';

type Db = Kysely<Database>;
const DAY = 86_400_000;

/** Who reads or acts on CARA logs: a use case's actor, or (for handlers not yet moved to one) a request's sign-in. */
type CaraPerson = CalendarPerson;

function personOf(who: CaraPerson): Pick<Actor, 'schoolId' | 'userId' | 'permissions'> {
  return 'school' in who ? { schoolId: who.school.id, userId: who.user.id, permissions: who.permissions } : who;
}

/** The log's instants from the team's settings: due `dueDays` after the period's last day, reminder before it. */
export function caraLogTiming(
  period: { start: string; end: string },
  settings: { due_days: number; reminder_days: number; survey_enabled: boolean; survey_expiry_days: number },
): Pick<CaraLogInput, 'generateAt' | 'dueAt' | 'remindAt' | 'surveyExpiresAt'> {
  const end = Date.parse(`${period.end}T23:59:59Z`) + 1000;
  const due = end + settings.due_days * DAY - 1000;
  return {
    generateAt: new Date(end).toISOString(),
    dueAt: new Date(due).toISOString(),
    remindAt: settings.reminder_days > 0 ? new Date(due - settings.reminder_days * DAY).toISOString() : null,
    surveyExpiresAt: settings.survey_enabled ? new Date(end + settings.survey_expiry_days * DAY).toISOString() : null,
  };
}

/**
 * Starts (or joins) the log process of a team for the period holding `date`; the id is the business key, so a
 * retried request never starts two. `timing` overrides the instants (tests and the demo use short ones).
 */
export async function ensureCaraLogWorkflow(
  deps: Pick<ServerDeps, 'taskQueue'> & { database: { db: Db } },
  temporal: Client,
  schoolId: string,
  teamId: string,
  date: string,
  timing?: Partial<Pick<CaraLogInput, 'generateAt' | 'dueAt' | 'remindAt' | 'surveyExpiresAt'>>,
): Promise<{ workflowId: string; periodStart: string; periodEnd: string }> {
  const db = deps.database.db;
  const settings = await db
    .selectFrom('cara_settings')
    .selectAll()
    .where('school_id', '=', schoolId)
    .where('sport_team_id', '=', teamId)
    .executeTakeFirst();
  if (!settings?.logging_enabled) throw new AppError('CARA_SETTINGS_REQUIRED');
  const segment = await db
    .selectFrom('sport_segments')
    .select(['start_date', 'start_day_of_week'])
    .where('school_id', '=', schoolId)
    .where('sport_team_id', '=', teamId)
    .where('start_date', '<=', date)
    .where('end_date', '>=', date)
    .executeTakeFirst();
  if (!segment) throw new AppError('CARA_SEGMENT_NOT_CONFIGURED');
  const period = caraPeriodOf(date, settings.frequency as CaraFrequency, {
    startDate: segment.start_date,
    startDayOfWeek: segment.start_day_of_week,
  });
  const workflowId = caraLogWorkflowId(teamId, period.start);
  // Started by its type name: the API does not import the workflow file (the input is CaraLogInput).
  const input: CaraLogInput = {
    schoolId,
    teamId,
    periodStart: period.start,
    periodEnd: period.end,
    ...caraLogTiming(period, settings),
    ...timing,
  };
  await temporal.workflow.start(CARA_LOG_WORKFLOW_TYPE, {
    workflowId,
    taskQueue: taskQueueOf(deps),
    workflowIdConflictPolicy: 'USE_EXISTING',
    args: [input],
  });
  return { workflowId, periodStart: period.start, periodEnd: period.end };
}

/** Sends one person's step to a log's process as its Update (by name: see domain/cara-logs.ts). */
export function sendCaraLogUpdate<K extends keyof CaraLogUpdateArgs>(
  handle: WorkflowHandle,
  update: K,
  args: CaraLogUpdateArgs[K],
): Promise<CaraLogWorkflowState> {
  return handle.executeUpdate<CaraLogWorkflowState, [CaraLogUpdateArgs[K]]>(CARA_LOG_UPDATES[update], {
    args: [args],
  });
}

const WORKFLOW_CODES = new Set<string>([
  'FORBIDDEN',
  'ALREADY_DECIDED',
  'VALIDATION_FAILED',
  'CARA_LOG_LOCKED',
  'CARA_LOG_WRONG_STATE',
  'CARA_NOT_SUBMITTER',
  'CARA_NOT_REVIEWER',
  'CARA_REJECT_NOTES_REQUIRED',
  'CARA_DISPUTE_REASON_REQUIRED',
  'CARA_SURVEY_EXPIRED',
]);

/** An Update's validator names its reason as the failure type; it becomes the catalogue error of that code. */
export const toCaraError = updateErrorMapper(WORKFLOW_CODES, 'CARA_LOG_WRONG_STATE');

export interface LogRow {
  id: string;
  school_id: string;
  sport_team_id: string;
  team_name: string;
  academic_year_id: string | null;
  period_start: string;
  period_end: string;
  due_at: Date;
  survey_expires_at: Date | null;
  status: CaraLogStatus;
  workflow_id: string;
  snapshot: unknown;
  coach_notes: string | null;
  review_notes: string | null;
}

function logQuery(db: Db, schoolId: string) {
  return db
    .selectFrom('cara_logs as l')
    .innerJoin('sport_teams as t', 't.id', 'l.sport_team_id')
    .select([
      'l.id',
      'l.school_id',
      'l.sport_team_id',
      't.name as team_name',
      'l.academic_year_id',
      'l.period_start',
      'l.period_end',
      'l.due_at',
      'l.survey_expires_at',
      'l.status',
      'l.workflow_id',
      'l.snapshot',
      'l.coach_notes',
      'l.review_notes',
    ])
    .where('l.school_id', '=', schoolId);
}

/** Who the caller is for a team's logs: reviewer, submitter, admin, athlete of the team, viewer; null: not allowed. */
export async function caraRoles(db: Db, who: CaraPerson, teamId: string) {
  const person = personOf(who);
  const settings = await db
    .selectFrom('cara_settings')
    .select(['submitter_ids', 'reviewer_ids', 'viewer_ids'])
    .where('school_id', '=', person.schoolId)
    .where('sport_team_id', '=', teamId)
    .executeTakeFirst();
  const scope = await calendarTeamScope(db, who);
  const inTeam = scope === null || scope.includes(teamId);
  const admin = person.permissions.has('cara:review');
  const submitter = person.permissions.has('cara:submit') && !!settings?.submitter_ids.includes(person.userId);
  const reviewer = admin && (!!settings?.reviewer_ids.includes(person.userId) || !settings?.reviewer_ids.length);
  const viewer = !!settings?.viewer_ids.includes(person.userId);
  const athlete = person.permissions.has('cara:survey') && inTeam && !person.permissions.has('cara:submit') && !admin;
  const canRead = admin || submitter || viewer || (person.permissions.has('cara:read') && inTeam) || athlete;
  // Dismissing a violation is a calendar writer's act on a team of theirs (POST /cara/teams/:teamId/dismissals).
  const canDismiss = person.permissions.has('calendar:write') && inTeam;
  return { admin, submitter, reviewer, viewer, athlete, canRead, canDismiss };
}

export async function listLogs(
  db: Db,
  who: CaraPerson,
  query: { teamId?: string; academicYearId?: string; status?: string },
  now: Date,
): Promise<LogSummary[]> {
  const person = personOf(who);
  const scope = await calendarTeamScope(db, who);
  if (scope !== null && scope.length === 0) return [];
  let q = logQuery(db, person.schoolId);
  if (scope) q = q.where('l.sport_team_id', 'in', scope);
  if (query.teamId) q = q.where('l.sport_team_id', '=', query.teamId);
  if (query.academicYearId) q = q.where('l.academic_year_id', '=', query.academicYearId);
  if (query.status && CARA_LOG_STATUSES.includes(query.status as CaraLogStatus))
    q = q.where('l.status', '=', query.status as CaraLogStatus);
  const rows = await q.orderBy('l.period_start', 'desc').limit(500).execute();
  return rows.map((r) => toSummary(r as LogRow, now));
}

export function toSummary(r: LogRow, now: Date): LogSummary {
  const snap = r.snapshot as Partial<CaraSnapshot>;
  return {
    id: r.id,
    teamId: r.sport_team_id,
    teamName: r.team_name,
    academicYearId: r.academic_year_id,
    periodStart: r.period_start,
    periodEnd: r.period_end,
    dueAt: r.due_at.toISOString(),
    status: r.status,
    due: caraDueState(r.status, r.due_at, now),
    violations: snap.violations?.length ?? 0,
    totalHours: snap.totalHours ?? 0,
    workflowId: r.workflow_id,
  };
}

export async function findLog(db: Db, who: CaraPerson, id: string): Promise<LogRow> {
  const person = personOf(who);
  const row = await logQuery(db, person.schoolId).where('l.id', '=', id).executeTakeFirst();
  if (!row) throw new AppError('NOT_FOUND');
  const roles = await caraRoles(db, who, row.sport_team_id);
  if (!roles.canRead) throw new AppError('NOT_FOUND');
  return row as LogRow;
}

export async function actorFor(db: Db, who: CaraPerson, row: LogRow, want: CaraActor['role']): Promise<CaraActor> {
  const person = personOf(who);
  const roles = await caraRoles(db, who, row.sport_team_id);
  const has =
    want === 'SUBMITTER'
      ? roles.submitter
      : want === 'REVIEWER'
        ? roles.reviewer
        : want === 'ADMIN'
          ? roles.admin
          : roles.athlete;
  if (!has)
    throw new AppError(
      want === 'SUBMITTER' ? 'CARA_NOT_SUBMITTER' : want === 'REVIEWER' ? 'CARA_NOT_REVIEWER' : 'FORBIDDEN',
    );
  return { userId: person.userId, role: want };
}

export async function logDetail(db: Db, who: CaraPerson, id: string, now: Date): Promise<LogDetail> {
  const person = personOf(who);
  const row = await findLog(db, who, id);
  const roles = await caraRoles(db, who, row.sport_team_id);
  const snap = row.snapshot as Partial<CaraSnapshot>;
  const names = new Map(Object.entries(snap.athleteNames ?? {}));
  const [answers, history, dismissals] = await Promise.all([
    db
      .selectFrom('cara_survey_answers')
      .selectAll()
      .where('cara_log_id', '=', id)
      .$if(roles.athlete, (q) => q.where('athlete_id', '=', person.userId))
      .orderBy('answered_at')
      .execute(),
    db
      .selectFrom('cara_log_events as e')
      .leftJoin('users as u', 'u.id', 'e.actor_id')
      .select(['e.action', 'e.notes', 'e.created_at', 'u.first_name', 'u.last_name'])
      .where('e.cara_log_id', '=', id)
      .orderBy('e.created_at')
      .execute(),
    dismissalsOf(db, person.schoolId, row.sport_team_id),
  ]);
  const weeks = snap.weeks ?? [];
  const surveyOpen = !!row.survey_expires_at && row.survey_expires_at > now && row.status !== 'NOT_STARTED';
  const onlyMine = roles.athlete ? (a: string) => a === person.userId : () => true;
  return {
    ...toSummary(row, now),
    coachNotes: row.coach_notes,
    reviewNotes: row.review_notes,
    surveyExpiresAt: row.survey_expires_at?.toISOString() ?? null,
    surveyOpen,
    canSubmit: roles.submitter && CARA_AWAITING_COACH.includes(row.status) && row.status !== 'NOT_STARTED',
    canReview: roles.reviewer && CARA_IN_REVIEW.includes(row.status),
    canReopen: roles.admin && row.status === 'APPROVED',
    canAnswerSurvey: roles.athlete && surveyOpen,
    canDismiss: roles.canDismiss,
    engineError:
      snap.error && snap.error in ERRORS
        ? { code: snap.error, message: ERRORS[snap.error as ErrorCode].message }
        : null,
    events: (snap.events ?? []).filter((e) => !roles.athlete || e.athleteIds.includes(person.userId)),
    athletes: [...names.keys()].filter(onlyMine).map((athleteId) => ({
      athleteId,
      name: names.get(athleteId) ?? 'Former athlete',
      weeks: weeks.map((w) => {
        const a = w.athletes.find((x) => x.athleteId === athleteId);
        return {
          weekStart: w.weekStart,
          hours: a?.hours ?? 0,
          weeklyLimit: w.limits.weeklyHours,
          skillHours: a?.skillHours ?? 0,
          daysOff: a?.daysOff ?? w.days,
          daysOffRequired: w.limits.daysOff,
          maxDayHours: Math.max(0, ...(a?.dayHours ?? [0])),
          dailyLimit: w.limits.dailyHours,
        };
      }),
    })),
    violationList: toViolationDtos(
      (snap.violations ?? []).filter((v) => onlyMine(v.athleteId) && v.ruleId in BYLAW17_RULES),
      names,
      dismissals,
    ),
    survey: answers.map((a) => ({
      athleteId: a.athlete_id,
      athleteName: names.get(a.athlete_id) ?? 'Former athlete',
      eventKey: a.event_key,
      answer: a.answer,
      reason: a.reason,
      answeredAt: a.answered_at.toISOString(),
    })),
    history: history.map((h) => ({
      action: h.action,
      actorName: h.first_name ? `${h.first_name} ${h.last_name}`.trim() : null,
      notes: h.notes,
      at: h.created_at.toISOString(),
    })),
  };
}

/**
 * Starts (or joins) the log process of a team for the period holding `periodStart` (an admin, or a submitter on a
 * team of theirs), and records the start.
 */
export async function startCaraLog(
  deps: CoreDeps,
  actor: Actor,
  body: Static<typeof GenerateBody>,
): Promise<{ workflowId: string; periodStart: string; periodEnd: string }> {
  await assertTeamWritable(deps.db, actor, body.teamId);
  const temporal = requireTemporal(deps);
  const started = await ensureCaraLogWorkflow(
    { database: { db: deps.db }, ...(deps.taskQueue ? { taskQueue: deps.taskQueue } : {}) },
    temporal,
    actor.schoolId,
    body.teamId,
    body.periodStart,
  );
  await auditBy(deps.db, actor, {
    action: 'cara-log.started',
    targetType: 'sport_team',
    targetId: body.teamId,
    details: started,
  });
  return started;
}

/** An approved log as its PDF (whoever may read the log); the export is recorded. CARA_LOG_WRONG_STATE otherwise. */
export async function exportCaraLogPdf(
  deps: CoreDeps,
  actor: Actor,
  id: string,
): Promise<{ filename: string; pdf: Uint8Array }> {
  const now = deps.now();
  const detail = await logDetail(deps.db, actor, id, now);
  if (detail.status !== 'APPROVED') throw new AppError('CARA_LOG_WRONG_STATE');
  const pdf = await renderCaraLogPdf(detail, now);
  await auditBy(deps.db, actor, { action: 'cara-log.exported', targetType: 'cara_log', targetId: detail.id });
  return { filename: `cara-log-${detail.periodStart}.pdf`, pdf };
}
