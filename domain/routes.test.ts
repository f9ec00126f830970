import { describe, expect, it } from 'vitest';
import { PORTALS } from './roles';
import { PERMISSIONS, permissionsFor, type Permission } from './permissions';
import { NAV_MODULES, NAV_PARENTS, navigationFor, ROUTES, routeAllows, routeSpecOf } from './routes';

describe('route table', () => {
  it('lists each path once', () => {
    const paths = ROUTES.map((r) => r.path);
    expect(new Set(paths).size).toBe(paths.length);
  });

  it('names only routes of the table in the sidebar', () => {
    for (const module of NAV_MODULES) {
      for (const item of module.items) expect(routeSpecOf(item.path), `${module.key} ${item.path}`).toBeDefined();
    }
    for (const [child, parents] of Object.entries(NAV_PARENTS)) {
      expect(routeSpecOf(child), child).toBeDefined();
      for (const parent of parents) expect(routeSpecOf(parent), parent).toBeDefined();
    }
  });

  it('shows each viewer only built routes of their portal with the permissions they hold', () => {
    for (const portal of PORTALS) {
      const nav = navigationFor({ portal, permissions: [...PERMISSIONS], plan: 'CONNECT', schoolId: 's1' });
      expect(nav.length, portal).toBeGreaterThan(0);
      for (const module of nav) {
        for (const item of module.items) {
          const spec = routeSpecOf(item.path)!;
          expect(spec.built, item.path).toBe(true);
          expect(routeAllows(spec, portal), `${portal} may open ${item.path}`).toBe(true);
        }
      }
    }
    const admin = (permissions: Permission[]) =>
      navigationFor({ portal: 'admin', permissions, plan: 'CONNECT', schoolId: 's1' }).flatMap((m) =>
        m.items.map((i) => i.to),
      );
    const staff = [...permissionsFor([{ role: 'SCHOOL_ADMIN', compliance: false }])];
    const compliance = [...permissionsFor([{ role: 'SCHOOL_ADMIN', compliance: true }])];
    expect(admin(compliance)).toContain('/disclosures');
    expect(admin(staff)).not.toContain('/disclosures');
    expect(admin(staff)).not.toContain('/auditLog');
    expect(admin(staff)).toContain('/universities/s1/userList');
    // Not built yet: never listed.
    expect(admin(compliance)).not.toContain('/3rdParty');
    expect(admin(compliance)).toContain('/agents');
    expect(admin(compliance)).toContain('/recruitmentEvents');
    expect(admin(compliance)).toContain('/adminCalendar');
  });

  it('marks what the Compliance plan lacks instead of hiding it', () => {
    const permissions = [...permissionsFor([{ role: 'SCHOOL_ADMIN', compliance: true }])];
    const items = navigationFor({ portal: 'admin', permissions, plan: 'COMPLIANCE', schoolId: 's1' }).flatMap(
      (m) => m.items,
    );
    expect(items.find((i) => i.path === '/disclosures')?.needsPlan).toBe(true);
    expect(items.find((i) => i.path === '/teams')?.needsPlan).toBe(false);
  });

  it('keeps gated routes closed to signed-out visitors and public routes open', () => {
    const adminHome = ROUTES.find((r) => r.path === '/adminHome')!;
    const login = ROUTES.find((r) => r.path === '/login')!;
    expect(routeAllows(adminHome, null)).toBe(false);
    expect(routeAllows(adminHome, 'athlete')).toBe(false);
    expect(routeAllows(login, null)).toBe(true);
  });
});
