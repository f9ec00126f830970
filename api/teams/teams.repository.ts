import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { Database } from '../../migrations/database';

export interface TeamRow {
  id: string;
  name: string;
  sport: string;
  gender: 'MEN' | 'WOMEN' | 'COED';
  athleteCount: number;
  staffCount: number;
  createdAt: Date;
  archivedAt: Date | null;
}

function teamsQuery(db: Kysely<Database>, schoolId: string) {
  return db
    .selectFrom('sport_teams as t')
    .where('t.school_id', '=', schoolId)
    .select((eb) => [
      't.id',
      't.name',
      't.sport',
      't.gender',
      't.created_at',
      't.archived_at',
      eb
        .selectFrom('athlete_profiles as a')
        .whereRef('a.sport_team_id', '=', 't.id')
        .where('a.school_id', '=', schoolId)
        .select(eb.fn.countAll<string>().as('n'))
        .as('athlete_count'),
      eb
        .selectFrom('staff_teams as s')
        .whereRef('s.sport_team_id', '=', 't.id')
        .where('s.school_id', '=', schoolId)
        .select(eb.fn.countAll<string>().as('n'))
        .as('staff_count'),
    ]);
}

function toTeamRow(r: {
  id: string;
  name: string;
  sport: string;
  gender: 'MEN' | 'WOMEN' | 'COED';
  created_at: Date;
  archived_at: Date | null;
  athlete_count: string | null;
  staff_count: string | null;
}): TeamRow {
  return {
    id: r.id,
    name: r.name,
    sport: r.sport,
    gender: r.gender,
    athleteCount: Number(r.athlete_count ?? 0),
    staffCount: Number(r.staff_count ?? 0),
    createdAt: r.created_at,
    archivedAt: r.archived_at,
  };
}

/** The school's active teams (what pickers offer), or its archived ones. */
export async function listTeams(
  db: Kysely<Database>,
  schoolId: string,
  which: 'ACTIVE' | 'ARCHIVED' = 'ACTIVE',
): Promise<TeamRow[]> {
  const rows = await teamsQuery(db, schoolId)
    .where('t.archived_at', which === 'ACTIVE' ? 'is' : 'is not', null)
    .orderBy('t.name')
    .execute();
  return rows.map(toTeamRow);
}

export async function findTeam(
  db: Kysely<Database>,
  schoolId: string,
  teamId: string,
  options: { forUpdate?: boolean } = {},
): Promise<TeamRow | null> {
  let query = teamsQuery(db, schoolId).where('t.id', '=', teamId);
  if (options.forUpdate) query = query.forUpdate();
  const row = await query.executeTakeFirst();
  return row ? toTeamRow(row) : null;
}

/** True when the team exists in this school (used to validate references from other features). */
export async function teamExists(db: Kysely<Database>, schoolId: string, teamId: string): Promise<boolean> {
  const row = await db
    .selectFrom('sport_teams')
    .select('id')
    .where('school_id', '=', schoolId)
    .where('id', '=', teamId)
    .executeTakeFirst();
  return Boolean(row);
}

export async function insertTeam(
  db: Kysely<Database>,
  schoolId: string,
  team: { name: string; sport: string; gender: 'MEN' | 'WOMEN' | 'COED' },
): Promise<string> {
  const row = await db
    .insertInto('sport_teams')
    .values({ school_id: schoolId, name: team.name, sport: team.sport, gender: team.gender })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function updateTeam(
  db: Kysely<Database>,
  schoolId: string,
  teamId: string,
  changes: { name?: string; sport?: string; gender?: 'MEN' | 'WOMEN' | 'COED' },
): Promise<boolean> {
  if (Object.keys(changes).length === 0) return teamExists(db, schoolId, teamId);
  const result = await db
    .updateTable('sport_teams')
    .set(changes)
    .where('school_id', '=', schoolId)
    .where('id', '=', teamId)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Archives or unarchives a team; false when it was not found or already in that state (a repeat is a no-op). */
export async function setTeamArchived(
  db: Kysely<Database>,
  schoolId: string,
  teamId: string,
  archive: { at: Date; by: string } | null,
): Promise<boolean> {
  const result = await db
    .updateTable('sport_teams')
    .set(archive ? { archived_at: archive.at, archived_by: archive.by } : { archived_at: null, archived_by: null })
    .where('school_id', '=', schoolId)
    .where('id', '=', teamId)
    .where('archived_at', archive ? 'is' : 'is not', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/**
 * What hangs off a team: a table, the condition that ties its rows to the team and a plural-aware label. A team with
 * any of it has history and is archived, never deleted; the foreign keys refuse the delete as well (migration 123).
 */
type TeamRef = { teamId: string; schoolId: string };
const TEAM_DEPENDANTS: ReadonlyArray<{ count: (r: TeamRef) => RawBuilder<unknown>; one: string; many: string }> = [
  { count: (r) => countWhere('athlete_profiles', r), one: 'athlete', many: 'athletes' },
  { count: (r) => countWhere('staff_teams', r), one: 'staff member', many: 'staff members' },
  { count: (r) => countWhere('staff_profiles', r), one: 'staff profile', many: 'staff profiles' },
  {
    count: (r) =>
      sql`(select count(*) from calendar_events where school_id = ${r.schoolId}
           and (sport_team_id = ${r.teamId} or ${r.teamId}::uuid = any(attendee_team_ids)))`,
    one: 'event',
    many: 'events',
  },
  { count: (r) => countWhere('cara_logs', r), one: 'CARA log', many: 'CARA logs' },
  { count: (r) => countWhere('cara_settings', r), one: 'CARA setting', many: 'CARA settings' },
  {
    count: (r) => countWhere('cara_violation_dismissals', r),
    one: 'dismissed CARA violation',
    many: 'dismissed CARA violations',
  },
  { count: (r) => countWhere('rosters', r), one: 'roster', many: 'rosters' },
  { count: (r) => countWhere('sport_segments', r), one: 'segment', many: 'segments' },
  { count: (r) => countWhere('disclosures', r), one: 'disclosure', many: 'disclosures' },
  {
    count: (r) =>
      sql`(select count(*) from conflict_flags where school_id = ${r.schoolId}
           and team_ids @> jsonb_build_array(${r.teamId}::text))`,
    one: 'conflict-of-interest flag',
    many: 'conflict-of-interest flags',
  },
  { count: (r) => countWhere('psas', r), one: 'prospect', many: 'prospects' },
  { count: (r) => countWhere('psa_transfers', r), one: 'prospect transfer', many: 'prospect transfers' },
  { count: (r) => countWhere('questionnaires', r), one: 'questionnaire', many: 'questionnaires' },
  { count: (r) => countWhere('athlete_custom_fields', r), one: 'custom athlete field', many: 'custom athlete fields' },
];

function countWhere(table: string, r: TeamRef): RawBuilder<unknown> {
  return sql`(select count(*) from ${sql.table(table)} where school_id = ${r.schoolId} and sport_team_id = ${r.teamId})`;
}

/** What depends on a team, as "3 athletes" labels (only those above zero), in a fixed order. */
export async function teamDependants(db: Kysely<Database>, schoolId: string, teamId: string): Promise<string[]> {
  const ref = { teamId, schoolId };
  const columns = sql.join(TEAM_DEPENDANTS.map((d, i) => sql`${d.count(ref)} as ${sql.ref(`n${i}`)}`));
  const { rows } = await sql<Record<string, string>>`select ${columns}`.execute(db);
  const counts = rows[0] ?? {};
  return TEAM_DEPENDANTS.flatMap((d, i) => {
    const n = Number(counts[`n${i}`] ?? 0);
    return n > 0 ? [`${n} ${n === 1 ? d.one : d.many}`] : [];
  });
}

export async function deleteTeam(db: Kysely<Database>, schoolId: string, teamId: string): Promise<boolean> {
  const result = await db
    .deleteFrom('sport_teams')
    .where('school_id', '=', schoolId)
    .where('id', '=', teamId)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}
