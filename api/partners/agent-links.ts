import { agentLinkId } from '../../domain/partners/agents';
import { hashToken, signLinkToken } from '../../domain/signed-links';

/**
 * Server-only. The link an invited agent fills in their details through: `<agentId>~<generation>.<mac>`, signed
 * with the app secret (the invitation helpers in domain/signed-links.ts). The database keeps only its SHA-256; the
 * mail activity rebuilds the link for the reminder, so the raw token never enters workflow history.
 */
export function signAgentLinkToken(secret: string, agentId: string, generation: number): string {
  return signLinkToken(secret, 'agent-info', agentLinkId(agentId, generation));
}

export const agentLinkHash = (secret: string, agentId: string, generation: number) =>
  hashToken(signAgentLinkToken(secret, agentId, generation));

export function buildAgentLink(config: { publicUrl: string; appSecret: string }, agentId: string, generation: number) {
  return `${config.publicUrl}/provideAgentInfo?token=${encodeURIComponent(signAgentLinkToken(config.appSecret, agentId, generation))}`;
}
