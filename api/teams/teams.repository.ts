import type { Kysely } from 'kysely';
import type { Database } from '../../migrations/database';

export interface TeamRow {
  id: string;
  name: string;
  sport: string;
  gender: 'MEN' | 'WOMEN' | 'COED';
  athleteCount: number;
  staffCount: number;
  createdAt: Date;
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
  };
}

export async function listTeams(db: Kysely<Database>, schoolId: string): Promise<TeamRow[]> {
  const rows = await teamsQuery(db, schoolId).orderBy('t.name').execute();
  return rows.map(toTeamRow);
}

export async function findTeam(db: Kysely<Database>, schoolId: string, teamId: string): Promise<TeamRow | null> {
  const row = await teamsQuery(db, schoolId).where('t.id', '=', teamId).executeTakeFirst();
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

export async function deleteTeam(db: Kysely<Database>, schoolId: string, teamId: string): Promise<boolean> {
  const result = await db
    .deleteFrom('sport_teams')
    .where('school_id', '=', schoolId)
    .where('id', '=', teamId)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}
