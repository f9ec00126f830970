import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../domain/errors';
import { permissionsFor } from '../../domain/permissions';
import { defaultPortal, portalsFor, type Portal } from '../../domain/roles';
import { deleteSession, findLiveSession, touchSession } from '../auth/sessions.repository';
import { SESSION_COOKIE, sessionCookieOptions, sessionExpiry, sessionIdOf } from '../auth/session-cookie';
import type { AuthContext } from '../types';

/** Sliding expiry is written at most once a minute per session, not on every request. */
const TOUCH_INTERVAL_MS = 60_000;

/**
 * Loads the signed-in user (session → user, role grants, school) onto request.auth. No cookie: 401
 * UNAUTHENTICATED; an unknown or expired session: 401 SESSION_EXPIRED; an inactive account: 403 ACCOUNT_INACTIVE
 * (and its session is ended).
 */
export async function authenticate(request: FastifyRequest, reply: FastifyReply): Promise<AuthContext> {
  if (request.auth) return request.auth;
  const { config, database } = request.server.deps;
  const token = request.cookies[SESSION_COOKIE];
  if (!token) throw new AppError('UNAUTHENTICATED');
  const sessionId = sessionIdOf(token);
  const session = await findLiveSession(database.db, sessionId);
  if (!session) {
    void reply.clearCookie(SESSION_COOKIE, { path: '/' });
    throw new AppError('SESSION_EXPIRED');
  }
  if (session.status !== 'ACTIVE') {
    await deleteSession(database.db, session.schoolId, sessionId);
    void reply.clearCookie(SESSION_COOKIE, { path: '/' });
    throw new AppError(session.status === 'INACTIVE' ? 'ACCOUNT_INACTIVE' : 'SESSION_EXPIRED');
  }
  const { grants } = session;
  const portals = portalsFor(grants.map((g) => g.role));
  const portal = portals.includes(session.portal as Portal)
    ? (session.portal as Portal)
    : defaultPortal(grants.map((g) => g.role));
  if (!portal) throw new AppError('ACCOUNT_INACTIVE');

  if (Date.now() - session.lastSeenAt.getTime() > TOUCH_INTERVAL_MS) {
    await touchSession(database.db, session.schoolId, sessionId, session.userId, sessionExpiry(config));
    void reply.setCookie(SESSION_COOKIE, token, sessionCookieOptions(config));
  }

  request.auth = {
    sessionId,
    user: {
      id: session.userId,
      email: session.email,
      firstName: session.firstName,
      lastName: session.lastName,
      status: session.status,
    },
    school: {
      id: session.schoolId,
      name: session.schoolName,
      plan: session.plan,
      kind: session.kind,
      timeZone: session.timeZone,
    },
    grants,
    portals,
    portal,
    permissions: permissionsFor(grants),
  };
  return request.auth;
}

/** The signed-in context inside a handler of a route guarded by requirePermission. */
export function authOf(request: FastifyRequest): AuthContext {
  if (!request.auth) throw new AppError('UNAUTHENTICATED');
  return request.auth;
}
