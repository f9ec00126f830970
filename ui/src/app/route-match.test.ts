import { describe, expect, it } from 'vitest';
import { ROUTES } from '../../../domain/routes';
import { compileRoutePath, matchRouteSpec } from './route-match';

describe('matchRouteSpec', () => {
  it('finds static routes exactly and is case-sensitive', () => {
    expect(matchRouteSpec('/teams')?.path).toBe('/teams');
    expect(matchRouteSpec('/teams/')?.path).toBe('/teams');
    expect(matchRouteSpec('/TEAMS')).toBeNull();
  });

  it('prefers static segments over parameters', () => {
    expect(matchRouteSpec('/education/required')?.path).toBe('/education/required');
    expect(matchRouteSpec('/education/nil-basics')?.path).toBe('/education/:category');
    expect(matchRouteSpec('/studentResources/categories')?.path).toBe('/studentResources/categories');
  });

  it('handles optional parameters', () => {
    expect(matchRouteSpec('/coachesMessaging')?.path).toBe('/coachesMessaging/:id?');
    expect(matchRouteSpec('/coachesMessaging/abc')?.path).toBe('/coachesMessaging/:id?');
    expect(matchRouteSpec('/coachesMessaging/abc/def')).toBeNull();
  });

  it('returns null for unknown paths', () => {
    expect(matchRouteSpec('/no-such-page')).toBeNull();
    expect(matchRouteSpec('/teams/extra')).toBeNull();
  });

  it('matches every route in the table to itself', () => {
    for (const route of ROUTES) {
      const sample = route.path.replace(/:(\w+)\??/g, 'x1');
      expect(matchRouteSpec(sample)?.path, route.path).toBe(route.path);
    }
  });

  it('escapes regular-expression characters in static segments', () => {
    expect(compileRoutePath('/a.b').test('/aXb')).toBe(false);
  });
});

describe('the route table', () => {
  it('has no duplicate paths, so each is registered once', () => {
    const paths = ROUTES.map((r) => r.path);
    expect(new Set(paths).size).toBe(paths.length);
  });
});
