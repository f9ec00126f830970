import { sql, type Kysely, type Selectable, type Transaction } from 'kysely';
import { RECRUITING_EVENT_CATEGORY } from '../../domain/recruiting-events';
import type { CalendarEventsTable, Database } from '../../migrations/database';
import { listStaffOfTeams } from '../staff/staff-teams.repository';

type Db = Kysely<Database> | Transaction<Database>;

export type EventRow = Selectable<CalendarEventsTable> & { team_name: string };

/** Who is asking: the teams they see (null: the whole school) and themselves, as an attendee. */
export interface EventScope {
  schoolId: string;
  teamIds: string[] | null;
  userId: string;
  /** Athletes see approved events only; staff also see their teams' pending and rejected ones. */
  approvedOnly: boolean;
  /** Recruiting events are staff-only (spec roles): only a person with `recruiting:read` sees them, anywhere. */
  recruiting: boolean;
}

/** The school's live events the person may see, not yet projected. */
function visibleEvents(db: Db, scope: EventScope) {
  let q = db
    .selectFrom('calendar_events as e')
    .innerJoin('sport_teams as t', (j) =>
      j.onRef('t.id', '=', 'e.sport_team_id').onRef('t.school_id', '=', 'e.school_id'),
    )
    .where('e.school_id', '=', scope.schoolId)
    .where('e.cancelled_at', 'is', null);
  const teams = scope.teamIds;
  if (teams !== null) {
    q = q.where((eb) =>
      eb.or([
        ...(teams.length > 0
          ? [eb('e.sport_team_id', 'in', teams), sql<boolean>`e.attendee_team_ids && ${sql.val(teams)}::uuid[]`]
          : []),
        sql<boolean>`${sql.val(scope.userId)}::uuid = any(e.attendee_user_ids)`,
      ]),
    );
  }
  if (scope.approvedOnly) q = q.where('e.status', '=', 'APPROVED');
  if (!scope.recruiting) q = q.where('e.category', '<>', RECRUITING_EVENT_CATEGORY);
  return q;
}

function eventsQuery(db: Db, scope: EventScope) {
  return visibleEvents(db, scope).selectAll('e').select('t.name as team_name');
}

export interface EventRange {
  from: Date;
  to: Date;
  teamIds?: string[];
  categories?: string[];
  personId?: string;
}

/**
 * The visible series that may have an occurrence in [from, to): they start before `to`, and either end after `from`
 * or repeat until a day not before `from` (a day of slack either side covers every time zone).
 */
function eventsInRange(db: Db, scope: EventScope, range: EventRange) {
  const fromDay = new Date(range.from.getTime() - 86_400_000).toISOString().slice(0, 10);
  let q = visibleEvents(db, scope)
    .where('e.starts_at', '<', range.to)
    .where((eb) =>
      eb.or([
        eb('e.ends_at', '>', range.from),
        eb.and([eb('e.rrule', 'is not', null), eb('e.repeat_until', '>=', fromDay)]),
      ]),
    );
  if (range.teamIds?.length) {
    const teams = range.teamIds;
    q = q.where((eb) =>
      eb.or([eb('e.sport_team_id', 'in', teams), sql<boolean>`e.attendee_team_ids && ${sql.val(teams)}::uuid[]`]),
    );
  }
  if (range.categories?.length) q = q.where('e.category', 'in', range.categories);
  if (range.personId) q = q.where(sql<boolean>`${sql.val(range.personId)}::uuid = any(e.attendee_user_ids)`);
  return q;
}

/** Whole rows of the series in a range (the calendar feed writes them all out). */
export async function listEventsInRange(db: Db, scope: EventScope, range: EventRange): Promise<EventRow[]> {
  return eventsInRange(db, scope, range).selectAll('e').select('t.name as team_name').orderBy('e.starts_at').execute();
}

/** What a calendar view draws of a series: the columns of an occurrence and what its expansion needs. */
export type OccurrenceSourceRow = Pick<
  EventRow,
  | 'id'
  | 'name'
  | 'category'
  | 'cara_category'
  | 'sport_team_id'
  | 'team_name'
  | 'location'
  | 'time_zone'
  | 'repeat'
  | 'status'
  | 'starts_at'
  | 'ends_at'
  | 'rrule'
  | 'exdates'
>;

/** The series in a range with only the columns a calendar view draws (the month view reads thousands a time). */
export async function listOccurrenceSourcesInRange(
  db: Db,
  scope: EventScope,
  range: EventRange,
): Promise<OccurrenceSourceRow[]> {
  return eventsInRange(db, scope, range)
    .select([
      'e.id',
      'e.name',
      'e.category',
      'e.cara_category',
      'e.sport_team_id',
      't.name as team_name',
      'e.location',
      'e.time_zone',
      'e.repeat',
      'e.status',
      'e.starts_at',
      'e.ends_at',
      'e.rrule',
      'e.exdates',
    ])
    .orderBy('e.starts_at')
    .execute();
}

export async function findEvent(db: Db, scope: EventScope, id: string): Promise<EventRow | null> {
  return (await eventsQuery(db, scope).where('e.id', '=', id).executeTakeFirst()) ?? null;
}

/** A row as the service writes it (plain values; ids and timestamps come from the database). */
export interface EventValues {
  sport_team_id: string;
  name: string;
  category: string;
  cara_category: string | null;
  attendee_team_ids: string[];
  attendee_user_ids: string[];
  location: string | null;
  time_zone: string;
  starts_at: Date;
  ends_at: Date;
  repeat: string;
  rrule: string | null;
  repeat_until: string | null;
  exdates: string[];
  series_id: string | null;
  recurrence_start: Date | null;
  notes: string | null;
  agenda: string | null;
  reminder_minutes: number | null;
  status: 'PENDING' | 'APPROVED' | 'REJECTED';
  reject_reason: string | null;
  created_by: string | null;
}

export async function insertEvent(db: Db, schoolId: string, values: EventValues): Promise<string> {
  const row = await db
    .insertInto('calendar_events')
    .values({ ...values, school_id: schoolId, exdates: JSON.stringify(values.exdates) })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function updateEvent(
  db: Db,
  schoolId: string,
  id: string,
  values: Partial<Omit<EventValues, 'exdates'>> & { exdates?: string[]; cancelled_at?: Date },
): Promise<void> {
  const { exdates, ...rest } = values;
  await db
    .updateTable('calendar_events')
    .set({ ...rest, ...(exdates ? { exdates: JSON.stringify(exdates) } : {}), updated_at: new Date() })
    .where('school_id', '=', schoolId)
    .where('id', '=', id)
    .execute();
}

/**
 * The row's approval and recurrence, locked for the rest of the transaction: an edit writes back what it reads here,
 * so a decision or an edit committed since the request first read the row is not reverted.
 */
export async function lockEvent(
  trx: Transaction<Database>,
  schoolId: string,
  id: string,
): Promise<Pick<EventRow, 'status' | 'reject_reason' | 'rrule' | 'time_zone'> | null> {
  return (
    (await trx
      .selectFrom('calendar_events')
      .select(['status', 'reject_reason', 'rrule', 'time_zone'])
      .where('school_id', '=', schoolId)
      .where('id', '=', id)
      .forUpdate()
      .executeTakeFirst()) ?? null
  );
}

/**
 * Cuts one occurrence out of a series: its start joins the stored `exdates` in one statement, so occurrences two
 * requests cut out at once both stay cut (a list read before and written back would drop the other's).
 */
export async function addExdate(db: Db, schoolId: string, id: string, at: Date): Promise<void> {
  await db
    .updateTable('calendar_events')
    .set({ exdates: sql`exdates || jsonb_build_array(${at.toISOString()}::text)`, updated_at: new Date() })
    .where('school_id', '=', schoolId)
    .where('id', '=', id)
    .execute();
}

/** Cancels a series and the occurrences edited out of it. */
export async function cancelSeries(db: Db, schoolId: string, id: string): Promise<void> {
  await db
    .updateTable('calendar_events')
    .set({ cancelled_at: new Date(), updated_at: new Date() })
    .where('school_id', '=', schoolId)
    .where((eb) => eb.or([eb('id', '=', id), eb('series_id', '=', id)]))
    .execute();
}

/** The ids among `ids` that are rows of the school in a table (users or teams): attendees must be the school's own. */
export async function existingSchoolIds(
  db: Db,
  table: 'users' | 'sport_teams',
  schoolId: string,
  ids: readonly string[],
): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .selectFrom(table)
    .select('id')
    .where('school_id', '=', schoolId)
    .where('id', 'in', [...ids])
    .execute();
  return new Set(rows.map((r) => r.id));
}

/** Everyone an event concerns: the named attendees and the athletes and staff of its attendee teams. */
export async function listEventAudience(
  db: Db,
  schoolId: string,
  event: Pick<EventRow, 'attendee_team_ids' | 'attendee_user_ids'>,
): Promise<string[]> {
  const ids = new Set(event.attendee_user_ids);
  if (event.attendee_team_ids.length > 0) {
    const [athletes, staff] = await Promise.all([
      db
        .selectFrom('athlete_profiles')
        .select('user_id')
        .where('school_id', '=', schoolId)
        .where('sport_team_id', 'in', event.attendee_team_ids)
        .execute(),
      listStaffOfTeams(db, schoolId, event.attendee_team_ids).then((ids) => ids.map((user_id) => ({ user_id }))),
    ]);
    for (const r of [...athletes, ...staff]) ids.add(r.user_id);
  }
  return [...ids];
}

/** PENDING → APPROVED or REJECTED, only from PENDING; false when someone decided first. */
export async function decidePendingEvent(
  db: Db,
  schoolId: string,
  id: string,
  status: 'APPROVED' | 'REJECTED',
  reason: string | null,
): Promise<boolean> {
  const res = await db
    .updateTable('calendar_events')
    .set({ status, reject_reason: reason, updated_at: new Date() })
    .where('school_id', '=', schoolId)
    .where('id', '=', id)
    .where('status', '=', 'PENDING')
    .executeTakeFirst();
  return Number(res.numUpdatedRows) > 0;
}

/** The first row of a series: edits cut occurrences and following parts out into rows pointing back with series_id. */
export async function rootEventId(db: Db, schoolId: string, id: string): Promise<string> {
  const { rows } = await sql<{ id: string }>`
    with recursive up as (
      select id, series_id, 0 as depth from calendar_events where school_id = ${schoolId} and id = ${id}
      union all
      select e.id, e.series_id, up.depth + 1 from calendar_events e join up on e.id = up.series_id
      where e.school_id = ${schoolId} and up.depth < 1000
    )
    select id from up where series_id is null limit 1`.execute(db);
  return rows[0]?.id ?? id;
}

/**
 * Marks a series (its root row) as needing its process; returns the mark (the database's clock, to the
 * microsecond), which only the same caller's clearWorkflowNeeded removes: a later change's mark outlives it.
 */
export async function markWorkflowNeeded(db: Db, schoolId: string, rootId: string): Promise<Date | null> {
  const row = await db
    .updateTable('calendar_events')
    .set({ workflow_needed_at: sql<Date>`date_trunc('milliseconds', clock_timestamp())` })
    .where('school_id', '=', schoolId)
    .where('id', '=', rootId)
    .returning('workflow_needed_at')
    .executeTakeFirst();
  return row?.workflow_needed_at ?? null;
}

/** Removes a series' mark if it is still the one given (the process has heard of every change up to it). */
export async function clearWorkflowNeeded(db: Db, schoolId: string, rootId: string, mark: Date): Promise<boolean> {
  const result = await db
    .updateTable('calendar_events')
    .set({ workflow_needed_at: null })
    .where('school_id', '=', schoolId)
    .where('id', '=', rootId)
    .where('workflow_needed_at', '=', mark)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Series still waiting for their process, oldest mark first (all schools, or one). */
export async function listSeriesNeedingWorkflow(
  db: Db,
  options: { schoolId?: string; limit: number },
): Promise<Array<{ id: string; school_id: string; name: string; workflow_needed_at: Date }>> {
  let q = db
    .selectFrom('calendar_events')
    .select(['id', 'school_id', 'name', 'workflow_needed_at'])
    .where('workflow_needed_at', 'is not', null);
  if (options.schoolId) q = q.where('school_id', '=', options.schoolId);
  const rows = await q.orderBy('workflow_needed_at').limit(options.limit).execute();
  return rows.map((r) => ({ ...r, workflow_needed_at: r.workflow_needed_at! }));
}

/** How many series wait for their process, and since when the oldest (all schools, or one). */
export async function countSeriesNeedingWorkflow(
  db: Db,
  schoolId?: string,
): Promise<{ count: number; oldest: Date | null }> {
  let q = db
    .selectFrom('calendar_events')
    .select([sql<string>`count(*)`.as('count'), sql<Date | null>`min(workflow_needed_at)`.as('oldest')])
    .where('workflow_needed_at', 'is not', null);
  if (schoolId) q = q.where('school_id', '=', schoolId);
  const row = await q.executeTakeFirstOrThrow();
  return { count: Number(row.count), oldest: row.oldest ? new Date(row.oldest) : null };
}

/** A series and every row edited out of it (at any depth), with the team's name; cancelled rows left out. */
export async function listEventFamily(db: Db, schoolId: string, rootId: string): Promise<EventRow[]> {
  const { rows } = await sql<{ id: string }>`
    with recursive down as (
      select id, 0 as depth from calendar_events where school_id = ${schoolId} and id = ${rootId}
      union all
      select e.id, down.depth + 1 from calendar_events e join down on e.series_id = down.id
      where e.school_id = ${schoolId} and down.depth < 1000
    )
    select id from down`.execute(db);
  if (rows.length === 0) return [];
  return db
    .selectFrom('calendar_events as e')
    .innerJoin('sport_teams as t', (j) =>
      j.onRef('t.id', '=', 'e.sport_team_id').onRef('t.school_id', '=', 'e.school_id'),
    )
    .selectAll('e')
    .select('t.name as team_name')
    .where('e.school_id', '=', schoolId)
    .where(
      'e.id',
      'in',
      rows.map((r) => r.id),
    )
    .where('e.cancelled_at', 'is', null)
    .orderBy('e.starts_at')
    .execute();
}

/** Decides every still pending row of a series (the rows edited out of it share its approval); how many changed. */
export async function decidePendingFamily(
  db: Db,
  schoolId: string,
  ids: readonly string[],
  status: 'APPROVED' | 'REJECTED',
  reason: string | null,
): Promise<number> {
  if (ids.length === 0) return 0;
  const res = await db
    .updateTable('calendar_events')
    .set({ status, reject_reason: reason, updated_at: new Date() })
    .where('school_id', '=', schoolId)
    .where('id', 'in', [...ids])
    .where('status', '=', 'PENDING')
    .executeTakeFirst();
  return Number(res.numUpdatedRows);
}

export interface SeriesFilter {
  teamId?: string;
  category?: string;
  /** Events (every category but competitions) or competitions (home and away). */
  kind?: 'EVENT' | 'COMPETITION';
  status?: 'PENDING' | 'APPROVED' | 'REJECTED';
  /** Local dates, inclusive; a series is listed when any of it falls between them. */
  from?: string;
  to?: string;
}

export const COMPETITION_CATEGORIES = ['HOME_COMPETITION', 'AWAY_COMPETITION'];

/** One row per series (and per occurrence or part edited out of one), newest first, a page at a time. */
export async function listEventSeries(
  db: Db,
  scope: EventScope,
  filter: SeriesFilter,
  page: { limit: number; offset: number },
): Promise<{ rows: EventRow[]; total: number }> {
  let q = eventsQuery(db, scope);
  if (filter.teamId)
    q = q.where((eb) =>
      eb.or([
        eb('e.sport_team_id', '=', filter.teamId!),
        sql<boolean>`${sql.val(filter.teamId)}::uuid = any(e.attendee_team_ids)`,
      ]),
    );
  if (filter.category) q = q.where('e.category', '=', filter.category);
  if (filter.kind === 'COMPETITION') q = q.where('e.category', 'in', COMPETITION_CATEGORIES);
  if (filter.kind === 'EVENT') q = q.where('e.category', 'not in', COMPETITION_CATEGORIES);
  if (filter.status) q = q.where('e.status', '=', filter.status);
  if (filter.to) q = q.where('e.starts_at', '<', new Date(Date.parse(`${filter.to}T00:00:00Z`) + 2 * 86_400_000));
  if (filter.from) {
    const from = new Date(Date.parse(`${filter.from}T00:00:00Z`) - 86_400_000);
    const fromDay = from.toISOString().slice(0, 10);
    q = q.where((eb) =>
      eb.or([eb('e.ends_at', '>', from), eb.and([eb('e.rrule', 'is not', null), eb('e.repeat_until', '>=', fromDay)])]),
    );
  }
  const [rows, count] = await Promise.all([
    q.orderBy('e.starts_at', 'desc').orderBy('e.id').limit(page.limit).offset(page.offset).execute(),
    q
      .clearSelect()
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}

/** Whether an id is a school's (not the provider's own organisation): the operator's event list reads only those. */
export async function isSchoolId(db: Kysely<Database>, id: string): Promise<boolean> {
  const row = await db
    .selectFrom('schools')
    .select('id')
    .where('id', '=', id)
    .where('kind', '=', 'SCHOOL')
    .executeTakeFirst();
  return !!row;
}
