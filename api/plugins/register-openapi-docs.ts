import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';

/**
 * OpenAPI 3 generated from the routes' TypeBox schemas (the same schemas Fastify validates with), served as JSON at
 * /api/docs/json with an explorer at /api/docs. Registered before the routes so it sees them all.
 */
export async function registerOpenApiDocs(app: FastifyInstance, version: string): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: '3.0.3',
      info: {
        title: 'Athletics compliance platform API',
        description:
          'Session cookie `sid` (from POST /auth/login) authenticates every route not marked public. Errors share one shape: `{ error: { code, message, details? } }`.',
        version,
      },
      components: {
        securitySchemes: { session: { type: 'apiKey', in: 'cookie', name: 'sid' } },
      },
    },
    hideUntagged: false,
  });
  await app.register(swaggerUi, {
    routePrefix: '/api/docs',
    uiConfig: { docExpansion: 'list', deepLinking: false, validatorUrl: null },
    staticCSP: false,
  });
}
