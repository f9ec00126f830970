import { describe, expect, it } from 'vitest';
import { PORTALS } from './roles';
import { HEADER_TABS, ROUTES, routeAllows } from './routes';

describe('route table', () => {
  it('lists each path once', () => {
    const paths = ROUTES.map((r) => r.path);
    expect(new Set(paths).size).toBe(paths.length);
  });

  it('has a route for every header tab, open to that tab’s portal', () => {
    for (const portal of PORTALS) {
      for (const tab of HEADER_TABS[portal]) {
        const route = ROUTES.find((r) => r.path === tab.path);
        expect(route, `${portal} tab ${tab.path}`).toBeDefined();
        expect(routeAllows(route!, portal), `${portal} may open ${tab.path}`).toBe(true);
      }
    }
  });

  it('keeps gated routes closed to signed-out visitors and public routes open', () => {
    const adminHome = ROUTES.find((r) => r.path === '/adminHome')!;
    const login = ROUTES.find((r) => r.path === '/login')!;
    expect(routeAllows(adminHome, null)).toBe(false);
    expect(routeAllows(adminHome, 'athlete')).toBe(false);
    expect(routeAllows(login, null)).toBe(true);
  });
});
