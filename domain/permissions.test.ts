import { describe, expect, it } from 'vitest';
import { can, permissionsFor } from './permissions';

describe('permission matrix', () => {
  it('lets school admins manage teams but not coaches or athletes', () => {
    expect(can([{ role: 'SCHOOL_ADMIN', compliance: true }], 'teams:write')).toBe(true);
    expect(can([{ role: 'COACH', titleGroup: 'HEAD_COACH' }], 'teams:write')).toBe(false);
    expect(can([{ role: 'STUDENT_ATHLETE' }], 'athletes:read')).toBe(false);
  });

  it('withholds the audit log from admins without the compliance permission', () => {
    expect(can([{ role: 'SCHOOL_ADMIN', compliance: false }], 'audit:read')).toBe(false);
    expect(can([{ role: 'SCHOOL_ADMIN', compliance: true }], 'audit:read')).toBe(true);
  });

  it('unions the permissions of several roles', () => {
    const perms = permissionsFor([{ role: 'STUDENT_ATHLETE' }, { role: 'COACH' }]);
    expect(perms.has('athletes:read')).toBe(true);
    expect(perms.has('users:invite')).toBe(false);
  });

  it('gives operators cross-school operations only', () => {
    expect(can([{ role: 'OPERATOR' }], 'schools:operate')).toBe(true);
    expect(can([{ role: 'OPERATOR' }], 'athletes:write')).toBe(false);
  });
});
