import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { requirePermission, requirePlanFeature } from './require-permission';
import { installRouteRegistry } from './install-route-registry';

describe('route registry', () => {
  it('records each route with its declared access and refuses an /api/v1 route that declares none', async () => {
    const app = Fastify();
    installRouteRegistry(app);
    app.get('/api/v1/teams', { onRequest: requirePermission('teams:read') }, async () => ({}));
    app.get('/api/v1/meta', { config: { public: true } }, async () => ({}));
    app.get('/healthz', async () => ({}));
    expect(() => app.get('/api/v1/secret', async () => ({}))).toThrow(/declares no permission/);
    await app.ready();
    const byUrl = Object.fromEntries(
      app.registeredRoutes.filter((r) => r.method === 'GET').map((r) => [r.url, r.access]),
    );
    expect(byUrl).toEqual({
      '/api/v1/teams': { kind: 'permission', permission: 'teams:read' },
      '/api/v1/meta': { kind: 'public' },
      '/healthz': null,
    });
    await app.close();
  });

  it('gates Connect features by plan after authentication', async () => {
    const gate = requirePlanFeature('disclosures');
    const request = (plan: 'COMPLIANCE' | 'CONNECT' | null) => ({ auth: plan ? { school: { plan } } : null }) as never;
    await expect(gate.call({} as never, request('CONNECT'), {} as never)).resolves.toBeUndefined();
    await expect(gate.call({} as never, request('COMPLIANCE'), {} as never)).rejects.toMatchObject({
      code: 'PLAN_REQUIRED',
      status: 403,
    });
    await expect(gate.call({} as never, request(null), {} as never)).rejects.toMatchObject({ code: 'UNAUTHENTICATED' });
  });
});
