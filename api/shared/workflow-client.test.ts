import { WorkflowNotFoundError, WorkflowUpdateFailedError } from '@temporalio/client';
import { ApplicationFailure } from '@temporalio/common';
import { describe, expect, it } from 'vitest';
import { AppError } from '../../domain/errors';
import { updateErrorMapper, updateFailureType } from './workflow-client';

const refusal = (type: string, message = 'refused', details?: unknown[]) =>
  new WorkflowUpdateFailedError('Workflow Update failed', ApplicationFailure.create({ type, message, details }));

describe('updateErrorMapper', () => {
  const map = updateErrorMapper(new Set(['FORBIDDEN', 'ALREADY_DECIDED']), 'ALREADY_DECIDED');

  it('turns a listed failure type into that catalogue error, any other into the fallback', () => {
    expect(map(refusal('FORBIDDEN')).code).toBe('FORBIDDEN');
    expect(map(refusal('VALIDATION_FAILED')).code).toBe('ALREADY_DECIDED');
    expect(map(refusal('NotACode')).code).toBe('ALREADY_DECIDED');
  });

  it('answers a process that has ended with the fallback: not found, or gRPC NOT_FOUND / FAILED_PRECONDITION', () => {
    expect(map(new WorkflowNotFoundError('gone', 'wf-1', undefined)).code).toBe('ALREADY_DECIDED');
    expect(map(Object.assign(new Error('not found'), { code: 5 })).code).toBe('ALREADY_DECIDED');
    expect(map(Object.assign(new Error('precondition'), { code: 9 })).code).toBe('ALREADY_DECIDED');
  });

  it('passes an AppError through, and anything else means Temporal could not be reached', () => {
    const own = new AppError('NOT_FOUND');
    expect(map(own)).toBe(own);
    expect(map(new Error('connection refused')).code).toBe('WORKFLOW_UNAVAILABLE');
  });

  it("with 'catalogue' and keepDetails, any catalogue code comes back with the failure's message and details", () => {
    const all = updateErrorMapper('catalogue', 'SUBMISSION_CLOSED', { keepDetails: true });
    const error = all(
      refusal('STEP_NOT_ACTIVE', 'This step has nothing to approve.', [[{ field: 'x', message: 'm' }]]),
    );
    expect({ code: error.code, message: error.message, details: error.details }).toEqual({
      code: 'STEP_NOT_ACTIVE',
      message: 'This step has nothing to approve.',
      details: [{ field: 'x', message: 'm' }],
    });
    expect(all(refusal('Other')).code).toBe('SUBMISSION_CLOSED');
  });

  it('reads the failure type through wrapping causes', () => {
    const wrapped = new WorkflowUpdateFailedError(
      'Workflow Update failed',
      ApplicationFailure.create({ message: 'outer', cause: ApplicationFailure.create({ type: 'FORBIDDEN' }) }),
    );
    expect(updateFailureType(wrapped)).toBe('FORBIDDEN');
  });
});
