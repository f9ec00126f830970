import { AppError } from '../../domain/errors';
import { EVENTS_CHANNEL, notifyChannel } from '../../migrations/connect';
import { deleteUserSessions } from '../auth/sessions.repository';
import { auditBy, type CoreDeps } from '../shared/use-case';
import { revokePendingInvitations } from './invitations.repository';
import { signalRevoke } from './invitations.service';
import { changeUserStatus, findUser, setUserStatus } from './users.repository';
import { ownScope, type UserManager, type UserScope } from './user-scope';
import type { UserDto } from './users.schemas';
import { loadUserDto } from './users.service';

/** Deactivation revokes all access: sessions end, open sockets close, pending invitations are withdrawn. */
export async function deactivateUser(
  deps: CoreDeps,
  manager: UserManager,
  userId: string,
  scope: UserScope = ownScope(manager),
): Promise<UserDto> {
  const { db } = deps;
  const schoolId = scope.schoolId;
  const user = await findUser(db, schoolId, userId);
  if (!user) throw new AppError('NOT_FOUND');
  if (userId === manager.userId)
    throw new AppError('FORBIDDEN', [{ field: 'id', message: 'You cannot deactivate yourself.' }]);
  // Deactivating someone already inactive is a no-op: no second audit event, no error (issue 36).
  const workflows = await db.transaction().execute(async (trx) => {
    if (!(await changeUserStatus(trx, schoolId, userId, 'INACTIVE'))) return null;
    await deleteUserSessions(trx, schoolId, userId);
    const revoked = await revokePendingInvitations(trx, schoolId, userId);
    await auditBy(trx, manager, {
      schoolId,
      action: 'user.deactivated',
      targetType: 'user',
      targetId: userId,
      details: { previousStatus: user.status },
    });
    return revoked;
  });
  if (workflows === null) return loadUserDto(db, scope, userId);
  await Promise.all(workflows.map((id) => signalRevoke(deps.temporal, id)));
  await notifyChannel(db, EVENTS_CHANNEL, { type: 'user_signed_out', schoolId, userId });
  return loadUserDto(db, scope, userId);
}

/** Reactivation restores what the person had: ACTIVE with a password, otherwise NOT_INVITED (invite them again). */
export async function reactivateUser(
  deps: CoreDeps,
  manager: UserManager,
  userId: string,
  scope: UserScope = ownScope(manager),
): Promise<UserDto> {
  const { db } = deps;
  const schoolId = scope.schoolId;
  const user = await findUser(db, schoolId, userId);
  if (!user) throw new AppError('NOT_FOUND');
  if (user.status === 'INACTIVE') {
    await db.transaction().execute(async (trx) => {
      await setUserStatus(trx, schoolId, userId, user.hasPassword ? 'ACTIVE' : 'NOT_INVITED');
      await auditBy(trx, manager, { schoolId, action: 'user.reactivated', targetType: 'user', targetId: userId });
    });
  }
  return loadUserDto(db, scope, userId);
}
