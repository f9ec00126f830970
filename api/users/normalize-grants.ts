import { AppError } from '../../domain/errors';
import type { RoleGrant } from '../../domain/roles';
import { sortGrants } from './role-grants.repository';

/**
 * Cleans a requested set of roles: one grant per role, a title group only on COACH, the compliance flag only on
 * SCHOOL_ADMIN. The provider operator role exists only in the provider organisation and only an operator grants
 * it, so a school admin can never raise someone to cross-school access.
 */
export function normalizeGrants(
  requested: readonly RoleGrant[],
  actor: { grants: readonly RoleGrant[]; schoolKind: 'SCHOOL' | 'PROVIDER' },
): RoleGrant[] {
  const byRole = new Map<string, RoleGrant>();
  requested.forEach((g, i) => {
    if (byRole.has(g.role))
      throw new AppError('VALIDATION_FAILED', [{ field: `roles.${i}.role`, message: `${g.role} is listed twice.` }]);
    const grant: RoleGrant = { role: g.role };
    if (g.role === 'COACH') grant.titleGroup = g.titleGroup ?? null;
    if (g.role === 'SCHOOL_ADMIN') grant.compliance = Boolean(g.compliance);
    byRole.set(g.role, grant);
  });
  if (byRole.has('OPERATOR')) {
    const actorIsOperator = actor.grants.some((g) => g.role === 'OPERATOR');
    if (!actorIsOperator || actor.schoolKind !== 'PROVIDER') {
      throw new AppError('FORBIDDEN', [
        { field: 'roles', message: 'Only provider operators can grant the operator role.' },
      ]);
    }
  }
  return sortGrants([...byRole.values()]);
}
