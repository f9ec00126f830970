import type { FastifyRequest } from 'fastify';
import { AppError } from '../../domain/errors';
import { EVENTS_CHANNEL, notifyChannel } from '../../migrations/connect';
import { auditRequest } from '../audit/audit-request';
import { deleteUserSessions } from '../auth/sessions.repository';
import { authOf } from '../plugins/authenticate';
import { revokePendingInvitations } from './invitations.repository';
import { signalRevoke } from './invitations.service';
import { changeUserStatus, findUser, setUserStatus } from './users.repository';
import { ownScope, type UserScope } from './user-scope';
import type { UserDto } from './users.schemas';
import { loadUserDto } from './users.service';

/** Deactivation revokes all access: sessions end, open sockets close, pending invitations are withdrawn. */
export async function deactivateUser(
  request: FastifyRequest,
  userId: string,
  scope: UserScope = ownScope(request),
): Promise<UserDto> {
  const deps = request.server.deps;
  const auth = authOf(request);
  const { db } = deps.database;
  const schoolId = scope.schoolId;
  const user = await findUser(db, schoolId, userId);
  if (!user) throw new AppError('NOT_FOUND');
  if (userId === auth.user.id)
    throw new AppError('FORBIDDEN', [{ field: 'id', message: 'You cannot deactivate yourself.' }]);
  // Deactivating someone already inactive is a no-op: no second audit event, no error (issue 36).
  const workflows = await db.transaction().execute(async (trx) => {
    if (!(await changeUserStatus(trx, schoolId, userId, 'INACTIVE'))) return null;
    await deleteUserSessions(trx, schoolId, userId);
    const revoked = await revokePendingInvitations(trx, schoolId, userId);
    await auditRequest(
      request,
      {
        schoolId,
        action: 'user.deactivated',
        targetType: 'user',
        targetId: userId,
        details: { previousStatus: user.status },
      },
      trx,
    );
    return revoked;
  });
  if (workflows === null) return loadUserDto(request, userId, scope);
  await Promise.all(workflows.map((id) => signalRevoke(deps.temporal, id)));
  await notifyChannel(db, EVENTS_CHANNEL, { type: 'user_signed_out', schoolId, userId });
  return loadUserDto(request, userId, scope);
}

/** Reactivation restores what the person had: ACTIVE with a password, otherwise NOT_INVITED (invite them again). */
export async function reactivateUser(
  request: FastifyRequest,
  userId: string,
  scope: UserScope = ownScope(request),
): Promise<UserDto> {
  const { db } = request.server.deps.database;
  const schoolId = scope.schoolId;
  const user = await findUser(db, schoolId, userId);
  if (!user) throw new AppError('NOT_FOUND');
  if (user.status === 'INACTIVE') {
    await db.transaction().execute(async (trx) => {
      await setUserStatus(trx, schoolId, userId, user.hasPassword ? 'ACTIVE' : 'NOT_INVITED');
      await auditRequest(
        request,
        {
          schoolId,
          action: 'user.reactivated',
          targetType: 'user',
          targetId: userId,
        },
        trx,
      );
    });
  }
  return loadUserDto(request, userId, scope);
}
