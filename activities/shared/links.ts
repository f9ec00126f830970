import type { AppConfig } from '../../api/config';
import { signLinkToken } from '../../domain/signed-links';

/**
 * Links in mails are rebuilt here from the entity id and the app secret; the raw token never passes through
 * workflow input or history (the database stores only its hash).
 */
type LinkConfig = Pick<AppConfig, 'publicUrl' | 'appSecret'>;

export function buildInvitationLink(config: LinkConfig, invitationId: string): string {
  const token = signLinkToken(config.appSecret, 'invitation', invitationId);
  return `${config.publicUrl}/create-password?token=${encodeURIComponent(token)}`;
}

export function buildPasswordResetLink(config: LinkConfig, resetId: string): string {
  const token = signLinkToken(config.appSecret, 'password-reset', resetId);
  return `${config.publicUrl}/reset-password?token=${encodeURIComponent(token)}`;
}
