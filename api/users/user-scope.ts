import type { RoleGrant } from '../../domain/roles';
import type { RequestOrigin } from '../shared/request-meta';
import { actorOf, coreDepsOf, type Actor, type CoreDeps } from '../shared/use-case';
import type { AuthContext, ServerDeps } from '../types';

/**
 * The school whose people a call manages. Usually the caller's own; provider operators manage the school they
 * address (routes under /schools/:id/users, guarded by `schools:operate`), and pass that school explicitly.
 */
export interface UserScope {
  schoolId: string;
  schoolKind: 'SCHOOL' | 'PROVIDER';
}

/** Who manages people: the actor, their own school's kind and the role grants that bound which roles they may give. */
export interface UserManager extends Actor {
  schoolKind: 'SCHOOL' | 'PROVIDER';
  grants: readonly RoleGrant[];
}

/** What the user use cases run on: the core's dependencies and the secret invitation links are signed with. */
export type UsersDeps = CoreDeps & { appSecret: string };

export function usersDepsOf(
  deps: Pick<ServerDeps, 'database' | 'temporal' | 'taskQueue' | 'config'>,
  log?: CoreDeps['log'],
): UsersDeps {
  return { ...coreDepsOf(deps, log), appSecret: deps.config.appSecret };
}

/** The manager behind a signed-in request. */
export function userManagerOf(auth: AuthContext, origin: RequestOrigin): UserManager {
  return { ...actorOf(auth, origin), schoolKind: auth.school.kind, grants: auth.grants };
}

export function ownScope(manager: UserManager): UserScope {
  return { schoolId: manager.schoolId, schoolKind: manager.schoolKind };
}

/** True when the manager is a member of the scoped school (then they are recorded as the inviter). */
export function isOwnScope(manager: Actor, scope: UserScope): boolean {
  return manager.schoolId === scope.schoolId;
}
