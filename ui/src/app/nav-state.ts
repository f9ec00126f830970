import { NAV_PARENTS, type VisibleNavItem, type VisibleNavModule } from '../../../domain/routes';

/** Where a screen sits in the sidebar: its module, the entry to highlight, and whether it is a deeper screen. */
export interface NavPlace {
  module: VisibleNavModule;
  item: VisibleNavItem;
  /** The screen is below the entry (a packet's submissions under Packets), so breadcrumbs are worth showing. */
  deep: boolean;
}

/**
 * Finds the sidebar entry of a route (by its pattern in the route table): the entry itself, else the first of its
 * parents (NAV_PARENTS) the viewer has. Null for screens outside the sidebar.
 */
export function placeOf(routePath: string | null, nav: VisibleNavModule[]): NavPlace | null {
  if (!routePath) return null;
  const find = (path: string) => {
    for (const module of nav) {
      const item = module.items.find((i) => i.path === path);
      if (item) return { module, item };
    }
    return null;
  };
  const own = find(routePath);
  if (own) return { ...own, deep: false };
  for (const parent of NAV_PARENTS[routePath] ?? []) {
    const found = find(parent);
    if (found) return { ...found, deep: true };
  }
  return null;
}
