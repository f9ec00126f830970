import type { Kysely } from 'kysely';
import {
  CARA_ERROR_REASONS,
  CARA_LIMITS,
  checkCaraSettings,
  countabilityOf,
  createBylaw17Checker,
  dayNumber,
  type Bylaw17Activity,
  type Bylaw17Violation,
  type CaraErrorReason,
} from '../../domain/bylaw17';
import {
  buildRRule,
  checkEvent,
  expandOccurrences,
  instantToLocal,
  localToInstant,
} from '../../domain/calendar-events';
import { countWords } from '../../domain/text';
import { AppError, ERRORS, type ErrorCode } from '../../domain/errors';
import type { Database } from '../../migrations/database';
import { assertTeamWritable, calendarTeamScope } from '../calendar/calendar-access';
import { auditBy, type Actor, type CoreDeps } from '../shared/use-case';
import { academicYearOn, activityId, loadTeamSchedule, toActivityAthletes } from './cara.schedule';
import type {
  CheckBody,
  CheckResult,
  DashboardDto,
  DismissBody,
  SettingsBody,
  SettingsDto,
  Violation,
} from './cara.schemas';

type Db = Kysely<Database>;

/** Who reads a team's CARA data: the school, the person and what they may do. */
type Viewer = Pick<Actor, 'schoolId' | 'userId' | 'permissions'>;

/** Fields without which a proposal cannot be placed in time (other problems are the form's, shown on save). */
const TIMING_FIELDS = new Set(['timeZone', 'startDate', 'endDate', 'endTime', 'repeatUntil', 'weekdays']);

const errorOf = (code: ErrorCode) => ({ code, message: ERRORS[code].message });

export async function dismissalsOf(
  db: Db,
  schoolId: string,
  teamId: string,
): Promise<Map<string, { reason: CaraErrorReason; note: string; dismissedAt: string }>> {
  const rows = await db
    .selectFrom('cara_violation_dismissals')
    .select(['violation_key', 'reason', 'note', 'created_at'])
    .where('school_id', '=', schoolId)
    .where('sport_team_id', '=', teamId)
    .execute();
  return new Map(
    rows.map((r) => [r.violation_key, { reason: r.reason, note: r.note, dismissedAt: r.created_at.toISOString() }]),
  );
}

export function toViolationDtos(
  violations: readonly Bylaw17Violation[],
  names: Map<string, string>,
  dismissals: Map<string, { reason: CaraErrorReason; note: string; dismissedAt: string }>,
  isNew: (key: string) => boolean = () => false,
): Violation[] {
  return violations.map((v) => ({
    ...v,
    athleteName: names.get(v.athleteId) ?? 'Former athlete',
    isNew: isNew(v.key),
    dismissal: dismissals.get(v.key) ?? null,
  }));
}

/**
 * Checks a proposed event (new, or replacing an event or one occurrence) against the team's schedule for the
 * academic year it falls in, and returns the violations of the weeks it touches for the athletes it concerns, each
 * marked new when the proposal causes it. The engine keeps the rest of the season as it was (incremental check).
 */
export async function checkProposedEvent(deps: CoreDeps, actor: Actor, body: CheckBody): Promise<CheckResult> {
  const { db } = deps;
  const event = body.event;
  const empty: CheckResult = { status: 'NOT_COUNTABLE', error: null, blocking: [], violations: [], weeks: [] };
  await assertTeamWritable(db, actor, event.sportTeamId);
  if (countabilityOf(event.category, event.caraCategory) === 'NOT_COUNTABLE') return empty;
  const blocking = event.attendeeTeamIds.length > 1 ? [errorOf('CARA_MULTIPLE_TEAMS')] : [];
  // The form's own checks run on save; here a proposal that cannot be placed in time has nothing to check.
  if (checkEvent(event).some((d) => TIMING_FIELDS.has(d.field ?? ''))) return { ...empty, status: 'OK', blocking };
  const year = await academicYearOn(db, actor.schoolId, event.startDate);
  if (!year) return { ...empty, status: 'NOT_APPLICABLE', error: errorOf('NO_ACADEMIC_YEAR'), blocking };
  const schedule = await loadTeamSchedule(db, actor.schoolId, event.sportTeamId, year.id);
  if (!schedule) return { ...empty, status: 'NOT_APPLICABLE', error: errorOf('NO_ACADEMIC_YEAR'), blocking };
  if (schedule.input.segments.length === 0)
    return { ...empty, status: 'NOT_APPLICABLE', error: errorOf('CARA_SEGMENT_NOT_CONFIGURED'), blocking };

  const checker = createBylaw17Checker(schedule.input);
  const before = checker.result();
  if (!before.ok) return { ...empty, status: 'NOT_APPLICABLE', error: errorOf(before.error), blocking };
  const beforeKeys = new Set(before.violations.map((v) => v.key));

  // The proposal's occurrences, as the engine sees them.
  const startsAt = localToInstant(event.startDate, event.startTime, event.timeZone);
  const endsAt = localToInstant(event.endDate, event.endTime, event.timeZone);
  const rrule = buildRRule({
    repeat: event.repeat,
    startDate: event.startDate,
    weekdays: event.weekdays ?? [],
    repeatUntil: event.repeatUntil ?? null,
  });
  const teamAthletes = schedule.input.athleteIds;
  const athletes = toActivityAthletes(
    {
      sport_team_id: event.sportTeamId,
      attendee_team_ids: event.attendeeTeamIds,
      attendee_user_ids: event.attendeeUserIds,
    },
    event.sportTeamId,
    teamAthletes,
  );
  const yearTo = new Date(dayNumber(schedule.yearSpan.endDate) * 86_400_000 + 2 * 86_400_000);
  const proposed: Bylaw17Activity[] = expandOccurrences(
    { startsAt, endsAt, timeZone: event.timeZone, rrule },
    new Date(dayNumber(schedule.yearSpan.startDate) * 86_400_000),
    yearTo,
  )
    .slice(0, 400)
    .map((o, i) => {
      const s = instantToLocal(o.start, event.timeZone);
      const e = instantToLocal(o.end, event.timeZone);
      return {
        id: `proposed-${i}`,
        start: `${s.date}T${s.time}`,
        end: `${e.date}T${e.time}`,
        category: event.category,
        caraCategory: event.caraCategory ?? null,
        athleteIds: athletes,
      };
    });
  const removed: string[] = [];
  if (body.replacesEventId) {
    for (const [id, info] of schedule.activities) {
      if (info.eventId !== body.replacesEventId) continue;
      if (
        body.occurrenceStart &&
        id !== body.replacesEventId &&
        id !== activityId(body.replacesEventId, new Date(body.occurrenceStart), true)
      )
        continue;
      removed.push(id);
    }
  }
  const after = checker.change({ remove: removed, upsert: proposed });
  if (!after.ok) return { ...empty, status: 'NOT_APPLICABLE', error: errorOf(after.error), blocking };

  const touchedDays = new Set(proposed.map((p) => p.start.slice(0, 10)));
  const touchedWeeks = after.weeks.filter((w) => [...touchedDays].some((d) => w.weekStart <= d && d <= w.weekEnd));
  const concerned = new Set(athletes);
  // The touched weeks' violations, and those of touched days outside every segment (their own one-day "week").
  const violations = after.violations
    .filter((v) => [...touchedDays].some((d) => v.weekStart <= d && d <= v.weekEnd))
    .filter((v) => concerned.has(v.athleteId))
    .map((v) => ({ ...v, eventIds: v.eventIds.map((id) => (id.startsWith('proposed-') ? 'proposed' : id)) }));
  const dismissals = await dismissalsOf(db, actor.schoolId, event.sportTeamId);
  return {
    status: 'OK',
    error: null,
    blocking,
    violations: toViolationDtos(violations, schedule.athleteNames, dismissals, (k) => !beforeKeys.has(k)).slice(0, 200),
    weeks: touchedWeeks.slice(0, 60).map((w) => ({
      weekStart: w.weekStart,
      weekEnd: w.weekEnd,
      weeklyLimit: w.limits.weeklyHours,
      maxHours: Math.max(0, ...w.athletes.filter((a) => concerned.has(a.athleteId)).map((a) => a.hours)),
      exempt: w.exempt,
    })),
  };
}

/** Dismisses one violation of a team with an error reason and a note; audited. A second dismissal replaces the first. */
export async function dismissViolation(deps: CoreDeps, actor: Actor, teamId: string, body: DismissBody): Promise<void> {
  const { db } = deps;
  await assertTeamWritable(db, actor, teamId);
  const note = body.note.trim();
  if (!CARA_ERROR_REASONS.includes(body.reason as CaraErrorReason) || !note)
    throw new AppError('CARA_DISMISS_REASON_REQUIRED', [
      ...(!CARA_ERROR_REASONS.includes(body.reason as CaraErrorReason)
        ? [{ field: 'reason', message: ERRORS.CARA_DISMISS_REASON_REQUIRED.message }]
        : []),
      ...(!note ? [{ field: 'note', message: ERRORS.CARA_DISMISS_REASON_REQUIRED.message }] : []),
    ]);
  if (countWords(note) > CARA_LIMITS.noteWords)
    throw new AppError('VALIDATION_FAILED', [{ field: 'note', message: 'The note can have at most 200 words.' }]);
  if (!/^[A-Z_0-9]+:[^:]+:\d{4}-\d{2}-\d{2}$/.test(body.violationKey))
    throw new AppError('VALIDATION_FAILED', [{ field: 'violationKey', message: 'Unknown violation.' }]);
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('cara_violation_dismissals')
      .values({
        school_id: actor.schoolId,
        sport_team_id: teamId,
        violation_key: body.violationKey,
        reason: body.reason as CaraErrorReason,
        note,
        dismissed_by: actor.userId,
      })
      .onConflict((oc) =>
        oc.columns(['school_id', 'sport_team_id', 'violation_key']).doUpdateSet({
          reason: body.reason as CaraErrorReason,
          note,
          dismissed_by: actor.userId,
          created_at: new Date(),
        }),
      )
      .execute();
    await auditBy(trx, actor, {
      action: 'cara-violation.dismissed',
      targetType: 'sport_team',
      targetId: teamId,
      details: { violationKey: body.violationKey, reason: body.reason, note },
    });
  });
}

export async function listDismissals(db: Db, actor: Viewer, teamId: string) {
  await assertTeamReadable(db, actor, teamId);
  const rows = await db
    .selectFrom('cara_violation_dismissals as d')
    .leftJoin('users as u', 'u.id', 'd.dismissed_by')
    .select(['d.violation_key', 'd.reason', 'd.note', 'd.created_at', 'u.first_name', 'u.last_name'])
    .where('d.school_id', '=', actor.schoolId)
    .where('d.sport_team_id', '=', teamId)
    .orderBy('d.created_at', 'desc')
    .execute();
  return rows.map((r) => ({
    violationKey: r.violation_key,
    reason: r.reason,
    note: r.note,
    dismissedAt: r.created_at.toISOString(),
    dismissedByName: r.first_name ? `${r.first_name} ${r.last_name}`.trim() : null,
  }));
}

/** Admins read every team of the school; coaches and athletes their own; others get 404. */
export async function assertTeamReadable(db: Db, actor: Viewer, teamId: string): Promise<string> {
  const team = await db
    .selectFrom('sport_teams')
    .select(['id', 'name'])
    .where('school_id', '=', actor.schoolId)
    .where('id', '=', teamId)
    .executeTakeFirst();
  if (!team) throw new AppError('NOT_FOUND');
  const scope = await calendarTeamScope(db, actor);
  if (scope !== null && !scope.includes(teamId)) throw new AppError('NOT_FOUND');
  return team.name;
}

// ---- Settings --------------------------------------------------------------------------------------------------

async function teamStaff(db: Db, schoolId: string, teamId: string) {
  const [coaches, admins] = await Promise.all([
    db
      .selectFrom('staff_teams as p')
      .innerJoin('users as u', (j) => j.onRef('u.id', '=', 'p.user_id').onRef('u.school_id', '=', 'p.school_id'))
      .select(['u.id', 'u.first_name', 'u.last_name'])
      .where('p.school_id', '=', schoolId)
      .where('p.sport_team_id', '=', teamId)
      .execute(),
    db
      .selectFrom('user_roles as r')
      .innerJoin('users as u', 'u.id', 'r.user_id')
      .select(['u.id', 'u.first_name', 'u.last_name'])
      .where('r.school_id', '=', schoolId)
      .where('r.role', '=', 'SCHOOL_ADMIN')
      .where('u.school_id', '=', schoolId)
      .execute(),
  ]);
  const seen = new Map<string, string>();
  for (const r of [...coaches, ...admins]) seen.set(r.id, `${r.first_name} ${r.last_name}`.trim());
  return [...seen].map(([id, name]) => ({ id, name })).sort((a, b) => a.name.localeCompare(b.name));
}

export async function getSettings(db: Db, actor: Viewer, teamId: string): Promise<SettingsDto> {
  const teamName = await assertTeamReadable(db, actor, teamId);
  const [row, staff, segment] = await Promise.all([
    db
      .selectFrom('cara_settings')
      .selectAll()
      .where('school_id', '=', actor.schoolId)
      .where('sport_team_id', '=', teamId)
      .executeTakeFirst(),
    teamStaff(db, actor.schoolId, teamId),
    db
      .selectFrom('sport_segments')
      .select('id')
      .where('school_id', '=', actor.schoolId)
      .where('sport_team_id', '=', teamId)
      .executeTakeFirst(),
  ]);
  return {
    teamId,
    teamName,
    loggingEnabled: row?.logging_enabled ?? false,
    frequency: row?.frequency ?? 'WEEKLY',
    dueDays: row?.due_days ?? 3,
    reminderDays: row?.reminder_days ?? 1,
    submitterIds: row?.submitter_ids ?? [],
    viewerIds: row?.viewer_ids ?? [],
    reviewerIds: row?.reviewer_ids ?? [],
    surveyEnabled: row?.survey_enabled ?? true,
    surveyExpiryDays: row?.survey_expiry_days ?? 7,
    segmentsConfigured: !!segment,
    staff,
    updatedAt: row?.updated_at.toISOString() ?? null,
  };
}

export async function saveSettings(
  deps: CoreDeps,
  actor: Actor,
  teamId: string,
  body: SettingsBody,
): Promise<SettingsDto> {
  const { db } = deps;
  await assertTeamWritable(db, actor, teamId);
  const details = checkCaraSettings(body);
  if (details.length) throw new AppError(details[0]!.code as ErrorCode, details);
  const staff = new Set((await teamStaff(db, actor.schoolId, teamId)).map((s) => s.id));
  const people = [...body.submitterIds, ...body.viewerIds, ...body.reviewerIds];
  if (people.some((id) => !staff.has(id)))
    throw new AppError('VALIDATION_FAILED', [
      {
        field: 'submitterIds',
        message: 'Submitters, viewers and reviewers must be staff of this team or school admins.',
      },
    ]);
  if (body.loggingEnabled) {
    const segment = await db
      .selectFrom('sport_segments')
      .select('id')
      .where('school_id', '=', actor.schoolId)
      .where('sport_team_id', '=', teamId)
      .executeTakeFirst();
    if (!segment) throw new AppError('CARA_SEGMENT_NOT_CONFIGURED');
  }
  const values = {
    logging_enabled: body.loggingEnabled,
    frequency: body.frequency ?? 'WEEKLY',
    due_days: body.dueDays ?? 3,
    reminder_days: body.reminderDays ?? 1,
    submitter_ids: [...new Set(body.submitterIds)],
    viewer_ids: [...new Set(body.viewerIds)],
    reviewer_ids: [...new Set(body.reviewerIds)],
    survey_enabled: body.surveyEnabled,
    survey_expiry_days: body.surveyExpiryDays ?? 7,
    updated_by: actor.userId,
    updated_at: new Date(),
  };
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('cara_settings')
      .values({ ...values, school_id: actor.schoolId, sport_team_id: teamId })
      .onConflict((oc) => oc.column('sport_team_id').doUpdateSet(values))
      .execute();
    await auditBy(trx, actor, {
      action: 'cara-settings.updated',
      targetType: 'sport_team',
      targetId: teamId,
      details: { ...body },
    });
  });
  return getSettings(db, actor, teamId);
}

// ---- Dashboard -------------------------------------------------------------------------------------------------

/** Hours per week against the limits for a team and academic year (the year holding today when none is given). */
export async function teamDashboard(
  db: Db,
  actor: Viewer,
  teamId: string,
  academicYearId?: string,
): Promise<DashboardDto> {
  const teamName = await assertTeamReadable(db, actor, teamId);
  const yearId =
    academicYearId ?? (await academicYearOn(db, actor.schoolId, new Date().toISOString().slice(0, 10)))?.id;
  if (!yearId) throw new AppError('NO_ACADEMIC_YEAR');
  const schedule = await loadTeamSchedule(db, actor.schoolId, teamId, yearId);
  if (!schedule) throw new AppError('NO_ACADEMIC_YEAR');
  const result = createBylaw17Checker(schedule.input).result();
  const dismissed = await dismissalsOf(db, actor.schoolId, teamId);
  if (!result.ok) return { teamId, teamName, academicYearId: yearId, error: errorOf(result.error), weeks: [] };
  if (schedule.input.segments.length === 0)
    return { teamId, teamName, academicYearId: yearId, error: errorOf('CARA_SEGMENT_NOT_CONFIGURED'), weeks: [] };
  return {
    teamId,
    teamName,
    academicYearId: yearId,
    error: null,
    weeks: result.weeks.map((w) => {
      const hours = w.athletes.map((a) => a.hours);
      return {
        weekStart: w.weekStart,
        weekEnd: w.weekEnd,
        seasonType: w.seasonType,
        weeklyLimit: w.limits.weeklyHours,
        teamAverage: hours.length ? Math.round((hours.reduce((s, h) => s + h, 0) / hours.length) * 10) / 10 : 0,
        maxHours: Math.max(0, ...hours),
        violations: w.violations.filter((v) => !dismissed.has(v.key)).length,
        exempt: w.exempt,
      };
    }),
  };
}
