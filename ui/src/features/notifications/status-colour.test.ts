import { describe, expect, it } from 'vitest';
import { statusColour } from './status-colour';

describe('statusColour', () => {
  it('follows the spec colours', () => {
    expect(statusColour('approved')).toBe('green');
    expect(statusColour('rejected')).toBe('red');
    expect(statusColour('resubmitted')).toBe('orange');
    expect(statusColour('init')).toBe('gray');
  });
});
