import type { Kysely } from 'kysely';
import {
  buildRRule,
  checkEvent,
  expandOccurrences,
  instantToLocal,
  isoInstant,
  localToInstant,
  needsApproval,
  occurrenceStarts,
  reminderOffset,
  rruleUntil,
  weekdaysOfRRule,
} from '../../domain/calendar-events';
import { countabilityOf } from '../../domain/bylaw17/rules';
import { AppError } from '../../domain/errors';
import type { Database } from '../../migrations/database';
import { auditBy, type Actor, type CoreDeps } from '../shared/use-case';
import { calendarTeamScope } from './calendar-access';
import { assertNotInLockedLog, lockedPeriods, type LockCheck } from './cara-lock';
import { notifyAudience } from './calendar-notify';
import { decidePendingEvent, signalSeriesChanged } from './calendar-workflow';
import { stripInvisibleCharacters } from '../../domain/people-names';
import { checkEventTextCharacters } from './event-text';
import { toICalendar } from './ics';
import { isRecruitingEvent } from '../recruiting/recruiting-events.repository';
import {
  addExdate,
  cancelSeries,
  existingSchoolIds,
  findEvent,
  insertEvent,
  listEventSeries,
  listOccurrenceSourcesInRange,
  lockEvent,
  updateEvent,
  type EventRow,
  type EventScope,
  type EventValues,
  type OccurrenceSourceRow,
} from './events.repository';
import type {
  CreateEventBody,
  DecisionBody,
  EventDto,
  OccurrenceDto,
  SeriesListQuery,
  UpdateEventBody,
} from './events.schemas';

/** Team filters are free text in the query string; only ids can match a team (and reach a uuid column). */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

type Db = Kysely<Database>;

/** Who reads an event: what its answer (canEdit, canDecide) depends on. */
type Viewer = Pick<Actor, 'permissions'>;

export async function eventScopeOf(
  db: Db,
  actor: Pick<Actor, 'schoolId' | 'userId' | 'permissions'>,
): Promise<EventScope> {
  const teamIds = await calendarTeamScope(db, actor);
  const staff = actor.permissions.has('calendar:write');
  return {
    schoolId: actor.schoolId,
    teamIds,
    userId: actor.userId,
    approvedOnly: !staff,
    recruiting: actor.permissions.has('recruiting:read'),
  };
}

/** Whether the person may change an event: managers any, coaches their teams' events, athletes none. */
function canEditRow(actor: Viewer, scope: EventScope, row: Pick<EventRow, 'sport_team_id'>): boolean {
  if (!actor.permissions.has('calendar:write')) return false;
  return scope.teamIds === null || scope.teamIds.includes(row.sport_team_id);
}

function toValues(body: CreateEventBody, status: EventValues['status'], createdBy: string): EventValues {
  const startsAt = localToInstant(body.startDate, body.startTime, body.timeZone);
  const endsAt = localToInstant(body.endDate, body.endTime, body.timeZone);
  const rrule = buildRRule({
    repeat: body.repeat,
    startDate: body.startDate,
    weekdays: body.weekdays ?? [],
    repeatUntil: body.repeatUntil ?? null,
  });
  return {
    sport_team_id: body.sportTeamId,
    name: stripInvisibleCharacters(body.name).trim(),
    category: body.category,
    cara_category: body.caraCategory ?? null,
    attendee_team_ids: [...new Set(body.attendeeTeamIds)],
    attendee_user_ids: [...new Set(body.attendeeUserIds)],
    location: (body.location && stripInvisibleCharacters(body.location).trim()) || null,
    time_zone: body.timeZone,
    starts_at: startsAt,
    ends_at: endsAt,
    repeat: rrule ? body.repeat : 'NEVER',
    rrule,
    repeat_until: rrule ? (body.repeatUntil ?? null) : null,
    exdates: [],
    series_id: null,
    recurrence_start: null,
    notes: body.notes?.trim() || null,
    agenda: body.agenda?.trim() || null,
    reminder_minutes: reminderOffset({
      reminderMinutes: body.reminderMinutes,
      category: body.category,
      caraCategory: body.caraCategory ?? null,
    }),
    status,
    reject_reason: null,
    created_by: createdBy,
  };
}

/** The spec's rules, the team the person may write, and attendees of the same school; throws the first problem with all details. */
async function validateEvent(db: Db, actor: Actor, body: CreateEventBody): Promise<void> {
  const details = [...checkEventTextCharacters(body), ...checkEvent(body)];
  if (details.length > 0) throw new AppError(details[0]!.code as never, details);
  const scope = await calendarTeamScope(db, actor);
  const teams = await existingSchoolIds(db, 'sport_teams', actor.schoolId, [body.sportTeamId, ...body.attendeeTeamIds]);
  if (!teams.has(body.sportTeamId)) throw new AppError('NOT_FOUND');
  if (scope !== null && !scope.includes(body.sportTeamId)) throw new AppError('TEAM_NOT_YOURS');
  const users = await existingSchoolIds(db, 'users', actor.schoolId, body.attendeeUserIds);
  if (body.attendeeTeamIds.some((id) => !teams.has(id)) || body.attendeeUserIds.some((id) => !users.has(id)))
    throw new AppError('EVENT_ATTENDEES_INVALID', [
      { field: 'attendees', message: 'Attendees must be athletes, staff or teams of your school.' },
    ]);
}

export async function createEvent(deps: CoreDeps, actor: Actor, body: CreateEventBody): Promise<EventDto> {
  const { db } = deps;
  await validateEvent(db, actor, body);
  const status = needsApproval(body, actor.permissions.has('calendar:manage')) ? 'PENDING' : 'APPROVED';
  const values = toValues(body, status, actor.userId);
  // A past event may be recorded (a CARA log is what happened), but not into a week whose log is submitted.
  await assertNotInLockedLog(db, actor.schoolId, [lockCheckOfInput(body, values, [])]);
  const id = await insertEvent(db, actor.schoolId, values);
  await auditBy(db, actor, {
    action: 'calendar-event.created',
    targetType: 'calendar_event',
    targetId: id,
    details: { name: body.name, status, repeat: body.repeat },
  });
  const scope = await eventScopeOf(db, actor);
  const row = (await findEvent(db, scope, id))!;
  if (status === 'APPROVED') await notifyAudience(db, actor.schoolId, row, 'invite', `invite:${id}`, actor.userId);
  await signalSeriesChanged(deps, actor.schoolId, id);
  return toEventDto(actor, scope, row);
}

export function toEventDto(actor: Viewer, scope: EventScope, row: EventRow): EventDto {
  const start = instantToLocal(row.starts_at, row.time_zone);
  const end = instantToLocal(row.ends_at, row.time_zone);
  return {
    id: row.id,
    name: row.name,
    category: row.category as EventDto['category'],
    caraCategory: row.cara_category,
    sportTeamId: row.sport_team_id,
    sportTeamName: row.team_name,
    attendeeTeamIds: row.attendee_team_ids,
    attendeeUserIds: row.attendee_user_ids,
    location: row.location,
    timeZone: row.time_zone,
    startDate: start.date,
    startTime: start.time,
    endDate: end.date,
    endTime: end.time,
    repeat: row.repeat as EventDto['repeat'],
    weekdays: weekdaysOfRRule(row.rrule),
    repeatUntil: row.repeat_until,
    rrule: row.rrule,
    notes: row.notes,
    agenda: row.agenda,
    reminderMinutes: row.reminder_minutes,
    status: row.status,
    rejectReason: row.reject_reason,
    seriesId: row.series_id,
    canEdit: canEditRow(actor, scope, row),
    canDecide: actor.permissions.has('calendar:manage') && row.status === 'PENDING',
    createdAt: row.created_at.toISOString(),
  };
}

export function toOccurrenceDtos(
  actor: Viewer,
  scope: EventScope,
  row: OccurrenceSourceRow,
  /** The occurrences' starts (epoch ms); each lasts as long as the series' first. */
  starts: readonly number[],
): OccurrenceDto[] {
  const canEdit = canEditRow(actor, scope, row);
  const duration = row.ends_at.getTime() - row.starts_at.getTime();
  return starts.map((at) => {
    const start = isoInstant(at);
    return {
      id: row.id,
      occurrenceStart: start,
      start,
      end: isoInstant(at + duration),
      name: row.name,
      category: row.category,
      caraCategory: row.cara_category,
      sportTeamId: row.sport_team_id,
      sportTeamName: row.team_name,
      location: row.location,
      timeZone: row.time_zone,
      repeat: row.repeat,
      status: row.status,
      canEdit,
    };
  });
}

/**
 * The occurrences of every visible series in [from, to): one range query of the columns drawn, each series
 * expanded within the range only (domain/calendar-events keeps the expanded years of a series).
 */
export async function listOccurrences(
  deps: CoreDeps,
  actor: Actor,
  query: { from?: string; to?: string; teamIds?: string; categories?: string; personId?: string },
): Promise<OccurrenceDto[]> {
  const { db } = deps;
  const day = 86_400_000;
  const from = query.from ? new Date(query.from) : new Date(deps.now().getTime() - 31 * day);
  const to = query.to ? new Date(query.to) : new Date(from.getTime() + 93 * day);
  // The calendar covers the years the platform runs in; the range is one screen of it (at most 400 days).
  if (!(to > from) || to.getTime() - from.getTime() > 400 * day || from.getUTCFullYear() < 1900)
    throw new AppError('VALIDATION_FAILED', [
      { field: 'to', message: 'Choose a range of at most 400 days that ends after it starts.' },
    ]);
  const scope = await eventScopeOf(db, actor);
  const split = (v?: string) =>
    v
      ? v
          .split(',')
          .map((s) => s.trim())
          .filter(Boolean)
      : undefined;
  const teamFilter = split(query.teamIds)?.filter((id) => UUID.test(id));
  if (teamFilter && teamFilter.length === 0 && query.teamIds) return [];
  const rows = await listOccurrenceSourcesInRange(db, scope, {
    from,
    to,
    teamIds: teamFilter,
    categories: split(query.categories),
    personId: query.personId,
  });
  const starts = rows.map((row) =>
    occurrenceStarts(
      { startsAt: row.starts_at, endsAt: row.ends_at, timeZone: row.time_zone, rrule: row.rrule, exdates: row.exdates },
      from,
      to,
    ),
  );
  const items = rows.flatMap((row, i) => toOccurrenceDtos(actor, scope, row, starts[i]!));
  // In start order: a stable sort of the positions by instant (numbers compare faster than ISO strings, and a month
  // of a big school has many occurrences starting together), so those keep the order of their series.
  const at = starts.flat();
  return at
    .map((_, i) => i)
    .sort((a, b) => at[a]! - at[b]!)
    .map((i) => items[i]!);
}

async function loadEditable(deps: CoreDeps, actor: Actor, id: string): Promise<{ row: EventRow; scope: EventScope }> {
  const { db } = deps;
  const scope = await eventScopeOf(db, actor);
  const row = await findEvent(db, scope, id);
  if (!row) throw new AppError('NOT_FOUND');
  if (!canEditRow(actor, scope, row)) throw new AppError('TEAM_NOT_YOURS');
  // A recruiting event's prospects, hosts and limits are kept on its own page.
  if (await isRecruitingEvent(db, actor.schoolId, id)) throw new AppError('RECRUITING_EVENT_ON_ITS_PAGE');
  return { row, scope };
}

function requireOccurrence(row: EventRow, occurrenceStart: string | undefined): Date {
  if (!occurrenceStart)
    throw new AppError('VALIDATION_FAILED', [
      { field: 'occurrenceStart', message: 'Choose the occurrence to change.' },
    ]);
  const at = new Date(occurrenceStart);
  const hit = expandOccurrences(
    { startsAt: row.starts_at, endsAt: row.ends_at, timeZone: row.time_zone, rrule: row.rrule, exdates: row.exdates },
    new Date(at.getTime() - 1),
    new Date(at.getTime() + 1),
  );
  if (!hit.some((o) => o.start.getTime() === at.getTime())) throw new AppError('NOT_FOUND');
  return at;
}

/** The occurrences of a stored series an edit or cancellation concerns: all, the one at `at`, or those from `at` on. */
function lockCheckOf(row: EventRow, scope: 'THIS' | 'FOLLOWING' | 'ALL', at: Date | null): LockCheck {
  const from = at?.getTime() ?? 0;
  return {
    teamIds: [row.sport_team_id, ...row.attendee_team_ids],
    category: row.category,
    caraCategory: row.cara_category,
    timing: {
      startsAt: row.starts_at,
      endsAt: row.ends_at,
      timeZone: row.time_zone,
      rrule: row.rrule,
      exdates: row.exdates,
    },
    ...(scope === 'ALL' || at === null
      ? {}
      : { keep: scope === 'THIS' ? (start: number) => start === from : (start: number) => start >= from }),
  };
}

/** An event as it would be stored (new, or after an edit), for the CARA lock check. */
function lockCheckOfInput(body: CreateEventBody, values: EventValues, exdates: EventRow['exdates']): LockCheck {
  return {
    teamIds: [body.sportTeamId, ...body.attendeeTeamIds],
    category: body.category,
    caraCategory: body.caraCategory ?? null,
    timing: {
      startsAt: values.starts_at,
      endsAt: values.ends_at,
      timeZone: values.time_zone,
      rrule: values.rrule,
      exdates,
    },
  };
}

/** The local day before an instant, in the series' zone: the new end date of a series cut there. */
function dayBefore(at: Date, zone: string): string {
  const local = instantToLocal(at, zone).date;
  return new Date(Date.parse(`${local}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
}

/**
 * Applies an edit to this occurrence (cut out of the series into a row of its own), this and following (the series
 * ends before it and a new series starts), or all of the series. A moved occurrence keeps the series' approval.
 */
export async function editEvent(deps: CoreDeps, actor: Actor, id: string, body: UpdateEventBody): Promise<EventDto> {
  const { db } = deps;
  const { row, scope } = await loadEditable(deps, actor, id);
  const { scope: editScope, occurrenceStart, ...fields } = body;
  const single = !row.rrule;
  const effective = single ? 'ALL' : editScope;
  const unchangedStart =
    localToInstant(fields.startDate, fields.startTime, fields.timeZone).getTime() === row.starts_at.getTime();
  await validateEvent(db, actor, fields);
  // Countable events in a submitted or approved CARA log stay as logged: neither the occurrences changed nor their
  // new times may fall in such a log.
  const changedAt = effective === 'ALL' ? null : requireOccurrence(row, occurrenceStart);
  const after = toValues(
    effective === 'THIS' ? { ...fields, repeat: 'NEVER', repeatUntil: null } : fields,
    row.status,
    actor.userId,
  );
  await assertNotInLockedLog(db, actor.schoolId, [
    lockCheckOf(row, effective, changedAt),
    lockCheckOfInput(fields, after, effective === 'ALL' && unchangedStart ? row.exdates : []),
  ]);
  let targetId = id;
  await db.transaction().execute(async (trx) => {
    // The approval and the recurrence written back are read under the row's lock: an admin's decision or another
    // edit committed since `row` was read is kept, not reverted to what was read before.
    const locked = await lockEvent(trx, actor.schoolId, id);
    if (!locked) throw new AppError('NOT_FOUND');
    const { status } = locked;
    if (effective === 'ALL') {
      const values = toValues(fields, status, row.created_by ?? actor.userId);
      const { created_by: _c, series_id: _s, recurrence_start: _r, exdates: _e, ...rest } = values;
      await updateEvent(trx, actor.schoolId, id, {
        ...rest,
        reject_reason: locked.reject_reason,
        ...(unchangedStart ? {} : { exdates: [] }),
      });
      return;
    }
    const at = requireOccurrence(row, occurrenceStart);
    if (effective === 'THIS') {
      await addExdate(trx, actor.schoolId, id, at);
      targetId = await insertEvent(trx, actor.schoolId, {
        ...toValues({ ...fields, repeat: 'NEVER', repeatUntil: null }, status, actor.userId),
        series_id: id,
        recurrence_start: at,
      });
      return;
    }
    if (at.getTime() === row.starts_at.getTime()) {
      const {
        created_by: _c,
        series_id: _s,
        recurrence_start: _r,
        exdates: _e,
        ...rest
      } = toValues(fields, status, actor.userId);
      await updateEvent(trx, actor.schoolId, id, rest);
      return;
    }
    await updateEvent(trx, actor.schoolId, id, {
      rrule: rruleUntil(locked.rrule ?? row.rrule!, at, locked.time_zone),
      repeat_until: dayBefore(at, locked.time_zone),
    });
    targetId = await insertEvent(trx, actor.schoolId, {
      ...toValues(fields, status, actor.userId),
      series_id: id,
      recurrence_start: at,
    });
  });
  await auditBy(db, actor, {
    action: 'calendar-event.updated',
    targetType: 'calendar_event',
    targetId,
    details: { scope: effective, seriesId: id, occurrenceStart: occurrenceStart ?? null },
  });
  const updated = (await findEvent(db, scope, targetId))!;
  await signalSeriesChanged(deps, actor.schoolId, id);
  if (updated.status === 'APPROVED')
    await notifyAudience(
      db,
      actor.schoolId,
      updated,
      'edit',
      `edit:${targetId}:${updated.updated_at.getTime()}`,
      actor.userId,
    );
  return toEventDto(actor, scope, updated);
}

export async function deleteEvent(
  deps: CoreDeps,
  actor: Actor,
  id: string,
  query: { scope?: 'THIS' | 'FOLLOWING' | 'ALL'; occurrenceStart?: string },
): Promise<void> {
  const { db } = deps;
  const { row } = await loadEditable(deps, actor, id);
  const effective = row.rrule ? (query.scope ?? 'ALL') : 'ALL';
  await assertNotInLockedLog(db, actor.schoolId, [
    lockCheckOf(row, effective, effective === 'ALL' ? null : requireOccurrence(row, query.occurrenceStart)),
  ]);
  if (effective === 'ALL') await cancelSeries(db, actor.schoolId, id);
  else {
    const at = requireOccurrence(row, query.occurrenceStart);
    if (effective === 'THIS') await addExdate(db, actor.schoolId, id, at);
    else if (at.getTime() === row.starts_at.getTime()) await cancelSeries(db, actor.schoolId, id);
    else
      await db.transaction().execute(async (trx) => {
        // The series is cut from its recurrence as stored now, read under the row's lock, not as read before.
        const locked = await lockEvent(trx, actor.schoolId, id);
        if (!locked) throw new AppError('NOT_FOUND');
        await updateEvent(trx, actor.schoolId, id, {
          rrule: rruleUntil(locked.rrule ?? row.rrule!, at, locked.time_zone),
          repeat_until: dayBefore(at, locked.time_zone),
        });
      });
  }
  await auditBy(db, actor, {
    action: 'calendar-event.cancelled',
    targetType: 'calendar_event',
    targetId: id,
    details: { scope: effective, occurrenceStart: query.occurrenceStart ?? null },
  });
  await signalSeriesChanged(deps, actor.schoolId, id);
  if (row.status === 'APPROVED')
    await notifyAudience(
      db,
      actor.schoolId,
      row,
      'cancel',
      `cancel:${id}:${effective}:${query.occurrenceStart ?? ''}`,
      actor.userId,
    );
}

export async function getEvent(deps: CoreDeps, actor: Actor, id: string): Promise<EventDto> {
  const { db } = deps;
  const scope = await eventScopeOf(db, actor);
  const row = await findEvent(db, scope, id);
  if (!row) throw new AppError('NOT_FOUND');
  return { ...toEventDto(actor, scope, row), lockedPeriods: await lockedPeriodsOf(db, actor.schoolId, row) };
}

/** The submitted or approved CARA logs over a countable series' dates: its occurrences in them are locked. */
async function lockedPeriodsOf(db: Db, schoolId: string, row: EventRow): Promise<EventDto['lockedPeriods']> {
  if (countabilityOf(row.category, row.cara_category) === 'NOT_COUNTABLE') return [];
  const from = instantToLocal(row.starts_at, row.time_zone).date;
  const to = row.repeat_until ?? instantToLocal(row.ends_at, row.time_zone).date;
  const periods = await lockedPeriods(db, schoolId, [row.sport_team_id, ...row.attendee_team_ids], { from, to });
  return periods.map(({ periodStart, periodEnd, status }) => ({ periodStart, periodEnd, status }));
}

/**
 * An admin approves or rejects a pending event (with a reason of at most 50 words), as an Update of the series'
 * process: its validator refuses a decided event, and decisions take turns, so of two admins deciding at once exactly
 * one wins and the other hears "already decided".
 */
export async function decideEvent(deps: CoreDeps, actor: Actor, id: string, body: DecisionBody): Promise<EventDto> {
  const { db } = deps;
  const scope = await eventScopeOf(db, actor);
  const row = await findEvent(db, scope, id);
  if (!row) throw new AppError('NOT_FOUND');
  // The series' process records the decision, completes the admins' task, tells the people concerned and then
  // schedules the reminders.
  await decidePendingEvent(deps, actor, id, row.status, body);
  const updated = (await findEvent(db, scope, id))!;
  return toEventDto(actor, scope, updated);
}

/** One occurrence (the one starting at `occurrenceStart`, else the first) as an `.ics` file of its own. */
export async function eventAsICalendar(
  deps: CoreDeps,
  actor: Actor,
  id: string,
  publicUrl: string,
  occurrenceStart?: string,
): Promise<string> {
  const { db } = deps;
  const scope = await eventScopeOf(db, actor);
  const row = await findEvent(db, scope, id);
  if (!row) throw new AppError('NOT_FOUND');
  const at = occurrenceStart ? requireOccurrence(row, occurrenceStart) : row.starts_at;
  const [occurrence] = expandOccurrences(
    { startsAt: row.starts_at, endsAt: row.ends_at, timeZone: row.time_zone, rrule: row.rrule, exdates: row.exdates },
    new Date(at.getTime() - 1),
    new Date(at.getTime() + 1),
  );
  if (!occurrence) throw new AppError('NOT_FOUND');
  return toICalendar(row.name, toOccurrenceDtos(actor, scope, row, [occurrence.start.getTime()]), publicUrl);
}

/** The events and competitions list: one row per series, filtered by team, category, kind, status and dates. */
export async function listSeries(
  deps: CoreDeps,
  actor: Actor,
  query: SeriesListQuery,
): Promise<{ items: EventDto[]; total: number; limit: number; offset: number }> {
  const { db } = deps;
  return listSeriesIn(db, actor, await eventScopeOf(db, actor), query);
}

/** One page of the list within a scope: the signed-in person's own, or a school an operator reads. */
export async function listSeriesIn(
  db: Db,
  actor: Viewer,
  scope: EventScope,
  query: SeriesListQuery,
): Promise<{ items: EventDto[]; total: number; limit: number; offset: number }> {
  if (query.from && query.to && query.to < query.from)
    throw new AppError('VALIDATION_FAILED', [
      { field: 'to', message: 'The end date cannot be before the start date.' },
    ]);
  const limit = query.limit ?? 25;
  const offset = query.offset ?? 0;
  const { rows, total } = await listEventSeries(db, scope, query, { limit, offset });
  return { items: rows.map((r) => toEventDto(actor, scope, r)), total, limit, offset };
}
