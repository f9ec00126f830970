import { describe, expect, it } from 'vitest';
import { BoundPassed, formatBound, StartInterrupted, withinBound } from './within-bound';

const never = new Promise<never>(() => undefined);

describe('withinBound', () => {
  it('names the step and the wait when the bound passes', async () => {
    const waited = withinBound('Demo data: the recruiting form submission', 30, never);
    await expect(waited).rejects.toThrow(BoundPassed);
    await expect(waited).rejects.toThrow('Demo data: the recruiting form submission did not answer within 0.03 s');
  });

  it('answers as the work does when it is in time, success or failure', async () => {
    await expect(withinBound('a quick read', 1000, Promise.resolve(42))).resolves.toBe(42);
    await expect(withinBound('a failing read', 1000, Promise.reject(new Error('refused')))).rejects.toThrow('refused');
  });

  it('tells a polling wait to stop once the bound has passed', async () => {
    let polls = 0;
    let stopped = false;
    const waited = withinBound('the workflow behind "the mail"', 50, async (ended) => {
      while (!ended.aborted) {
        polls += 1;
        await new Promise((r) => setTimeout(r, 5));
      }
      stopped = true;
    });
    await expect(waited).rejects.toThrow('the workflow behind "the mail" did not answer within 0.05 s');
    await new Promise((r) => setTimeout(r, 20));
    expect(stopped).toBe(true);
    expect(polls).toBeGreaterThan(0);
  });

  it('ends the wait at once when the start is stopped (Ctrl-C)', async () => {
    const stop = new AbortController();
    const waited = withinBound('the demo load', 60_000, never, { signal: stop.signal });
    stop.abort();
    await expect(waited).rejects.toThrow(StartInterrupted);
    await expect(withinBound('late', 60_000, never, { signal: stop.signal })).rejects.toThrow(StartInterrupted);
  });

  it('reads the bound as the setting does', () => {
    expect(formatBound(60_000)).toBe('60 s');
    expect(formatBound(300_000)).toBe('300 s');
    expect(formatBound(1500)).toBe('1.5 s');
  });
});
