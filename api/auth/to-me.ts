import { PERMISSIONS } from '../../domain/permissions';
import type { AuthContext } from '../types';
import type { MeDto } from './auth.schemas';

/** The signed-in user as the UI sees them: identity, school, roles, portals and the permissions they add up to. */
export function toMe(auth: AuthContext): MeDto {
  return {
    id: auth.user.id,
    email: auth.user.email,
    firstName: auth.user.firstName,
    lastName: auth.user.lastName,
    school: {
      id: auth.school.id,
      name: auth.school.name,
      plan: auth.school.plan,
      kind: auth.school.kind,
      timeZone: auth.school.timeZone,
    },
    roles: auth.grants,
    portals: auth.portals,
    portal: auth.portal,
    permissions: PERMISSIONS.filter((p) => auth.permissions.has(p)),
  };
}
