import { resolve } from 'node:path';
import { Worker, type NativeConnection } from '@temporalio/worker';

/**
 * Runs `measure` with a worker of its own for the workflows in `workflowsFile` (beside this file), polling a task
 * queue named after `name` on `connection`, and stops the worker after it: each floor is measured on its own queue.
 */
export async function withOwnWorker<T>(
  connection: NativeConnection,
  name: string,
  workflowsFile: string,
  measure: (taskQueue: string) => Promise<T>,
): Promise<T> {
  const taskQueue = `${name}-${Date.now()}`;
  const worker = await Worker.create({
    connection,
    taskQueue,
    workflowsPath: resolve(import.meta.dirname, workflowsFile),
  });
  const running = worker.run();
  try {
    return await measure(taskQueue);
  } finally {
    worker.shutdown();
    await running;
  }
}
