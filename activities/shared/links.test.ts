import { describe, expect, it } from 'vitest';
import { hashToken, verifyLinkToken } from '../../domain/signed-links';
import { buildInvitationLink, buildPasswordResetLink } from './links';

const config = { publicUrl: 'https://app.example.edu', appSecret: 's'.repeat(40) };

describe('mail links', () => {
  it('invitation link carries a token the API verifies for the invitation purpose only', () => {
    const link = new URL(buildInvitationLink(config, 'inv-1'));
    expect(link.origin + link.pathname).toBe('https://app.example.edu/create-password');
    const token = link.searchParams.get('token')!;
    expect(verifyLinkToken(config.appSecret, 'invitation', token)).toBe('inv-1');
    expect(verifyLinkToken(config.appSecret, 'password-reset', token)).toBeNull();
  });

  it('reset link is rebuilt identically each time, so the stored hash matches every mailed copy', () => {
    const a = new URL(buildPasswordResetLink(config, 'reset-1')).searchParams.get('token')!;
    const b = new URL(buildPasswordResetLink(config, 'reset-1')).searchParams.get('token')!;
    expect(a).toBe(b);
    expect(hashToken(a)).toBe(hashToken(b));
    expect(new URL(buildPasswordResetLink(config, 'reset-1')).pathname).toBe('/reset-password');
    expect(verifyLinkToken(config.appSecret, 'password-reset', a)).toBe('reset-1');
  });
});
