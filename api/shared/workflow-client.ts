import { WorkflowNotFoundError, WorkflowUpdateFailedError, type Client } from '@temporalio/client';
import { AppError, ERRORS, type ErrorCode } from '../../domain/errors';
import { TASK_QUEUE } from '../../domain/workflows';
import type { ServerDeps } from '../types';

/** Routes that start or steer a workflow need Temporal; without it they answer 503 WORKFLOW_UNAVAILABLE. */
export function requireTemporal(deps: Pick<ServerDeps, 'temporal'>): Client {
  if (!deps.temporal) throw new AppError('WORKFLOW_UNAVAILABLE');
  return deps.temporal;
}

/**
 * What a started workflow's result resolves to, if it does within `ms`; otherwise 'pending' (the workflow goes on
 * either way). For requests that answer at once when the work is quick and with a handle to follow when it is not.
 */
export function resultWithin<T>(result: Promise<T>, ms: number): Promise<T | 'pending'> {
  return Promise.race([result, new Promise<'pending'>((resolve) => setTimeout(() => resolve('pending'), ms).unref())]);
}

export function taskQueueOf(deps: Pick<ServerDeps, 'taskQueue'>): string {
  return deps.taskQueue ?? TASK_QUEUE;
}

/**
 * The failure type an Update's validator or activity named (workflows fail with the catalogue code as the type), or
 * null when the error is no Update failure or names none.
 */
export function updateFailureType(err: unknown): string | null {
  if (!(err instanceof WorkflowUpdateFailedError)) return null;
  let cause = err.cause as { type?: unknown; cause?: unknown } | undefined;
  while (cause && typeof cause.type !== 'string' && cause.cause) cause = cause.cause as typeof cause;
  return typeof cause?.type === 'string' ? cause.type : null;
}

/**
 * Maps what an Update call threw to the catalogue: a failure whose type is one of `codes` becomes that error; any
 * other Update failure, or a process that no longer exists, becomes `fallback` (the step was decided or closed);
 * anything else means Temporal could not be reached.
 */
export function updateErrorMapper(codes: ReadonlySet<string>, fallback: ErrorCode): (err: unknown) => AppError {
  return (err) => {
    if (err instanceof AppError) return err;
    if (err instanceof WorkflowUpdateFailedError) {
      const type = updateFailureType(err);
      return new AppError(type && codes.has(type) && type in ERRORS ? (type as ErrorCode) : fallback);
    }
    if (err instanceof WorkflowNotFoundError) return new AppError(fallback);
    return new AppError('WORKFLOW_UNAVAILABLE');
  };
}
