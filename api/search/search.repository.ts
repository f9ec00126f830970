import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../../migrations/database';
import { fullName } from '../shared/people-names';

type Db = Kysely<Database> | Transaction<Database>;

export interface PersonFound {
  id: string;
  firstName: string;
  lastName: string;
  email: string | null;
  kind: 'athlete' | 'staff';
  teamName: string | null;
}

export interface ProspectFound {
  id: string;
  firstName: string;
  lastName: string;
  highSchoolName: string | null;
  graduationYear: number | null;
}

function toPersonFound(
  kind: PersonFound['kind'],
  r: { id: string; first_name: string; last_name: string; email: string | null; team_name?: string | null },
): PersonFound {
  return {
    id: r.id,
    firstName: r.first_name,
    lastName: r.last_name,
    email: r.email,
    kind,
    teamName: r.team_name ?? null,
  };
}

/**
 * Student-athletes of the school whose name or e-mail contains the pattern (`like` is an ILIKE pattern), all of them
 * or only those on the given teams (a coach's); alphabetical by last name.
 */
export async function findAthletesByName(
  db: Db,
  schoolId: string,
  like: string,
  teamIds: readonly string[] | 'all',
  limit: number,
): Promise<PersonFound[]> {
  if (teamIds !== 'all' && teamIds.length === 0) return [];
  let q = db
    .selectFrom('users as u')
    .innerJoin('user_roles as ur', (j) => j.onRef('ur.user_id', '=', 'u.id').onRef('ur.school_id', '=', 'u.school_id'))
    .leftJoin('athlete_profiles as a', (j) =>
      j.onRef('a.user_id', '=', 'u.id').onRef('a.school_id', '=', 'u.school_id'),
    )
    .leftJoin('sport_teams as t', 't.id', 'a.sport_team_id')
    .where('u.school_id', '=', schoolId)
    .where('ur.role', '=', 'STUDENT_ATHLETE')
    .where((eb) => eb.or([eb(fullName('u'), 'ilike', like), eb('u.email', 'ilike', like)]));
  if (teamIds !== 'all') q = q.where('a.sport_team_id', 'in', [...teamIds]);
  const rows = await q
    .select(['u.id', 'u.first_name', 'u.last_name', 'u.email', 't.name as team_name'])
    .distinct()
    .orderBy('u.last_name')
    .orderBy('u.first_name')
    .orderBy('u.id')
    .limit(limit)
    .execute();
  return rows.map((r) => toPersonFound('athlete', r));
}

/** Coaches, staff and admins of the school whose name or e-mail contains the pattern. */
export async function findStaffByName(db: Db, schoolId: string, like: string, limit: number): Promise<PersonFound[]> {
  const rows = await db
    .selectFrom('users as u')
    .where('u.school_id', '=', schoolId)
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom('user_roles as ur')
          .select('ur.user_id')
          .whereRef('ur.user_id', '=', 'u.id')
          .whereRef('ur.school_id', '=', 'u.school_id')
          .where('ur.role', 'in', ['COACH', 'SCHOOL_ADMIN']),
      ),
    )
    .where((eb) => eb.or([eb(fullName('u'), 'ilike', like), eb('u.email', 'ilike', like)]))
    .select(['u.id', 'u.first_name', 'u.last_name', 'u.email'])
    .orderBy('u.last_name')
    .orderBy('u.first_name')
    .orderBy('u.id')
    .limit(limit)
    .execute();
  return rows.map((r) => toPersonFound('staff', r));
}

/** The school's prospects (not archived, not merged into another) whose name or e-mail contains the pattern. */
export async function findProspectsByName(
  db: Db,
  schoolId: string,
  like: string,
  limit: number,
): Promise<ProspectFound[]> {
  const rows = await db
    .selectFrom('psas as p')
    .where('p.school_id', '=', schoolId)
    .where('p.merged_into_id', 'is', null)
    .where('p.state_status', '<>', 'ARCHIVED')
    .where((eb) => eb.or([eb(fullName('p'), 'ilike', like), eb('p.email', 'ilike', like)]))
    .select(['p.id', 'p.first_name', 'p.last_name', 'p.high_school_name', 'p.graduation_year'])
    .orderBy('p.last_name')
    .orderBy('p.first_name')
    .orderBy('p.id')
    .limit(limit)
    .execute();
  return rows.map((r) => ({
    id: r.id,
    firstName: r.first_name,
    lastName: r.last_name,
    highSchoolName: r.high_school_name,
    graduationYear: r.graduation_year,
  }));
}
