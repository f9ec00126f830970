import * as wf from '@temporalio/workflow';
import type { TaskActivities } from '../../activities/tasks/tasks.activities';
import { TASK_REASSIGNED_SIGNAL, type TaskReassignedSignal } from '../../domain/workflows';
import { markStep, tagProcess } from '../shared/search-attributes';

/**
 * Workflows that get stuck on purpose, for the operator console's integration tests (bundled by those tests only,
 * never registered on the platform worker). Each uses the real task activities and search attributes.
 */
export interface StuckFixtureActivities {
  /** Fails until the test flips its switch. */
  flakyStep(): Promise<string>;
}

const tasks = wf.proxyActivities<TaskActivities>({ startToCloseTimeout: '10 seconds' });

// The second failure waits a minute before the next try, so only "retry now" makes it run again soon.
const flaky = wf.proxyActivities<StuckFixtureActivities>({
  startToCloseTimeout: '5 seconds',
  retry: { initialInterval: '300 milliseconds', backoffCoefficient: 200, maximumInterval: '5 minutes' },
});

export const completeStepSignal = wf.defineSignal('fixture.completeStep');
export const taskReassignedSignal = wf.defineSignal<[TaskReassignedSignal]>(TASK_REASSIGNED_SIGNAL);
export const assigneeQuery = wf.defineQuery<string>('fixture.assignee');

export interface FixtureInput {
  schoolId: string;
  entityId: string;
}

/** A step that fails until a switch flips, then the process ends. */
export async function flakyActivityFixture(input: FixtureInput): Promise<string> {
  tagProcess({ schoolId: input.schoolId, module: 'template-assignment', entityId: input.entityId });
  markStep('flaky-step', null);
  const result = await flaky.flakyStep();
  markStep('done', null);
  return result;
}

/** A human step with an SLA: opens an inbox task and waits for the person (or a reassignment). */
export async function humanStepFixture(input: FixtureInput & { assigneeUserId: string; dueInMs: number }) {
  tagProcess({ schoolId: input.schoolId, module: 'template-assignment', entityId: input.entityId });
  let assignee = input.assigneeUserId;
  let completed = false;
  wf.setHandler(assigneeQuery, () => assignee);
  wf.setHandler(taskReassignedSignal, (signal) => {
    assignee = signal.toUserId;
  });
  wf.setHandler(completeStepSignal, () => {
    completed = true;
  });
  markStep('review', assignee);
  await tasks.openTask({
    schoolId: input.schoolId,
    module: 'template-assignment',
    entityId: input.entityId,
    stepId: 'review-1',
    stepName: 'Review the assignment',
    assigneeUserId: assignee,
    title: 'Review the assignment',
    url: '/task',
    dueAt: new Date(Date.now() + input.dueInMs).toISOString(),
  });
  await wf.condition(() => completed);
  await tasks.completeTask({ schoolId: input.schoolId, stepId: 'review-1', completedBy: assignee });
  markStep('done', null);
  return assignee;
}

/** Workflow code that throws after its first step: every later workflow task fails the same way. */
export async function brokenCodeFixture(input: FixtureInput): Promise<void> {
  tagProcess({ schoolId: input.schoolId, module: 'template-assignment', entityId: input.entityId });
  markStep('before-bug', null);
  await wf.sleep(10);
  throw new TypeError('Fixture bug: cannot read properties of undefined (reading "packet")');
}
