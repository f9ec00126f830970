import { describe, expect, it } from 'vitest';
import { forEachConcurrently } from './concurrency';

const tick = () => new Promise((r) => setTimeout(r, 1));

describe('forEachConcurrently', () => {
  it('works every item once, never more than the limit at a time, starting in order', async () => {
    const items = Array.from({ length: 23 }, (_, i) => i);
    const started: number[] = [];
    let running = 0;
    let most = 0;
    await forEachConcurrently(items, 4, async (item, index) => {
      expect(index).toBe(item);
      started.push(item);
      running += 1;
      most = Math.max(most, running);
      await tick();
      running -= 1;
    });
    expect(started).toEqual(items);
    expect(most).toBe(4);
  });

  it('does nothing for no items, and runs one lane for a limit below one', async () => {
    let calls = 0;
    await forEachConcurrently([], 8, async () => {
      calls += 1;
    });
    expect(calls).toBe(0);
    let running = 0;
    let most = 0;
    await forEachConcurrently([1, 2, 3], 0, async () => {
      running += 1;
      most = Math.max(most, running);
      await tick();
      running -= 1;
    });
    expect(most).toBe(1);
  });

  it('rejects with the first failure', async () => {
    await expect(
      forEachConcurrently([1, 2, 3], 2, async (item) => {
        await tick();
        if (item === 2) throw new Error('item 2 failed');
      }),
    ).rejects.toThrow('item 2 failed');
  });
});
