import { describe, expect, it } from 'vitest';
import { isExemptFromGlobalLimit } from './register-rate-limits';

describe('isExemptFromGlobalLimit', () => {
  it('counts API calls', () => {
    expect(isExemptFromGlobalLimit({ url: '/api/v1/auth/me' })).toBe(false);
    expect(isExemptFromGlobalLimit({ url: '/api/v1/teams?limit=5' })).toBe(false);
  });

  it('lets the UI files and pages through', () => {
    expect(isExemptFromGlobalLimit({ url: '/assets/index-abc.js' })).toBe(true);
    expect(isExemptFromGlobalLimit({ url: '/login' })).toBe(true);
    expect(isExemptFromGlobalLimit({ url: '/' })).toBe(true);
  });
});
