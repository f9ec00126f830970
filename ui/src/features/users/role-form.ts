import {
  ROLE_LABELS,
  ROLES,
  TITLE_GROUP_LABELS,
  type CoachTitleGroup,
  type Role,
  type RoleGrant,
} from '../../../../domain/roles';

/** The edit-roles form: one checkbox per role, the coach's title group and the admin's compliance switch. */
export interface RoleFormValues {
  roles: Role[];
  titleGroup: CoachTitleGroup | null;
  compliance: boolean;
}

/** Roles an editor may hand out here: the operator role exists only in the provider organisation. */
export function assignableRoles(schoolKind: 'SCHOOL' | 'PROVIDER'): Role[] {
  return ROLES.filter((role) => role !== 'OPERATOR' || schoolKind === 'PROVIDER');
}

export function toRoleForm(grants: readonly RoleGrant[]): RoleFormValues {
  const coach = grants.find((g) => g.role === 'COACH');
  const admin = grants.find((g) => g.role === 'SCHOOL_ADMIN');
  return {
    roles: grants.map((g) => g.role),
    titleGroup: coach?.titleGroup ?? null,
    compliance: admin?.compliance ?? false,
  };
}

/** The grants to send, in ROLES order; the title group goes only on COACH, compliance only on SCHOOL_ADMIN. */
export function toRoleGrants(values: RoleFormValues): RoleGrant[] {
  return ROLES.filter((role) => values.roles.includes(role)).map((role) => {
    if (role === 'COACH') return { role, titleGroup: values.titleGroup };
    if (role === 'SCHOOL_ADMIN') return { role, compliance: values.compliance };
    return { role };
  });
}

export function validateRoleForm(values: RoleFormValues): string | null {
  return values.roles.length === 0 ? 'Choose at least one role.' : null;
}

/** "Institution designation": each role as a label, the admin's compliance permission spelled out. */
export function designationLabels(grants: readonly RoleGrant[]): string[] {
  return grants.map((g) => {
    if (g.role === 'SCHOOL_ADMIN') return g.compliance ? 'School admin (compliance)' : 'School admin';
    return ROLE_LABELS[g.role];
  });
}

/** The coach's title group, or null for people who do not coach or have none set. */
export function titleGroupLabel(grants: readonly RoleGrant[]): string | null {
  const group = grants.find((g) => g.role === 'COACH')?.titleGroup;
  return group ? TITLE_GROUP_LABELS[group] : null;
}
