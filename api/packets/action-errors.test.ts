import { ApplicationFailure } from '@temporalio/common';
import { WorkflowUpdateFailedError } from '@temporalio/client';
import { describe, expect, it } from 'vitest';
import { STEP_NOT_REACHED } from '../../domain/packets';
import { StepNotReachedError, toActionError } from './submissions.service';

function refusal(type: string, message: string): WorkflowUpdateFailedError {
  return new WorkflowUpdateFailedError('Workflow Update failed', ApplicationFailure.create({ type, message }));
}

describe('toActionError', () => {
  it('answers a step the workflow has not reached as STEP_NOT_ACTIVE, marked for the catch-up check', () => {
    const error = toActionError(refusal(STEP_NOT_REACHED, 'This step is not active.'));
    expect(error).toBeInstanceOf(StepNotReachedError);
    expect({ code: error.code, status: error.status, message: error.message }).toEqual({
      code: 'STEP_NOT_ACTIVE',
      status: 409,
      message: 'This step is not active.',
    });
  });

  it('keeps an action that does not fit the active step final, whatever its wording', () => {
    for (const message of ['This step is not active.', 'This step has nothing to approve.']) {
      const error = toActionError(refusal('STEP_NOT_ACTIVE', message));
      expect(error).not.toBeInstanceOf(StepNotReachedError);
      expect({ code: error.code, message: error.message }).toEqual({ code: 'STEP_NOT_ACTIVE', message });
    }
  });

  it('answers a failure type outside the catalogue as a closed submission', () => {
    expect(toActionError(refusal('SomethingElse', 'boom')).code).toBe('SUBMISSION_CLOSED');
  });
});
