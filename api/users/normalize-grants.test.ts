import { describe, expect, it } from 'vitest';
import { normalizeGrants } from './normalize-grants';

const schoolAdmin = { grants: [{ role: 'SCHOOL_ADMIN' as const, compliance: true }], schoolKind: 'SCHOOL' as const };
const operator = { grants: [{ role: 'OPERATOR' as const }], schoolKind: 'PROVIDER' as const };

describe('normalizeGrants', () => {
  it('keeps title groups on coaches and compliance on admins only, in role order', () => {
    expect(
      normalizeGrants(
        [
          { role: 'SCHOOL_ADMIN', titleGroup: 'HEAD_COACH' },
          { role: 'COACH', titleGroup: 'TEAM_MANAGER', compliance: true },
        ],
        schoolAdmin,
      ),
    ).toEqual([
      { role: 'COACH', titleGroup: 'TEAM_MANAGER' },
      { role: 'SCHOOL_ADMIN', compliance: false },
    ]);
  });

  it('refuses a role listed twice', () => {
    expect(() => normalizeGrants([{ role: 'COACH' }, { role: 'COACH' }], schoolAdmin)).toThrow(
      expect.objectContaining({ code: 'VALIDATION_FAILED' }),
    );
  });

  it('lets only provider operators grant the operator role', () => {
    expect(() => normalizeGrants([{ role: 'OPERATOR' }], schoolAdmin)).toThrow(
      expect.objectContaining({ code: 'FORBIDDEN' }),
    );
    expect(() => normalizeGrants([{ role: 'OPERATOR' }], { ...operator, schoolKind: 'SCHOOL' })).toThrow(
      expect.objectContaining({ code: 'FORBIDDEN' }),
    );
    expect(normalizeGrants([{ role: 'OPERATOR' }], operator)).toEqual([{ role: 'OPERATOR' }]);
  });
});
