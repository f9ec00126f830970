import { describe, expect, it } from 'vitest';
import { isBlockedByMaintenance } from './install-maintenance-mode';
import { matchUiRoute } from './match-ui-route';
import { isForeignOrigin, isForeignWebSocketOrigin } from './install-same-origin-guard';
import { contentSecurityDirectives } from './register-security-headers';

describe('matchUiRoute', () => {
  it('matches literal, :param and optional :param? segments of the route table', () => {
    expect(matchUiRoute('/')?.path).toBe('/');
    expect(matchUiRoute('/login')?.path).toBe('/login');
    expect(matchUiRoute('/login/')?.path).toBe('/login');
    expect(matchUiRoute('/studentProfile/abc')?.path).toBe('/studentProfile/:id');
    expect(matchUiRoute('/individualRoster/t1/y1')?.path).toBe('/individualRoster/:sportTeamId/:academicYearId');
    expect(matchUiRoute('/messaging')?.path).toBe('/messaging/:id?');
    expect(matchUiRoute('/messaging/42')?.path).toBe('/messaging/:id?');
    expect(matchUiRoute('/reset-password?token=abc')?.path).toBe('/reset-password');
  });

  it('finds nothing for unknown paths, extra segments or broken encoding', () => {
    expect(matchUiRoute('/nope')).toBeNull();
    expect(matchUiRoute('/messaging/1/2')).toBeNull();
    expect(matchUiRoute('/studentProfile')).toBeNull();
    expect(matchUiRoute('/%E0%A4%A')).toBeNull();
  });
});

describe('isForeignOrigin', () => {
  const req = (
    method: string,
    headers: Record<string, string>,
    url = '/api/v1/teams',
    protocol: 'http' | 'https' = 'http',
  ) => ({
    method,
    url,
    protocol,
    headers: { host: 'localhost:3000', ...headers },
  });
  const publicUrl = 'http://localhost:3000';

  it('allows safe methods, our own origin, the request host, and clients that send no Origin', () => {
    expect(isForeignOrigin(req('GET', { origin: 'https://evil.example' }), publicUrl)).toBe(false);
    expect(isForeignOrigin(req('POST', { origin: 'http://localhost:3000' }), publicUrl)).toBe(false);
    expect(
      isForeignOrigin(
        req('POST', { origin: 'http://localhost:3000', host: 'localhost:3000' }),
        'https://app.example.edu',
      ),
    ).toBe(false);
    expect(isForeignOrigin(req('POST', {}), publicUrl)).toBe(false);
  });

  it('refuses other origins, opaque origins and browser-labelled cross-site requests', () => {
    expect(isForeignOrigin(req('POST', { origin: 'https://evil.example' }), publicUrl)).toBe(true);
    expect(isForeignOrigin(req('DELETE', { origin: 'null' }), publicUrl)).toBe(true);
    expect(isForeignOrigin(req('PATCH', { 'sec-fetch-site': 'cross-site' }), publicUrl)).toBe(true);
    expect(isForeignOrigin(req('POST', { origin: 'not a url' }), publicUrl)).toBe(true);
  });

  // Issue 36: the guard compared hosts only, so another scheme (or a port) on the same host passed.
  it('compares the whole origin, scheme and port included, with PUBLIC_URL and with the request’s own origin', () => {
    expect(isForeignOrigin(req('POST', { origin: 'https://localhost:3000' }), publicUrl)).toBe(true);
    expect(isForeignOrigin(req('POST', { origin: 'http://localhost:3001' }), publicUrl)).toBe(true);
    expect(isForeignOrigin(req('POST', { origin: 'http://localhost' }), publicUrl)).toBe(true);
    expect(isForeignOrigin(req('POST', { origin: 'https://localhost:3000' }), 'https://app.example.edu')).toBe(true);
    expect(
      isForeignOrigin(
        req('POST', { origin: 'https://localhost:3000' }, '/api/v1/teams', 'https'),
        'https://app.example.edu',
      ),
    ).toBe(false);
    expect(isForeignOrigin(req('POST', { origin: 'http://localhost:3000/' }), publicUrl)).toBe(false);
    expect(
      isForeignOrigin(
        req('POST', { origin: 'https://app.example.edu', host: 'proxy.internal' }),
        'https://app.example.edu',
      ),
    ).toBe(false);
  });
});

describe('isForeignWebSocketOrigin', () => {
  const handshake = (headers: Record<string, string>) => ({
    url: '/api/v1/realtime',
    headers: { host: 'localhost:3000', upgrade: 'websocket', ...headers },
  });
  const publicUrl = 'https://app.example.edu';

  it('accepts only the public URL’s origin, not even the request’s own host', () => {
    expect(isForeignWebSocketOrigin(handshake({ origin: 'https://app.example.edu' }), publicUrl)).toBe(false);
    expect(isForeignWebSocketOrigin(handshake({}), publicUrl)).toBe(false);
    for (const origin of ['http://localhost:3000', 'http://app.example.edu', 'https://evil.example', 'null']) {
      expect(isForeignWebSocketOrigin(handshake({ origin }), publicUrl)).toBe(true);
    }
    expect(
      isForeignWebSocketOrigin({ url: '/api/v1/teams', headers: { origin: 'https://evil.example' } }, publicUrl),
    ).toBe(false);
  });
});

describe('isBlockedByMaintenance', () => {
  it('blocks /api/v1 except /meta and leaves everything else alone', () => {
    expect(isBlockedByMaintenance('/api/v1/teams')).toBe(true);
    expect(isBlockedByMaintenance('/api/v1/auth/login')).toBe(true);
    expect(isBlockedByMaintenance('/api/v1/meta')).toBe(false);
    expect(isBlockedByMaintenance('/api/v1/meta?x=1')).toBe(false);
    expect(isBlockedByMaintenance('/healthz')).toBe(false);
    expect(isBlockedByMaintenance('/login')).toBe(false);
    expect(isBlockedByMaintenance('/api/v10/teams')).toBe(false);
  });
});

describe('contentSecurityDirectives', () => {
  it('forbids framing and allows the realtime socket of our own host', () => {
    const http = contentSecurityDirectives({ publicUrl: 'http://localhost:3000' });
    expect(http['frame-ancestors']).toEqual(["'none'"]);
    expect(http['connect-src']).toEqual(["'self'", 'ws://localhost:3000']);
    expect(http['upgrade-insecure-requests']).toBeUndefined();
    const https = contentSecurityDirectives({ publicUrl: 'https://app.example.edu' });
    expect(https['connect-src']).toEqual(["'self'", 'wss://app.example.edu']);
    expect(https['upgrade-insecure-requests']).toEqual([]);
  });
});
