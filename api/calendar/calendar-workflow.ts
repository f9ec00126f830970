import type { Client } from '@temporalio/client';
import { countWords } from '../../domain/text';
import {
  calendarEventWorkflowId,
  REJECT_REASON_MAX_WORDS,
  type CalendarDecisionInput,
} from '../../domain/calendar-workflow';
import { AppError, ERRORS } from '../../domain/errors';
import {
  calendarEventChangedSignal,
  calendarEventWorkflow,
  decideCalendarEventUpdate,
  type CalendarWorkflowState,
} from '../../workflows/calendar/calendar-event.workflow';
import type { Actor, CoreDeps } from '../shared/use-case';
import { requireTemporal, taskQueueOf, updateErrorMapper } from '../shared/workflow-client';
import { clearWorkflowNeeded, markWorkflowNeeded, rootEventId } from './events.repository';

/**
 * The API's side of the series process: every change to a series signals it (starting it when it is not running,
 * so an edit brings the reminders of an ended one back), and an admin's decision is an Update of it. The series is
 * marked as needing its process before the signal and unmarked once the signal is through, so a change saved while
 * the workflow service is down (or the API stops in between) keeps its mark until the reconciler
 * (calendar-reconcile.ts) starts the process.
 */
/** How long a save waits for the series process to hear of it before leaving the rest to the reconciler. */
export const SIGNAL_DEADLINE_MS = 5_000;

export async function signalSeriesChanged(deps: CoreDeps, schoolId: string, eventId: string): Promise<void> {
  const { db } = deps;
  const root = await rootEventId(db, schoolId, eventId);
  const mark = await markWorkflowNeeded(db, schoolId, root);
  if (!deps.temporal) {
    deps.log?.warn?.({ eventId }, 'calendar: no workflow service, the series waits for the reconciler');
    return;
  }
  const temporal = deps.temporal;
  try {
    // A person saving an event waits a few seconds at most: past that the mark stands and the reconciler takes over.
    await temporal.withDeadline(Date.now() + SIGNAL_DEADLINE_MS, () =>
      startOrSignal(temporal, taskQueueOf(deps), schoolId, root),
    );
  } catch (err) {
    // The change and its mark are stored; the reconciler starts the process once the service answers.
    deps.log?.error({ err, eventId }, 'calendar: could not signal the series process');
    return;
  }
  if (mark) await clearWorkflowNeeded(db, schoolId, root, mark);
}

export async function startOrSignal(temporal: Client, taskQueue: string, schoolId: string, rootId: string) {
  return temporal.workflow.signalWithStart(calendarEventWorkflow, {
    workflowId: calendarEventWorkflowId(rootId),
    taskQueue,
    args: [{ schoolId, eventId: rootId }],
    signal: calendarEventChangedSignal,
    signalArgs: [],
  });
}

const CODES = new Set<string>([
  'FORBIDDEN',
  'VALIDATION_FAILED',
  'EVENT_REJECT_REASON_REQUIRED',
  'EVENT_ALREADY_DECIDED',
]);
const toCalendarDecisionError = updateErrorMapper(CODES, 'EVENT_ALREADY_DECIDED');

/** Sends an admin's decision to the series' process; the validator's reason becomes the catalogue error. */
export async function decideThroughWorkflow(
  deps: CoreDeps,
  schoolId: string,
  eventId: string,
  input: CalendarDecisionInput,
): Promise<CalendarWorkflowState> {
  const temporal = requireTemporal(deps);
  const root = await rootEventId(deps.db, schoolId, eventId);
  try {
    const handle = await startOrSignal(temporal, taskQueueOf(deps), schoolId, root);
    return await handle.executeUpdate(decideCalendarEventUpdate, { args: [input] });
  } catch (err) {
    const error = toCalendarDecisionError(err);
    if (error.code === 'WORKFLOW_UNAVAILABLE') deps.log?.error({ err, eventId }, 'calendar: decision failed');
    throw error;
  }
}

/**
 * An admin's decision on a pending event: a reject needs a reason of at most 50 words, a decided event hears
 * "already decided"; the series' process then records it (calendar events and recruiting events alike).
 */
export async function decidePendingEvent(
  deps: CoreDeps,
  actor: Actor,
  eventId: string,
  status: 'PENDING' | 'APPROVED' | 'REJECTED',
  body: { decision: 'APPROVE' | 'REJECT'; reason?: string | null },
): Promise<{ reason: string | null }> {
  const reason = body.reason?.trim() ?? '';
  if (body.decision === 'REJECT' && (!reason || countWords(reason) > REJECT_REASON_MAX_WORDS))
    throw new AppError('EVENT_REJECT_REASON_REQUIRED', [
      { field: 'reason', message: ERRORS.EVENT_REJECT_REASON_REQUIRED.message },
    ]);
  if (status !== 'PENDING') throw new AppError('EVENT_ALREADY_DECIDED');
  await decideThroughWorkflow(deps, actor.schoolId, eventId, {
    actor: { userId: actor.userId, role: 'ADMIN' },
    decision: body.decision,
    reason: body.decision === 'REJECT' ? reason : null,
  });
  return { reason: body.decision === 'REJECT' ? reason : null };
}
