import { AppError } from '../../domain/errors';
import { personalPasswordInputs } from '../../domain/password';
import { hashToken, signLinkToken, verifyLinkToken } from '../../domain/signed-links';
import { workflowIds } from '../../domain/workflows';
import { acceptInvitationUpdate } from '../../workflows/invitations/invitation.workflow';
import { recordAudit } from '../audit/audit.repository';
import type { RequestMeta } from '../shared/request-meta';
import { requireTemporal, updateErrorMapper } from '../shared/workflow-client';
import { activateInvitedUser, findInvitationByToken, type InvitationLookup } from './auth.repository';
import { assertAcceptablePassword, hashPassword } from './passwords';
import { startSession, type AuthDeps, type StartedSession } from './start-session';

/** The invitation behind a link, or the catalogue error the visitor sees (invalid/expired 410, redeemed 409). */
export async function findUsableInvitation(
  deps: Pick<AuthDeps, 'db' | 'now' | 'appSecret'>,
  token: string,
): Promise<InvitationLookup> {
  const invitationId = verifyLinkToken(deps.appSecret, 'invitation', token);
  if (!invitationId) throw new AppError('INVITATION_INVALID');
  const invitation = await findInvitationByToken(deps.db, invitationId, hashToken(token));
  if (!invitation) throw new AppError('INVITATION_INVALID');
  if (invitation.status === 'ACCEPTED' || invitation.userStatus === 'ACTIVE') throw new AppError('INVITATION_REDEEMED');
  if (
    invitation.status !== 'PENDING' ||
    invitation.expiresAt.getTime() <= deps.now().getTime() ||
    invitation.userStatus === 'INACTIVE'
  ) {
    throw new AppError('INVITATION_INVALID');
  }
  return invitation;
}

async function wasAccepted(deps: Pick<AuthDeps, 'db' | 'appSecret'>, invitation: InvitationLookup): Promise<boolean> {
  const token = signLinkToken(deps.appSecret, 'invitation', invitation.id);
  const now = await findInvitationByToken(deps.db, invitation.id, hashToken(token));
  return now?.status === 'ACCEPTED';
}

/** The workflow's Update validator names the reason; anything else about a finished workflow means "not usable". */
const toInvitationError = updateErrorMapper(new Set(['INVITATION_REDEEMED']), 'INVITATION_INVALID');

/**
 * Accepts an invitation through the invitation workflow's Update (exactly one of two racing requests wins), then
 * sets the password and activates the account in one transaction, and signs the person in.
 */
export async function acceptInvitation(
  deps: AuthDeps,
  meta: RequestMeta,
  input: { token: string; password: string; confirmPassword: string },
): Promise<StartedSession> {
  const invitation = await findUsableInvitation(deps, input.token);
  await assertAcceptablePassword(input.password, input.confirmPassword, personalPasswordInputs(invitation));
  const temporal = requireTemporal(deps);
  const passwordHash = await hashPassword(input.password);
  try {
    await temporal.workflow.getHandle(workflowIds.invitation(invitation.id)).executeUpdate(acceptInvitationUpdate);
  } catch (err) {
    // A racing acceptance may have finished the process before this Update arrived: that is "redeemed".
    if (await wasAccepted(deps, invitation)) throw new AppError('INVITATION_REDEEMED');
    const appError = toInvitationError(err);
    if (appError.code === 'WORKFLOW_UNAVAILABLE') deps.log?.error({ err }, 'invitation update failed');
    throw appError;
  }
  await deps.db.transaction().execute(async (trx) => {
    await activateInvitedUser(trx, invitation.schoolId, {
      invitationId: invitation.id,
      userId: invitation.userId,
      passwordHash,
    });
    await recordAudit(trx, {
      schoolId: invitation.schoolId,
      actorUserId: invitation.userId,
      action: 'user.invitation_accepted',
      targetType: 'user',
      targetId: invitation.userId,
      ...meta,
      details: { invitationId: invitation.id },
      idempotencyKey: `invitation-accepted:${invitation.id}`,
    });
  });
  return startSession(deps, meta, invitation.schoolId, invitation.userId);
}
