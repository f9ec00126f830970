import { describe, expect, it } from 'vitest';
import { personalPasswordInputs } from '../../domain/password';
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

  it('refuses a password that contains the person’s e-mail or name, even in another case or l33t', async () => {
    const inputs = personalPasswordInputs({
      email: 'j.kowalczyk@school.edu',
      firstName: 'Bartholomew',
      lastName: 'Kowalczyk',
    });
    for (const password of ['JKowalczyk-Zebra-91!', 'Zebra-91!-b4rtholomew', 'Quiet-kowalczyk-77!']) {
      await expect(assertAcceptablePassword(password, password, inputs), password).rejects.toThrow(
        expect.objectContaining({
          code: 'PASSWORD_PERSONAL',
          message: 'Password must not contain your name or e-mail address.',
          details: [expect.objectContaining({ field: 'password', code: 'personal' })],
        }),
      );
    }
    await expect(assertAcceptablePassword('Good-Pass-2026!', 'Good-Pass-2026!', inputs)).resolves.toBeUndefined();
    // The spec's rules still come first.
    await expect(assertAcceptablePassword('kowalczyk', 'kowalczyk', inputs)).rejects.toThrow(
      expect.objectContaining({ code: 'PASSWORD_POLICY' }),
    );
  });
});
