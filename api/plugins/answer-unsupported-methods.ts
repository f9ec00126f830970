import type { FastifyInstance } from 'fastify';
import { AppError } from '../../domain/errors';
import type { RouteRecord } from '../types';
import { matchUiRoute } from './match-ui-route';

/** The methods the platform serves; anything else (TRACE, QUERY, OPTIONS, WebDAV's…) is 405 on every path. */
export const SERVED_METHODS: ReadonlySet<string> = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE']);

interface CompiledRoute {
  method: string;
  pattern: RegExp;
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** A route URL (`/api/v1/teams/:id`, `/api/docs/static/*`) as a regular expression over request paths. */
export function compileRoutePattern(url: string): RegExp {
  const source = url
    .split('/')
    .map((segment) => {
      if (segment === '*') return '.*';
      if (segment.startsWith(':')) return '[^/]+';
      return escapeRegExp(segment);
    })
    .join('/');
  return new RegExp(`^${source}$`);
}

/**
 * The methods a path is served with, from the registered routes. The UI's catch-all (`/*`, the static files) is
 * left out: for it a path "exists" only when it is a page of the route table (GET and HEAD).
 */
export function createAllowedMethods(routes: readonly RouteRecord[]): (path: string) => string[] {
  let compiled: CompiledRoute[] | null = null;
  return (path) => {
    compiled ??= routes
      .filter((route) => route.url !== '/*')
      .map((route) => ({ method: route.method, pattern: compileRoutePattern(route.url) }));
    const methods = new Set(compiled.filter((route) => route.pattern.test(path)).map((route) => route.method));
    if (!path.startsWith('/api/') && matchUiRoute(path)) for (const method of ['GET', 'HEAD']) methods.add(method);
    return [...methods].filter((method) => SERVED_METHODS.has(method)).sort();
  };
}

/** 405 METHOD_NOT_ALLOWED in the app's error shape, with an Allow header when the path exists. */
export function methodNotAllowed(allowed: readonly string[]): AppError {
  const error = new AppError('METHOD_NOT_ALLOWED');
  if (allowed.length > 0) Object.assign(error, { headers: { allow: allowed.join(', ') } });
  return error;
}

const allowedByRoutes = new WeakMap<readonly RouteRecord[], (path: string) => string[]>();

/** The methods `path` is served with in this app (compiled once the routes are known, on first use). */
export function allowedMethodsOf(app: FastifyInstance, path: string): string[] {
  let allowed = allowedByRoutes.get(app.registeredRoutes);
  if (!allowed) {
    allowed = createAllowedMethods(app.registeredRoutes);
    allowedByRoutes.set(app.registeredRoutes, allowed);
  }
  return allowed(path);
}

/**
 * Refuses methods the platform never serves with 405 before anything else looks at the request (Fastify would
 * answer TRACE with 404 and QUERY with a 400 about its content type). A served method on a path that exists only
 * with other methods is answered 405 by the not-found handler (serve-ui.ts).
 */
export function installMethodGuard(app: FastifyInstance): void {
  app.addHook('onRequest', async (request) => {
    if (SERVED_METHODS.has(request.method)) return;
    throw methodNotAllowed(allowedMethodsOf(app, request.url.split('?')[0] ?? '/'));
  });
}
