import * as wf from '@temporalio/workflow';
import type { EducationActivities } from '../../activities/education/education.activities';
import type { EducationAssignmentInput, EducationAssignmentState } from '../../domain/education';
import { markStep, tagProcess } from '../shared/search-attributes';

/**
 * Content assigned to athletes (id `education-assignment:<assignmentId>`): the API wrote the assignment and one
 * assignee row per athlete and started this process → it opens a My Tasks item for each of them → once, before the
 * due date, it reminds those not done → at the due date it marks the rest overdue and tells the school's admins →
 * it ends when everyone has completed, or at once when the content is recalled. Completion is the athlete's own
 * act (opening an article to its end, passing a quiz): the API records it and signals `assigneeProgress`; the
 * process then re-reads how many are still open, so a lost or repeated signal changes nothing.
 */
export const assigneeProgressSignal = wf.defineSignal<[{ userId: string }]>('assigneeProgress');
export const recallAssignmentSignal = wf.defineSignal<[{ byUserId: string | null }]>('recallAssignment');
export const educationAssignmentStateQuery = wf.defineQuery<EducationAssignmentState>('educationAssignmentState');

const retry = { initialInterval: '500 milliseconds', backoffCoefficient: 2, maximumInterval: '1 minute' } as const;
/** Quick writes: a short timeout, so one lost with a killed worker is retried soon. */
const records = wf.proxyActivities<EducationActivities>({ startToCloseTimeout: '15 seconds', retry });
/** Writes per assignee (a team of hundreds, a school of thousands): more time before a retry. */
const perAssignee = wf.proxyActivities<EducationActivities>({ startToCloseTimeout: '2 minutes', retry });

export async function educationAssignmentWorkflow(input: EducationAssignmentInput): Promise<EducationAssignmentState> {
  let phase: EducationAssignmentState['phase'] = 'OPEN';
  let open = 0;
  let reminded = false;
  let dirty = false;
  let recalledBy: string | null | undefined;
  const state = (): EducationAssignmentState => ({ phase, open, reminded });
  wf.setHandler(educationAssignmentStateQuery, state);
  wf.setHandler(assigneeProgressSignal, () => {
    dirty = true;
  });
  wf.setHandler(recallAssignmentSignal, (s) => {
    recalledBy = s?.byUserId ?? null;
  });
  const recalled = () => recalledBy !== undefined;

  tagProcess({ schoolId: input.schoolId, module: 'education-assignment', entityId: input.assignmentId });
  open = await perAssignee.openEducationTasks(input);
  markStep('complete', 'STUDENT_ATHLETE');

  const remindAt = input.remindAt !== null && input.remindAt < input.dueAt ? input.remindAt : null;
  while (open > 0 && !recalled()) {
    const next = !reminded && remindAt !== null ? remindAt : phase === 'OPEN' ? input.dueAt : null;
    let timedOut = false;
    if (next === null) {
      await wf.condition(() => dirty || recalled());
    } else {
      const wait = Math.max(1, next - Date.now());
      timedOut = !(await wf.condition(() => dirty || recalled(), wait));
    }
    if (recalled()) break;
    if (dirty) {
      dirty = false;
      open = await records.syncEducationAssignment(input);
      continue;
    }
    if (!timedOut) continue;
    if (!reminded && remindAt !== null) {
      await perAssignee.remindEducationAssignees(input);
      reminded = true;
    } else if (phase === 'OPEN') {
      await perAssignee.markEducationOverdue(input);
      phase = 'OVERDUE';
      markStep('overdue', 'STUDENT_ATHLETE');
    }
  }
  if (recalled()) {
    await records.closeEducationAssignment({ ...input, outcome: 'RECALLED' });
    phase = 'RECALLED';
  } else {
    await records.closeEducationAssignment({ ...input, outcome: 'COMPLETED' });
    phase = 'COMPLETED';
  }
  markStep(phase.toLowerCase(), null);
  return state();
}
