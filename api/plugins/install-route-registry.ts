import type { FastifyInstance } from 'fastify';
import type { RouteOptions } from 'fastify';
import type { RouteAccess, RouteRecord } from '../types';
import { describeCommonResponses } from './describe-responses';
import { accessOf } from './require-permission';

export const API_PREFIX = '/api/v1';

/**
 * Collects every route as it is registered and refuses to start when an /api/v1 route declares no access:
 * each one names its permission (requirePermission) or is explicitly public (`config: { public: true }`).
 */
export function installRouteRegistry(app: FastifyInstance): void {
  const routes: RouteRecord[] = [];
  app.decorate('registeredRoutes', routes);
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    const access = accessOf(route.onRequest, route.config as { public?: boolean } | undefined);
    if (route.url.startsWith(API_PREFIX) && !access) {
      throw new Error(
        `Route ${methods.join(',')} ${route.url} declares no permission; use requirePermission() or config.public`,
      );
    }
    if (access && route.url.startsWith(API_PREFIX)) describeForDocs(route, access);
    const websocket = Boolean((route as { websocket?: boolean }).websocket);
    for (const method of methods) routes.push({ method: String(method), url: route.url, access, websocket });
  });
}

/** Groups routes by feature in the explorer and states who may call them (runs before @fastify/swagger reads the route). */
function describeForDocs(route: RouteOptions, access: RouteAccess): void {
  const schema = (route.schema ?? {}) as Record<string, unknown>;
  const feature = route.url.slice(API_PREFIX.length + 1).split('/')[0] || 'meta';
  schema.tags ??= [feature];
  if (access.kind === 'permission') {
    schema.security ??= [{ session: [] }];
    const note = `Requires permission \`${access.permission}\`.`;
    const described = typeof schema.description === 'string' ? schema.description : '';
    if (!described.includes(note)) schema.description = described ? `${described} ${note}` : note;
  } else {
    schema.security ??= [];
  }
  route.schema = schema;
  describeCommonResponses(route, access);
}
