/** Account roles from the spec (part 2 §6). External signers and prospects (PSAs) have no account. */
export const ROLES = [
  'STUDENT_ATHLETE',
  'COACH',
  'SCHOOL_ADMIN',
  'EDUCATOR',
  'OPERATOR',
  'THIRD_PARTY',
  'VENDOR',
  'AGENT',
] as const;
export type Role = (typeof ROLES)[number];

export const ROLE_LABELS: Record<Role, string> = {
  STUDENT_ATHLETE: 'Student-athlete',
  COACH: 'Coach',
  SCHOOL_ADMIN: 'School admin',
  EDUCATOR: 'Educator',
  OPERATOR: 'Provider operator',
  THIRD_PARTY: 'Third party',
  VENDOR: 'Vendor',
  AGENT: 'Agent',
};

/** Coach and staff title groups (spec part 1 §1). */
export const COACH_TITLE_GROUPS = [
  'HEAD_COACH',
  'ASSOCIATE_HEAD_COACH',
  'ASSISTANT_COACH',
  'TEAM_MANAGER',
  'TRAINER',
  'OPS_MANAGER',
  'ACADEMIC_ADVISOR',
] as const;
export type CoachTitleGroup = (typeof COACH_TITLE_GROUPS)[number];

export const TITLE_GROUP_LABELS: Record<CoachTitleGroup, string> = {
  HEAD_COACH: 'Head coach',
  ASSOCIATE_HEAD_COACH: 'Associate head coach',
  ASSISTANT_COACH: 'Assistant coach',
  TEAM_MANAGER: 'Team manager',
  TRAINER: 'Trainer',
  OPS_MANAGER: 'Ops manager',
  ACADEMIC_ADVISOR: 'Academic advisor',
};

/** Agent kinds (spec part 1 §1). */
export const AGENT_KINDS = ['BRAND_MANAGER', 'LAWYER', 'SOCIAL_MEDIA_MANAGER', 'TALENT_MANAGER'] as const;
export type AgentKind = (typeof AGENT_KINDS)[number];

/** One role held by a user; a user may hold several. */
export interface RoleGrant {
  role: Role;
  /** Coaches: the title group. */
  titleGroup?: CoachTitleGroup | null;
  /** School admins: whether they hold the compliance permission. */
  compliance?: boolean;
}

/** The portals a user can be in. Admins switch between the admin and coach portals. */
export const PORTALS = ['admin', 'coach', 'athlete', 'educator', 'operator', 'partner'] as const;
export type Portal = (typeof PORTALS)[number];

export const PORTAL_HOME: Record<Portal, string> = {
  admin: '/adminHome',
  coach: '/coachDashboard',
  athlete: '/studentAthleteHome',
  educator: '/educationPortal',
  operator: '/school',
  partner: '/vendorDashboard',
};

export const PORTAL_LABELS: Record<Portal, string> = {
  admin: 'Admin portal',
  coach: 'Coach portal',
  athlete: 'Student-athlete portal',
  educator: 'Educator portal',
  operator: 'Provider console',
  partner: 'Partner portal',
};

const ROLE_PORTAL: Record<Role, Portal> = {
  SCHOOL_ADMIN: 'admin',
  COACH: 'coach',
  STUDENT_ATHLETE: 'athlete',
  EDUCATOR: 'educator',
  OPERATOR: 'operator',
  THIRD_PARTY: 'partner',
  VENDOR: 'partner',
  AGENT: 'partner',
};

/** Portals a user with these roles may enter; school admins also get the coach portal. */
export function portalsFor(roles: readonly Role[]): Portal[] {
  const out = new Set<Portal>();
  for (const role of roles) {
    out.add(ROLE_PORTAL[role]);
    if (role === 'SCHOOL_ADMIN') out.add('coach');
  }
  return PORTALS.filter((p) => out.has(p));
}

/** The portal a user lands in after login: the first in PORTALS order. */
export function defaultPortal(roles: readonly Role[]): Portal | null {
  return portalsFor(roles)[0] ?? null;
}
