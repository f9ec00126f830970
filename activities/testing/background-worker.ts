import type { Worker } from '@temporalio/worker';

/** Runs a worker until stop(); a worker that crashes makes stop() reject, so tests notice. */
export function runInBackground(worker: Worker): { stop: () => Promise<void> } {
  const running = worker.run();
  running.catch(() => undefined); // surfaced through stop()
  return {
    async stop() {
      if (worker.getState() === 'RUNNING') worker.shutdown();
      await running;
    },
  };
}
