import { describe, expect, it } from 'vitest';
import { StaleWhileRevalidate } from './console-cache';

describe('StaleWhileRevalidate', () => {
  it('reuses a fresh value, answers a stale one while reloading, and reloads an expired one', async () => {
    let now = 0;
    let loads = 0;
    const cache = new StaleWhileRevalidate<number>(1000, 5000, () => now);
    const load = async () => ++loads;
    expect(await cache.get('a', load)).toBe(1);
    now = 500;
    expect(await cache.get('a', load)).toBe(1);
    expect(loads).toBe(1);
    now = 2000;
    expect(await cache.get('a', load)).toBe(1); // stale: answered at once, reloaded behind
    await Promise.resolve();
    expect(loads).toBe(2);
    expect(await cache.get('a', load)).toBe(2);
    now = 10_000;
    expect(await cache.get('a', load)).toBe(3);
  });

  it('forgets by prefix and keeps no failed load', async () => {
    const cache = new StaleWhileRevalidate<number>(1000, 5000, () => 0);
    await cache.get('wf:1', async () => 1);
    cache.forget('wf:');
    expect(await cache.get('wf:1', async () => 2)).toBe(2);
    await expect(cache.get('x', async () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    expect(await cache.get('x', async () => 4)).toBe(4);
  });
});
