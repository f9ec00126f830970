import type { FastifyRequest } from 'fastify';
import { AppError } from '../../domain/errors';
import { auditRequest } from '../audit/audit-request';
import { authOf } from '../plugins/authenticate';
import { requireTemporal } from '../shared/workflow-client';
import { teamExists } from '../teams/teams.repository';
import { deleteInvitation, findLatestInvitation, revokePendingInvitations } from './invitations.repository';
import { signalResend, startInvitationWorkflow, writeInvitation } from './invitations.service';
import { normalizeGrants } from './normalize-grants';
import { upsertPersonProfile } from './person-profile.repository';
import { replaceRoleGrants } from './role-grants.repository';
import { deleteUser, findUser, insertUser, isEmailTaken, setUserStatus } from './users.repository';
import { isOwnScope, ownScope, type UserScope } from './user-scope';
import type { InviteUserBody, UserDto } from './users.schemas';
import { loadUserDto } from './users.service';

async function assertTeamInSchool(
  request: FastifyRequest,
  schoolId: string,
  teamId: string | undefined,
): Promise<void> {
  if (teamId && !(await teamExists(request.server.deps.database.db, schoolId, teamId))) {
    throw new AppError('VALIDATION_FAILED', [{ field: 'sportTeamId', message: 'Unknown sport team.' }]);
  }
}

/**
 * The invitation's inviter: the caller when they belong to the school. An operator inviting into another school is
 * not one of its people, so the mail says "You have been invited" and an expiry notice goes to nobody there; the
 * audit log still names the operator as the actor.
 */
function inviterOf(request: FastifyRequest, scope: UserScope): string | null {
  return isOwnScope(request, scope) ? authOf(request).user.id : null;
}

/**
 * Invites a new person: the user (INVITED), their roles, a profile for athletes and staff, and the invitation row
 * commit together; then the invitation workflow starts. If it cannot start, the new user is removed again so the
 * admin can simply retry.
 */
export async function inviteUser(
  request: FastifyRequest,
  body: InviteUserBody,
  scope: UserScope = ownScope(request),
): Promise<{ user: UserDto; invitationId: string }> {
  const deps = request.server.deps;
  const auth = authOf(request);
  const { db } = deps.database;
  const schoolId = scope.schoolId;
  const grants = normalizeGrants(body.roles, { grants: auth.grants, schoolKind: scope.schoolKind });
  await assertTeamInSchool(request, schoolId, body.sportTeamId);
  if (await isEmailTaken(db, body.email))
    throw new AppError('EMAIL_EXISTS', [{ field: 'email', message: 'Email exists.' }]);
  const temporal = requireTemporal(deps);

  const { userId, input } = await db
    .transaction()
    .execute(async (trx) => {
      const id = await insertUser(trx, schoolId, {
        email: body.email,
        firstName: body.firstName,
        lastName: body.lastName,
        status: 'INVITED',
      });
      await replaceRoleGrants(trx, schoolId, id, grants);
      await upsertPersonProfile(trx, schoolId, id, grants, body.sportTeamId ?? null);
      const inv = await writeInvitation(trx, deps.config.appSecret, {
        schoolId,
        userId: id,
        email: body.email,
        invitedBy: inviterOf(request, scope),
      });
      return { userId: id, input: inv };
    })
    .catch((err: unknown) => {
      if ((err as { code?: unknown }).code === '23505')
        throw new AppError('EMAIL_EXISTS', [{ field: 'email', message: 'Email exists.' }]);
      throw err;
    });

  try {
    await startInvitationWorkflow(deps, temporal, input);
  } catch (err) {
    request.log.error({ err }, 'invitation workflow could not start');
    await deleteUser(db, schoolId, userId);
    throw new AppError('WORKFLOW_UNAVAILABLE');
  }
  await auditRequest(request, {
    schoolId,
    action: 'user.invited',
    targetType: 'user',
    targetId: userId,
    details: { email: body.email.toLowerCase(), roles: grants, invitationId: input.invitationId },
  });
  return { user: await loadUserDto(request, userId, scope), invitationId: input.invitationId };
}

/**
 * Sends the invitation again. A pending invitation's process gets the resend signal (fresh mail, reminder clock
 * restarts); otherwise (never invited, expired, revoked, or its process is gone) a new invitation starts.
 */
export async function sendInvitation(
  request: FastifyRequest,
  userId: string,
  scope: UserScope = ownScope(request),
): Promise<string> {
  const deps = request.server.deps;
  const { db } = deps.database;
  const schoolId = scope.schoolId;
  const user = await findUser(db, schoolId, userId);
  if (!user) throw new AppError('NOT_FOUND');
  if (user.status === 'ACTIVE') throw new AppError('INVITATION_REDEEMED');
  if (user.status === 'INACTIVE') throw new AppError('ACCOUNT_INACTIVE');
  const temporal = requireTemporal(deps);
  const audit = { schoolId, action: 'user.invited', targetType: 'user', targetId: userId };

  const latest = await findLatestInvitation(db, schoolId, userId);
  if (
    latest?.status === 'PENDING' &&
    latest.expiresAt.getTime() > Date.now() &&
    (await signalResend(temporal, latest.id))
  ) {
    await auditRequest(request, { ...audit, details: { email: user.email, invitationId: latest.id, resend: true } });
    return latest.id;
  }
  const previousStatus = user.status;
  const input = await db.transaction().execute(async (trx) => {
    await revokePendingInvitations(trx, schoolId, userId);
    return writeInvitation(trx, deps.config.appSecret, {
      schoolId,
      userId,
      email: user.email,
      invitedBy: inviterOf(request, scope),
    });
  });
  try {
    await startInvitationWorkflow(deps, temporal, input);
  } catch (err) {
    request.log.error({ err }, 'invitation workflow could not start');
    await deleteInvitation(db, schoolId, input.invitationId);
    await setUserStatus(db, schoolId, userId, previousStatus);
    throw new AppError('WORKFLOW_UNAVAILABLE');
  }
  await auditRequest(request, {
    ...audit,
    details: { email: user.email, invitationId: input.invitationId, resend: latest !== null },
  });
  return input.invitationId;
}
