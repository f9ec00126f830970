import { describe, expect, it } from 'vitest';
import type { RouteRecord } from '../types';
import { compileRoutePattern, createAllowedMethods, methodNotAllowed } from './answer-unsupported-methods';

const route = (method: string, url: string): RouteRecord => ({ method, url, access: null, websocket: false });

describe('allowed methods of a path', () => {
  const allowed = createAllowedMethods([
    route('GET', '/api/v1/teams'),
    route('HEAD', '/api/v1/teams'),
    route('POST', '/api/v1/teams'),
    route('PATCH', '/api/v1/teams/:id'),
    route('GET', '/api/docs/static/*'),
    route('GET', '/*'),
    route('OPTIONS', '/api/v1/teams'),
  ]);

  it('reads the registered routes, parameters and wildcards included, served methods only', () => {
    expect(allowed('/api/v1/teams')).toEqual(['GET', 'HEAD', 'POST']);
    expect(allowed('/api/v1/teams/42')).toEqual(['PATCH']);
    expect(allowed('/api/v1/teams/42/members')).toEqual([]);
    expect(allowed('/api/docs/static/index.css')).toEqual(['GET']);
  });

  it('leaves out the UI’s catch-all: pages of the route table have GET and HEAD, other paths nothing', () => {
    expect(allowed('/login')).toEqual(['GET', 'HEAD']);
    expect(allowed('/no-such-page')).toEqual([]);
    expect(allowed('/api/v1/nope')).toEqual([]);
  });

  it('matches literal segments literally', () => {
    expect(compileRoutePattern('/api/v1/a.b').test('/api/v1/aXb')).toBe(false);
    expect(compileRoutePattern('/api/v1/a.b').test('/api/v1/a.b')).toBe(true);
  });

  it('states the methods in Allow only when there are some', () => {
    expect((methodNotAllowed(['GET', 'HEAD']) as unknown as { headers: unknown }).headers).toEqual({
      allow: 'GET, HEAD',
    });
    expect('headers' in methodNotAllowed([])).toBe(false);
    expect(methodNotAllowed([]).status).toBe(405);
  });
});
