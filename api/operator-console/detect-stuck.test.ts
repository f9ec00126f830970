import { describe, expect, it } from 'vitest';
import { detectStuck, type ExecutionFacts } from './detect-stuck';

// fixed-date fixture: detectStuck is given its now; nothing reads the clock.

const NOW = Date.parse('2026-11-23T10:00:00Z');
const MIN = 60_000;

function facts(extra: Partial<ExecutionFacts> = {}): ExecutionFacts {
  return {
    status: 'Running',
    taskQueue: 'platform',
    pendingWorkflowTask: null,
    lastWorkflowTaskFailure: null,
    pendingActivities: [],
    queueHasLivePoller: true,
    openTasks: [],
    recordMismatch: null,
    ...extra,
  };
}

describe('detectStuck', () => {
  it('finds nothing wrong with a healthy waiting process', () => {
    expect(detectStuck(facts(), NOW)).toEqual([]);
  });

  it('names a mail the running process gave up on, unless its step is still retrying it', () => {
    const mail = { to: 'ada@example.edu', subject: 'Welcome', attempts: 1, lastError: '550 No such user' };
    expect(detectStuck(facts({ failedMails: [mail] }), NOW)).toEqual([
      {
        kind: 'MAIL_FAILED',
        reason:
          'The mail "Welcome" to ada@example.edu could not be sent (1 attempt): 550 No such user. Fix the address or the mail server, then resend it.',
      },
    ]);
    expect(detectStuck(facts({ status: 'Completed', failedMails: [mail] }), NOW)).toEqual([]);
    const retrying = facts({
      failedMails: [mail],
      pendingActivities: [
        {
          activityId: '1',
          activityType: 'sendInvitationEmail',
          state: 'SCHEDULED',
          attempt: 3,
          maximumAttempts: 0,
          lastFailureMessage: 'connect ECONNREFUSED',
          scheduledAtMs: NOW - MIN,
          nextAttemptAtMs: NOW + MIN,
          lastStartedAtMs: NOW - MIN,
        },
      ],
    });
    expect(detectStuck(retrying, NOW).map((r) => r.kind)).toEqual(['ACTIVITY_RETRYING']);
  });

  it('explains a workflow task that fails again and again, naming non-determinism', () => {
    const failing = facts({
      pendingWorkflowTask: { state: 'SCHEDULED', attempt: 4, scheduledAtMs: NOW - 1000 },
      lastWorkflowTaskFailure: { message: 'Boom in workflow code', nonDeterminism: false },
    });
    expect(detectStuck(failing, NOW)).toEqual([
      {
        kind: 'WORKFLOW_TASK_FAILING',
        reason:
          'The workflow code throws an error every time it runs (attempt 4): Boom in workflow code. Fix the code, then retry.',
      },
    ]);
    const nondeterministic = detectStuck(
      { ...failing, lastWorkflowTaskFailure: { message: 'Nondeterminism error: x', nonDeterminism: true } },
      NOW,
    );
    expect(nondeterministic[0]?.reason).toMatch(/non-determinism error, attempt 4/);
  });

  it('reports a retrying activity with its attempt and last failure', () => {
    const reasons = detectStuck(
      facts({
        pendingActivities: [
          {
            activityId: '1',
            activityType: 'sendInvitationEmail',
            state: 'SCHEDULED',
            attempt: 3,
            maximumAttempts: 8,
            lastFailureMessage: 'connect ECONNREFUSED 127.0.0.1:9',
            scheduledAtMs: NOW - 5 * MIN,
            nextAttemptAtMs: NOW + 2 * MIN,
            lastStartedAtMs: NOW - MIN,
          },
        ],
      }),
      NOW,
    );
    expect(reasons).toEqual([
      {
        kind: 'ACTIVITY_RETRYING',
        activityId: '1',
        reason:
          'Step "Send invitation email" keeps failing and is retrying (attempt 3 of 8); last failure: connect ECONNREFUSED 127.0.0.1:9; next try in 2 min.',
      },
    ]);
  });

  it('reports a human step past its due time, and open tasks of an ended process as a mismatch', () => {
    const task = {
      id: 't1',
      stepName: 'Compliance review',
      title: 'Review',
      assigneeLabel: 'Ada Admin',
      createdAtMs: NOW - 3 * 60 * MIN,
      dueAtMs: NOW - 60 * MIN,
    };
    expect(detectStuck(facts({ openTasks: [task] }), NOW)).toEqual([
      {
        kind: 'HUMAN_STEP_OVERDUE',
        taskId: 't1',
        reason: '"Compliance review" has waited on Ada Admin for 3 h, 1 h past its due time.',
      },
    ]);
    expect(detectStuck(facts({ status: 'Terminated', openTasks: [task] }), NOW)).toEqual([
      {
        kind: 'STATE_MISMATCH',
        reason: 'The process is terminated but the inbox still shows an open task: "Compliance review" (Ada Admin).',
      },
    ]);
  });

  it('reports work nobody picks up as a missing worker', () => {
    const waiting = facts({
      pendingWorkflowTask: { state: 'SCHEDULED', attempt: 1, scheduledAtMs: NOW - 2 * MIN },
      queueHasLivePoller: false,
    });
    expect(detectStuck(waiting, NOW)).toEqual([
      {
        kind: 'NO_WORKER',
        reason:
          'No worker has picked up this process\'s work on task queue "platform" for 2 min and nothing polls that queue: start a worker for it.',
      },
    ]);
    // An activity in its retry backoff is not waiting for a worker yet.
    const backoff = facts({
      pendingActivities: [
        {
          activityId: '1',
          activityType: 'x',
          state: 'SCHEDULED',
          attempt: 1,
          maximumAttempts: 0,
          lastFailureMessage: null,
          scheduledAtMs: NOW - 5 * MIN,
          nextAttemptAtMs: NOW + MIN,
          lastStartedAtMs: null,
        },
      ],
    });
    expect(detectStuck(backoff, NOW)).toEqual([]);
  });

  it('names a step waiting on someone who can no longer act, with the suggested new assignee', () => {
    const base = {
      id: 't2',
      stepName: 'Review',
      title: 'Travel consent: Review',
      createdAtMs: NOW - 10 * MIN,
      dueAtMs: NOW + 60 * MIN,
    };
    const olive = { id: 'u-olive', name: 'Olive Admin' };
    const left = {
      ...base,
      assigneeLabel: 'Lena Lee',
      assigneeUnavailable: 'INACTIVE' as const,
      suggestedAssignee: olive,
    };
    expect(detectStuck(facts({ openTasks: [left] }), NOW)).toEqual([
      {
        kind: 'ASSIGNEE_UNAVAILABLE',
        taskId: 't2',
        suggestedAssignee: olive,
        reason:
          '"Review" is waiting on Lena Lee, who is no longer active at the school: nobody else may act for them, so it will wait forever. Reassign it, for example to Olive Admin.',
      },
    ]);
    const removed = {
      ...base,
      assigneeLabel: 'nobody',
      assigneeUnavailable: 'REMOVED' as const,
      suggestedAssignee: null,
    };
    expect(detectStuck(facts({ openTasks: [removed] }), NOW)[0]).toEqual({
      kind: 'ASSIGNEE_UNAVAILABLE',
      taskId: 't2',
      reason:
        '"Review" is waiting on a person who is no longer a member of the school: nobody else may act for them, so it will wait forever. Reassign it to someone who can act.',
    });
    const group = { ...base, assigneeLabel: 'any agent', assigneeUnavailable: 'NO_MEMBERS' as const };
    expect(detectStuck(facts({ openTasks: [group] }), NOW)[0]?.reason).toMatch(
      /^"Review" is waiting on any agent, but nobody active at the school holds that role/,
    );
    // A person who can still act, or a process that has ended, is no such case.
    expect(detectStuck(facts({ openTasks: [{ ...left, assigneeUnavailable: null }] }), NOW)).toEqual([]);
    expect(detectStuck(facts({ status: 'Completed', openTasks: [left] }), NOW).map((r) => r.kind)).toEqual([
      'STATE_MISMATCH',
    ]);
  });

  it("names a disclosure review whose assigned reviewer can no longer act, from the module's own record", () => {
    const named = {
      stepName: 'Review',
      assigneeLabel: 'Rita Reviewer',
      suggestedAssignee: { id: 'u-sam', name: 'Sam Second' },
    };
    expect(detectStuck(facts({ recordAssigneeUnavailable: named }), NOW)).toEqual([
      {
        kind: 'ASSIGNEE_UNAVAILABLE',
        suggestedAssignee: { id: 'u-sam', name: 'Sam Second' },
        reason:
          '"Review" is waiting on Rita Reviewer, who is no longer active at the school: nobody else may act for them, so it will wait forever. Reassign it, for example to Sam Second.',
      },
    ]);
    expect(detectStuck(facts({ status: 'Completed', recordAssigneeUnavailable: named }), NOW)).toEqual([]);
  });
});
