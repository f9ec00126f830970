import { describe, expect, it } from 'vitest';
import { landingPath, safeNextPath } from './navigation';

describe('safeNextPath', () => {
  it('keeps same-site paths', () => {
    expect(safeNextPath('/teams?x=1')).toBe('/teams?x=1');
  });

  it('rejects anything that could leave the site or loop back to login', () => {
    for (const bad of [
      'https://evil.test',
      '//evil.test',
      '/\\evil.test',
      'teams',
      '/login',
      '/login?next=/x',
      '/a\u0000b',
      '',
      null,
      undefined,
    ]) {
      expect(safeNextPath(bad), String(bad)).toBeNull();
    }
  });
});

describe('landingPath', () => {
  it('goes to next when safe, else the portal home', () => {
    expect(landingPath('admin', '/teams')).toBe('/teams');
    expect(landingPath('coach', '//evil.test')).toBe('/coachDashboard');
    expect(landingPath('operator', null)).toBe('/school');
  });
});
