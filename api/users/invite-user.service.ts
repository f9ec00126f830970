import type { Kysely } from 'kysely';
import { AppError } from '../../domain/errors';
import type { Database } from '../../migrations/database';
import { auditBy } from '../shared/use-case';
import { requireTemporal } from '../shared/workflow-client';
import { teamExists } from '../teams/teams.repository';
import { deleteInvitation, findLatestInvitation, revokePendingInvitations } from './invitations.repository';
import { signalResend, startInvitationWorkflow, writeInvitation } from './invitations.service';
import { normalizeGrants } from './normalize-grants';
import { upsertPersonProfile } from './person-profile.repository';
import { replaceRoleGrants } from './role-grants.repository';
import { deleteUser, findUser, insertUser, isEmailTaken, setUserStatus } from './users.repository';
import { isOwnScope, ownScope, type UserManager, type UserScope, type UsersDeps } from './user-scope';
import type { InviteUserBody, UserDto } from './users.schemas';
import { loadUserDto } from './users.service';

async function assertTeamInSchool(db: Kysely<Database>, schoolId: string, teamId: string | undefined): Promise<void> {
  if (teamId && !(await teamExists(db, schoolId, teamId))) {
    throw new AppError('VALIDATION_FAILED', [{ field: 'sportTeamId', message: 'Unknown sport team.' }]);
  }
}

/**
 * The invitation's inviter: the caller when they belong to the school. An operator inviting into another school is
 * not one of its people, so the mail says "You have been invited" and an expiry notice goes to nobody there; the
 * audit log still names the operator as the actor.
 */
function inviterOf(manager: UserManager, scope: UserScope): string | null {
  return isOwnScope(manager, scope) ? manager.userId : null;
}

/**
 * Invites a new person: the user (INVITED), their roles, a profile for athletes and staff, and the invitation row
 * commit together; then the invitation workflow starts. If it cannot start, the new user is removed again so the
 * admin can simply retry.
 */
export async function inviteUser(
  deps: UsersDeps,
  manager: UserManager,
  body: InviteUserBody,
  scope: UserScope = ownScope(manager),
): Promise<{ user: UserDto; invitationId: string }> {
  const { db } = deps;
  const schoolId = scope.schoolId;
  const grants = normalizeGrants(body.roles, { grants: manager.grants, schoolKind: scope.schoolKind });
  await assertTeamInSchool(db, schoolId, body.sportTeamId);
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
      const inv = await writeInvitation(trx, deps.appSecret, {
        schoolId,
        userId: id,
        email: body.email,
        invitedBy: inviterOf(manager, scope),
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
    deps.log?.error({ err }, 'invitation workflow could not start');
    await deleteUser(db, schoolId, userId);
    throw new AppError('WORKFLOW_UNAVAILABLE');
  }
  await auditBy(db, manager, {
    schoolId,
    action: 'user.invited',
    targetType: 'user',
    targetId: userId,
    details: { email: body.email.toLowerCase(), roles: grants, invitationId: input.invitationId },
  });
  return { user: await loadUserDto(db, scope, userId), invitationId: input.invitationId };
}

/**
 * Sends the invitation again. A pending invitation's process gets the resend signal (fresh mail, reminder clock
 * restarts); otherwise (never invited, expired, revoked, or its process is gone) a new invitation starts.
 */
export async function sendInvitation(
  deps: UsersDeps,
  manager: UserManager,
  userId: string,
  scope: UserScope = ownScope(manager),
): Promise<string> {
  const { db } = deps;
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
    latest.expiresAt.getTime() > deps.now().getTime() &&
    (await signalResend(temporal, latest.id))
  ) {
    await auditBy(db, manager, { ...audit, details: { email: user.email, invitationId: latest.id, resend: true } });
    return latest.id;
  }
  const previousStatus = user.status;
  const input = await db.transaction().execute(async (trx) => {
    await revokePendingInvitations(trx, schoolId, userId);
    return writeInvitation(trx, deps.appSecret, {
      schoolId,
      userId,
      email: user.email,
      invitedBy: inviterOf(manager, scope),
    });
  });
  try {
    await startInvitationWorkflow(deps, temporal, input);
  } catch (err) {
    deps.log?.error({ err }, 'invitation workflow could not start');
    await deleteInvitation(db, schoolId, input.invitationId);
    await setUserStatus(db, schoolId, userId, previousStatus);
    throw new AppError('WORKFLOW_UNAVAILABLE');
  }
  await auditBy(db, manager, {
    ...audit,
    details: { email: user.email, invitationId: input.invitationId, resend: latest !== null },
  });
  return input.invitationId;
}
