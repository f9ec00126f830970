import { MockActivityEnvironment } from '@temporalio/testing';
import { describe, expect, it } from 'vitest';
import { currentSideEffectKey, sideEffectKey } from './idempotency';

describe('side-effect keys', () => {
  it('combine scope, workflow id and event key', () => {
    expect(sideEffectKey('mail', 'invitation:42', 'reminder-1')).toBe('mail:invitation:42:reminder-1');
  });

  it('reject empty or odd event keys so a typo cannot silently share a key', () => {
    expect(() => sideEffectKey('mail', 'wf', '')).toThrow(/event key/);
    expect(() => sideEffectKey('mail', 'wf', 'has space')).toThrow(/event key/);
    expect(() => sideEffectKey('mail', '', 'invite')).toThrow(/workflow id/);
  });

  it('inside an activity, come from the workflow id and ignore the attempt number', async () => {
    const execution = { workflowId: 'invitation:abc', runId: 'run-1' };
    const first = await new MockActivityEnvironment({ workflowExecution: execution, attempt: 1 }).run(async () =>
      currentSideEffectKey('mail', 'invite'),
    );
    const retried = await new MockActivityEnvironment({
      workflowExecution: { ...execution, runId: 'run-2' },
      attempt: 7,
    }).run(async () => currentSideEffectKey('mail', 'invite'));
    expect(first).toBe('mail:invitation:abc:invite');
    expect(retried).toBe(first);
  });
});
