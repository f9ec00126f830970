import { describe, expect, it } from 'vitest';
import { createShutdown } from './shutdown';

describe('createShutdown', () => {
  it('stops parts in reverse order, once, and keeps going past a failing step', async () => {
    const order: string[] = [];
    const shutdown = createShutdown(() => undefined);
    shutdown.add('temporal', () => void order.push('temporal'));
    shutdown.add('database', () => {
      order.push('database');
      throw new Error('already closed');
    });
    shutdown.add('api', async () => void order.push('api'));
    shutdown.startupFinished();
    await Promise.all([shutdown.run('test'), shutdown.run('again')]);
    expect(order).toEqual(['api', 'database', 'temporal']);
  });

  it('waits for a start in progress, so a part started meanwhile is stopped too', async () => {
    const order: string[] = [];
    const shutdown = createShutdown(() => undefined);
    shutdown.add('temporal', () => void order.push('temporal'));
    const stopped = shutdown.run('Ctrl-C during start');
    expect(shutdown.stopping).toBe(true);
    shutdown.add('worker', () => void order.push('worker'));
    shutdown.startupFinished();
    await stopped;
    expect(order).toEqual(['worker', 'temporal']);
  });

  it('aborts the waits of the start when the stop begins, and goes past a part that does not stop', async () => {
    const lines: string[] = [];
    const order: string[] = [];
    const shutdown = createShutdown((line) => lines.push(line), 30);
    shutdown.add('database', () => void order.push('database'));
    shutdown.add('worker', () => new Promise<void>(() => undefined));
    expect(shutdown.signal.aborted).toBe(false);
    const stopped = shutdown.run('Ctrl-C during the demo load');
    expect(shutdown.signal.aborted).toBe(true);
    shutdown.startupFinished();
    await stopped;
    expect(order).toEqual(['database']);
    expect(lines).toContain('  worker did not stop within 0.03 s; going on');
  });
});
