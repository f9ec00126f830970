import { createHash, createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Server-only (uses node:crypto). Links mailed to people carry `<id>.<mac>`: the MAC is an HMAC of the purpose and
 * id under the app secret, so a link can be rebuilt by the mail activity for a reminder without the raw token ever
 * being stored or written into workflow history. The database keeps only the SHA-256 of the token.
 */
export type LinkPurpose =
  | 'email-change'
  | 'invitation'
  | 'password-reset'
  | 'external-signer'
  | 'calendar-feed'
  | 'recruiting-form'
  | 'agent-info';

export function signLinkToken(secret: string, purpose: LinkPurpose, id: string): string {
  const mac = createHmac('sha256', secret).update(`${purpose}:${id}`).digest('base64url');
  return `${id}.${mac}`;
}

/** Returns the id if the token's MAC is valid for this purpose, else null. */
export function verifyLinkToken(secret: string, purpose: LinkPurpose, token: string): string | null {
  const dot = token.lastIndexOf('.');
  if (dot <= 0 || token.length > 256) return null;
  const id = token.slice(0, dot);
  const expected = Buffer.from(signLinkToken(secret, purpose, id));
  const given = Buffer.from(token);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  return id;
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
