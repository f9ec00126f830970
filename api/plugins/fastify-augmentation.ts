import type { AuthContext, RouteRecord, ServerDeps } from '../types';

// What this app adds to Fastify's own types: the server's dependencies, the route registry and the signed-in person.
// It lives with the plugins that set them (buildServer, install-route-registry, authenticate), the transport layer.
declare module 'fastify' {
  interface FastifyInstance {
    deps: ServerDeps;
    registeredRoutes: RouteRecord[];
  }
  interface FastifyRequest {
    auth: AuthContext | null;
  }
  interface FastifyContextConfig {
    /** Marks a route reachable without a session. */
    public?: boolean;
  }
}
