import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { ErrorBodySchema } from '../shared/schemas';
import { ERROR_STATUS_DESCRIPTIONS } from './describe-responses';

type Json = Record<string, unknown>;

/** Key-sorted JSON, so two schemas compare equal whatever order their keys were written in. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Json).sort(([a], [b]) => a.localeCompare(b));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

const ERROR_BODY_REF = '#/components/schemas/ErrorBody';

/** The body of an upload route (its handler reads the parts itself, so Fastify has no schema for it). */
const MULTIPART_FILE = {
  type: 'object',
  required: ['file'],
  properties: { file: { type: 'string', format: 'binary', description: 'The one file of the upload.' } },
};

/**
 * Post-processes the generated document: every error answer points at one shared `ErrorBody` schema component and
 * says what its status means, a route marked `x-body-optional` (describeCommonResponses) has an optional body, and an upload route
 * (`x-multipart-file`) documents its multipart body.
 */
export function shareErrorSchema(document: Json): Json {
  const errorBody = JSON.parse(JSON.stringify(ErrorBodySchema)) as Json;
  const errorKey = canonical(errorBody);
  const components = (document.components ??= {}) as Json;
  components.schemas = { ...((components.schemas as Json | undefined) ?? {}), ErrorBody: errorBody };
  for (const pathItem of Object.values((document.paths ?? {}) as Record<string, Json>)) {
    for (const operation of Object.values(pathItem) as Json[]) {
      if (!operation || typeof operation !== 'object' || !operation.responses) continue;
      for (const [status, answer] of Object.entries(operation.responses as Record<string, Json>)) {
        const media = (answer.content as Record<string, Json> | undefined)?.['application/json'];
        if (!media || canonical(media.schema) !== errorKey) continue;
        media.schema = { $ref: ERROR_BODY_REF };
        answer.description = ERROR_STATUS_DESCRIPTIONS[Number(status)] ?? String(errorBody.description);
      }
      if (operation['x-multipart-file']) {
        delete operation['x-multipart-file'];
        operation.requestBody = { required: true, content: { 'multipart/form-data': { schema: MULTIPART_FILE } } };
      }
      if (operation['x-body-optional']) {
        delete operation['x-body-optional'];
        if (operation.requestBody) (operation.requestBody as Json).required = false;
      }
    }
  }
  return document;
}

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
          'The session cookie `sid` (set by POST /auth/login) authenticates every operation that lists the `session` security scheme; the others are public. Every answer a route can give is listed with its content type; errors share one shape, the `ErrorBody` schema: `{ error: { code, message, details? } }`.',
        version,
      },
      components: {
        securitySchemes: { session: { type: 'apiKey', in: 'cookie', name: 'sid' } },
      },
    },
    hideUntagged: false,
    transformObject: (documents) =>
      shareErrorSchema(
        ('openapiObject' in documents ? documents.openapiObject : documents.swaggerObject) as Json,
      ) as never,
  });
  await app.register(swaggerUi, {
    routePrefix: '/api/docs',
    uiConfig: { docExpansion: 'list', deepLinking: false, validatorUrl: null },
    staticCSP: false,
  });
}
