import type { FastifyRequest } from 'fastify';
import { AppError } from '../../domain/errors';
import type { RoleGrant } from '../../domain/roles';
import { authOf } from '../plugins/authenticate';
import { teamExists } from '../teams/teams.repository';
import { findRoleGrants } from '../users/role-grants.repository';
import { updateUserFields } from '../users/users.repository';
import { findStaffMember, upsertStaffProfile, type StaffRecord } from './staff.repository';
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
    lastActiveAt: r.lastActiveAt ? r.lastActiveAt.toISOString() : null,
    profile: r.data,
  };
}

export async function updateStaffMember(
  request: FastifyRequest,
  userId: string,
  body: UpdateStaffBody,
): Promise<StaffDto> {
  const { db } = request.server.deps.database;
  const schoolId = authOf(request).school.id;
  if (!(await findStaffMember(db, schoolId, userId))) throw new AppError('NOT_FOUND');
  if (body.sportTeamId && !(await teamExists(db, schoolId, body.sportTeamId))) {
    throw new AppError('VALIDATION_FAILED', [{ field: 'sportTeamId', message: 'Unknown sport team.' }]);
  }
  const { firstName, lastName, middleName, phoneNumber, title, sportTeamId, bio, imageUrl } = body;
  await db.transaction().execute(async (trx) => {
    await updateUserFields(trx, schoolId, userId, {
      ...(firstName !== undefined ? { firstName } : {}),
      ...(lastName !== undefined ? { lastName } : {}),
      ...(middleName !== undefined ? { middleName } : {}),
      ...(phoneNumber !== undefined ? { phoneNumber } : {}),
    });
    await upsertStaffProfile(trx, schoolId, userId, {
      ...(title !== undefined ? { title } : {}),
      ...(sportTeamId !== undefined ? { sportTeamId } : {}),
      data: { ...(bio !== undefined ? { bio } : {}), ...(imageUrl !== undefined ? { imageUrl } : {}) },
    });
  });
  const updated = await findStaffMember(db, schoolId, userId);
  return toStaffDto(updated!, await findRoleGrants(db, schoolId, userId));
}
