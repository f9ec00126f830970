import { describe, expect, it } from 'vitest';
import { assertAcceptablePassword, hashPassword, verifyPassword } from './passwords';

describe('passwords', () => {
  it('hashes with argon2id and verifies', async () => {
    const hash = await hashPassword('Good-Pass-2026!');
    expect(hash).toMatch(/^\$argon2id\$/);
    expect(await verifyPassword(hash, 'Good-Pass-2026!')).toBe(true);
    expect(await verifyPassword(hash, 'good-pass-2026!')).toBe(false);
    expect(await verifyPassword(null, 'anything')).toBe(false);
    expect(await verifyPassword('not-a-hash', 'anything')).toBe(false);
  });

  it('names every unmet policy rule, then checks that the passwords match', () => {
    expect(() => assertAcceptablePassword('abc', 'abc')).toThrow(
      expect.objectContaining({
        code: 'PASSWORD_POLICY',
        details: expect.arrayContaining([expect.objectContaining({ code: 'length' })]),
      }),
    );
    expect(() => assertAcceptablePassword('Good-Pass-2026!\u0007', 'x')).toThrow(
      expect.objectContaining({ code: 'PASSWORD_INVALID_CHARACTERS' }),
    );
    expect(() => assertAcceptablePassword('Good-Pass-2026!', 'Good-Pass-2027!')).toThrow(
      expect.objectContaining({ code: 'PASSWORDS_DO_NOT_MATCH' }),
    );
    expect(() => assertAcceptablePassword('Good-Pass-2026!', 'Good-Pass-2026!')).not.toThrow();
  });
});
