import { describe, expect, it } from 'vitest';
import {
  assignableRoles,
  designationLabels,
  titleGroupLabel,
  toRoleForm,
  toRoleGrants,
  validateRoleForm,
} from './role-form';

describe('role form', () => {
  it('round-trips grants through the form', () => {
    const grants = [
      { role: 'COACH' as const, titleGroup: 'HEAD_COACH' as const },
      { role: 'SCHOOL_ADMIN' as const, compliance: true },
    ];
    const form = toRoleForm(grants);
    expect(form).toEqual({ roles: ['COACH', 'SCHOOL_ADMIN'], titleGroup: 'HEAD_COACH', compliance: true });
    expect(toRoleGrants(form)).toEqual(grants);
  });

  it('puts the title group only on COACH and compliance only on SCHOOL_ADMIN, in ROLES order', () => {
    expect(
      toRoleGrants({
        roles: ['EDUCATOR', 'SCHOOL_ADMIN', 'STUDENT_ATHLETE'],
        titleGroup: 'TRAINER',
        compliance: false,
      }),
    ).toEqual([{ role: 'STUDENT_ATHLETE' }, { role: 'SCHOOL_ADMIN', compliance: false }, { role: 'EDUCATOR' }]);
  });

  it('needs at least one role', () => {
    expect(validateRoleForm({ roles: [], titleGroup: null, compliance: false })).toBe('Choose at least one role.');
    expect(validateRoleForm({ roles: ['AGENT'], titleGroup: null, compliance: false })).toBeNull();
  });

  it('offers the operator role only in the provider organisation', () => {
    expect(assignableRoles('SCHOOL')).not.toContain('OPERATOR');
    expect(assignableRoles('PROVIDER')).toContain('OPERATOR');
  });
});

describe('list columns', () => {
  it('labels the institution designation and the title group', () => {
    const grants = [
      { role: 'COACH' as const, titleGroup: 'ASSISTANT_COACH' as const },
      { role: 'SCHOOL_ADMIN' as const, compliance: false },
    ];
    expect(designationLabels(grants)).toEqual(['Coach', 'School admin']);
    expect(designationLabels([{ role: 'SCHOOL_ADMIN', compliance: true }])).toEqual(['School admin (compliance)']);
    expect(titleGroupLabel(grants)).toBe('Assistant coach');
    expect(titleGroupLabel([{ role: 'COACH', titleGroup: null }])).toBeNull();
    expect(titleGroupLabel([{ role: 'EDUCATOR' }])).toBeNull();
  });
});
