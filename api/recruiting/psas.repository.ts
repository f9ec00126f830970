import { sql, type Kysely, type Selectable, type Transaction } from 'kysely';
import {
  officialVisitKey,
  BOARD_COLUMNS,
  phoneKey,
  PSA_FIELDS,
  type CommitmentStatus,
  type PsaField,
  type TransferStatus,
} from '../../domain/recruiting';
import type { Database, PsasTable } from '../../migrations/database';
import { containsPattern } from '../shared/like-pattern';
import { fullName, fullNameOrNull } from '../shared/people-names';
import { psaVisitFlags } from './official-visits.repository';
import type { PsaDto } from './psas.schemas';

type Db = Kysely<Database> | Transaction<Database>;
export type PsaRow = Selectable<PsasTable> & {
  teamName: string | null;
  coachName: string | null;
};

/** A prospect as the API shows it (its schema: PsaDto in psas.schemas.ts). */
export type { PsaDto };

export function psasQuery(db: Db, schoolId: string) {
  return db
    .selectFrom('psas as p')
    .leftJoin('sport_teams as t', (j) => j.onRef('t.id', '=', 'p.sport_team_id').on('t.school_id', '=', schoolId))
    .leftJoin('users as c', (j) => j.onRef('c.id', '=', 'p.recruiting_coach_id').on('c.school_id', '=', schoolId))
    .where('p.school_id', '=', schoolId)
    .selectAll('p')
    .select(['t.name as teamName', fullNameOrNull('c').as('coachName')]);
}

const num = (v: unknown) => (v === null || v === undefined ? null : Number(v));

export function toPsaDto(r: PsaRow): PsaDto {
  const fields: Record<string, unknown> = {};
  for (const [name, def] of Object.entries(PSA_FIELDS) as [PsaField, (typeof PSA_FIELDS)[PsaField]][]) {
    const v = (r as unknown as Record<string, unknown>)[def.column];
    fields[name] = def.kind === 'number' ? num(v) : (v ?? null);
  }
  return {
    ...(fields as Pick<PsaDto, PsaField>),
    id: r.id,
    name: `${r.first_name} ${r.last_name}`,
    commitmentStatus: r.commitment_status,
    psaState: r.state_status,
    rating: r.rating,
    tags: r.tags ?? [],
    sportTeam: r.teamName,
    recruitingCoach: r.coachName,
    height:
      r.height_feet !== null || r.height_inches !== null ? `${r.height_feet ?? 0}' ${r.height_inches ?? 0}"` : null,
    highlightLinks: r.highlight_links ?? [],
    customFields: (r.custom_fields as { name: string; value: string }[]) ?? [],
    lastContactDate: r.last_contact_at ? new Date(r.last_contact_at).toISOString() : null,
    athleteUserId: r.athlete_user_id,
    mergedIntoId: r.merged_into_id,
    createdAt: new Date(r.created_at).toISOString(),
    updatedAt: new Date(r.updated_at).toISOString(),
  };
}

export async function findPsa(db: Db, schoolId: string, id: string): Promise<PsaRow | null> {
  return ((await psasQuery(db, schoolId).where('p.id', '=', id).executeTakeFirst()) as PsaRow | undefined) ?? null;
}

export interface PsaListFilter {
  archived: boolean;
  search?: string | null;
  commitmentStatus?: string | null;
  graduationYear?: number | null;
  sportTeamId?: string | null;
  position?: string | null;
  tag?: string | null;
  minRating?: number | null;
  sort?: string | null;
  direction?: 'asc' | 'desc';
}

const SORTS: Record<string, string> = {
  name: 'p.last_name',
  email: 'p.email',
  graduationYear: 'p.graduation_year',
  commitmentStatus: 'p.commitment_status',
  rating: 'p.rating',
  highSchoolName: 'p.high_school_name',
  gpa: 'p.gpa',
  lastContactDate: 'p.last_contact_at',
  createdAt: 'p.created_at',
};

export function filteredPsas(db: Db, schoolId: string, f: PsaListFilter) {
  let q = psasQuery(db, schoolId).where('p.merged_into_id', 'is', null);
  q = f.archived ? q.where('p.state_status', '=', 'ARCHIVED') : q.where('p.state_status', '<>', 'ARCHIVED');
  if (f.search?.trim()) {
    const like = containsPattern(f.search);
    q = q.where((eb) =>
      eb.or([
        eb(fullName('p'), 'ilike', like),
        eb('p.email', 'ilike', like),
        eb('p.high_school_name', 'ilike', like),
        eb('p.mobile', 'ilike', like),
      ]),
    );
  }
  if (f.commitmentStatus) q = q.where('p.commitment_status', '=', f.commitmentStatus as CommitmentStatus);
  if (f.graduationYear) q = q.where('p.graduation_year', '=', f.graduationYear);
  if (f.sportTeamId) q = q.where('p.sport_team_id', '=', f.sportTeamId);
  if (f.position?.trim()) q = q.where('p.position', 'ilike', containsPattern(f.position));
  if (f.tag) q = q.where(sql<boolean>`${f.tag} = any(p.tags)`);
  if (f.minRating) q = q.where('p.rating', '>=', f.minRating);
  const col = f.sort && Object.hasOwn(SORTS, f.sort) ? SORTS[f.sort]! : 'p.last_name';
  const dir = f.direction === 'desc' ? sql`desc nulls last` : sql`asc nulls last`;
  return q
    .orderBy(sql`${sql.ref(col)} ${dir}`)
    .orderBy('p.first_name')
    .orderBy('p.id');
}

export async function listPsas(db: Db, schoolId: string, f: PsaListFilter, limit: number, offset: number) {
  const base = filteredPsas(db, schoolId, f);
  const [rows, total] = await Promise.all([
    base.limit(limit).offset(offset).execute(),
    base
      .clearSelect()
      .clearOrderBy()
      .select(sql<number>`count(*)::int`.as('n'))
      .executeTakeFirstOrThrow(),
  ]);
  return { items: (rows as PsaRow[]).map(toPsaDto), total: total.n };
}

export interface BoardCard {
  id: string;
  name: string;
  graduationYear: number | null;
  position: string | null;
  highSchoolName: string | null;
  rating: number | null;
  tags: string[];
  sportTeam: string | null;
  transferStatus: TransferStatus | null;
}

/** The board: active prospects by commitment status, in each column's order. One query, no per-card lookups. */
export async function boardColumns(db: Db, schoolId: string, sportTeamId: string | null) {
  let q = db
    .selectFrom('psas as p')
    .leftJoin('sport_teams as t', 't.id', 'p.sport_team_id')
    .leftJoin('psa_transfers as x', 'x.psa_id', 'p.id')
    .where('p.school_id', '=', schoolId)
    .where('p.state_status', '<>', 'ARCHIVED')
    .where('p.merged_into_id', 'is', null)
    .select([
      'p.id',
      'p.first_name',
      'p.last_name',
      'p.graduation_year',
      'p.position',
      'p.high_school_name',
      'p.rating',
      'p.tags',
      'p.commitment_status',
      't.name as team',
      'x.status as transfer_status',
    ])
    .orderBy('p.board_rank')
    .orderBy('p.last_name')
    .orderBy('p.id');
  if (sportTeamId) q = q.where('p.sport_team_id', '=', sportTeamId);
  const rows = await q.execute();
  const columns = Object.fromEntries(BOARD_COLUMNS.map((c) => [c, [] as BoardCard[]])) as Record<
    CommitmentStatus,
    BoardCard[]
  >;
  for (const r of rows) {
    columns[r.commitment_status].push({
      id: r.id,
      name: `${r.first_name} ${r.last_name}`,
      graduationYear: r.graduation_year,
      position: r.position,
      highSchoolName: r.high_school_name,
      rating: r.rating,
      tags: r.tags ?? [],
      sportTeam: r.team,
      transferStatus: r.transfer_status,
    });
  }
  return columns;
}

/** The rank that puts a card before `beforeId` in a column (or at its end), halving the gap with its neighbour. */
export async function rankFor(
  db: Db,
  schoolId: string,
  status: CommitmentStatus,
  beforeId: string | null,
  movingId: string,
): Promise<number> {
  const ranks = await db
    .selectFrom('psas')
    .select(['id', 'board_rank'])
    .where('school_id', '=', schoolId)
    .where('commitment_status', '=', status)
    .where('state_status', '<>', 'ARCHIVED')
    .where('merged_into_id', 'is', null)
    .where('id', '<>', movingId)
    .orderBy('board_rank')
    .orderBy('last_name')
    .orderBy('id')
    .execute();
  const at = beforeId ? ranks.findIndex((r) => r.id === beforeId) : -1;
  if (at < 0) return (ranks[ranks.length - 1]?.board_rank ?? 0) + 1;
  const next = ranks[at]!.board_rank;
  const prev = at > 0 ? ranks[at - 1]!.board_rank : next - 2;
  return (prev + next) / 2;
}

export async function listActivities(db: Db, schoolId: string, psaId: string) {
  const rows = await db
    .selectFrom('psa_activities as a')
    .leftJoin('users as u', 'u.id', 'a.logged_by')
    .leftJoin('users as c', 'c.id', 'a.coach_user_id')
    .where('a.school_id', '=', schoolId)
    .where('a.psa_id', '=', psaId)
    .select([
      'a.id',
      'a.kind',
      'a.occurred_at',
      'a.nights',
      'a.location',
      'a.summary',
      'a.duration_minutes',
      'a.created_at',
      fullNameOrNull('u').as('loggedBy'),
      fullNameOrNull('c').as('coach'),
    ])
    .orderBy('a.occurred_at', 'desc')
    .execute();
  const flags = await psaVisitFlags(db, schoolId, psaId);
  return rows.map((r) => ({
    id: r.id,
    kind: r.kind,
    occurredAt: new Date(r.occurred_at).toISOString(),
    nights: r.nights,
    location: r.location,
    summary: r.summary,
    durationMinutes: r.duration_minutes,
    coach: r.coach,
    loggedBy: r.loggedBy,
    flags: flags.get(officialVisitKey({ source: 'activity', id: r.id, psaId })) ?? [],
  }));
}

export async function listPsaEvents(db: Db, schoolId: string, psaId: string) {
  const rows = await db
    .selectFrom('psa_events as e')
    .leftJoin('users as u', 'u.id', 'e.actor_user_id')
    .where('e.school_id', '=', schoolId)
    .where('e.psa_id', '=', psaId)
    .select(['e.id', 'e.action', 'e.details', 'e.created_at', fullNameOrNull('u').as('actorName')])
    .orderBy('e.created_at', 'desc')
    .execute();
  return rows.map((r) => ({
    id: r.id,
    action: r.action,
    details: r.details as Record<string, unknown>,
    at: new Date(r.created_at).toISOString(),
    actorName: r.actorName,
  }));
}

export async function insertPsaEvent(
  db: Db,
  e: { schoolId: string; psaId: string; actorUserId: string | null; action: string; details?: unknown; key?: string },
) {
  await db
    .insertInto('psa_events')
    .values({
      school_id: e.schoolId,
      psa_id: e.psaId,
      actor_user_id: e.actorUserId,
      action: e.action,
      details: JSON.stringify(e.details ?? {}),
      idempotency_key: e.key ?? null,
    })
    .onConflict((oc) => oc.column('idempotency_key').doNothing())
    .execute();
}

/** Other active prospects of the school with the same e-mail or the same phone digits. */
export async function findDuplicatesOf(
  db: Db,
  schoolId: string,
  psa: { id?: string | null; email: string | null; mobile: string | null },
) {
  const phone = phoneKey(psa.mobile);
  if (!psa.email && !phone) return [];
  let q = db
    .selectFrom('psas')
    .select(['id', 'first_name', 'last_name', 'email', 'mobile'])
    .where('school_id', '=', schoolId)
    .where('merged_into_id', 'is', null)
    .where((eb) =>
      eb.or([
        ...(psa.email ? [eb(eb.fn('lower', ['email']), '=', psa.email.toLowerCase())] : []),
        ...(phone ? [eb('mobile', '=', phone)] : []),
      ]),
    );
  if (psa.id) q = q.where('id', '<>', psa.id);
  const rows = await q.limit(20).execute();
  return rows.map((r) => ({
    id: r.id,
    name: `${r.first_name} ${r.last_name}`,
    email: r.email,
    mobile: r.mobile,
    matchedOn:
      psa.email && r.email?.toLowerCase() === psa.email.toLowerCase() ? ('email' as const) : ('phone' as const),
  }));
}

/** Every group of active prospects sharing an e-mail or a phone, for the list's duplicates view. */
export async function duplicateGroups(db: Db, schoolId: string) {
  const rows = await sql<{ key: string; kind: string; ids: string[]; names: string[] }>`
    select key, kind, array_agg(id order by created_at) as ids,
      array_agg(${fullName('k')} order by created_at) as names
    from (
      select id, created_at, first_name, last_name, lower(email) as key, 'email' as kind from psas
        where school_id = ${schoolId} and merged_into_id is null and email is not null
      union all
      select id, created_at, first_name, last_name, mobile as key, 'phone' as kind from psas
        where school_id = ${schoolId} and merged_into_id is null and mobile is not null
    ) k
    group by key, kind having count(*) > 1
    order by key
    limit 200`.execute(db);
  return rows.rows.map((r) => ({
    matchedOn: r.kind as 'email' | 'phone',
    value: r.key,
    prospects: r.ids.map((id, i) => ({ id, name: r.names[i] ?? '' })),
  }));
}

/** The school's tags in use on prospects (the staff-only tag list), alphabetical. */
export async function schoolTags(db: Db, schoolId: string): Promise<string[]> {
  const rows = await sql<{ tag: string }>`
    select distinct unnest(tags) as tag from psas where school_id = ${schoolId} order by 1`.execute(db);
  return rows.rows.map((r) => r.tag);
}
