import type { Kysely, Transaction } from 'kysely';
import type { CoachTitleGroup } from '../../domain/roles';
import type { Database } from '../../migrations/database';

type Db = Kysely<Database> | Transaction<Database>;

/** One team of a staff member, with the title they hold on it. */
export interface StaffTeam {
  id: string;
  name: string;
  titleGroup: CoachTitleGroup | null;
}

/** A team as an admin assigns it: the team and, optionally, the title on it. */
export interface StaffTeamAssignment {
  sportTeamId: string;
  titleGroup: CoachTitleGroup | null;
}

/**
 * The teams a person coaches or staffs within the school (every row of `staff_teams`). The one team-scope rule for
 * coaches: athletes, rosters, calendar, CARA and recruiting all read it. An empty list sees no team.
 */
export async function coachTeamIds(db: Db, schoolId: string, userId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('staff_teams')
    .select('sport_team_id')
    .where('school_id', '=', schoolId)
    .where('user_id', '=', userId)
    .orderBy('sport_team_id')
    .execute();
  return rows.map((r) => r.sport_team_id);
}

/** Active coaches of a team (any title on it): who a roster's declaration step waits on. */
export async function listTeamCoaches(db: Db, schoolId: string, teamId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('staff_teams as s')
    .innerJoin('users as u', (j) => j.onRef('u.id', '=', 's.user_id').onRef('u.school_id', '=', 's.school_id'))
    .innerJoin('user_roles as r', (j) =>
      j.onRef('r.user_id', '=', 's.user_id').onRef('r.school_id', '=', 's.school_id').on('r.role', '=', 'COACH'),
    )
    .where('s.school_id', '=', schoolId)
    .where('s.sport_team_id', '=', teamId)
    .where('u.status', '=', 'ACTIVE')
    .select('s.user_id')
    .distinct()
    .orderBy('s.user_id')
    .execute();
  return rows.map((r) => r.user_id);
}

/** Everyone on the staff of any of the teams (whatever their status): who hears about the teams' events. */
export async function listStaffOfTeams(db: Db, schoolId: string, teamIds: readonly string[]): Promise<string[]> {
  if (teamIds.length === 0) return [];
  const rows = await db
    .selectFrom('staff_teams')
    .select('user_id')
    .distinct()
    .where('school_id', '=', schoolId)
    .where('sport_team_id', 'in', [...teamIds])
    .execute();
  return rows.map((r) => r.user_id);
}

/** Staff members' teams by user, each list by team name. */
export async function listStaffTeams(
  db: Db,
  schoolId: string,
  userIds: readonly string[],
): Promise<Map<string, StaffTeam[]>> {
  const out = new Map<string, StaffTeam[]>();
  if (userIds.length === 0) return out;
  const rows = await db
    .selectFrom('staff_teams as s')
    .innerJoin('sport_teams as t', (j) =>
      j.onRef('t.id', '=', 's.sport_team_id').onRef('t.school_id', '=', 's.school_id'),
    )
    .select(['s.user_id', 't.id', 't.name', 's.title_group'])
    .where('s.school_id', '=', schoolId)
    .where('s.user_id', 'in', [...userIds])
    .orderBy('t.name')
    .orderBy('t.id')
    .execute();
  for (const r of rows) {
    const list = out.get(r.user_id) ?? [];
    list.push({ id: r.id, name: r.name, titleGroup: (r.title_group as CoachTitleGroup | null) ?? null });
    out.set(r.user_id, list);
  }
  return out;
}

/** What changed between two assignments of a person's teams. */
export interface StaffTeamsDiff {
  added: StaffTeamAssignment[];
  removed: StaffTeamAssignment[];
  /** Teams kept with another title. */
  retitled: Array<{ sportTeamId: string; from: CoachTitleGroup | null; to: CoachTitleGroup | null }>;
}

/** Pure: the teams added, removed and retitled going from `before` to `after` (each list in `after`'s order). */
export function diffStaffTeams(
  before: readonly StaffTeamAssignment[],
  after: readonly StaffTeamAssignment[],
): StaffTeamsDiff {
  const old = new Map(before.map((t) => [t.sportTeamId, t.titleGroup]));
  const next = new Map(after.map((t) => [t.sportTeamId, t.titleGroup]));
  return {
    added: after.filter((t) => !old.has(t.sportTeamId)),
    removed: before.filter((t) => !next.has(t.sportTeamId)),
    retitled: after
      .filter((t) => old.has(t.sportTeamId) && old.get(t.sportTeamId) !== t.titleGroup)
      .map((t) => ({ sportTeamId: t.sportTeamId, from: old.get(t.sportTeamId) ?? null, to: t.titleGroup })),
  };
}

/**
 * Pure: the primary team once the teams are `teamIds`: the current one while it is still among them, else the first
 * of them, else none.
 */
export function primaryTeamAfter(current: string | null, teamIds: readonly string[]): string | null {
  if (current !== null && teamIds.includes(current)) return current;
  return teamIds[0] ?? null;
}

/**
 * Replaces a staff member's teams with `teams` (the staff profile must exist) and keeps the primary team among them.
 * Returns what changed, for the audit log. Lock order: the profile row first, so two edits of one person queue.
 */
export async function replaceStaffTeams(
  trx: Transaction<Database>,
  schoolId: string,
  userId: string,
  teams: readonly StaffTeamAssignment[],
): Promise<StaffTeamsDiff> {
  const profile = await trx
    .selectFrom('staff_profiles')
    .select('sport_team_id')
    .where('school_id', '=', schoolId)
    .where('user_id', '=', userId)
    .forUpdate()
    .executeTakeFirstOrThrow();
  const before = await trx
    .selectFrom('staff_teams')
    .select(['sport_team_id', 'title_group'])
    .where('school_id', '=', schoolId)
    .where('user_id', '=', userId)
    .orderBy('sport_team_id')
    .execute();
  const diff = diffStaffTeams(
    before.map((r) => ({
      sportTeamId: r.sport_team_id,
      titleGroup: (r.title_group as CoachTitleGroup | null) ?? null,
    })),
    teams,
  );
  if (diff.removed.length > 0) {
    await trx
      .deleteFrom('staff_teams')
      .where('school_id', '=', schoolId)
      .where('user_id', '=', userId)
      .where(
        'sport_team_id',
        'in',
        diff.removed.map((t) => t.sportTeamId),
      )
      .execute();
  }
  if (diff.added.length > 0) {
    await trx
      .insertInto('staff_teams')
      .values(
        diff.added.map((t) => ({
          school_id: schoolId,
          user_id: userId,
          sport_team_id: t.sportTeamId,
          title_group: t.titleGroup,
        })),
      )
      .execute();
  }
  for (const t of diff.retitled) {
    await trx
      .updateTable('staff_teams')
      .set({ title_group: t.to })
      .where('school_id', '=', schoolId)
      .where('user_id', '=', userId)
      .where('sport_team_id', '=', t.sportTeamId)
      .execute();
  }
  const primary = primaryTeamAfter(
    profile.sport_team_id,
    teams.map((t) => t.sportTeamId),
  );
  if (primary !== profile.sport_team_id) {
    await trx
      .updateTable('staff_profiles')
      .set({ sport_team_id: primary, updated_at: new Date() })
      .where('school_id', '=', schoolId)
      .where('user_id', '=', userId)
      .execute();
  }
  return diff;
}

/** Adds one team to a staff member's teams (kept as it is when already there). */
export async function addStaffTeam(
  db: Db,
  schoolId: string,
  userId: string,
  sportTeamId: string,
  titleGroup: CoachTitleGroup | null,
): Promise<void> {
  await db
    .insertInto('staff_teams')
    .values({ school_id: schoolId, user_id: userId, sport_team_id: sportTeamId, title_group: titleGroup })
    .onConflict((oc) => oc.columns(['user_id', 'sport_team_id']).doNothing())
    .execute();
}
