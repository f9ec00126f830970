import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database, RecruitingEventsTable } from '../../migrations/database';
import { officialVisitKey } from '../../domain/recruiting';
import { fullNameOrNull } from '../shared/people-names';
import { psaVisitFlags } from './official-visits.repository';

type Db = Kysely<Database> | Transaction<Database>;

/** Who is asking: the teams whose recruiting events they see (null: the whole school) and themselves, as a coach. */
export interface RecruitingScope {
  schoolId: string;
  teamIds: string[] | null;
  userId: string;
}

export interface RecruitingEventRow {
  id: string;
  name: string;
  sport_team_id: string;
  team_name: string;
  location: string | null;
  time_zone: string;
  starts_at: Date;
  ends_at: Date;
  notes: string | null;
  status: 'PENDING' | 'APPROVED' | 'REJECTED';
  reject_reason: string | null;
  created_by: string | null;
  created_by_name: string | null;
  created_at: Date;
  kind: RecruitingEventsTable['kind'];
  description: string | null;
  host_athlete_ids: string[];
  coach_ids: string[];
  psa_count: number;
}

/** Recruiting events (a calendar row with its recruiting part) in scope, cancelled ones left out. */
function recruitingEventsQuery(db: Db, scope: RecruitingScope) {
  let q = db
    .selectFrom('recruiting_events as r')
    .innerJoin('calendar_events as e', (j) => j.onRef('e.id', '=', 'r.id').onRef('e.school_id', '=', 'r.school_id'))
    .innerJoin('sport_teams as t', (j) =>
      j.onRef('t.id', '=', 'e.sport_team_id').onRef('t.school_id', '=', 'e.school_id'),
    )
    .leftJoin('users as c', 'c.id', 'e.created_by')
    .where('r.school_id', '=', scope.schoolId)
    .where('e.cancelled_at', 'is', null)
    .select([
      'e.id',
      'e.name',
      'e.sport_team_id',
      't.name as team_name',
      'e.location',
      'e.time_zone',
      'e.starts_at',
      'e.ends_at',
      'e.notes',
      'e.status',
      'e.reject_reason',
      'e.created_by',
      fullNameOrNull('c').as('created_by_name'),
      'e.created_at',
      'r.kind',
      'r.description',
      'r.host_athlete_ids',
      'r.coach_ids',
      sql<number>`(select count(*)::int from recruiting_event_psas p where p.event_id = r.id)`.as('psa_count'),
    ]);
  const teams = scope.teamIds;
  if (teams !== null)
    q = q.where((eb) =>
      eb.or([
        ...(teams.length > 0 ? [eb('e.sport_team_id', 'in', teams)] : []),
        sql<boolean>`${sql.val(scope.userId)}::uuid = any(r.coach_ids)`,
      ]),
    );
  return q;
}

export interface RecruitingEventFilter {
  status?: 'PENDING' | 'APPROVED' | 'REJECTED';
  sportTeamId?: string;
  kind?: string;
  /** Events touching [from, to], as dates (UTC; a day of slack covers every zone). */
  from?: string;
  to?: string;
  q?: string;
}

export async function listRecruitingEvents(
  db: Db,
  scope: RecruitingScope,
  f: RecruitingEventFilter,
  page: { limit: number; offset: number },
): Promise<{ rows: RecruitingEventRow[]; total: number }> {
  let q = recruitingEventsQuery(db, scope);
  if (f.status) q = q.where('e.status', '=', f.status);
  if (f.sportTeamId) q = q.where('e.sport_team_id', '=', f.sportTeamId);
  if (f.kind) q = q.where('r.kind', '=', f.kind as RecruitingEventsTable['kind']);
  if (f.from) q = q.where('e.ends_at', '>=', new Date(Date.parse(`${f.from}T00:00:00Z`) - 86_400_000));
  if (f.to) q = q.where('e.starts_at', '<', new Date(Date.parse(`${f.to}T00:00:00Z`) + 2 * 86_400_000));
  if (f.q?.trim()) q = q.where('e.name', 'ilike', `%${f.q.trim().replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
  const [rows, count] = await Promise.all([
    q.orderBy('e.starts_at', 'desc').orderBy('e.id').limit(page.limit).offset(page.offset).execute(),
    q
      .clearSelect()
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  return { rows: rows as RecruitingEventRow[], total: Number(count.n) };
}

export async function findRecruitingEvent(
  db: Db,
  scope: RecruitingScope,
  id: string,
): Promise<RecruitingEventRow | null> {
  return ((await recruitingEventsQuery(db, scope).where('r.id', '=', id).executeTakeFirst()) ??
    null) as RecruitingEventRow | null;
}

export async function listEventPsaIds(db: Db, schoolId: string, eventId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('recruiting_event_psas')
    .select('psa_id')
    .where('school_id', '=', schoolId)
    .where('event_id', '=', eventId)
    .execute();
  return rows.map((r) => r.psa_id);
}

export interface RecruitingPart {
  kind: RecruitingEventsTable['kind'];
  description: string | null;
  hostAthleteIds: string[];
  coachIds: string[];
}

/** Writes an event's recruiting side row: inserted with the event, replaced on every edit (same school only). */
export async function saveRecruitingPart(db: Db, schoolId: string, id: string, part: RecruitingPart): Promise<void> {
  const columns = {
    kind: part.kind,
    description: part.description,
    host_athlete_ids: part.hostAthleteIds,
    coach_ids: part.coachIds,
  };
  await db
    .insertInto('recruiting_events')
    .values({ id, school_id: schoolId, ...columns })
    .onConflict((oc) =>
      oc
        .column('id')
        .doUpdateSet({ ...columns, updated_at: new Date() })
        .where('recruiting_events.school_id', '=', schoolId),
    )
    .execute();
}

/** Replaces the prospects attending an event. */
export async function setEventPsas(db: Db, schoolId: string, eventId: string, psaIds: readonly string[]) {
  await db
    .deleteFrom('recruiting_event_psas')
    .where('school_id', '=', schoolId)
    .where('event_id', '=', eventId)
    .execute();
  if (psaIds.length === 0) return;
  await db
    .insertInto('recruiting_event_psas')
    .values(psaIds.map((psa_id) => ({ event_id: eventId, psa_id, school_id: schoolId })))
    .execute();
}

/** Whether a calendar row is a recruiting event (changed on its own page, not the calendar's). */
export async function isRecruitingEvent(db: Db, schoolId: string, id: string): Promise<boolean> {
  const row = await db
    .selectFrom('recruiting_events')
    .select('id')
    .where('school_id', '=', schoolId)
    .where('id', '=', id)
    .executeTakeFirst();
  return !!row;
}

export interface PersonRef {
  id: string;
  name: string;
  detail: string | null;
}

/** The school's athletes (any roster of the school) or coaches and staff among `ids`, with their team. */
export async function peopleByIds(
  db: Db,
  table: 'athlete_profiles' | 'staff_profiles',
  schoolId: string,
  ids: readonly string[],
): Promise<PersonRef[]> {
  if (ids.length === 0) return [];
  // Both profile tables have the columns read here; one typed alias serves the two.
  const rows = await db
    .selectFrom(`${table} as a` as 'athlete_profiles as a')
    .innerJoin('users as u', (j) => j.onRef('u.id', '=', 'a.user_id').onRef('u.school_id', '=', 'a.school_id'))
    .leftJoin('sport_teams as t', 't.id', 'a.sport_team_id')
    .where('a.school_id', '=', schoolId)
    .where('a.user_id', 'in', [...ids])
    .select(['u.id', 'u.first_name', 'u.last_name', 't.name as team'])
    .execute();
  return dedupe(rows.map((r) => ({ id: r.id, name: `${r.first_name} ${r.last_name}`.trim(), detail: r.team })));
}

/** The school's prospects among `ids` (merged ones left out), with their graduation year. */
export async function psasByIds(db: Db, schoolId: string, ids: readonly string[]): Promise<PersonRef[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .selectFrom('psas')
    .where('school_id', '=', schoolId)
    .where('id', 'in', [...ids])
    .where('merged_into_id', 'is', null)
    .select(['id', 'first_name', 'last_name', 'graduation_year'])
    .execute();
  return rows
    .map((r) => ({
      id: r.id,
      name: `${r.first_name} ${r.last_name}`.trim(),
      detail: r.graduation_year ? `Class of ${r.graduation_year}` : null,
    }))
    .sort((a, b) => a.name.localeCompare(b.name));
}

function dedupe(people: PersonRef[]): PersonRef[] {
  const seen = new Map<string, PersonRef>();
  for (const p of people) if (!seen.has(p.id)) seen.set(p.id, p);
  return [...seen.values()].sort((a, b) => a.name.localeCompare(b.name));
}

/**
 * Coaches and staff who may attend: the whole school's (null) or those on the staff of a team in scope (`staff_teams`),
 * each with their teams by name.
 */
function pickableCoaches(db: Db, schoolId: string, teamIds: string[] | null) {
  return db
    .selectFrom('staff_profiles as p')
    .innerJoin('users as u', (j) => j.onRef('u.id', '=', 'p.user_id').onRef('u.school_id', '=', 'p.school_id'))
    .where('p.school_id', '=', schoolId)
    .$if(teamIds !== null, (q) =>
      q.where((eb) =>
        eb.exists(
          eb
            .selectFrom('staff_teams as st')
            .select('st.user_id')
            .whereRef('st.user_id', '=', 'p.user_id')
            .whereRef('st.school_id', '=', 'p.school_id')
            .where('st.sport_team_id', 'in', teamIds!),
        ),
      ),
    )
    .select((eb) => [
      'u.id',
      'u.first_name',
      'u.last_name',
      eb
        .selectFrom('staff_teams as st')
        .innerJoin('sport_teams as t', (j) =>
          j.onRef('t.id', '=', 'st.sport_team_id').onRef('t.school_id', '=', 'st.school_id'),
        )
        .whereRef('st.user_id', '=', 'p.user_id')
        .whereRef('st.school_id', '=', 'p.school_id')
        .select(sql<string | null>`string_agg(t.name, ', ' order by t.name)`.as('n'))
        .as('team'),
    ])
    .limit(2000)
    .execute();
}

/** Who may be picked: athletes and coaches of the teams in scope (null: the school), the school's active prospects. */
export async function listPickable(db: Db, schoolId: string, teamIds: string[] | null) {
  const people = (table: 'athlete_profiles' | 'staff_profiles') =>
    db
      .selectFrom(`${table} as p` as 'athlete_profiles as p')
      .innerJoin('users as u', (j) => j.onRef('u.id', '=', 'p.user_id').onRef('u.school_id', '=', 'p.school_id'))
      .leftJoin('sport_teams as t', 't.id', 'p.sport_team_id')
      .where('p.school_id', '=', schoolId)
      .$if(teamIds !== null, (q) => q.where('p.sport_team_id', 'in', teamIds!.length ? teamIds! : ['']))
      .select(['u.id', 'u.first_name', 'u.last_name', 't.name as team'])
      .limit(2000)
      .execute();
  const [athletes, coaches, psas] = await Promise.all([
    teamIds !== null && teamIds.length === 0 ? [] : people('athlete_profiles'),
    teamIds !== null && teamIds.length === 0 ? [] : pickableCoaches(db, schoolId, teamIds),
    db
      .selectFrom('psas')
      .where('school_id', '=', schoolId)
      .where('merged_into_id', 'is', null)
      .where('state_status', '<>', 'ARCHIVED')
      .select(['id', 'first_name', 'last_name', 'graduation_year'])
      .orderBy('last_name')
      .orderBy('first_name')
      .limit(2000)
      .execute(),
  ]);
  const ref = (r: { id: string; first_name: string; last_name: string; team: string | null }) => ({
    id: r.id,
    name: `${r.first_name} ${r.last_name}`.trim(),
    detail: r.team,
  });
  return {
    hostAthletes: dedupe(athletes.map(ref)),
    coaches: dedupe(coaches.map(ref)),
    psas: psas.map((r) => ({
      id: r.id,
      name: `${r.first_name} ${r.last_name}`.trim(),
      detail: r.graduation_year ? `Class of ${r.graduation_year}` : null,
    })),
  };
}

/** A prospect's approved recruiting events (the profile's history), newest first. */
export async function listPsaRecruitingEvents(db: Db, schoolId: string, psaId: string) {
  const rows = await db
    .selectFrom('recruiting_event_psas as p')
    .innerJoin('recruiting_events as r', 'r.id', 'p.event_id')
    .innerJoin('calendar_events as e', (j) => j.onRef('e.id', '=', 'r.id').onRef('e.school_id', '=', 'r.school_id'))
    .where('p.school_id', '=', schoolId)
    .where('p.psa_id', '=', psaId)
    .where('e.status', '=', 'APPROVED')
    .where('e.cancelled_at', 'is', null)
    .select(['e.id', 'e.name', 'r.kind', 'e.status', 'e.starts_at', 'e.ends_at', 'e.location', 'e.time_zone'])
    .orderBy('e.starts_at', 'desc')
    .execute();
  const flags = await psaVisitFlags(db, schoolId, psaId);
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    kind: r.kind,
    status: r.status,
    start: new Date(r.starts_at).toISOString(),
    end: new Date(r.ends_at).toISOString(),
    location: r.location,
    timeZone: r.time_zone,
    flags: flags.get(officialVisitKey({ source: 'event', id: r.id, psaId })) ?? [],
  }));
}
