import { sql, type Kysely } from 'kysely';
import { AppError } from '../../domain/errors';
import type { Database } from '../../migrations/database';
import { coachTeamIds } from '../staff/staff-teams.repository';
import type { Actor } from '../shared/use-case';
import type { AuthContext } from '../types';

/** Who reads the calendar: a use case's actor, or (for callers not yet moved to one) a request's sign-in. */
export type CalendarPerson = Pick<Actor, 'schoolId' | 'userId' | 'permissions'> | AuthContext;

function personOf(who: CalendarPerson): Pick<Actor, 'schoolId' | 'userId' | 'permissions'> {
  return 'school' in who ? { schoolId: who.school.id, userId: who.user.id, permissions: who.permissions } : who;
}

/**
 * The teams a person works with on the calendar: every team of the school for those who manage it (admins), else
 * the teams the person is on the staff of (`staff_teams`) and the athlete's team. Null means "every team of the school".
 */
export async function calendarTeamScope(db: Kysely<Database>, who: CalendarPerson): Promise<string[] | null> {
  const person = personOf(who);
  if (person.permissions.has('calendar:manage')) return null;
  const [staff, athletes] = await Promise.all([
    coachTeamIds(db, person.schoolId, person.userId),
    db
      .selectFrom('athlete_profiles')
      .select('sport_team_id')
      .where('school_id', '=', person.schoolId)
      .where('user_id', '=', person.userId)
      .execute(),
  ]);
  const own = athletes.map((r) => r.sport_team_id).filter((id): id is string => id !== null);
  return [...new Set([...staff, ...own])];
}

/** The person's own primary team: their staff profile's primary team, else their athlete team; null for none. */
export async function ownPrimaryTeam(db: Kysely<Database>, who: CalendarPerson): Promise<string | null> {
  const person = personOf(who);
  const row = await db
    .selectFrom('users as u')
    .leftJoin('staff_profiles as s', (j) => j.onRef('s.user_id', '=', 'u.id').onRef('s.school_id', '=', 'u.school_id'))
    .leftJoin('athlete_profiles as a', (j) =>
      j.onRef('a.user_id', '=', 'u.id').onRef('a.school_id', '=', 'u.school_id'),
    )
    .select((eb) => eb.fn.coalesce('s.sport_team_id', 'a.sport_team_id').as('team'))
    .where('u.id', '=', person.userId)
    .where('u.school_id', '=', person.schoolId)
    .executeTakeFirst();
  return row?.team ?? null;
}

/** Throws unless the person may change the team's calendar: admins any team of the school, coaches their own. */
export async function assertTeamWritable(db: Kysely<Database>, who: CalendarPerson, teamId: string): Promise<void> {
  const person = personOf(who);
  const team = await db
    .selectFrom('sport_teams')
    .select('id')
    .where('school_id', '=', person.schoolId)
    .where('id', '=', teamId)
    .executeTakeFirst();
  if (!team) throw new AppError('NOT_FOUND');
  const scope = await calendarTeamScope(db, person);
  if (scope !== null && !scope.includes(teamId)) throw new AppError('TEAM_NOT_YOURS');
}

/** The teams of the school within a scope (null: all), by name. */
export async function listCalendarTeams(
  db: Kysely<Database>,
  schoolId: string,
  scope: string[] | null,
): Promise<Array<{ id: string; name: string; sport: string }>> {
  if (scope !== null && scope.length === 0) return [];
  // Archived teams (issue 36) are left out: this list is what the calendar's, segments' and recruiting events'
  // pickers offer and what an event upload's team names are matched against. Their events stay in the calendar.
  let q = db
    .selectFrom('sport_teams')
    .select(['id', 'name', 'sport'])
    .where('school_id', '=', schoolId)
    .where('archived_at', 'is', null);
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
  const [a, s] = await Promise.all([
    db
      .selectFrom('athlete_profiles as p')
      .innerJoin('users as u', (j) => j.onRef('u.id', '=', 'p.user_id').onRef('u.school_id', '=', 'p.school_id'))
      .where('p.school_id', '=', schoolId)
      .select(['u.id', 'u.first_name', 'u.last_name', 'p.sport_team_id'])
      .$if(scope !== null, (q) => q.where('p.sport_team_id', 'in', scope!))
      .execute(),
    // The whole school: every staff profile with its primary team. A scope: staff through their teams, one row per
    // person, their primary team when it is in scope, else their first.
    scope === null
      ? db
          .selectFrom('staff_profiles as sp')
          .innerJoin('users as u', (j) => j.onRef('u.id', '=', 'sp.user_id').onRef('u.school_id', '=', 'sp.school_id'))
          .where('sp.school_id', '=', schoolId)
          .select(['u.id', 'u.first_name', 'u.last_name', 'sp.sport_team_id'])
          .execute()
      : db
          .selectFrom('staff_teams as st')
          .innerJoin('users as u', (j) => j.onRef('u.id', '=', 'st.user_id').onRef('u.school_id', '=', 'st.school_id'))
          .innerJoin('staff_profiles as sp', (j) =>
            j.onRef('sp.user_id', '=', 'st.user_id').onRef('sp.school_id', '=', 'st.school_id'),
          )
          .where('st.school_id', '=', schoolId)
          .where('st.sport_team_id', 'in', scope)
          .distinctOn('u.id')
          .select(['u.id', 'u.first_name', 'u.last_name', 'st.sport_team_id'])
          .orderBy('u.id')
          .orderBy(sql`st.sport_team_id = sp.sport_team_id`, 'desc')
          .orderBy('st.sport_team_id')
          .execute(),
  ]);
  const name = (r: { first_name: string; last_name: string }) => `${r.first_name} ${r.last_name}`.trim();
  return [
    ...a.map((r) => ({ id: r.id, name: name(r), kind: 'ATHLETE' as const, sportTeamId: r.sport_team_id })),
    ...s.map((r) => ({
      id: r.id,
      name: name(r),
      kind: 'STAFF' as const,
      sportTeamId: r.sport_team_id as string | null,
    })),
  ].sort((x, y) => x.name.localeCompare(y.name));
}
