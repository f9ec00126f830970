import { ROUTES, type RouteSpec } from '../../../domain/routes';

interface CompiledRoute {
  spec: RouteSpec;
  pattern: RegExp;
  /** Higher wins: static segments beat parameters, so /education/required beats /education/:category. */
  score: number;
}

/** Turns '/coachesMessaging/:id?' into a regular expression over a pathname. */
export function compileRoutePath(path: string): RegExp {
  if (path === '/') return /^\/?$/;
  const parts = path.split('/').filter(Boolean);
  let source = '^';
  for (const part of parts) {
    if (part.startsWith(':')) {
      source += part.endsWith('?') ? '(?:/[^/]+)?' : '/[^/]+';
    } else {
      source += `/${part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`;
    }
  }
  return new RegExp(`${source}/?$`);
}

function scoreRoutePath(path: string): number {
  return path
    .split('/')
    .filter(Boolean)
    .reduce((score, part) => score + (part.startsWith(':') ? (part.endsWith('?') ? 1 : 2) : 10), 0);
}

function compileRoutes(routes: readonly RouteSpec[]): CompiledRoute[] {
  return routes.map((spec) => ({ spec, pattern: compileRoutePath(spec.path), score: scoreRoutePath(spec.path) }));
}

const COMPILED = compileRoutes(ROUTES);

/** The route table entry a pathname belongs to, or null for an unknown path (the not-found page). */
export function matchRouteSpec(pathname: string, routes?: readonly RouteSpec[]): RouteSpec | null {
  const compiled = routes ? compileRoutes(routes) : COMPILED;
  let best: CompiledRoute | null = null;
  for (const route of compiled) {
    if (!route.pattern.test(pathname)) continue;
    if (!best || route.score > best.score) best = route;
  }
  return best?.spec ?? null;
}
