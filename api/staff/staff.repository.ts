import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database, UserStatus } from '../../migrations/database';
import { containsPattern } from '../shared/like-pattern';
import { pageByPersonName } from '../shared/page-by-person-name';
import { listStaffTeams, type StaffTeam } from './staff-teams.repository';
import { fullName } from '../shared/people-names';

type Db = Kysely<Database> | Transaction<Database>;

const STAFF_ROLES = ['COACH', 'SCHOOL_ADMIN'];

export interface StaffRecord {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  middleName: string | null;
  phoneNumber: string | null;
  status: UserStatus;
  title: string | null;
  /** The primary team (one of `teams` when set). */
  sportTeamId: string | null;
  sportTeamName: string | null;
  /** Every team the person is on the staff of, by name, with their title on it. */
  teams: StaffTeam[];
  lastActiveAt: Date | null;
  data: Record<string, unknown>;
}

function staffQuery(db: Db, schoolId: string) {
  return db
    .selectFrom('users as u')
    .leftJoin('staff_profiles as p', (j) => j.onRef('p.user_id', '=', 'u.id').on('p.school_id', '=', schoolId))
    .leftJoin('sport_teams as t', (j) => j.onRef('t.id', '=', 'p.sport_team_id').on('t.school_id', '=', schoolId))
    .where('u.school_id', '=', schoolId)
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom('user_roles as r')
          .select('r.user_id')
          .whereRef('r.user_id', '=', 'u.id')
          .where('r.school_id', '=', schoolId)
          .where('r.role', 'in', STAFF_ROLES),
      ),
    )
    .select([
      'u.id',
      'u.email',
      'u.first_name',
      'u.last_name',
      'u.middle_name',
      'u.phone_number',
      'u.status',
      'u.last_active_at',
      'p.title',
      'p.sport_team_id',
      'p.data',
      't.name as team_name',
    ]);
}

type StaffQueryRow = Awaited<ReturnType<ReturnType<typeof staffQuery>['execute']>>[number];

function toRecord(r: StaffQueryRow, teams: StaffTeam[]): StaffRecord {
  return {
    id: r.id,
    email: r.email,
    firstName: r.first_name,
    lastName: r.last_name,
    middleName: r.middle_name,
    phoneNumber: r.phone_number,
    status: r.status,
    title: r.title ?? null,
    sportTeamId: r.sport_team_id ?? null,
    sportTeamName: r.team_name ?? null,
    teams,
    lastActiveAt: r.last_active_at,
    data: r.data ?? {},
  };
}

export async function listStaff(
  db: Db,
  schoolId: string,
  filter: { teamId?: string; q?: string; limit: number; offset: number },
): Promise<{ rows: StaffRecord[]; total: number }> {
  let q = staffQuery(db, schoolId);
  if (filter.teamId) {
    const teamId = filter.teamId;
    q = q.where((eb) =>
      eb.exists(
        eb
          .selectFrom('staff_teams as st')
          .select('st.user_id')
          .whereRef('st.user_id', '=', 'u.id')
          .where('st.school_id', '=', schoolId)
          .where('st.sport_team_id', '=', teamId),
      ),
    );
  }
  if (filter.q) {
    const pattern = containsPattern(filter.q);
    q = q.where((eb) => eb.or([eb('u.email', 'ilike', pattern), eb(fullName('u'), 'ilike', pattern)]));
  }
  const { rows, total } = await pageByPersonName(q, filter);
  const teams = await listStaffTeams(
    db,
    schoolId,
    rows.map((r) => r.id),
  );
  return { rows: rows.map((r) => toRecord(r, teams.get(r.id) ?? [])), total };
}

export async function findStaffMember(db: Db, schoolId: string, userId: string): Promise<StaffRecord | null> {
  const row = await staffQuery(db, schoolId).where('u.id', '=', userId).executeTakeFirst();
  if (!row) return null;
  const teams = await listStaffTeams(db, schoolId, [userId]);
  return toRecord(row, teams.get(userId) ?? []);
}

/** Creates or updates the staff profile; `data` keys are merged into the stored document. */
export async function upsertStaffProfile(
  db: Db,
  schoolId: string,
  userId: string,
  changes: { title?: string | null; sportTeamId?: string | null; data: Record<string, unknown> },
): Promise<void> {
  const json = JSON.stringify(changes.data);
  await db
    .insertInto('staff_profiles')
    .values({
      user_id: userId,
      school_id: schoolId,
      title: changes.title ?? null,
      sport_team_id: changes.sportTeamId ?? null,
      data: json,
    })
    .onConflict((oc) =>
      oc.column('user_id').doUpdateSet({
        ...(changes.title !== undefined ? { title: changes.title } : {}),
        ...(changes.sportTeamId !== undefined ? { sport_team_id: changes.sportTeamId } : {}),
        data: sql<Record<string, unknown>>`staff_profiles.data || ${json}::jsonb`,
        updated_at: new Date(),
      }),
    )
    .execute();
}
