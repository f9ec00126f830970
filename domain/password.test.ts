import { describe, expect, it } from 'vitest';
import { checkPassword, checkPasswordRules, loadPasswordGuesser, PASSWORD_MIN_SCORE } from './password';

describe('checkPasswordRules', () => {
  it('accepts a password meeting every rule', () => {
    expect(checkPasswordRules('Str0ng-Pass!')).toEqual([]);
  });

  it('names each rule a password misses', () => {
    expect(checkPasswordRules('short')).toEqual(['length', 'special', 'number', 'uppercase']);
    expect(checkPasswordRules('alllowercase1!')).toEqual(['uppercase']);
    expect(checkPasswordRules('ALLUPPERCASE1!')).toEqual(['lowercase']);
    expect(checkPasswordRules('NoNumbersHere!')).toEqual(['number']);
    expect(checkPasswordRules('NoSpecial1234')).toEqual(['special']);
  });

  it('treats exactly 10 characters as long enough and 9 as too short', () => {
    expect(checkPasswordRules('Abcdefg1!x')).toEqual([]);
    expect(checkPasswordRules('Abcdef1!x')).toEqual(['length']);
  });

  it('does not count leading and trailing spaces towards the rules', () => {
    expect(checkPasswordRules(`${' '.repeat(10)}A1!a`)).toEqual(['length']);
    expect(checkPasswordRules(`A1!a${' '.repeat(10)}`)).toEqual(['length']);
    expect(checkPasswordRules(`  Abcdef1!x   `)).toEqual(['length']);
    // Spaces inside the password are characters like any other; around it they neither count nor hurt.
    expect(checkPasswordRules('Abc def1!x')).toEqual([]);
    expect(checkPasswordRules('  Abcdefg1!x  ')).toEqual([]);
  });

  it('counts no white space as the special character', () => {
    expect(checkPasswordRules('Abc def 12 x')).toEqual(['special']);
  });

  it('rejects control characters', () => {
    expect(checkPasswordRules('Abcdefg1!x\u0007')).toContain('invalid_chars');
  });
});

// Loading and scoring with the word lists takes a while on a busy machine.
describe('checkPassword (with the common and breached password lists)', { timeout: 30_000 }, () => {
  it('refuses common passwords that meet every composition rule', async () => {
    for (const password of ['Password123!', 'P@ssw0rd1234', 'Qwerty123456!', 'Letmein123!', 'Football2026!']) {
      expect(checkPasswordRules(password), password).toEqual([]);
      expect(await checkPassword(password), password).toEqual(['common']);
    }
  });

  it('refuses ten spaces followed by A1!a for its length, not its spaces', async () => {
    expect(await checkPassword(`${' '.repeat(10)}A1!a`)).toEqual(['length']);
  });

  it('accepts the demo password and other hard-to-guess ones, spaces around them or not', async () => {
    for (const password of [
      'Demo-Pass-2026!',
      ' Demo-Pass-2026! ',
      'Chosen-Pass-2026!',
      'Tr1cky-Horse-42',
      'Xk9#mPq2$vLw',
    ]) {
      expect(await checkPassword(password), password).toEqual([]);
    }
  });

  it('scores the password without its surrounding spaces', async () => {
    const guess = await loadPasswordGuesser();
    expect(guess('   Password123!   ')).toEqual(guess('Password123!'));
    expect(guess('Password123!').score).toBeLessThan(PASSWORD_MIN_SCORE);
    expect(guess('Password123!').warning).toMatch(/common/i);
  });

  it('loads the word lists once', async () => {
    expect(loadPasswordGuesser()).toBe(loadPasswordGuesser());
  });
});
