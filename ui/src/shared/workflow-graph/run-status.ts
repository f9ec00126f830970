import { displayZone } from '../format';
/** How the live view words and colours a step's state in one submission. */
import type { StepRunState, StepRunStatus } from './packet-workflow';
import { actorLabel } from '../labels';

export const RUN_STATUS_INFO: Record<StepRunStatus, { label: string; color: string }> = {
  PENDING: { label: 'Waiting', color: 'gray' },
  ACTIVE: { label: 'Active', color: 'blue' },
  DONE: { label: 'Done', color: 'green' },
  SKIPPED: { label: 'N/A', color: 'gray' },
  FAILED: { label: 'Failed', color: 'red' },
  VOIDED: { label: 'Voided', color: 'dark' },
};

/** Dates on the graph: short, in the school's zone; the audit trail keeps exact UTC times. */
export function shortTime(iso: string | undefined): string {
  if (!iso) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return date.toLocaleString('en-US', {
    month: 'short',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZone: displayZone(),
  });
}

/** "Approved by Dana Reyes, Nov 23, 10:02 AM" / "Waiting on Ann Lee since …" / "Skipped: condition not met". */
export function describeRun(run: StepRunState): string {
  switch (run.status) {
    case 'DONE': {
      const what = run.decision
        ? `${run.decision.charAt(0)}${run.decision.slice(1).toLowerCase().replace(/_/g, ' ')}`
        : 'Done';
      return `${what}${run.doneBy ? ` by ${run.doneBy}` : ''}${run.doneAt ? `, ${shortTime(run.doneAt)}` : ''}`;
    }
    case 'ACTIVE':
      return `Waiting on ${run.waitingOn?.length ? run.waitingOn.map(actorLabel).join(', ') : 'someone'}${run.since ? ` since ${shortTime(run.since)}` : ''}`;
    case 'SKIPPED':
      return 'Skipped: its condition did not hold';
    case 'FAILED':
      return `Failed${run.decision ? `: ${run.decision.toLowerCase()}` : ''}${run.doneBy ? ` by ${run.doneBy}` : ''}`;
    case 'VOIDED':
      return 'Voided by the sender';
    case 'PENDING':
      return 'Not reached yet';
  }
}
