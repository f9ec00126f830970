import * as wf from '@temporalio/workflow';
import type { CalendarActivities } from '../../activities/calendar/calendar-event.activities';
import type { TaskActivities } from '../../activities/tasks/tasks.activities';
import {
  checkDecision,
  type CalendarDecisionInput,
  type CalendarEventWorkflowInput,
} from '../../domain/calendar-workflow';
import { ERRORS, type ErrorCode } from '../../domain/errors';
import { markStep, tagProcess } from '../shared/search-attributes';
import { BusyLock } from '../shared/busy-lock';

/**
 * One calendar series (id `calendar-event:<first row id>`): an event that needs approval waits for an admin's
 * decision (a Workflow Update whose validator checks the actor, the state and the reason), shown to admins in
 * My Tasks; an approved series then sleeps on a durable timer until each occurrence's reminder is due and sends it
 * (notification and e-mail). The API signals every change (moved, edited, cancelled); the process then re-reads
 * the series and plans its next reminder again. It ends when the series is rejected, cancelled or has no reminder
 * left; a later change starts it again (signal-with-start).
 */
export interface CalendarWorkflowState {
  status: 'PENDING' | 'APPROVED' | 'REJECTED' | null;
  remindersSent: number;
  nextReminderAt: string | null;
  changes: number;
}

export const decideCalendarEventUpdate = wf.defineUpdate<CalendarWorkflowState, [CalendarDecisionInput]>(
  'decideCalendarEvent',
);
export const calendarEventChangedSignal = wf.defineSignal('calendarEventChanged');
export const calendarEventStateQuery = wf.defineQuery<CalendarWorkflowState>('calendarEventState');

const calendar = wf.proxyActivities<CalendarActivities>({
  startToCloseTimeout: '30 seconds',
  retry: { initialInterval: '500 milliseconds', backoffCoefficient: 2, maximumInterval: '1 minute' },
});
const tasks = wf.proxyActivities<TaskActivities>({
  startToCloseTimeout: '30 seconds',
  retry: { initialInterval: '500 milliseconds', backoffCoefficient: 2, maximumInterval: '1 minute' },
});

function fail(code: ErrorCode): never {
  throw wf.ApplicationFailure.create({ type: code, message: ERRORS[code].message, nonRetryable: true });
}

export async function calendarEventWorkflow(input: CalendarEventWorkflowInput): Promise<CalendarWorkflowState> {
  const ref = { schoolId: input.schoolId, eventId: input.eventId };
  let status: CalendarWorkflowState['status'] = null;
  let after = input.after ?? new Date(Date.now()).toISOString();
  let remindersSent = 0;
  let nextReminderAt: string | null = null;
  let changes = 0;
  const lock = new BusyLock();
  let loaded = false;

  const state = (): CalendarWorkflowState => ({ status, remindersSent, nextReminderAt, changes });
  wf.setHandler(calendarEventStateQuery, state);
  wf.setHandler(calendarEventChangedSignal, () => {
    changes += 1;
  });

  const guard = (args: CalendarDecisionInput) => {
    const problem = checkDecision(args);
    if (problem) fail(problem);
    // Before the first read the state is unknown: the handler checks again once it is known.
    if (loaded && status !== 'PENDING') fail('EVENT_ALREADY_DECIDED');
  };

  wf.setHandler(
    decideCalendarEventUpdate,
    async (args) => {
      // Decisions take turns: the second of two admins deciding at once hears "already decided".
      while (lock.busy || !loaded) await wf.condition(() => !lock.busy && loaded);
      guard(args);
      await lock.hold(async () => {
        const result = await calendar.applyCalendarDecision({
          ...ref,
          decision: args.decision,
          reason: args.decision === 'REJECT' ? (args.reason ?? '').trim() : null,
          actorUserId: args.actor.userId,
        });
        status = result.status;
        await tasks.completeTask({ schoolId: input.schoolId, stepId: 'approve', completedBy: args.actor.userId });
      });
      return state();
    },
    { validator: guard },
  );

  tagProcess({ schoolId: input.schoolId, module: 'calendar-event', entityId: input.eventId });

  const load = async () => {
    const now = await calendar.loadCalendarEvent(ref);
    if (!lock.busy) status = now.status;
    loaded = true;
    return now;
  };

  let current = await load();
  let taskOpen = false;
  for (;;) {
    if (lock.busy) {
      await lock.released();
      continue;
    }
    if (!current.exists || status === 'REJECTED' || status === null) {
      await tasks.cancelTasks({ schoolId: input.schoolId });
      markStep(current.exists ? 'rejected' : 'cancelled', null);
      nextReminderAt = null;
      await wf.condition(wf.allHandlersFinished);
      return state();
    }
    const seen = changes;
    if (status === 'PENDING') {
      if (!taskOpen) {
        await tasks.openTask({
          schoolId: input.schoolId,
          module: 'calendar-event',
          entityId: input.eventId,
          stepId: 'approve',
          stepName: 'Approve event',
          assigneeRole: 'SCHOOL_ADMIN',
          // A recruiting event's task opens its own page; histories recorded before that field read the default.
          title: current.taskTitle ?? `Approve ${current.name} (${current.teamName})`,
          url: current.taskUrl ?? `/eventAndCompetitionListing/${input.schoolId}?status=PENDING`,
        });
        taskOpen = true;
      }
      markStep('approval', 'SCHOOL_ADMIN');
      await wf.condition(() => status !== 'PENDING' || changes !== seen);
      if (changes !== seen) current = await load();
      continue;
    }
    // Approved: sleep until the next reminder, unless the series changes first.
    const plan = await calendar.nextCalendarReminder({ ...ref, after });
    if (!plan) {
      markStep('completed', null);
      nextReminderAt = null;
      await wf.condition(wf.allHandlersFinished);
      return state();
    }
    nextReminderAt = plan.remindAt;
    markStep('reminders', null);
    const wait = Math.max(0, Date.parse(plan.remindAt) - Date.now());
    const changed = await wf.condition(() => changes !== seen || lock.busy, wait);
    if (changed) {
      current = await load();
      continue;
    }
    await calendar.sendCalendarReminder({ ...ref, occurrenceStart: plan.occurrenceStart });
    remindersSent += 1;
    after = plan.occurrenceStart;
    if (wf.workflowInfo().continueAsNewSuggested) {
      await wf.condition(wf.allHandlersFinished);
      await wf.continueAsNew<typeof calendarEventWorkflow>({ ...input, after });
    }
  }
}
