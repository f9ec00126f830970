import { AppError } from '../../domain/errors';
import { permissionsFor } from '../../domain/permissions';
import { defaultPortal, portalsFor } from '../../domain/roles';
import { findRoleGrants } from '../users/role-grants.repository';
import { findSchoolSummary } from '../school/school.repository';
import { findUserSummary } from '../users/users.repository';
import type { RequestMeta } from '../shared/request-meta';
import { coreDepsOf, type CoreDeps } from '../shared/use-case';
import type { AuthContext, ServerDeps } from '../types';
import { deleteExpiredUserSessions, insertSession, markUserActive } from './sessions.repository';
import { createSessionToken, sessionExpiry } from './session-cookie';

/** What the sign-in use cases run on: the core's dependencies, the link-signing secret and the session lifetime. */
export type AuthDeps = CoreDeps & { appSecret: string; sessionTtlHours: number };

export function authDepsOf(
  deps: Pick<ServerDeps, 'database' | 'temporal' | 'taskQueue' | 'config'>,
  log?: CoreDeps['log'],
): AuthDeps {
  return { ...coreDepsOf(deps, log), appSecret: deps.config.appSecret, sessionTtlHours: deps.config.sessionTtlHours };
}

/** A session just opened: the signed-in context, and the token the route sets as the `sid` cookie. */
export interface StartedSession {
  auth: AuthContext;
  token: string;
}

/** Opens a session for a user who just proved who they are; the route sets its cookie. */
export async function startSession(
  deps: Pick<AuthDeps, 'db' | 'now' | 'sessionTtlHours'>,
  origin: RequestMeta,
  schoolId: string,
  userId: string,
): Promise<StartedSession> {
  const { db } = deps;
  const [user, school, grants] = await Promise.all([
    findUserSummary(db, schoolId, userId),
    findSchoolSummary(db, schoolId),
    findRoleGrants(db, schoolId, userId),
  ]);
  const portal = defaultPortal(grants.map((g) => g.role));
  if (!user || !school || !portal) throw new AppError('ACCOUNT_INACTIVE');
  const { token, sessionId } = createSessionToken();
  await deleteExpiredUserSessions(db, schoolId, userId);
  await insertSession(db, schoolId, {
    id: sessionId,
    userId,
    portal,
    ip: origin.ip,
    userAgent: origin.userAgent,
    expiresAt: sessionExpiry(deps, deps.now()),
  });
  await markUserActive(db, schoolId, userId);
  const auth: AuthContext = {
    sessionId,
    user,
    school,
    grants,
    portals: portalsFor(grants.map((g) => g.role)),
    portal,
    permissions: permissionsFor(grants),
  };
  return { auth, token };
}
