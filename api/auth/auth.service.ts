import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../domain/errors';
import type { Portal } from '../../domain/roles';
import { countRecentLoginFailures, recordAudit } from '../audit/audit.repository';
import { authenticate } from '../plugins/authenticate';
import { requestMeta } from '../shared/request-meta';
import type { AuthContext } from '../types';
import { findCredentialsByEmail } from './auth.repository';
import { verifyPassword } from './passwords';
import { SESSION_COOKIE, sessionIdOf } from './session-cookie';
import { deleteSession, findLiveSession, updateSessionPortal } from './sessions.repository';
import { startSession } from './start-session';
import { takeTurn } from '../shared/turn-lock';

/** Failed sign-ins allowed per e-mail and address in the window; successful ones never count. */
export const LOGIN_FAILURE_LIMIT = { max: 10, windowMinutes: 15 };

/**
 * Signs a user in. Unknown e-mail and wrong password give the same answer (WRONG_CREDENTIALS) after the same work;
 * an inactive account is only revealed to someone who typed its correct password.
 */
export async function logIn(
  request: FastifyRequest,
  reply: FastifyReply,
  email: string,
  password: string,
): Promise<AuthContext> {
  const { db } = request.server.deps.database;
  const meta = requestMeta(request);
  const normalised = email.trim().toLowerCase();
  // Counted from the audit log, so the limit holds across every API instance and survives restarts.
  const since = new Date(Date.now() - LOGIN_FAILURE_LIMIT.windowMinutes * 60_000);
  const limited = () => {
    void reply.header('retry-after', String(LOGIN_FAILURE_LIMIT.windowMinutes * 60));
    return new AppError('RATE_LIMITED');
  };
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
  const auth = await startSession(request, reply, user.schoolId, user.id);
  await recordAudit(db, {
    schoolId: user.schoolId,
    actorUserId: user.id,
    action: 'auth.login',
    targetType: 'user',
    targetId: user.id,
    ...meta,
    details: { portal: auth.portal },
  });
  return auth;
}

/** Ends the current session (if any) and clears the cookie; logging out twice is not an error. */
export async function logOut(request: FastifyRequest, reply: FastifyReply): Promise<void> {
  const { db } = request.server.deps.database;
  const token = request.cookies[SESSION_COOKIE];
  void reply.clearCookie(SESSION_COOKIE, { path: '/' });
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
    ...requestMeta(request),
  });
}

/** Admins switch between the admin and coach portals; only portals the user's roles open are allowed. */
export async function switchPortal(request: FastifyRequest, reply: FastifyReply, portal: Portal): Promise<AuthContext> {
  const auth = await authenticate(request, reply);
  if (!auth.portals.includes(portal))
    throw new AppError('FORBIDDEN', [{ field: 'portal', message: 'This portal is not open to you.' }]);
  await updateSessionPortal(request.server.deps.database.db, auth.school.id, auth.sessionId, portal);
  auth.portal = portal;
  return auth;
}
