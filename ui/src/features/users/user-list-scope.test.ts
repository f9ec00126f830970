import { describe, expect, it } from 'vitest';
import { userListAbilities, userListScope, usersPath } from './user-list-scope';

const admin = { school: { id: 'school-a' }, permissions: ['users:read', 'users:roles', 'users:deactivate'] as const };
const operator = { school: { id: 'provider' }, permissions: ['schools:operate', 'users:read', 'users:roles'] as const };

describe('userListScope', () => {
  it('shows an admin their own school and nothing else', () => {
    expect(userListScope(admin, 'school-a')).toEqual({ kind: 'own', schoolId: 'school-a' });
    expect(userListScope(admin, 'school-b')).toEqual({ kind: 'not-found' });
  });

  it('lets an operator open any school', () => {
    expect(userListScope(operator, 'school-b')).toEqual({ kind: 'operator', schoolId: 'school-b' });
    expect(userListScope(operator, 'provider')).toEqual({ kind: 'own', schoolId: 'provider' });
  });
});

describe('usersPath', () => {
  it('uses /users for one’s own school and the provider console’s routes otherwise', () => {
    expect(usersPath({ kind: 'own', schoolId: 'a' })).toBe('/users');
    expect(usersPath({ kind: 'own', schoolId: 'a' }, 'u1', 'roles')).toBe('/users/u1/roles');
    expect(usersPath({ kind: 'operator', schoolId: 'b' }, 'u1', 'deactivate')).toBe('/schools/b/users/u1/deactivate');
    expect(usersPath({ kind: 'operator', schoolId: 'b' })).toBe('/schools/b/users');
  });
});

describe('userListAbilities', () => {
  it('follows the admin’s permissions and gives operators every action', () => {
    expect(userListAbilities({ kind: 'own', schoolId: 'a' }, admin.permissions)).toEqual({
      editRoles: true,
      changeStatus: true,
      invite: false,
    });
    expect(userListAbilities({ kind: 'own', schoolId: 'provider' }, operator.permissions)).toEqual({
      editRoles: true,
      changeStatus: false,
      invite: false,
    });
    expect(userListAbilities({ kind: 'operator', schoolId: 'b' }, operator.permissions)).toEqual({
      editRoles: true,
      changeStatus: true,
      invite: true,
    });
  });
});
