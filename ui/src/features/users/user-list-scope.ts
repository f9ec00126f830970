import type { Permission } from '../../../../domain/permissions';

/**
 * Whose people the User Permissions list shows. An admin sees only their own school (any other id is "not
 * found", so ids of other schools reveal nothing); a provider operator may open any school through the
 * provider console's endpoints.
 */
export type UserListScope =
  { kind: 'own'; schoolId: string } | { kind: 'operator'; schoolId: string } | { kind: 'not-found' };

export function userListScope(
  me: { school: { id: string }; permissions: readonly Permission[] },
  universityId: string,
): UserListScope {
  if (universityId === me.school.id) return { kind: 'own', schoolId: universityId };
  if (me.permissions.includes('schools:operate')) return { kind: 'operator', schoolId: universityId };
  return { kind: 'not-found' };
}

/** The API path for the scope's users: /users for one's own school, /schools/:id/users for an operator. */
export function usersPath(scope: Exclude<UserListScope, { kind: 'not-found' }>, userId?: string, action?: string) {
  const base = scope.kind === 'own' ? '/users' : `/schools/${encodeURIComponent(scope.schoolId)}/users`;
  if (!userId) return base;
  return `${base}/${encodeURIComponent(userId)}${action ? `/${action}` : ''}`;
}

/** What the caller may do in the list: operators act on any school; admins need the matching permissions. */
export function userListAbilities(
  scope: Exclude<UserListScope, { kind: 'not-found' }>,
  permissions: readonly Permission[],
): { editRoles: boolean; changeStatus: boolean; invite: boolean } {
  if (scope.kind === 'operator') return { editRoles: true, changeStatus: true, invite: true };
  return {
    editRoles: permissions.includes('users:roles'),
    changeStatus: permissions.includes('users:deactivate'),
    invite: permissions.includes('users:invite'),
  };
}
