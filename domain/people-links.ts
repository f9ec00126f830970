import type { Permission } from './permissions';
import { planAllows, type Plan } from './plans';
import type { Portal } from './roles';

/**
 * Who a viewer may find among the school's people, and the screen each person's name opens for that viewer (issue
 * 35: "every person's name on a list links to the profile that the viewer may see"). One table for the API's search
 * and every list of the UI, so a name never leads to a screen its viewer cannot open.
 */
export type PersonKind = 'athlete' | 'staff' | 'prospect';

export interface PeopleViewer {
  portal: Portal;
  permissions: Iterable<Permission> | ReadonlySet<Permission>;
  plan: Plan;
  /** The viewer's own user id (an athlete reaches their own profile only). */
  userId?: string;
}

/**
 * Which people a viewer finds by name. Athletes: every one of the school in the admin portal, only those of the
 * viewer's own teams in the coach portal (as the athlete list and profile scope them). Staff: the staff directory's
 * readers. Prospects: recruiting readers of a Connect school, never a student-athlete.
 */
export interface PeopleScope {
  athletes: 'school' | 'own-teams' | 'none';
  staff: boolean;
  prospects: boolean;
}

const holds = (viewer: PeopleViewer, permission: Permission) => {
  const set = viewer.permissions as ReadonlySet<Permission>;
  return typeof set.has === 'function' ? set.has(permission) : [...viewer.permissions].includes(permission);
};

export function peopleScopeOf(viewer: PeopleViewer): PeopleScope {
  const staffPortal = viewer.portal === 'admin' || viewer.portal === 'coach';
  const athletes =
    !staffPortal || !holds(viewer, 'athletes:read')
      ? 'none'
      : viewer.portal === 'admin' && holds(viewer, 'athletes:write')
        ? 'school'
        : 'own-teams';
  return {
    athletes,
    staff: staffPortal && holds(viewer, 'staff:read'),
    prospects: staffPortal && holds(viewer, 'recruiting:read') && planAllows(viewer.plan, 'recruiting'),
  };
}

/**
 * The screen a person's name opens for this viewer, or null when there is none they may see (the name stays text).
 * `name` is used for staff, who have no profile screen: the directory opens filtered to them.
 */
export function profilePathFor(
  viewer: Pick<PeopleViewer, 'portal' | 'userId'>,
  kind: PersonKind,
  id: string,
  name = '',
): string | null {
  const at = encodeURIComponent(id);
  switch (kind) {
    case 'athlete':
      if (viewer.portal === 'admin') return `/adminAthleteProfile/${at}`;
      if (viewer.portal === 'coach') return `/coachAthleteProfile/${at}`;
      if (viewer.portal === 'athlete' && viewer.userId === id) return `/studentProfile/${at}`;
      if (viewer.portal === 'operator') return `/school/StudentAthleteProfile/${at}`;
      return null;
    case 'staff':
      return viewer.portal === 'admin' || viewer.portal === 'coach'
        ? `/staff${name ? `?q=${encodeURIComponent(name)}` : ''}`
        : null;
    case 'prospect':
      if (viewer.portal === 'admin' || viewer.portal === 'coach') return `/psaProfile/${at}`;
      if (viewer.portal === 'operator') return `/school/psaProfile/${at}`;
      return null;
  }
}
