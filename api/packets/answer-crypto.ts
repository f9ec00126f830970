import { createHash } from 'node:crypto';
import { aesGcmKey, openText, sealText } from '../shared/aes-gcm';

/**
 * HIPAA packets keep their answers encrypted at rest with AES-256-GCM (api/shared/aes-gcm.ts). The key comes from
 * PACKET_ANSWERS_KEY (32 bytes, base64 or hex); without it a key is derived from the app secret so development works,
 * and production sets its own. Stored shape: `{ "enc": "<iv>.<tag>.<ciphertext>" }` (base64url parts).
 */
export function answersKey(appSecret: string, env: NodeJS.ProcessEnv = process.env): Buffer {
  return aesGcmKey({ envVar: 'PACKET_ANSWERS_KEY', purpose: 'packet-answers' }, appSecret, env);
}

export function encryptAnswers(key: Buffer, answers: Record<string, unknown>): { enc: string } {
  return { enc: sealText(key, JSON.stringify(answers)) };
}

export function decryptAnswers(key: Buffer, stored: { enc: string }): Record<string, unknown> {
  return JSON.parse(openText(key, stored.enc)) as Record<string, unknown>;
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
