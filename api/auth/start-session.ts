import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../domain/errors';
import { permissionsFor } from '../../domain/permissions';
import { defaultPortal, portalsFor } from '../../domain/roles';
import { findRoleGrants } from '../users/role-grants.repository';
import { findSchoolSummary } from '../school/school.repository';
import { findUserSummary } from '../users/users.repository';
import { requestMeta } from '../shared/request-meta';
import type { AuthContext } from '../types';
import { deleteExpiredUserSessions, insertSession, markUserActive } from './sessions.repository';
import { createSessionToken, SESSION_COOKIE, sessionCookieOptions, sessionExpiry } from './session-cookie';

/** Opens a session for a user who just proved who they are, sets the `sid` cookie and returns their context. */
export async function startSession(
  request: FastifyRequest,
  reply: FastifyReply,
  schoolId: string,
  userId: string,
): Promise<AuthContext> {
  const { config, database } = request.server.deps;
  const db = database.db;
  const [user, school, grants] = await Promise.all([
    findUserSummary(db, schoolId, userId),
    findSchoolSummary(db, schoolId),
    findRoleGrants(db, schoolId, userId),
  ]);
  const portal = defaultPortal(grants.map((g) => g.role));
  if (!user || !school || !portal) throw new AppError('ACCOUNT_INACTIVE');
  const { token, sessionId } = createSessionToken();
  const meta = requestMeta(request);
  await deleteExpiredUserSessions(db, schoolId, userId);
  await insertSession(db, schoolId, {
    id: sessionId,
    userId,
    portal,
    ip: meta.ip,
    userAgent: meta.userAgent,
    expiresAt: sessionExpiry(config),
  });
  await markUserActive(db, schoolId, userId);
  void reply.setCookie(SESSION_COOKIE, token, sessionCookieOptions(config));
  request.auth = {
    sessionId,
    user,
    school,
    grants,
    portals: portalsFor(grants.map((g) => g.role)),
    portal,
    permissions: permissionsFor(grants),
  };
  return request.auth;
}
