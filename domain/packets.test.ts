import { describe, expect, it } from 'vitest';
import { DEFER_FIRST_TASK_FROM, FIRST_TASK_DELAY_MAX_MS, firstTaskDelayMs } from './packets';

describe('firstTaskDelayMs', () => {
  it('defers nothing below the threshold, so small sends run their first task at once', () => {
    expect(firstTaskDelayMs(1)).toBe(0);
    expect(firstTaskDelayMs(DEFER_FIRST_TASK_FROM - 1)).toBe(0);
  });

  it('grows with the send from the threshold and stops at the cap', () => {
    expect(firstTaskDelayMs(DEFER_FIRST_TASK_FROM)).toBeGreaterThan(0);
    expect(firstTaskDelayMs(1_000)).toBe(6_000);
    expect(firstTaskDelayMs(10_000)).toBe(60_000);
    expect(firstTaskDelayMs(10_000)).toBeGreaterThan(firstTaskDelayMs(1_000));
    expect(firstTaskDelayMs(1_000_000)).toBe(FIRST_TASK_DELAY_MAX_MS);
  });
});
