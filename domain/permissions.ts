import type { ConnectFeature } from './plans';
import type { Role, RoleGrant } from './roles';

/**
 * The permission matrix: every API route names one permission and the API checks it.
 * Finer permissions per feature are added here as features land, never inline in routes.
 */
export const PERMISSIONS = [
  'profile:read',
  'profile:update',
  'notifications:read',
  'school:read',
  'school:update',
  'teams:read',
  'teams:write',
  'academic-years:read',
  'academic-years:write',
  'athletes:read',
  'athletes:write',
  /** Bulk upload of student-athletes: school admins (1,000 a batch) and coaches, to their own teams (200). */
  'athletes:upload',
  /** Open a student-athlete profile in one's own view (admin, a coach of the team, the athlete); fields per domain. */
  'athletes:profile',
  /** Tag student-athletes (coaches' tags count apart). */
  'athletes:tag',
  'staff:read',
  'staff:write',
  'forms:read',
  'forms:write',
  'users:read',
  'users:invite',
  'users:roles',
  'users:deactivate',
  'audit:read',
  'mailbox:read',
  'schools:operate',
  'workflows:operate',
  'packets:read',
  'packets:write',
  'packets:send',
  'packets:fill',
  'comp-tickets:configure',
  'disclosures:submit',
  'disclosures:read',
  'disclosures:list',
  'disclosures:review',
  'conflict-flags:read',
  'conflict-flags:write',
  'templates:operate',
  'templates:use',
  'tasks:read',
  'search:read',
  'rosters:read',
  'rosters:declare',
  'rosters:approve',
  // Calendar (issue 16): read the calendar and segments; write them (coaches: their own teams); manage = whole school
  'calendar:read',
  'calendar:write',
  'calendar:manage',
  // CARA logs (issue 17): read logs; submit them (coaches named submitters); review them; configure a team's
  // settings; answer the athlete survey
  'cara:read',
  'cara:submit',
  'cara:review',
  'cara:configure',
  'cara:survey',
  // Recruiting (issue 18): see and manage prospects (staff); approve a prospect's transfer to a roster (admins)
  'recruiting:read',
  'recruiting:write',
  'recruiting:approve',
  // Bank accounts and taxes (issue 38): an athlete keeps their own bank account (and may see its number); a school
  // admin sees athletes' accounts masked, and with the compliance permission may reveal a number (audited); the tax
  // disclaimer is read by athletes and admins, acknowledged by athletes and edited by admins; the calculator is theirs
  'bank-accounts:own',
  'bank-accounts:read',
  'bank-accounts:reveal',
  'tax:estimate',
  'tax:acknowledge',
  'tax:configure',
  // Education (issue 40): everyone in a school reads and takes what is published; educators and school admins
  // write, publish, archive and assign content
  'education:read',
  'education:write',
] as const;
export type Permission = (typeof PERMISSIONS)[number];

const ALL_SIGNED_IN: Permission[] = [
  'profile:read',
  'profile:update',
  'notifications:read',
  'school:read',
  // Everyone has an inbox of their own steps (My Tasks) and the command palette's search.
  'tasks:read',
  'search:read',
];
// Anyone may be a packet's recipient or a step's actor; the submission workflow checks who may act on what.
ALL_SIGNED_IN.push('packets:fill');

const MATRIX: Record<Role, Permission[]> = {
  SCHOOL_ADMIN: [
    ...ALL_SIGNED_IN,
    'school:update',
    'teams:read',
    'teams:write',
    'academic-years:read',
    'academic-years:write',
    'athletes:read',
    'athletes:write',
    'athletes:upload',
    'athletes:profile',
    'athletes:tag',
    'staff:read',
    'staff:write',
    'forms:read',
    'forms:write',
    'users:read',
    'users:invite',
    'users:roles',
    'users:deactivate',
    'audit:read',
    'workflows:operate',
    'packets:read',
    'packets:write',
    'packets:send',
    'comp-tickets:configure',
    'disclosures:read',
    'disclosures:list',
    'disclosures:review',
    'conflict-flags:read',
    'conflict-flags:write',
    'templates:use',
    'rosters:read',
    'rosters:approve',
    'calendar:read',
    'calendar:write',
    'calendar:manage',
    'cara:read',
    'cara:submit',
    'cara:review',
    'cara:configure',
    'recruiting:read',
    'recruiting:write',
    'recruiting:approve',
    'bank-accounts:read',
    'bank-accounts:reveal',
    'tax:estimate',
    'tax:configure',
    'education:read',
    'education:write',
  ],
  // Coaches build and send forms to their athletes (paperwork), so they may write them too.
  COACH: [
    ...ALL_SIGNED_IN,
    'teams:read',
    'academic-years:read',
    'athletes:read',
    'athletes:upload',
    'athletes:profile',
    'athletes:tag',
    'staff:read',
    'forms:read',
    'forms:write',
    'packets:read',
    'packets:write',
    'packets:send',
    'templates:use',
    'rosters:read',
    'rosters:declare',
    'calendar:read',
    'calendar:write',
    'cara:read',
    'cara:submit',
    'cara:configure',
    'recruiting:read',
    'recruiting:write',
    'education:read',
  ],
  STUDENT_ATHLETE: [
    ...ALL_SIGNED_IN,
    'teams:read',
    'academic-years:read',
    'calendar:read',
    'athletes:profile',
    'disclosures:submit',
    'disclosures:read',
    'conflict-flags:read',
    'cara:read',
    'cara:survey',
    'bank-accounts:own',
    'tax:estimate',
    'tax:acknowledge',
    'education:read',
  ],
  EDUCATOR: [...ALL_SIGNED_IN, 'education:read', 'education:write'],
  OPERATOR: [
    ...ALL_SIGNED_IN,
    'schools:operate',
    'workflows:operate',
    'audit:read',
    'users:read',
    'users:invite',
    'users:roles',
    'templates:operate',
  ],
  THIRD_PARTY: [...ALL_SIGNED_IN],
  VENDOR: [...ALL_SIGNED_IN],
  AGENT: [...ALL_SIGNED_IN],
};

/** Permissions that a school admin holds only with the compliance permission. */
const COMPLIANCE_ONLY: Permission[] = [
  'audit:read',
  'disclosures:review',
  'conflict-flags:write',
  'bank-accounts:reveal',
];

export function permissionsFor(grants: readonly RoleGrant[]): Set<Permission> {
  const out = new Set<Permission>();
  for (const g of grants) {
    for (const p of MATRIX[g.role]) {
      if (g.role === 'SCHOOL_ADMIN' && !g.compliance && COMPLIANCE_ONLY.includes(p)) continue;
      out.add(p);
    }
  }
  return out;
}

/**
 * The group of users holding the compliance permission (school admins granted it). A packet step may name it, and a
 * task addressed to it reaches only them (a school admin without the permission is not in it).
 */
export const COMPLIANCE_STAFF = 'COMPLIANCE_STAFF';

export function holdsCompliance(grants: readonly RoleGrant[]): boolean {
  return grants.some((g) => g.role === 'SCHOOL_ADMIN' && !!g.compliance);
}

/** The groups a person's tasks may be addressed to: every role they hold, and compliance staff when they are. */
export function taskGroupsOf(grants: readonly RoleGrant[]): string[] {
  const groups = [...new Set<string>(grants.map((g) => g.role))];
  return holdsCompliance(grants) ? [...groups, COMPLIANCE_STAFF] : groups;
}

export function can(grants: readonly RoleGrant[], permission: Permission): boolean {
  return permissionsFor(grants).has(permission);
}

/** The matrix as rows, for documentation and the admin screen. */
export function permissionMatrix(): Array<{ role: Role; permissions: Permission[] }> {
  return (Object.keys(MATRIX) as Role[]).map((role) => ({ role, permissions: [...MATRIX[role]] }));
}

export type { ConnectFeature };
