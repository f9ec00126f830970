import type { AppConfig } from '../../api/config';
import { formatRecruitingFormLinkId, type RecruitingFormLinkId } from '../../domain/recruiting-forms';
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

/** The token of one of a recruiting form's links; the database keeps its hash. */
export function signRecruitingFormToken(secret: string, id: RecruitingFormLinkId): string {
  return signLinkToken(secret, 'recruiting-form', formatRecruitingFormLinkId(id));
}

export function buildRecruitingFormLink(config: LinkConfig, id: RecruitingFormLinkId): string {
  return `${config.publicUrl}/recruitingForm/${encodeURIComponent(signRecruitingFormToken(config.appSecret, id))}`;
}
