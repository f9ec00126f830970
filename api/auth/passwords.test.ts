import { describe, expect, it } from 'vitest';
import { assertAcceptablePassword, hashPassword, verifyPassword } from './passwords';

// argon2 and the password word lists are slow on a busy machine.
describe('passwords', { timeout: 30_000 }, () => {
  it('hashes with argon2id and verifies', async () => {
    const hash = await hashPassword('Good-Pass-2026!');
    expect(hash).toMatch(/^\$argon2id\$/);
    expect(await verifyPassword(hash, 'Good-Pass-2026!')).toBe(true);
    expect(await verifyPassword(hash, 'good-pass-2026!')).toBe(false);
    expect(await verifyPassword(null, 'anything')).toBe(false);
    expect(await verifyPassword('not-a-hash', 'anything')).toBe(false);
  });

  it('names every unmet policy rule, then checks that the passwords match', async () => {
    await expect(assertAcceptablePassword('abc', 'abc')).rejects.toThrow(
      expect.objectContaining({
        code: 'PASSWORD_POLICY',
        details: expect.arrayContaining([expect.objectContaining({ code: 'length' })]),
      }),
    );
    await expect(assertAcceptablePassword('Good-Pass-2026!\u0007', 'x')).rejects.toThrow(
      expect.objectContaining({ code: 'PASSWORD_INVALID_CHARACTERS' }),
    );
    await expect(assertAcceptablePassword('Good-Pass-2026!', 'Good-Pass-2027!')).rejects.toThrow(
      expect.objectContaining({ code: 'PASSWORDS_DO_NOT_MATCH' }),
    );
    await expect(assertAcceptablePassword('Good-Pass-2026!', 'Good-Pass-2026!')).resolves.toBeUndefined();
  });

  it('refuses a common password with its own catalogue error, and a short one padded with spaces as too short', async () => {
    await expect(assertAcceptablePassword('Password123!', 'Password123!')).rejects.toThrow(
      expect.objectContaining({
        code: 'PASSWORD_TOO_COMMON',
        message: 'Password is too common or easy to guess. Choose another.',
        details: [expect.objectContaining({ field: 'password', code: 'common' })],
      }),
    );
    const padded = `${' '.repeat(10)}A1!a`;
    await expect(assertAcceptablePassword(padded, padded)).rejects.toThrow(
      expect.objectContaining({ code: 'PASSWORD_POLICY', details: [expect.objectContaining({ code: 'length' })] }),
    );
  });
});
