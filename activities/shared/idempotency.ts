import { Context } from '@temporalio/activity';

/**
 * Keys for side effects (mails, notifications, audit events) are built from the workflow id and an event key the
 * workflow chooses deterministically ('invite', 'reminder-1', 'resend-2'). The attempt number is deliberately
 * left out: a retried activity must find the row its earlier attempt wrote, and so does a reset workflow run.
 */
export type SideEffectScope = 'mail' | 'notification' | 'audit';

const EVENT_KEY = /^[A-Za-z0-9][A-Za-z0-9._:-]{0,99}$/;

export function sideEffectKey(scope: SideEffectScope, workflowId: string, eventKey: string): string {
  if (!workflowId) throw new Error('A side-effect key needs a workflow id');
  if (!EVENT_KEY.test(eventKey)) throw new Error(`Invalid event key "${eventKey}"`);
  return `${scope}:${workflowId}:${eventKey}`;
}

/** The key for the running activity's workflow; only callable inside an activity. */
export function currentSideEffectKey(scope: SideEffectScope, eventKey: string): string {
  const workflowId = Context.current().info.workflowExecution?.workflowId;
  if (!workflowId) throw new Error('Side effects with idempotency keys must run inside a workflow activity');
  return sideEffectKey(scope, workflowId, eventKey);
}
