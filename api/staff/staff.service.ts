import { AppError } from '../../domain/errors';
import type { RoleGrant } from '../../domain/roles';
import { listSchoolTeamNames } from '../schools/schools.repository';
import { auditBy, type Actor, type CoreDeps } from '../shared/use-case';
import { findRoleGrants } from '../users/role-grants.repository';
import { updateUserFields } from '../users/users.repository';
import { findStaffMember, upsertStaffProfile, type StaffRecord } from './staff.repository';
import { addStaffTeam, coachTeamIds, replaceStaffTeams, type StaffTeamsDiff } from './staff-teams.repository';
import type { StaffDto, UpdateStaffBody } from './staff.schemas';

export function toStaffDto(r: StaffRecord, roles: RoleGrant[]): StaffDto {
  return {
    id: r.id,
    email: r.email,
    firstName: r.firstName,
    lastName: r.lastName,
    middleName: r.middleName,
    phoneNumber: r.phoneNumber,
    status: r.status,
    roles,
    title: r.title,
    sportTeamId: r.sportTeamId,
    sportTeamName: r.sportTeamName,
    teams: r.teams,
    lastActiveAt: r.lastActiveAt ? r.lastActiveAt.toISOString() : null,
    profile: r.data,
  };
}

/** The field errors of a team assignment: each team once, each a team of the school, the primary among them. */
export function staffTeamsErrors(
  body: Pick<UpdateStaffBody, 'teams' | 'sportTeamId'>,
  schoolTeamIds: ReadonlySet<string>,
): Array<{ field: string; message: string }> {
  const errors: Array<{ field: string; message: string }> = [];
  const ids = (body.teams ?? []).map((t) => t.sportTeamId);
  if (new Set(ids).size !== ids.length) errors.push({ field: 'teams', message: 'Each team can be chosen once.' });
  if (ids.some((id) => !schoolTeamIds.has(id))) errors.push({ field: 'teams', message: 'Unknown sport team.' });
  if (body.sportTeamId && !schoolTeamIds.has(body.sportTeamId)) {
    errors.push({ field: 'sportTeamId', message: 'Unknown sport team.' });
  } else if (body.sportTeamId && body.teams && !ids.includes(body.sportTeamId)) {
    errors.push({ field: 'sportTeamId', message: 'The primary team must be one of the teams.' });
  }
  return errors;
}

/**
 * Updates a staff member of the actor's school: their name and phone, the staff profile and the teams they staff
 * (each team assigned, removed or retitled is audited on its own).
 */
export async function updateStaffMember(
  deps: Pick<CoreDeps, 'db'>,
  actor: Actor,
  userId: string,
  body: UpdateStaffBody,
): Promise<StaffDto> {
  const { db } = deps;
  const schoolId = actor.schoolId;
  if (!(await findStaffMember(db, schoolId, userId))) throw new AppError('NOT_FOUND');
  // Archived teams included: a coach still listed on a team archived since must stay editable.
  const schoolTeams = new Map(
    (await listSchoolTeamNames(db, schoolId, { includeArchived: true })).map((t) => [t.id, t.name]),
  );
  const errors = staffTeamsErrors(body, new Set(schoolTeams.keys()));
  if (errors.length > 0) throw new AppError('VALIDATION_FAILED', errors);
  const coachTitle = (await findRoleGrants(db, schoolId, userId)).find((g) => g.role === 'COACH')?.titleGroup ?? null;
  const { firstName, lastName, middleName, phoneNumber, title, sportTeamId, teams, bio, imageUrl } = body;
  await db.transaction().execute(async (trx) => {
    await updateUserFields(trx, schoolId, userId, {
      ...(firstName !== undefined ? { firstName } : {}),
      ...(lastName !== undefined ? { lastName } : {}),
      ...(middleName !== undefined ? { middleName } : {}),
      ...(phoneNumber !== undefined ? { phoneNumber } : {}),
    });
    await upsertStaffProfile(trx, schoolId, userId, {
      ...(title !== undefined ? { title } : {}),
      data: { ...(bio !== undefined ? { bio } : {}), ...(imageUrl !== undefined ? { imageUrl } : {}) },
    });
    const diff: StaffTeamsDiff = { added: [], removed: [], retitled: [] };
    if (teams !== undefined) {
      const next = teams.map((t) => ({ sportTeamId: t.sportTeamId, titleGroup: t.titleGroup ?? null }));
      Object.assign(diff, await replaceStaffTeams(trx, schoolId, userId, next));
    }
    if (sportTeamId !== undefined) {
      if (sportTeamId !== null && !(await coachTeamIds(trx, schoolId, userId)).includes(sportTeamId)) {
        await addStaffTeam(trx, schoolId, userId, sportTeamId, coachTitle);
        diff.added.push({ sportTeamId, titleGroup: coachTitle });
      }
      await upsertStaffProfile(trx, schoolId, userId, { sportTeamId, data: {} });
    }
    const event = (action: string, teamId: string, details: Record<string, unknown>) =>
      auditBy(trx, actor, {
        action,
        targetType: 'user',
        targetId: userId,
        details: { sportTeamId: teamId, teamName: schoolTeams.get(teamId) ?? null, ...details },
      });
    for (const t of diff.added) await event('staff.team_assigned', t.sportTeamId, { titleGroup: t.titleGroup });
    for (const t of diff.removed) await event('staff.team_removed', t.sportTeamId, { titleGroup: t.titleGroup });
    for (const t of diff.retitled) await event('staff.team_title_changed', t.sportTeamId, { from: t.from, to: t.to });
  });
  const updated = await findStaffMember(db, schoolId, userId);
  return toStaffDto(updated!, await findRoleGrants(db, schoolId, userId));
}
