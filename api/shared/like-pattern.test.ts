import { describe, expect, it } from 'vitest';
import { containsPattern } from './like-pattern';

describe('containsPattern', () => {
  it('matches anywhere and treats the user’s wildcards literally', () => {
    expect(containsPattern(' smith ')).toBe('%smith%');
    expect(containsPattern('50%_a\\b')).toBe('%50\\%\\_a\\\\b%');
  });
});
