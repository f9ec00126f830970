import { describe, expect, it } from 'vitest';
import { isLoopbackAddress, isLoopbackRequest } from './loopback';

describe('isLoopbackAddress', () => {
  it('accepts this computer only', () => {
    for (const a of ['127.0.0.1', '127.1.2.3', '::1', '::ffff:127.0.0.1', '0:0:0:0:0:0:0:1']) {
      expect(isLoopbackAddress(a), a).toBe(true);
    }
    for (const a of [
      '10.0.0.5',
      '192.168.1.2',
      '::ffff:10.0.0.5',
      'fe80::1',
      '128.0.0.1',
      '',
      undefined,
      'localhost',
    ]) {
      expect(isLoopbackAddress(a), String(a)).toBe(false);
    }
  });

  it('needs both the connection and the forwarded client on loopback', () => {
    expect(isLoopbackRequest('127.0.0.1', '127.0.0.1')).toBe(true);
    expect(isLoopbackRequest('127.0.0.1', '203.0.113.9')).toBe(false);
    expect(isLoopbackRequest('10.0.0.2', '127.0.0.1')).toBe(false);
  });
});
