import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

/**
 * HIPAA packets keep their answers encrypted at rest with AES-256-GCM. The key comes from PACKET_ANSWERS_KEY (32 bytes,
 * base64 or hex); without it a key is derived from the app secret so development works, and production sets its own.
 * Stored shape: `{ "enc": "<iv>.<tag>.<ciphertext>" }` (base64url parts).
 */
export function answersKey(appSecret: string, env: NodeJS.ProcessEnv = process.env): Buffer {
  const raw = env.PACKET_ANSWERS_KEY?.trim();
  if (raw) {
    const key = /^[0-9a-f]{64}$/i.test(raw) ? Buffer.from(raw, 'hex') : Buffer.from(raw, 'base64');
    if (key.length !== 32) throw new Error('PACKET_ANSWERS_KEY must be 32 bytes (64 hex characters or base64)');
    return key;
  }
  return createHash('sha256').update(`packet-answers:${appSecret}`).digest();
}

export function encryptAnswers(key: Buffer, answers: Record<string, unknown>): { enc: string } {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const body = Buffer.concat([cipher.update(JSON.stringify(answers), 'utf8'), cipher.final()]);
  const tag = cipher.getAuthTag();
  return { enc: [iv, tag, body].map((part) => part.toString('base64url')).join('.') };
}

export function decryptAnswers(key: Buffer, stored: { enc: string }): Record<string, unknown> {
  const [iv, tag, body] = stored.enc.split('.').map((part) => Buffer.from(part, 'base64url'));
  if (!iv || !tag || !body) throw new Error('Encrypted answers are malformed');
  const decipher = createDecipheriv('aes-256-gcm', key, iv);
  decipher.setAuthTag(tag);
  return JSON.parse(Buffer.concat([decipher.update(body), decipher.final()]).toString('utf8')) as Record<
    string,
    unknown
  >;
}

/** JSON with sorted keys, so the same answers always hash the same. */
export function stableStringify(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stableStringify).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${stableStringify(v)}`).join(',')}}`;
  }
  return JSON.stringify(value ?? null);
}

export function sha256Of(value: unknown): string {
  return createHash('sha256').update(stableStringify(value)).digest('hex');
}
