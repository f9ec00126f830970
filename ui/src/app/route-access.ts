import { PLAN_FALLBACK_ROUTE, planAllows, type Plan } from '../../../domain/plans';
import { PORTAL_HOME, type Portal } from '../../../domain/roles';
import { planFeatureFor, routeAllows, type RouteSpec } from '../../../domain/routes';

/** What the guard needs to know about the session; null when nobody is logged in. */
export interface AccessSession {
  portal: Portal;
  plan: Plan;
}

export type RouteAccess =
  | { kind: 'allow' }
  | { kind: 'login'; next: string }
  | { kind: 'redirect'; to: string }
  | { kind: 'not-available' }
  | { kind: 'plan-required' };

/**
 * Decides what a route shows for the current session. Order matters: public screens are always open,
 * then the session, then the portal, then the product plan (admins land on /compliance, others see a notice).
 */
export function decideRouteAccess(spec: RouteSpec, session: AccessSession | null, currentUrl: string): RouteAccess {
  if (spec.portals === 'public') return { kind: 'allow' };
  if (!session) return { kind: 'login', next: currentUrl };
  if (spec.path === '/') return { kind: 'redirect', to: PORTAL_HOME[session.portal] };
  if (!routeAllows(spec, session.portal)) return { kind: 'not-available' };
  if (!planAllows(session.plan, planFeatureFor(spec, session.portal))) {
    return session.portal === 'admin' ? { kind: 'redirect', to: PLAN_FALLBACK_ROUTE } : { kind: 'plan-required' };
  }
  return { kind: 'allow' };
}

/** The login URL that brings the user back to where they were. */
export function loginUrl(next: string): string {
  if (!next || next === '/' || next.startsWith('/login')) return '/login';
  return `/login?next=${encodeURIComponent(next)}`;
}
