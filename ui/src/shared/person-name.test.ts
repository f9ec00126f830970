import { describe, expect, it } from 'vitest';
import { fullName } from './person-name';

describe('fullName', () => {
  it('joins first and last name with one space', () => {
    expect(fullName({ firstName: 'Ada', lastName: 'Lovelace' })).toBe('Ada Lovelace');
  });

  it('has no stray space when a part is empty, and is empty when both are', () => {
    expect(fullName({ firstName: 'Ada', lastName: '' })).toBe('Ada');
    expect(fullName({ firstName: '', lastName: '' })).toBe('');
  });
});
