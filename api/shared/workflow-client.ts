import type { Client } from '@temporalio/client';
import { AppError } from '../../domain/errors';
import { TASK_QUEUE } from '../../domain/workflows';
import type { ServerDeps } from '../types';

/** Routes that start or steer a workflow need Temporal; without it they answer 503 WORKFLOW_UNAVAILABLE. */
export function requireTemporal(deps: Pick<ServerDeps, 'temporal'>): Client {
  if (!deps.temporal) throw new AppError('WORKFLOW_UNAVAILABLE');
  return deps.temporal;
}

export function taskQueueOf(deps: Pick<ServerDeps, 'taskQueue'>): string {
  return deps.taskQueue ?? TASK_QUEUE;
}
