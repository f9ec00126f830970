import { WorkflowNotFoundError, WorkflowUpdateFailedError, type Client } from '@temporalio/client';
import { AppError, ERRORS, type ErrorCode, type ErrorDetail } from '../../domain/errors';
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

/** The failure an Update's validator or activity raised: the first cause that names a type, or null. */
function updateFailure(err: unknown): { type: string; message?: unknown; details?: unknown } | null {
  if (!(err instanceof WorkflowUpdateFailedError)) return null;
  let cause = err.cause as { type?: unknown; message?: unknown; details?: unknown; cause?: unknown } | undefined;
  while (cause && typeof cause.type !== 'string' && cause.cause) cause = cause.cause as typeof cause;
  return typeof cause?.type === 'string' ? (cause as { type: string }) : null;
}

/**
 * The failure type an Update's validator or activity named (workflows fail with the catalogue code as the type), or
 * null when the error is no Update failure or names none.
 */
export function updateFailureType(err: unknown): string | null {
  return updateFailure(err)?.type ?? null;
}

/** gRPC NOT_FOUND and FAILED_PRECONDITION: the process has ended (or never started) by the time the Update came. */
function isProcessGone(err: unknown): boolean {
  const grpcCode = (err as { code?: unknown } | null)?.code;
  return grpcCode === 5 || grpcCode === 9;
}

/**
 * Maps what an Update call threw to the catalogue, the one mapper of every workflow-steered action:
 * - an AppError passes through;
 * - an Update failure whose type is one of `codes` (or, with `'catalogue'`, any catalogue code) becomes that error,
 *   with the failure's own message and details when `keepDetails` is set;
 * - any other Update failure, or a process that no longer exists, becomes `fallback` (decided or closed meanwhile);
 * - anything else means Temporal could not be reached: WORKFLOW_UNAVAILABLE.
 */
export function updateErrorMapper(
  codes: ReadonlySet<string> | 'catalogue',
  fallback: ErrorCode,
  options: { keepDetails?: boolean } = {},
): (err: unknown) => AppError {
  const named = (type: string) => type in ERRORS && (codes === 'catalogue' || codes.has(type));
  return (err) => {
    if (err instanceof AppError) return err;
    if (err instanceof WorkflowUpdateFailedError) {
      const failure = updateFailure(err);
      if (!failure || !named(failure.type)) return new AppError(fallback);
      if (!options.keepDetails) return new AppError(failure.type as ErrorCode);
      const details = Array.isArray(failure.details) ? (failure.details.flat() as ErrorDetail[]) : undefined;
      const message = typeof failure.message === 'string' ? failure.message : undefined;
      return new AppError(failure.type as ErrorCode, details?.length ? details : undefined, message);
    }
    if (err instanceof WorkflowNotFoundError || isProcessGone(err)) return new AppError(fallback);
    return new AppError('WORKFLOW_UNAVAILABLE');
  };
}
