import Fastify from 'fastify';
import { Type } from 'typebox';
import { describe, expect, it } from 'vitest';
import { errorResponses } from '../shared/schemas';
import { commonErrorStatuses, defaultEmptyBody } from './describe-responses';
import { installRouteRegistry } from './install-route-registry';
import { registerOpenApiDocs } from './register-openapi-docs';
import { requirePermission } from './require-permission';

interface Answer {
  description: string;
  content?: Record<string, { schema: unknown }>;
}

const signedIn = { kind: 'permission', permission: 'teams:read' } as const;
const open = { kind: 'public' } as const;

describe('commonErrorStatuses', () => {
  it('gives a signed-in read without input the session, permission, rate limit and server answers only', () => {
    expect(commonErrorStatuses({ url: '/api/v1/teams', method: 'GET' }, signedIn)).toEqual([401, 403, 429, 500, 503]);
  });

  it('adds 400, 404 and 414 for a path parameter, and 403, 413 and 415 for a body', () => {
    expect(commonErrorStatuses({ url: '/api/v1/teams/:id', method: 'GET' }, signedIn)).toEqual([
      400, 401, 403, 404, 414, 429, 500, 503,
    ]);
    expect(commonErrorStatuses({ url: '/api/v1/auth/login', method: 'POST' }, open)).toEqual([
      400, 403, 413, 415, 429, 500, 503,
    ]);
  });

  it('leaves out 429 where the route turns the rate limit off, and 401 on public routes', () => {
    expect(
      commonErrorStatuses({ url: '/api/v1/meta', method: 'GET', config: { rateLimit: false } as never }, open),
    ).toEqual([500, 503]);
  });
});

describe('the generated document', () => {
  it('lists the common statuses next to the declared ones, with one shared error schema and an optional body', async () => {
    const app = Fastify();
    installRouteRegistry(app);
    await registerOpenApiDocs(app, '1.0.0');
    app.post(
      '/api/v1/things/:id/copy',
      {
        onRequest: requirePermission('teams:write'),
        preValidation: defaultEmptyBody,
        schema: {
          params: Type.Object({ id: Type.String() }),
          body: Type.Object({ name: Type.Optional(Type.String()) }),
          response: { 201: Type.Object({ id: Type.String() }), ...errorResponses(409) },
        },
      },
      async (_request, reply) => reply.code(201).send({ id: 'x' }),
    );
    await app.ready();
    const doc = app.swagger() as unknown as {
      paths: Record<string, Record<string, { requestBody: { required: boolean }; responses: Record<string, Answer> }>>;
      components: { schemas: Record<string, unknown> };
    };
    const op = doc.paths['/api/v1/things/{id}/copy']!.post!;
    expect(Object.keys(op.responses).sort()).toEqual(
      ['201', '400', '401', '403', '404', '409', '413', '414', '415', '429', '500', '503'].sort(),
    );
    expect(op.responses['409']?.content?.['application/json']?.schema).toEqual({
      $ref: '#/components/schemas/ErrorBody',
    });
    expect(op.responses['414']?.description).toMatch(/path segment is longer/);
    expect(doc.components.schemas.ErrorBody).toBeDefined();
    expect(op.requestBody.required).toBe(false);
    await app.close();
  });
});
