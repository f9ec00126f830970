import type { FastifyRequest } from 'fastify';
import { instantToLocal, localToInstant, reminderOffset } from '../../domain/calendar-events';
import { AppError, ERRORS } from '../../domain/errors';
import {
  checkRecruitingEvent,
  RECRUITING_EVENT_CATEGORY,
  recruitingEventNeedsApproval,
  type RecruitingEventKind,
} from '../../domain/recruiting-events';
import { auditRequest } from '../audit/audit-request';
import { calendarTeamScope, listCalendarTeams, ownPrimaryTeam } from '../calendar/calendar-access';
import { notifyAudience } from '../calendar/calendar-notify';
import { decidePendingEvent, signalSeriesChanged } from '../calendar/calendar-workflow';
import { cancelSeries, findEvent, insertEvent, updateEvent } from '../calendar/events.repository';
import { notifyEach } from '../notifications/notifications.repository';
import { authOf } from '../plugins/authenticate';
import { listSchoolAdmins } from '../rosters/rosters.repository';
import type { AuthContext } from '../types';
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

type Db = FastifyRequest['server']['deps']['database']['db'];

/**
 * Recruiting events: a coach's event waits for a school admin's approval, an admin's own is approved at once. The
 * event is a calendar row of the Recruiting category, so the calendar shows it with that badge and the calendar's
 * durable approval process (a Workflow Update, with the admins' task in My Tasks) decides it.
 */
async function scopeOf(db: Db, auth: AuthContext): Promise<RecruitingScope> {
  return { schoolId: auth.school.id, teamIds: await calendarTeamScope(db, auth), userId: auth.user.id };
}

const isApprover = (auth: AuthContext) => auth.permissions.has('recruiting:approve');

function canEdit(auth: AuthContext, scope: RecruitingScope, row: RecruitingEventRow): boolean {
  if (!auth.permissions.has('recruiting:write') || row.status === 'REJECTED') return false;
  return scope.teamIds === null || scope.teamIds.includes(row.sport_team_id);
}

async function toDto(db: Db, auth: AuthContext, scope: RecruitingScope, row: RecruitingEventRow) {
  const schoolId = auth.school.id;
  const [hostAthletes, coaches, psas, visitFlags] = await Promise.all([
    peopleByIds(db, 'athlete_profiles', schoolId, row.host_athlete_ids),
    peopleByIds(db, 'staff_profiles', schoolId, row.coach_ids),
    listEventPsaIds(db, schoolId, row.id).then((ids) => psasByIds(db, schoolId, ids)),
    recruitingEventVisitFlags(db, schoolId, [row.id]),
  ]);
  return { ...summaryDto(auth, scope, row, visitFlags), hostAthletes, coaches, psas };
}

function summaryDto(
  auth: AuthContext,
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
    canEdit: canEdit(auth, scope, row),
    canDecide: isApprover(auth) && row.status === 'PENDING',
    visitFlags: visitFlags.get(row.id) ?? [],
  };
}

/** The spec's limits in its words, a team the person may write, and attendees who are the school's own. */
async function validate(db: Db, auth: AuthContext, body: RecruitingEventBody): Promise<void> {
  const details = checkRecruitingEvent(body);
  if (details.length > 0) throw new AppError(details[0]!.code as never, details);
  const team = await db
    .selectFrom('sport_teams')
    .select('id')
    .where('school_id', '=', auth.school.id)
    .where('id', '=', body.sportTeamId)
    .executeTakeFirst();
  if (!team) throw new AppError('NOT_FOUND');
  const scope = await calendarTeamScope(db, auth);
  if (scope !== null && !scope.includes(body.sportTeamId)) throw new AppError('TEAM_NOT_YOURS');
  const hosts = unique(body.hostAthleteIds);
  const coaches = unique(body.coachIds);
  const psas = unique(body.psaIds);
  const [foundHosts, foundCoaches, foundPsas] = await Promise.all([
    peopleByIds(db, 'athlete_profiles', auth.school.id, hosts),
    peopleByIds(db, 'staff_profiles', auth.school.id, coaches),
    psasByIds(db, auth.school.id, psas),
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

async function load(request: FastifyRequest, id: string) {
  const db = request.server.deps.database.db;
  const auth = authOf(request);
  const scope = await scopeOf(db, auth);
  const row = await findRecruitingEvent(db, scope, id);
  if (!row) throw new AppError('NOT_FOUND');
  return { db, auth, scope, row };
}

export async function listEvents(request: FastifyRequest, query: RecruitingEventListQuery) {
  const db = request.server.deps.database.db;
  const auth = authOf(request);
  if (query.from && query.to && query.to < query.from)
    throw new AppError('RECRUITING_EVENT_START_AFTER_END', [
      { field: 'to', message: ERRORS.RECRUITING_EVENT_START_AFTER_END.message },
    ]);
  const scope = await scopeOf(db, auth);
  const limit = query.limit ?? 25;
  const offset = query.offset ?? 0;
  const { rows, total } = await listRecruitingEvents(db, scope, query, { limit, offset });
  const visitFlags = await recruitingEventVisitFlags(
    db,
    auth.school.id,
    rows.map((r) => r.id),
  );
  return { items: rows.map((r) => summaryDto(auth, scope, r, visitFlags)), total, limit, offset };
}

export async function getRecruitingEvent(request: FastifyRequest, id: string) {
  const { db, auth, scope, row } = await load(request, id);
  return toDto(db, auth, scope, row);
}

export async function createRecruitingEvent(request: FastifyRequest, body: RecruitingEventBody) {
  const db = request.server.deps.database.db;
  const auth = authOf(request);
  await validate(db, auth, body);
  const status = recruitingEventNeedsApproval(isApprover(auth)) ? 'PENDING' : 'APPROVED';
  const id = await db.transaction().execute(async (trx) => {
    const eventId = await insertEvent(trx, auth.school.id, {
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
      created_by: auth.user.id,
    });
    await saveRecruitingPart(trx, auth.school.id, eventId, recruitingPart(body));
    await setEventPsas(trx, auth.school.id, eventId, unique(body.psaIds));
    await auditRequest(
      request,
      {
        action: 'recruiting-event.created',
        targetType: 'recruiting_event',
        targetId: eventId,
        details: { name: body.name.trim(), kind: body.kind, status, psas: unique(body.psaIds).length },
      },
      trx,
    );
    return eventId;
  });
  await afterChange(request, id, status === 'APPROVED' ? 'invite' : null);
  const created = await getRecruitingEvent(request, id);
  if (status === 'PENDING') await notifyApprovers(db, auth, created);
  return created;
}

/** The school's admins hear that a coach's event waits for their approval (once per event and admin). */
async function notifyApprovers(db: Db, auth: AuthContext, event: RecruitingEventDto): Promise<void> {
  await notifyEach(db, {
    schoolId: auth.school.id,
    userIds: await listSchoolAdmins(db, auth.school.id),
    skip: auth.user.id,
    payload: {
      module: 'recruiting',
      status: 'init',
      title: 'Recruiting event submitted',
      body: `${auth.user.firstName} ${auth.user.lastName} submitted "${event.name}" (${event.sportTeamName}, ${event.startDate}) for approval.`,
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

export async function updateRecruitingEvent(request: FastifyRequest, id: string, body: RecruitingEventBody) {
  const { db, auth, scope, row } = await load(request, id);
  if (row.status === 'REJECTED') throw new AppError('RECRUITING_EVENT_REJECTED');
  if (!canEdit(auth, scope, row)) throw new AppError('TEAM_NOT_YOURS');
  await validate(db, auth, body);
  await db.transaction().execute(async (trx) => {
    await updateEvent(trx, auth.school.id, id, calendarValues(body));
    await saveRecruitingPart(trx, auth.school.id, id, recruitingPart(body));
    await setEventPsas(trx, auth.school.id, id, unique(body.psaIds));
    await auditRequest(
      request,
      {
        action: 'recruiting-event.updated',
        targetType: 'recruiting_event',
        targetId: id,
        details: { name: body.name.trim(), kind: body.kind, psas: unique(body.psaIds).length },
      },
      trx,
    );
  });
  await afterChange(request, id, row.status === 'APPROVED' ? 'edit' : null);
  return getRecruitingEvent(request, id);
}

export async function cancelRecruitingEvent(request: FastifyRequest, id: string): Promise<void> {
  const { db, auth, scope, row } = await load(request, id);
  if (
    !auth.permissions.has('recruiting:write') ||
    (scope.teamIds !== null && !scope.teamIds.includes(row.sport_team_id))
  )
    throw new AppError('TEAM_NOT_YOURS');
  const calendarScope = {
    schoolId: auth.school.id,
    teamIds: null,
    userId: auth.user.id,
    approvedOnly: false,
    recruiting: true,
  };
  const calendarRow = await findEvent(db, calendarScope, id);
  await cancelSeries(db, auth.school.id, id);
  await auditRequest(request, {
    action: 'recruiting-event.cancelled',
    targetType: 'recruiting_event',
    targetId: id,
    details: { name: row.name, status: row.status },
  });
  // The approval process hears the change, closes the admins' task and ends.
  await signalSeriesChanged(request, auth.school.id, id);
  if (calendarRow && row.status === 'APPROVED')
    await notifyAudience(db, auth.school.id, calendarRow, 'cancel', `cancel:${id}:ALL:`, auth.user.id);
}

/** Tells the approval process and the attendees (calendar notifications: invite or edit) of a stored change. */
async function afterChange(request: FastifyRequest, id: string, notify: 'invite' | 'edit' | null) {
  const db = request.server.deps.database.db;
  const auth = authOf(request);
  await signalSeriesChanged(request, auth.school.id, id);
  if (!notify) return;
  const row = await findEvent(
    db,
    { schoolId: auth.school.id, teamIds: null, userId: auth.user.id, approvedOnly: false, recruiting: true },
    id,
  );
  if (row)
    await notifyAudience(
      db,
      auth.school.id,
      row,
      notify,
      notify === 'invite' ? `invite:${id}` : `edit:${id}:${row.updated_at.getTime()}`,
      auth.user.id,
    );
}

/**
 * An admin approves, or rejects with a reason of at most 50 words, through the calendar's approval process (a
 * Workflow Update): two admins deciding at once, exactly one wins and the other hears "already decided".
 */
export async function decideRecruitingEvent(request: FastifyRequest, id: string, body: RecruitingDecisionBody) {
  const { auth, row } = await load(request, id);
  const { reason } = await decidePendingEvent(request, auth, id, row.status, body);
  await auditRequest(request, {
    action: body.decision === 'APPROVE' ? 'recruiting-event.approved' : 'recruiting-event.rejected',
    targetType: 'recruiting_event',
    targetId: id,
    details: reason ? { reason } : {},
  });
  return getRecruitingEvent(request, id);
}

/** What the create and edit form offers: the person's teams, the athletes and coaches to pick, the prospects. */
export async function recruitingEventOptions(request: FastifyRequest) {
  const db = request.server.deps.database.db;
  const auth = authOf(request);
  const scope = await calendarTeamScope(db, auth);
  const [teams, primary, pickable, school] = await Promise.all([
    listCalendarTeams(db, auth.school.id, scope),
    ownPrimaryTeam(db, auth),
    listPickable(db, auth.school.id, scope),
    db.selectFrom('schools').select('time_zone').where('id', '=', auth.school.id).executeTakeFirst(),
  ]);
  return {
    // The person's primary team is marked, so a coach of several teams starts the form on it.
    teams: teams.map((t) => ({ id: t.id, name: t.name, ...(t.id === primary ? { primary: true } : {}) })),
    ...pickable,
    schoolTimeZone: school?.time_zone ?? 'America/New_York',
  };
}
