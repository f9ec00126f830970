import { describe, expect, it } from 'vitest';
import { ROUTES, type RouteSpec } from '../../../domain/routes';
import { decideRouteAccess, loginUrl } from './route-access';

function spec(path: string): RouteSpec {
  const found = ROUTES.find((r) => r.path === path);
  if (!found) throw new Error(`no route ${path}`);
  return found;
}

const connectAdmin = { portal: 'admin', plan: 'CONNECT' } as const;
const basicAdmin = { portal: 'admin', plan: 'COMPLIANCE' } as const;
const basicCoach = { portal: 'coach', plan: 'COMPLIANCE' } as const;

describe('decideRouteAccess', () => {
  it('always opens public screens, signed in or not', () => {
    expect(decideRouteAccess(spec('/login'), null, '/login')).toEqual({ kind: 'allow' });
    expect(decideRouteAccess(spec('/dev/mailbox'), connectAdmin, '/dev/mailbox')).toEqual({ kind: 'allow' });
  });

  it('never plan-gates the provider operators, who hold no school plan', () => {
    const operator = { portal: 'operator', plan: 'COMPLIANCE' } as const;
    expect(decideRouteAccess(spec('/templateLibrary'), operator, '/templateLibrary')).toEqual({ kind: 'allow' });
    expect(decideRouteAccess(spec('/templateLibrary'), basicAdmin, '/templateLibrary')).toEqual({
      kind: 'redirect',
      to: '/compliance',
    });
    expect(decideRouteAccess(spec('/templateLibrary'), connectAdmin, '/templateLibrary')).toEqual({ kind: 'allow' });
  });

  it('sends anonymous visitors to the login page, remembering where they were', () => {
    expect(decideRouteAccess(spec('/teams'), null, '/teams?x=1')).toEqual({ kind: 'login', next: '/teams?x=1' });
  });

  it('redirects / to the home of the current portal', () => {
    expect(decideRouteAccess(spec('/'), connectAdmin, '/')).toEqual({ kind: 'redirect', to: '/adminHome' });
    expect(decideRouteAccess(spec('/'), { portal: 'athlete', plan: 'CONNECT' }, '/')).toEqual({
      kind: 'redirect',
      to: '/studentAthleteHome',
    });
  });

  it('reports routes outside the current portal as not available', () => {
    expect(decideRouteAccess(spec('/teams'), { portal: 'coach', plan: 'CONNECT' }, '/teams')).toEqual({
      kind: 'not-available',
    });
    expect(decideRouteAccess(spec('/studentAthleteHome'), connectAdmin, '/studentAthleteHome')).toEqual({
      kind: 'not-available',
    });
  });

  it('sends admins without Connect to /compliance for gated screens', () => {
    expect(decideRouteAccess(spec('/disclosures'), basicAdmin, '/disclosures')).toEqual({
      kind: 'redirect',
      to: '/compliance',
    });
    expect(decideRouteAccess(spec('/disclosures'), connectAdmin, '/disclosures')).toEqual({ kind: 'allow' });
  });

  it('shows non-admins a plan notice rather than redirecting them to an admin-only page', () => {
    expect(decideRouteAccess(spec('/recruitmentEvents'), basicCoach, '/recruitmentEvents')).toEqual({
      kind: 'plan-required',
    });
  });

  it('checks the portal before the plan', () => {
    expect(decideRouteAccess(spec('/createDisclosures'), basicAdmin, '/createDisclosures')).toEqual({
      kind: 'not-available',
    });
  });
});

describe('loginUrl', () => {
  it('carries the destination except for trivial ones', () => {
    expect(loginUrl('/teams?x=1')).toBe('/login?next=%2Fteams%3Fx%3D1');
    expect(loginUrl('/')).toBe('/login');
    expect(loginUrl('/login?next=/x')).toBe('/login');
  });
});
