import { describe, expect, it } from 'vitest';
import { checkPassword } from './password';

describe('checkPassword', () => {
  it('accepts a password meeting every rule', () => {
    expect(checkPassword('Str0ng-Pass!')).toEqual([]);
  });

  it('names each rule a password misses', () => {
    expect(checkPassword('short')).toEqual(['length', 'special', 'number', 'uppercase']);
    expect(checkPassword('alllowercase1!')).toEqual(['uppercase']);
    expect(checkPassword('ALLUPPERCASE1!')).toEqual(['lowercase']);
    expect(checkPassword('NoNumbersHere!')).toEqual(['number']);
    expect(checkPassword('NoSpecial1234')).toEqual(['special']);
  });

  it('treats exactly 10 characters as long enough and 9 as too short', () => {
    expect(checkPassword('Abcdefg1!x')).toEqual([]);
    expect(checkPassword('Abcdef1!x')).toEqual(['length']);
  });

  it('rejects control characters', () => {
    expect(checkPassword('Abcdefg1!x\u0007')).toContain('invalid_chars');
  });
});
