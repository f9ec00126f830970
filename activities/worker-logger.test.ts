import { describe, expect, it } from 'vitest';
import { createWorkerLogger, formatActivityFailure } from './worker-logger';

function bounce(attempt: number) {
  return {
    sdkComponent: 'worker',
    taskQueue: 'platform',
    isLocal: true,
    attempt,
    activityId: '2',
    activityType: 'notifyReceivers',
    workflowId: 'packet-submission:sent-1:athlete-1',
    workflowRunId: 'run-1',
    workflowType: 'packetSubmissionWorkflow',
    error: Object.assign(new Error('450 Mailbox unavailable: bounce@students.example bounces every message'), {
      responseCode: 450,
    }),
    durationMs: 15,
  };
}

describe('the worker logger', () => {
  it('gives a retried activity failure one line: workflow, activity, attempt, message', () => {
    const line = formatActivityFailure(bounce(3));
    expect(line).toBe(
      'Activity notifyReceivers of packetSubmissionWorkflow packet-submission:sent-1:athlete-1 failed, will retry ' +
        '(attempt 3): 450 Mailbox unavailable: bounce@students.example bounces every message',
    );
    expect(line).not.toContain('\n');
  });

  it('shows a bouncing mail once, then every tenth failure, never its stack', () => {
    const lines: string[] = [];
    const logger = createWorkerLogger('warn', (line) => lines.push(line));
    for (let attempt = 1; attempt <= 25; attempt++) logger.warn('Activity failed', bounce(attempt));
    // A local activity scheduled anew counts its attempts from 1 again: still the same failing mail.
    logger.warn('Activity failed', { ...bounce(1), activityId: '7' });
    expect(lines).toHaveLength(3);
    expect(lines[0]).toContain('(attempt 1)');
    expect(lines[0]).toContain('LOG_LEVEL=debug shows all');
    expect(lines[1]).toContain('(attempt 10)');
    expect(lines[2]).toContain('(attempt 20)');
    for (const line of lines) expect(line).not.toMatch(/\n|at Object\.send/);
  });

  it('keeps other entries on one line and drops those below the level', () => {
    const lines: string[] = [];
    const logger = createWorkerLogger('warn', (line) => lines.push(line));
    logger.info('Workflow bundle created', { size: '2 MB' });
    logger.error('Worker failed', { error: new Error('connection lost\n  at somewhere') });
    expect(lines).toEqual(['[ERROR] Worker failed: connection lost']);
  });
});
