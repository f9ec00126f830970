import { AppError } from '../../domain/errors';
import type { Portal } from '../../domain/roles';
import { countRecentLoginFailures, recordAudit } from '../audit/audit.repository';
import type { RequestMeta } from '../shared/request-meta';
import type { CoreDeps } from '../shared/use-case';
import type { AuthContext } from '../types';
import { findCredentialsByEmail } from './auth.repository';
import { verifyPassword } from './passwords';
import { sessionIdOf } from './session-cookie';
import { deleteSession, findLiveSession, updateSessionPortal } from './sessions.repository';
import { startSession, type AuthDeps, type StartedSession } from './start-session';
import { takeTurn } from '../shared/turn-lock';

/** Failed sign-ins allowed per e-mail and address in the window; successful ones never count. */
export const LOGIN_FAILURE_LIMIT = { max: 10, windowMinutes: 15 };

/**
 * Signs a user in. Unknown e-mail and wrong password give the same answer (WRONG_CREDENTIALS) after the same work;
 * an inactive account is only revealed to someone who typed its correct password. Too many failures answer
 * RATE_LIMITED (the route says when to retry: LOGIN_FAILURE_LIMIT's window).
 */
export async function logIn(
  deps: Pick<AuthDeps, 'db' | 'now' | 'sessionTtlHours'>,
  meta: RequestMeta,
  email: string,
  password: string,
): Promise<StartedSession> {
  const { db } = deps;
  const normalised = email.trim().toLowerCase();
  // Counted from the audit log, so the limit holds across every API instance and survives restarts.
  const since = new Date(deps.now().getTime() - LOGIN_FAILURE_LIMIT.windowMinutes * 60_000);
  const limited = () => new AppError('RATE_LIMITED');
  if ((await countRecentLoginFailures(db, normalised, meta.ip ?? null, since)) >= LOGIN_FAILURE_LIMIT.max)
    throw limited();
  const user = await findCredentialsByEmail(db, email);
  const ok = await verifyPassword(user?.passwordHash ?? null, password);
  const wrong = !user || !ok || user.status === 'INVITED' || user.status === 'NOT_INVITED';
  // The count is checked again and the failure recorded in one turn per e-mail (the password is hashed before, off
  // the lock): attempts fired at once each saw the count before any failure was recorded and all got past the limit.
  await db.transaction().execute(async (trx) => {
    await takeTurn(trx, `login:${normalised}`);
    if ((await countRecentLoginFailures(trx, normalised, meta.ip ?? null, since)) >= LOGIN_FAILURE_LIMIT.max)
      throw limited();
    if (wrong) {
      await recordAudit(trx, {
        schoolId: user?.schoolId ?? null,
        actorUserId: user?.id ?? null,
        action: 'auth.login_failed',
        targetType: 'user',
        ...(user ? { targetId: user.id } : {}),
        ...meta,
        details: { email: normalised, reason: user ? 'wrong_password' : 'unknown_email' },
      });
    } else if (user.status === 'INACTIVE') {
      await recordAudit(trx, {
        schoolId: user.schoolId,
        actorUserId: user.id,
        action: 'auth.login_failed',
        targetType: 'user',
        targetId: user.id,
        ...meta,
        details: { email: user.email.toLowerCase(), reason: 'inactive' },
      });
    }
  });
  if (wrong) throw new AppError('WRONG_CREDENTIALS');
  if (user.status === 'INACTIVE') throw new AppError('ACCOUNT_INACTIVE');
  const started = await startSession(deps, meta, user.schoolId, user.id);
  await recordAudit(db, {
    schoolId: user.schoolId,
    actorUserId: user.id,
    action: 'auth.login',
    targetType: 'user',
    targetId: user.id,
    ...meta,
    details: { portal: started.auth.portal },
  });
  return started;
}

/** Ends the session of this cookie token (if any; the route clears the cookie); logging out twice is not an error. */
export async function logOut(deps: Pick<CoreDeps, 'db'>, meta: RequestMeta, token: string | undefined): Promise<void> {
  const { db } = deps;
  if (!token) return;
  const session = await findLiveSession(db, sessionIdOf(token));
  if (!session) return;
  await deleteSession(db, session.schoolId, session.id);
  await recordAudit(db, {
    schoolId: session.schoolId,
    actorUserId: session.userId,
    action: 'auth.logout',
    targetType: 'user',
    targetId: session.userId,
    ...meta,
  });
}

/**
 * Admins switch between the admin and coach portals of their signed-in session; only portals the user's roles open
 * are allowed. Answers the session's context in the new portal.
 */
export async function switchPortal(
  deps: Pick<CoreDeps, 'db'>,
  auth: AuthContext,
  portal: Portal,
): Promise<AuthContext> {
  if (!auth.portals.includes(portal))
    throw new AppError('FORBIDDEN', [{ field: 'portal', message: 'This portal is not open to you.' }]);
  await updateSessionPortal(deps.db, auth.school.id, auth.sessionId, portal);
  return { ...auth, portal };
}
