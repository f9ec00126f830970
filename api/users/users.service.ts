import type { Kysely } from 'kysely';
import { AppError } from '../../domain/errors';
import type { RoleGrant } from '../../domain/roles';
import type { Database } from '../../migrations/database';
import { insertNotification } from '../notifications/notifications.repository';
import { auditBy, type CoreDeps } from '../shared/use-case';
import { normalizeGrants } from './normalize-grants';
import { findRoleGrants, findRoleGrantsByUser, replaceRoleGrants } from './role-grants.repository';
import { findUser, type UserRow } from './users.repository';
import type { UserDto } from './users.schemas';
import { upsertPersonProfile } from './person-profile.repository';
import { ownScope, type UserManager, type UserScope } from './user-scope';

export function toUserDto(row: UserRow, roles: RoleGrant[]): UserDto {
  return {
    id: row.id,
    email: row.email,
    firstName: row.firstName,
    lastName: row.lastName,
    middleName: row.middleName,
    phoneNumber: row.phoneNumber,
    status: row.status,
    roles,
    sportTeamId: row.sportTeamId,
    sportTeamName: row.sportTeamName,
    lastActiveAt: row.lastActiveAt ? row.lastActiveAt.toISOString() : null,
    createdAt: row.createdAt.toISOString(),
    invitation: row.invitation
      ? {
          id: row.invitation.id,
          status: row.invitation.status,
          expiresAt: row.invitation.expiresAt.toISOString(),
          createdAt: row.invitation.createdAt.toISOString(),
        }
      : null,
  };
}

export async function loadUserDto(db: Kysely<Database>, scope: UserScope, userId: string): Promise<UserDto> {
  const row = await findUser(db, scope.schoolId, userId);
  if (!row) throw new AppError('NOT_FOUND');
  return toUserDto(row, await findRoleGrants(db, scope.schoolId, userId));
}

export async function listUserDtos(db: Kysely<Database>, scope: UserScope, rows: UserRow[]): Promise<UserDto[]> {
  const grants = await findRoleGrantsByUser(
    db,
    scope.schoolId,
    rows.map((r) => r.id),
  );
  return rows.map((r) => toUserDto(r, grants.get(r.id) ?? []));
}

/** Replaces a user's roles; never one's own (no accidental self-lockout or self-promotion). */
export async function changeRoles(
  deps: CoreDeps,
  manager: UserManager,
  userId: string,
  roles: RoleGrant[],
  scope: UserScope = ownScope(manager),
): Promise<UserDto> {
  const { db } = deps;
  const schoolId = scope.schoolId;
  const user = await findUser(db, schoolId, userId);
  if (!user) throw new AppError('NOT_FOUND');
  if (userId === manager.userId)
    throw new AppError('FORBIDDEN', [{ field: 'id', message: 'You cannot change your own roles.' }]);
  const before = await findRoleGrants(db, schoolId, userId);
  // The target school's kind decides whether the operator role may exist there (only in the provider organisation).
  const after = normalizeGrants(roles, { grants: manager.grants, schoolKind: scope.schoolKind });
  if (before.some((g) => g.role === 'OPERATOR') && !manager.grants.some((g) => g.role === 'OPERATOR')) {
    throw new AppError('FORBIDDEN', [{ field: 'roles', message: 'Only provider operators can change an operator.' }]);
  }
  await db.transaction().execute(async (trx) => {
    await replaceRoleGrants(trx, schoolId, userId, after);
    await upsertPersonProfile(trx, schoolId, userId, after, user.sportTeamId);
    await auditBy(trx, manager, {
      schoolId,
      action: 'user.role_changed',
      targetType: 'user',
      targetId: userId,
      details: { before, after },
    });
  });
  await insertNotification(db, {
    schoolId,
    userId,
    payload: {
      module: 'account',
      status: 'role change',
      title: 'Your roles changed',
      body: `${manager.firstName} ${manager.lastName} updated your roles.`,
    },
  });
  return loadUserDto(db, scope, userId);
}
