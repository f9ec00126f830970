import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { bundleWorkflowCode, Worker } from '@temporalio/worker';
import { describe, expect, it } from 'vitest';
import { runInBackground } from '../../activities/testing/background-worker';
import { testTemporalClient, testWorkerConnection, uniqueTaskQueue } from './context';
import { clockShiftMs, workflowClockPreloads } from './clock-shift';
import { testToday } from './test-clock';

/**
 * The integration files run as if today were TEST_TODAY (the real date without it): the test process's clock and,
 * through the bundle's preload module, a workflow's clock read that day, with the time of day running on.
 */
describe('the integration tests’ clock', () => {
  it('reads TEST_TODAY (or the real date) in the test process, and moves only the clock', () => {
    expect(new Date().toISOString().slice(0, 10)).toBe(testToday());
    expect(new Date(Date.now()).toISOString().slice(0, 10)).toBe(testToday());
    expect(new Date('2000-01-02T03:04:05Z').toISOString()).toBe('2000-01-02T03:04:05.000Z');
    expect(Date.UTC(2000, 0, 2)).toBe(Date.parse('2000-01-02T00:00:00Z'));
    expect(new Date() instanceof Date).toBe(true);
    expect(typeof Date()).toBe('string');
    expect(clockShiftMs({}, new Date())).toBe(0);
  });

  it('refuses a day before the real one', () => {
    expect(() => clockShiftMs({ TEST_TODAY: '2000-01-01' }, new Date('2000-01-02T10:00:00Z'))).toThrow(
      'TEST_TODAY (2000-01-01) may not be before today (2000-01-02).',
    );
    expect(clockShiftMs({ TEST_TODAY: '2000-01-05' }, new Date('2000-01-02T23:59:00Z'))).toBe(3 * 86_400_000);
  });

  it('reads the same day in a workflow on the Temporal server', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'clock-bundle-'));
    const workflowBundle = await bundleWorkflowCode({
      workflowsPath: resolve(import.meta.dirname, '../../workflows/testing/clock.workflow.ts'),
      preloadModules: workflowClockPreloads(dir),
      logger: { info() {}, warn() {}, error: console.error, debug() {}, trace() {}, log() {} } as never,
    });
    const taskQueue = uniqueTaskQueue('clock');
    const connection = await testWorkerConnection();
    const worker = await Worker.create({ connection, taskQueue, workflowBundle, shutdownGraceTime: 500 });
    const running = runInBackground(worker);
    const { client, close } = await testTemporalClient();
    try {
      const before = Date.now();
      const seen = await client.workflow.execute('clockFixture', { taskQueue, workflowId: `clock-${taskQueue}` });
      expect(seen.slice(0, 10)).toBe(testToday());
      // Within a minute of the test process's clock: the same shift, not a day's worth apart.
      expect(Math.abs(Date.parse(seen) - before)).toBeLessThan(60_000);
    } finally {
      await close();
      await running.stop();
      await connection.close();
    }
  });
});
