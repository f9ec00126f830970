import { spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { inject } from 'vitest';
import { workflowBundle } from '../../scripts/test-harness/context';

/**
 * The platform worker as a child process for worker-kill tests (activities/testing/worker-process.ts), started on
 * one task queue and killed with SIGKILL (a crash, not a shutdown). Its output goes to a log file in the temp folder;
 * the last of its stderr is in the error when it dies before it is ready.
 */
const WORKER_SCRIPT = resolve(import.meta.dirname, '../../activities/testing/worker-process.ts');

export interface WorkerProcess {
  /** Starts a worker (a new one after a kill); resolves once it polls. */
  start(): Promise<void>;
  /** SIGKILL: nothing is flushed, running activities stop where they are. */
  kill(): Promise<void>;
}

export function workerProcess(taskQueue: string): WorkerProcess {
  let child: ChildProcess | null = null;
  let generation = 0;
  return {
    async start() {
      const started = spawn(process.execPath, ['--import', 'tsx', WORKER_SCRIPT], {
        env: {
          ...process.env,
          TEST_DATABASE_URL: inject('databaseUrl'),
          TEST_TEMPORAL_ADDRESS: inject('temporalAddress'),
          TEST_TASK_QUEUE: taskQueue,
          TEST_WORKFLOW_BUNDLE: workflowBundle().codePath,
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let errors = '';
      const log = createWriteStream(join(tmpdir(), `worker-kill-${taskQueue}-${++generation}.log`));
      started.stdout!.pipe(log);
      started.stderr!.pipe(log);
      started.stderr!.on('data', (chunk: Buffer) => {
        errors = (errors + chunk.toString()).slice(-4000);
      });
      await new Promise<void>((ready, reject) => {
        const onExit = (code: number | null) =>
          reject(new Error(`worker exited (${code}) before it was ready:\n${errors}`));
        started.once('exit', onExit);
        started.stdout!.on('data', (chunk: Buffer) => {
          if (chunk.toString().includes('worker-ready')) {
            started.off('exit', onExit);
            ready();
          }
        });
      });
      child = started;
    },
    async kill() {
      const running = child;
      child = null;
      if (!running || running.exitCode !== null) return;
      const exited = new Promise((r) => running.once('exit', r));
      running.kill('SIGKILL');
      await exited;
    },
  };
}

/** Polls `probe` every 25 ms until it gives a value; fails naming `what` after `ms`. */
export async function until<T>(
  probe: () => Promise<T | null | undefined | false>,
  ms: number,
  what: string,
): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > end) throw new Error(`${what}: not reached within ${ms} ms`);
    await new Promise((r) => setTimeout(r, 25));
  }
}
