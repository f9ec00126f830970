import type { Kysely } from 'kysely';
import { instantToLocal, localToInstant, reminderOffset } from '../../domain/calendar-events';
import { AppError, ERRORS } from '../../domain/errors';
import {
  checkRecruitingEvent,
  RECRUITING_EVENT_CATEGORY,
  recruitingEventNeedsApproval,
  type RecruitingEventKind,
} from '../../domain/recruiting-events';
import { calendarTeamScope, listCalendarTeams, ownPrimaryTeam } from '../calendar/calendar-access';
import { notifyAudience } from '../calendar/calendar-notify';
import { decidePendingEvent, signalSeriesChanged } from '../calendar/calendar-workflow';
import { cancelSeries, findEvent, insertEvent, updateEvent } from '../calendar/events.repository';
import { notifyEach } from '../notifications/notifications.repository';
import { listSchoolAdmins } from '../rosters/rosters.repository';
import { auditBy, type Actor, type CoreDeps } from '../shared/use-case';
import type { Database } from '../../migrations/database';
import {
  findRecruitingEvent,
  saveRecruitingPart,
  listEventPsaIds,
  listPickable,
  listRecruitingEvents,
  peopleByIds,
  psasByIds,
  setEventPsas,
  type RecruitingEventRow,
  type RecruitingScope,
} from './recruiting-events.repository';
import { recruitingEventVisitFlags } from './official-visits.repository';
import type {
  RecruitingDecisionBody,
  RecruitingEventBody,
  RecruitingEventDto,
  RecruitingEventListQuery,
} from './recruiting-events.schemas';

type Db = Kysely<Database>;

/**
 * Recruiting events: a coach's event waits for a school admin's approval, an admin's own is approved at once. The
 * event is a calendar row of the Recruiting category, so the calendar shows it with that badge and the calendar's
 * durable approval process (a Workflow Update, with the admins' task in My Tasks) decides it.
 */
async function scopeOf(db: Db, actor: Actor): Promise<RecruitingScope> {
  return { schoolId: actor.schoolId, teamIds: await calendarTeamScope(db, actor), userId: actor.userId };
}

const isApprover = (actor: Actor) => actor.permissions.has('recruiting:approve');

function canEdit(actor: Actor, scope: RecruitingScope, row: RecruitingEventRow): boolean {
  if (!actor.permissions.has('recruiting:write') || row.status === 'REJECTED') return false;
  return scope.teamIds === null || scope.teamIds.includes(row.sport_team_id);
}

async function toDto(db: Db, actor: Actor, scope: RecruitingScope, row: RecruitingEventRow) {
  const schoolId = actor.schoolId;
  const [hostAthletes, coaches, psas, visitFlags] = await Promise.all([
    peopleByIds(db, 'athlete_profiles', schoolId, row.host_athlete_ids),
    peopleByIds(db, 'staff_profiles', schoolId, row.coach_ids),
    listEventPsaIds(db, schoolId, row.id).then((ids) => psasByIds(db, schoolId, ids)),
    recruitingEventVisitFlags(db, schoolId, [row.id]),
  ]);
  return { ...summaryDto(actor, scope, row, visitFlags), hostAthletes, coaches, psas };
}

function summaryDto(
  actor: Actor,
  scope: RecruitingScope,
  row: RecruitingEventRow,
  visitFlags: ReadonlyMap<string, string[]>,
): RecruitingEventDto {
  const start = instantToLocal(row.starts_at, row.time_zone);
  const end = instantToLocal(row.ends_at, row.time_zone);
  return {
    id: row.id,
    name: row.name,
    kind: row.kind,
    sportTeamId: row.sport_team_id,
    sportTeamName: row.team_name,
    description: row.description,
    notes: row.notes,
    location: row.location,
    timeZone: row.time_zone,
    startDate: start.date,
    startTime: start.time,
    endDate: end.date,
    endTime: end.time,
    start: row.starts_at.toISOString(),
    end: row.ends_at.toISOString(),
    status: row.status,
    rejectReason: row.reject_reason,
    createdByName: row.created_by_name,
    createdAt: row.created_at.toISOString(),
    psaCount: Number(row.psa_count),
    hostAthletes: [],
    psas: [],
    coaches: [],
    canEdit: canEdit(actor, scope, row),
    canDecide: isApprover(actor) && row.status === 'PENDING',
    visitFlags: visitFlags.get(row.id) ?? [],
  };
}

/** The spec's limits in its words, a team the person may write, and attendees who are the school's own. */
async function validate(db: Db, actor: Actor, body: RecruitingEventBody): Promise<void> {
  const details = checkRecruitingEvent(body);
  if (details.length > 0) throw new AppError(details[0]!.code as never, details);
  const team = await db
    .selectFrom('sport_teams')
    .select('id')
    .where('school_id', '=', actor.schoolId)
    .where('id', '=', body.sportTeamId)
    .executeTakeFirst();
  if (!team) throw new AppError('NOT_FOUND');
  const scope = await calendarTeamScope(db, actor);
  if (scope !== null && !scope.includes(body.sportTeamId)) throw new AppError('TEAM_NOT_YOURS');
  const hosts = unique(body.hostAthleteIds);
  const coaches = unique(body.coachIds);
  const psas = unique(body.psaIds);
  const [foundHosts, foundCoaches, foundPsas] = await Promise.all([
    peopleByIds(db, 'athlete_profiles', actor.schoolId, hosts),
    peopleByIds(db, 'staff_profiles', actor.schoolId, coaches),
    psasByIds(db, actor.schoolId, psas),
  ]);
  const bad: string[] = [];
  if (foundHosts.length !== hosts.length) bad.push('hostAthleteIds');
  if (foundCoaches.length !== coaches.length) bad.push('coachIds');
  if (foundPsas.length !== psas.length) bad.push('psaIds');
  if (bad.length > 0)
    throw new AppError(
      'RECRUITING_EVENT_ATTENDEES_INVALID',
      bad.map((field) => ({ field, message: ERRORS.RECRUITING_EVENT_ATTENDEES_INVALID.message })),
    );
}

const unique = (ids: readonly string[]) => [...new Set(ids)];
const text = (v: string | null | undefined) => v?.trim() || null;

function calendarValues(body: RecruitingEventBody) {
  const coaches = unique(body.coachIds);
  return {
    sport_team_id: body.sportTeamId,
    name: body.name.trim(),
    // The coaches see the event on their own calendars and get its reminders. Host athletes are kept in the
    // recruiting part only: recruiting is staff-only, so no athlete's calendar, feed or notification shows it.
    attendee_user_ids: coaches,
    location: text(body.location),
    time_zone: body.timeZone,
    starts_at: localToInstant(body.startDate, body.startTime, body.timeZone),
    ends_at: localToInstant(body.endDate, body.endTime, body.timeZone),
    notes: text(body.notes),
  };
}

function recruitingPart(body: RecruitingEventBody) {
  return {
    kind: body.kind as RecruitingEventKind,
    description: text(body.description),
    hostAthleteIds: unique(body.hostAthleteIds),
    coachIds: unique(body.coachIds),
  };
}

async function load(deps: CoreDeps, actor: Actor, id: string) {
  const { db } = deps;
  const scope = await scopeOf(db, actor);
  const row = await findRecruitingEvent(db, scope, id);
  if (!row) throw new AppError('NOT_FOUND');
  return { db, scope, row };
}

export async function listEvents(deps: CoreDeps, actor: Actor, query: RecruitingEventListQuery) {
  const { db } = deps;
  if (query.from && query.to && query.to < query.from)
    throw new AppError('RECRUITING_EVENT_START_AFTER_END', [
      { field: 'to', message: ERRORS.RECRUITING_EVENT_START_AFTER_END.message },
    ]);
  const scope = await scopeOf(db, actor);
  const limit = query.limit ?? 25;
  const offset = query.offset ?? 0;
  const { rows, total } = await listRecruitingEvents(db, scope, query, { limit, offset });
  const visitFlags = await recruitingEventVisitFlags(
    db,
    actor.schoolId,
    rows.map((r) => r.id),
  );
  return { items: rows.map((r) => summaryDto(actor, scope, r, visitFlags)), total, limit, offset };
}

export async function getRecruitingEvent(deps: CoreDeps, actor: Actor, id: string) {
  const { db, scope, row } = await load(deps, actor, id);
  return toDto(db, actor, scope, row);
}

export async function createRecruitingEvent(deps: CoreDeps, actor: Actor, body: RecruitingEventBody) {
  const { db } = deps;
  await validate(db, actor, body);
  const status = recruitingEventNeedsApproval(isApprover(actor)) ? 'PENDING' : 'APPROVED';
  const id = await db.transaction().execute(async (trx) => {
    const eventId = await insertEvent(trx, actor.schoolId, {
      ...calendarValues(body),
      category: RECRUITING_EVENT_CATEGORY,
      cara_category: null,
      attendee_team_ids: [],
      repeat: 'NEVER',
      rrule: null,
      repeat_until: null,
      exdates: [],
      series_id: null,
      recurrence_start: null,
      agenda: null,
      reminder_minutes: reminderOffset({ category: RECRUITING_EVENT_CATEGORY }),
      status,
      reject_reason: null,
      created_by: actor.userId,
    });
    await saveRecruitingPart(trx, actor.schoolId, eventId, recruitingPart(body));
    await setEventPsas(trx, actor.schoolId, eventId, unique(body.psaIds));
    await auditBy(trx, actor, {
      action: 'recruiting-event.created',
      targetType: 'recruiting_event',
      targetId: eventId,
      details: { name: body.name.trim(), kind: body.kind, status, psas: unique(body.psaIds).length },
    });
    return eventId;
  });
  await afterChange(deps, actor, id, status === 'APPROVED' ? 'invite' : null);
  const created = await getRecruitingEvent(deps, actor, id);
  if (status === 'PENDING') await notifyApprovers(db, actor, created);
  return created;
}

/** The school's admins hear that a coach's event waits for their approval (once per event and admin). */
async function notifyApprovers(db: Db, actor: Actor, event: RecruitingEventDto): Promise<void> {
  await notifyEach(db, {
    schoolId: actor.schoolId,
    userIds: await listSchoolAdmins(db, actor.schoolId),
    skip: actor.userId,
    payload: {
      module: 'recruiting',
      status: 'init',
      title: 'Recruiting event submitted',
      body: `${actor.firstName} ${actor.lastName} submitted "${event.name}" (${event.sportTeamName}, ${event.startDate}) for approval.`,
      eventId: event.id,
      eventDate: event.startDate,
      eventStartTime: event.startTime,
      sportTeamId: event.sportTeamId,
      sportTeamName: event.sportTeamName,
      isRecruiting: true,
      featureData: { eventId: event.id, isRecruitment: true },
    },
    keyOf: (userId) => `recruiting-event-submitted:${event.id}:${userId}`,
  });
}

export async function updateRecruitingEvent(deps: CoreDeps, actor: Actor, id: string, body: RecruitingEventBody) {
  const { db, scope, row } = await load(deps, actor, id);
  if (row.status === 'REJECTED') throw new AppError('RECRUITING_EVENT_REJECTED');
  if (!canEdit(actor, scope, row)) throw new AppError('TEAM_NOT_YOURS');
  await validate(db, actor, body);
  await db.transaction().execute(async (trx) => {
    await updateEvent(trx, actor.schoolId, id, calendarValues(body));
    await saveRecruitingPart(trx, actor.schoolId, id, recruitingPart(body));
    await setEventPsas(trx, actor.schoolId, id, unique(body.psaIds));
    await auditBy(trx, actor, {
      action: 'recruiting-event.updated',
      targetType: 'recruiting_event',
      targetId: id,
      details: { name: body.name.trim(), kind: body.kind, psas: unique(body.psaIds).length },
    });
  });
  await afterChange(deps, actor, id, row.status === 'APPROVED' ? 'edit' : null);
  return getRecruitingEvent(deps, actor, id);
}

export async function cancelRecruitingEvent(deps: CoreDeps, actor: Actor, id: string): Promise<void> {
  const { db, scope, row } = await load(deps, actor, id);
  if (
    !actor.permissions.has('recruiting:write') ||
    (scope.teamIds !== null && !scope.teamIds.includes(row.sport_team_id))
  )
    throw new AppError('TEAM_NOT_YOURS');
  const calendarScope = {
    schoolId: actor.schoolId,
    teamIds: null,
    userId: actor.userId,
    approvedOnly: false,
    recruiting: true,
  };
  const calendarRow = await findEvent(db, calendarScope, id);
  await cancelSeries(db, actor.schoolId, id);
  await auditBy(db, actor, {
    action: 'recruiting-event.cancelled',
    targetType: 'recruiting_event',
    targetId: id,
    details: { name: row.name, status: row.status },
  });
  // The approval process hears the change, closes the admins' task and ends.
  await signalSeriesChanged(deps, actor.schoolId, id);
  if (calendarRow && row.status === 'APPROVED')
    await notifyAudience(db, actor.schoolId, calendarRow, 'cancel', `cancel:${id}:ALL:`, actor.userId);
}

/** Tells the approval process and the attendees (calendar notifications: invite or edit) of a stored change. */
async function afterChange(deps: CoreDeps, actor: Actor, id: string, notify: 'invite' | 'edit' | null) {
  const { db } = deps;
  await signalSeriesChanged(deps, actor.schoolId, id);
  if (!notify) return;
  const row = await findEvent(
    db,
    { schoolId: actor.schoolId, teamIds: null, userId: actor.userId, approvedOnly: false, recruiting: true },
    id,
  );
  if (row)
    await notifyAudience(
      db,
      actor.schoolId,
      row,
      notify,
      notify === 'invite' ? `invite:${id}` : `edit:${id}:${row.updated_at.getTime()}`,
      actor.userId,
    );
}

/**
 * An admin approves, or rejects with a reason of at most 50 words, through the calendar's approval process (a
 * Workflow Update): two admins deciding at once, exactly one wins and the other hears "already decided".
 */
export async function decideRecruitingEvent(deps: CoreDeps, actor: Actor, id: string, body: RecruitingDecisionBody) {
  const { row } = await load(deps, actor, id);
  const { reason } = await decidePendingEvent(deps, actor, id, row.status, body);
  await auditBy(deps.db, actor, {
    action: body.decision === 'APPROVE' ? 'recruiting-event.approved' : 'recruiting-event.rejected',
    targetType: 'recruiting_event',
    targetId: id,
    details: reason ? { reason } : {},
  });
  return getRecruitingEvent(deps, actor, id);
}

/** What the create and edit form offers: the person's teams, the athletes and coaches to pick, the prospects. */
export async function recruitingEventOptions(deps: CoreDeps, actor: Actor) {
  const { db } = deps;
  const scope = await calendarTeamScope(db, actor);
  const [teams, primary, pickable, school] = await Promise.all([
    listCalendarTeams(db, actor.schoolId, scope),
    ownPrimaryTeam(db, actor),
    listPickable(db, actor.schoolId, scope),
    db.selectFrom('schools').select('time_zone').where('id', '=', actor.schoolId).executeTakeFirst(),
  ]);
  return {
    // The person's primary team is marked, so a coach of several teams starts the form on it.
    teams: teams.map((t) => ({ id: t.id, name: t.name, ...(t.id === primary ? { primary: true } : {}) })),
    ...pickable,
    schoolTimeZone: school?.time_zone ?? 'America/New_York',
  };
}
