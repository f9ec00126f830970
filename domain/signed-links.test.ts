import { describe, expect, it } from 'vitest';
import { hashToken, signLinkToken, verifyLinkToken } from './signed-links';

const SECRET = 'a'.repeat(40);

describe('signed link tokens', () => {
  it('verifies a token for its purpose and returns the id', () => {
    const token = signLinkToken(SECRET, 'invitation', 'inv-1');
    expect(verifyLinkToken(SECRET, 'invitation', token)).toBe('inv-1');
  });

  it('rejects a token for another purpose, a tampered id or another secret', () => {
    const token = signLinkToken(SECRET, 'invitation', 'inv-1');
    expect(verifyLinkToken(SECRET, 'password-reset', token)).toBeNull();
    expect(verifyLinkToken(SECRET, 'invitation', token.replace('inv-1', 'inv-2'))).toBeNull();
    expect(verifyLinkToken('b'.repeat(40), 'invitation', token)).toBeNull();
    expect(verifyLinkToken(SECRET, 'invitation', 'garbage')).toBeNull();
  });

  it('hashes deterministically without revealing the token', () => {
    expect(hashToken('x')).toBe(hashToken('x'));
    expect(hashToken('x')).not.toContain('x'.repeat(2));
    expect(hashToken('x')).toHaveLength(64);
  });
});
