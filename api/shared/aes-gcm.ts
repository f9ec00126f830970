import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

/**
 * Secrets kept encrypted at rest (HIPAA packet answers, bank account numbers) use AES-256-GCM with a 32-byte key per
 * purpose from the configuration (an environment variable, 64 hex characters or base64). Without it the key is
 * derived from the app secret and the purpose, so development works and each purpose has its own key; production
 * sets its own. Sealed text is `<iv>.<tag>.<ciphertext>` (base64url parts); GCM's tag refuses a changed byte.
 */
export function aesGcmKey(
  source: { envVar: string; purpose: string },
  appSecret: string,
  env: NodeJS.ProcessEnv = process.env,
): Buffer {
  const raw = env[source.envVar]?.trim();
  if (raw) {
    const key = /^[0-9a-f]{64}$/i.test(raw) ? Buffer.from(raw, 'hex') : Buffer.from(raw, 'base64');
    if (key.length !== 32) throw new Error(`${source.envVar} must be 32 bytes (64 hex characters or base64)`);
    return key;
  }
  return createHash('sha256').update(`${source.purpose}:${appSecret}`).digest();
}

export function sealText(key: Buffer, plain: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  const tag = cipher.getAuthTag();
  return [iv, tag, body].map((part) => part.toString('base64url')).join('.');
}

export function openText(key: Buffer, sealed: string): string {
  const [iv, tag, body] = sealed.split('.').map((part) => Buffer.from(part, 'base64url'));
  if (!iv || !tag || !body) throw new Error('Encrypted value is malformed');
  const decipher = createDecipheriv('aes-256-gcm', key, iv);
  decipher.setAuthTag(tag);
  return Buffer.concat([decipher.update(body), decipher.final()]).toString('utf8');
}
