import { MockActivityEnvironment } from '@temporalio/testing';

/** Runs an activity function in a mock activity context of the given workflow, with the result typed. */
export function runActivity<A extends unknown[], R>(
  context: { workflowId: string; attempt?: number },
  fn: (...args: A) => Promise<R>,
  ...args: A
): Promise<R> {
  const env = new MockActivityEnvironment({
    workflowExecution: { workflowId: context.workflowId, runId: '00000000-0000-0000-0000-000000000001' },
    attempt: context.attempt ?? 1,
  });
  return env.run(fn, ...args) as Promise<R>;
}
