import type { Kysely, Transaction } from 'kysely';
import type { RoleGrant } from '../../domain/roles';
import type { Database } from '../../migrations/database';
import { addStaffTeam } from '../staff/staff-teams.repository';

type Db = Kysely<Database> | Transaction<Database>;

const STAFF_ROLES = new Set(['COACH', 'SCHOOL_ADMIN']);

/**
 * Makes sure a student-athlete has an athlete profile and coaches and admins a staff-directory profile, so the
 * athletes and staff lists include people invited through the users screen. Existing profiles are kept.
 */
export async function upsertPersonProfile(
  db: Db,
  schoolId: string,
  userId: string,
  grants: readonly RoleGrant[],
  sportTeamId: string | null,
): Promise<void> {
  if (grants.some((g) => g.role === 'STUDENT_ATHLETE')) {
    await db
      .insertInto('athlete_profiles')
      .values({ user_id: userId, school_id: schoolId, sport_team_id: sportTeamId })
      .onConflict((oc) => oc.column('user_id').doNothing())
      .execute();
  }
  if (grants.some((g) => STAFF_ROLES.has(g.role))) {
    const coach = grants.find((g) => g.role === 'COACH');
    const created = await db
      .insertInto('staff_profiles')
      .values({ user_id: userId, school_id: schoolId, sport_team_id: sportTeamId, title: coach?.titleGroup ?? null })
      .onConflict((oc) => oc.column('user_id').doNothing())
      .returning('user_id')
      .executeTakeFirst();
    // A new profile's team is its first team (staff_teams), with the coach's title group on it.
    if (created && sportTeamId) await addStaffTeam(db, schoolId, userId, sportTeamId, coach?.titleGroup ?? null);
  }
}
