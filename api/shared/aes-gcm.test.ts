import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { answersKey, decryptAnswers, encryptAnswers } from '../packets/answer-crypto';
import { aesGcmKey, openText, sealText } from './aes-gcm';

const SECRET = 'a-test-secret-that-is-long-enough-for-the-app';

describe('AES-256-GCM at rest', () => {
  it('round-trips, with a fresh IV each time', () => {
    const key = aesGcmKey({ envVar: 'NO_SUCH_KEY_VAR', purpose: 'test' }, SECRET, {});
    const a = sealText(key, '000123456789');
    const b = sealText(key, '000123456789');
    expect(a).not.toBe(b);
    expect(a).not.toContain('000123456789');
    expect(openText(key, a)).toBe('000123456789');
  });

  it('refuses a changed byte and another key', () => {
    const key = aesGcmKey({ envVar: 'X', purpose: 'one' }, SECRET, {});
    const other = aesGcmKey({ envVar: 'X', purpose: 'two' }, SECRET, {});
    const sealed = sealText(key, 'secret');
    const [iv, tag, body] = sealed.split('.');
    const flipped = Buffer.from(body!, 'base64url');
    flipped[0] = flipped[0]! ^ 1;
    expect(() => openText(key, [iv, tag, flipped.toString('base64url')].join('.'))).toThrow();
    expect(() => openText(other, sealed)).toThrow();
    expect(() => openText(key, 'garbage')).toThrow();
  });

  it('takes the configured key (hex or base64) and refuses a wrong length', () => {
    const hex = 'ab'.repeat(32);
    expect(aesGcmKey({ envVar: 'K', purpose: 'p' }, SECRET, { K: hex }).toString('hex')).toBe(hex);
    const b64 = Buffer.alloc(32, 7).toString('base64');
    expect(aesGcmKey({ envVar: 'K', purpose: 'p' }, SECRET, { K: b64 })).toEqual(Buffer.alloc(32, 7));
    expect(() => aesGcmKey({ envVar: 'K', purpose: 'p' }, SECRET, { K: 'short' })).toThrow(/K must be 32 bytes/);
  });

  it('packet answers keep the key and the stored shape they had before the helper was shared', () => {
    const key = answersKey(SECRET, {});
    expect(key).toEqual(createHash('sha256').update(`packet-answers:${SECRET}`).digest());
    const stored = encryptAnswers(key, { q: 'answer' });
    expect(stored.enc.split('.')).toHaveLength(3);
    expect(decryptAnswers(key, stored)).toEqual({ q: 'answer' });
  });
});
