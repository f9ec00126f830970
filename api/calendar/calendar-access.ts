import type { Kysely } from 'kysely';
import { AppError } from '../../domain/errors';
import type { Database } from '../../migrations/database';
import type { AuthContext } from '../types';

/**
 * The teams a person works with on the calendar: every team of the school for those who manage it (admins), else
 * the coach's staff team or the athlete's team. Null means "every team of the school".
 */
export async function calendarTeamScope(db: Kysely<Database>, auth: AuthContext): Promise<string[] | null> {
  if (auth.permissions.has('calendar:manage')) return null;
  const [staff, athletes] = await Promise.all([
    db
      .selectFrom('staff_profiles')
      .select('sport_team_id')
      .where('school_id', '=', auth.school.id)
      .where('user_id', '=', auth.user.id)
      .execute(),
    db
      .selectFrom('athlete_profiles')
      .select('sport_team_id')
      .where('school_id', '=', auth.school.id)
      .where('user_id', '=', auth.user.id)
      .execute(),
  ]);
  return [...staff, ...athletes].map((r) => r.sport_team_id).filter((id): id is string => id !== null);
}

/** Throws unless the person may change the team's calendar: admins any team of the school, coaches their own. */
export async function assertTeamWritable(db: Kysely<Database>, auth: AuthContext, teamId: string): Promise<void> {
  const team = await db
    .selectFrom('sport_teams')
    .select('id')
    .where('school_id', '=', auth.school.id)
    .where('id', '=', teamId)
    .executeTakeFirst();
  if (!team) throw new AppError('NOT_FOUND');
  const scope = await calendarTeamScope(db, auth);
  if (scope !== null && !scope.includes(teamId)) throw new AppError('TEAM_NOT_YOURS');
}

/** The teams of the school within a scope (null: all), by name. */
export async function listCalendarTeams(
  db: Kysely<Database>,
  schoolId: string,
  scope: string[] | null,
): Promise<Array<{ id: string; name: string; sport: string }>> {
  if (scope !== null && scope.length === 0) return [];
  let q = db.selectFrom('sport_teams').select(['id', 'name', 'sport']).where('school_id', '=', schoolId);
  if (scope) q = q.where('id', 'in', scope);
  return q.orderBy('name').execute();
}

/** Athletes and staff of the teams in scope (null: the whole school): who may be named as an attendee. */
export async function listCalendarPeople(
  db: Kysely<Database>,
  schoolId: string,
  scope: string[] | null,
): Promise<Array<{ id: string; name: string; kind: 'ATHLETE' | 'STAFF'; sportTeamId: string | null }>> {
  if (scope !== null && scope.length === 0) return [];
  // Both profile tables have the columns read here; one typed alias serves the two.
  const profiles = (table: 'athlete_profiles' | 'staff_profiles') =>
    db
      .selectFrom(`${table} as p` as 'athlete_profiles as p')
      .innerJoin('users as u', (j) => j.onRef('u.id', '=', 'p.user_id').onRef('u.school_id', '=', 'p.school_id'))
      .where('p.school_id', '=', schoolId)
      .select(['u.id', 'u.first_name', 'u.last_name', 'p.sport_team_id'])
      .$if(scope !== null, (q) => q.where('p.sport_team_id', 'in', scope!))
      .execute();
  const [a, s] = await Promise.all([profiles('athlete_profiles'), profiles('staff_profiles')]);
  const name = (r: { first_name: string; last_name: string }) => `${r.first_name} ${r.last_name}`.trim();
  return [
    ...a.map((r) => ({ id: r.id, name: name(r), kind: 'ATHLETE' as const, sportTeamId: r.sport_team_id })),
    ...s.map((r) => ({ id: r.id, name: name(r), kind: 'STAFF' as const, sportTeamId: r.sport_team_id })),
  ].sort((x, y) => x.name.localeCompare(y.name));
}
