import { describe, expect, it } from 'vitest';
import { ROUTES } from '../../../domain/routes';
import { SCREENS } from './screens';

describe('SCREENS', () => {
  it('has a screen for every built route except the / redirect', () => {
    const built = ROUTES.filter((r) => r.built && r.path !== '/').map((r) => r.path);
    expect(Object.keys(SCREENS).sort()).toEqual([...built].sort());
  });
});
