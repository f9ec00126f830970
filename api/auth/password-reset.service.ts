import { randomUUID } from 'node:crypto';
import { AppError } from '../../domain/errors';
import { hashToken, signLinkToken, verifyLinkToken } from '../../domain/signed-links';
import { personalPasswordInputs } from '../../domain/password';
import { PASSWORD_RESET_TTL_MINUTES, workflowIds } from '../../domain/workflows';
import { passwordResetWorkflow } from '../../workflows/auth/password-reset.workflow';
import { recordAudit } from '../audit/audit.repository';
import type { RequestMeta } from '../shared/request-meta';
import { requireTemporal, taskQueueOf } from '../shared/workflow-client';
import {
  deletePasswordReset,
  findCredentialsByEmail,
  findPasswordResetPerson,
  insertPasswordReset,
  lockPasswordReset,
  markPasswordResetsUsed,
  setPasswordHash,
} from './auth.repository';
import { assertAcceptablePassword, hashPassword } from './passwords';
import { deleteUserSessions } from './sessions.repository';
import type { AuthDeps } from './start-session';

export const FORGOT_PASSWORD_ANSWER =
  'If an account exists for this e-mail, we have sent a link to reset the password. The link is valid for 60 minutes.';

/**
 * Starts a password reset: a single-use row (only the hash of the mailed token is stored) and the workflow that
 * mails the link. The caller always gets the same answer, registered or not (no account enumeration). Once the new
 * link is on its way, the earlier ones are revoked: only the latest mailed link resets the password. Not before: a
 * request whose mail cannot start leaves the earlier links as they were.
 */
export async function requestPasswordReset(deps: AuthDeps, meta: RequestMeta, email: string): Promise<void> {
  const temporal = requireTemporal(deps);
  const { db } = deps;
  const user = await findCredentialsByEmail(db, email);
  if (!user || user.status !== 'ACTIVE') return;
  const resetId = randomUUID();
  const token = signLinkToken(deps.appSecret, 'password-reset', resetId);
  await insertPasswordReset(db, user.schoolId, {
    id: resetId,
    userId: user.id,
    tokenHash: hashToken(token),
    expiresAt: new Date(deps.now().getTime() + PASSWORD_RESET_TTL_MINUTES * 60_000),
  });
  try {
    await temporal.workflow.start(passwordResetWorkflow, {
      workflowId: workflowIds.passwordReset(resetId),
      taskQueue: taskQueueOf(deps),
      args: [{ resetId, schoolId: user.schoolId, userId: user.id }],
    });
  } catch (err) {
    // No mail will go out for this row, so it must not linger as a valid link.
    await deletePasswordReset(db, user.schoolId, resetId);
    deps.log?.error({ err }, 'password reset workflow could not start');
    throw new AppError('WORKFLOW_UNAVAILABLE');
  }
  await markPasswordResetsUsed(db, user.schoolId, user.id, resetId);
  await recordAudit(db, {
    schoolId: user.schoolId,
    actorUserId: user.id,
    action: 'auth.password_reset_requested',
    targetType: 'user',
    targetId: user.id,
    ...meta,
    details: { resetId },
  });
}

/**
 * Sets a new password from a mailed link: valid MAC, unexpired, unused; every session of the user ends. The password
 * must not contain the account's e-mail or name.
 */
export async function resetPassword(
  deps: Pick<AuthDeps, 'db' | 'now' | 'appSecret'>,
  meta: RequestMeta,
  token: string,
  password: string,
  confirmPassword: string,
): Promise<void> {
  const resetId = verifyLinkToken(deps.appSecret, 'password-reset', token);
  if (!resetId) throw new AppError('RESET_LINK_INVALID');
  const person = await findPasswordResetPerson(deps.db, resetId, hashToken(token));
  if (!person) throw new AppError('RESET_LINK_INVALID');
  await assertAcceptablePassword(password, confirmPassword, personalPasswordInputs(person));
  const passwordHash = await hashPassword(password);
  const done = await deps.db.transaction().execute(async (trx) => {
    const reset = await lockPasswordReset(trx, resetId, hashToken(token));
    if (!reset || reset.used_at || reset.expires_at.getTime() <= deps.now().getTime()) return null;
    await setPasswordHash(trx, reset.school_id, reset.user_id, passwordHash);
    await markPasswordResetsUsed(trx, reset.school_id, reset.user_id);
    await deleteUserSessions(trx, reset.school_id, reset.user_id);
    await recordAudit(trx, {
      schoolId: reset.school_id,
      actorUserId: reset.user_id,
      action: 'auth.password_reset',
      targetType: 'user',
      targetId: reset.user_id,
      ...meta,
      details: { resetId },
    });
    return reset;
  });
  if (!done) throw new AppError('RESET_LINK_INVALID');
}
