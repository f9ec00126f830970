import type { FastifyRequest } from 'fastify';
import { authOf } from '../plugins/authenticate';

/**
 * The school whose people a call manages. Usually the caller's own; provider operators manage the school they
 * address (routes under /schools/:id/users, guarded by `schools:operate`), and pass that school explicitly.
 */
export interface UserScope {
  schoolId: string;
  schoolKind: 'SCHOOL' | 'PROVIDER';
}

export function ownScope(request: FastifyRequest): UserScope {
  const { school } = authOf(request);
  return { schoolId: school.id, schoolKind: school.kind };
}

/** True when the caller is a member of the scoped school (then the caller is recorded as the inviter). */
export function isOwnScope(request: FastifyRequest, scope: UserScope): boolean {
  return authOf(request).school.id === scope.schoolId;
}
