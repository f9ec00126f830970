import type { Transaction } from 'kysely';
import { ensureTasks } from '../../api/tasks/tasks.repository';
import type { RosterRow } from '../../api/rosters/rosters.repository';
import { listTeamCoaches } from '../../api/staff/staff-teams.repository';
import { rosterWorkflowId, type RosterTransitionAction } from '../../domain/rosters';
import type { Database } from '../../migrations/database';

const STATUS_CHANGES = new Set<RosterTransitionAction>(['rollover', 'submit', 'approve', 'requestChanges']);

/**
 * Keeps a roster's rows in the task inbox in step with its state, inside the transition's transaction: a roster
 * being declared waits on the team's coaches, one ready for review on any school admin, and each pending change
 * request after completion on any school admin. Step ids carry the event key (or the request id), so each round
 * gets its own tasks and a retried transition, skipped as a whole by its key, opens nothing twice.
 */
export async function syncRosterTasks(
  trx: Transaction<Database>,
  roster: RosterRow,
  input: {
    eventKey: string;
    action: RosterTransitionAction;
    actorUserId: string | null;
    decided: string[];
    requestId?: string;
  },
): Promise<void> {
  const workflowId = rosterWorkflowId(roster.sport_team_id, roster.academic_year_id);
  const year = `${roster.startYear}-${roster.endYear}`;
  const base = {
    workflowId,
    module: 'roster-rollover',
    entityId: roster.id,
    url: `/individualRoster/${roster.sport_team_id}/${roster.academic_year_id}`,
  };
  const close = (stepIds: string[] | null) => {
    let q = trx
      .updateTable('tasks')
      .set({ status: 'DONE', completed_at: new Date(), completed_by: input.actorUserId })
      .where('school_id', '=', roster.school_id)
      .where('workflow_id', '=', workflowId)
      .where('status', '=', 'OPEN');
    if (stepIds) q = q.where('step_id', 'in', stepIds);
    return q.execute();
  };

  if (input.action === 'decideChanges') {
    if (input.decided.length) await close(input.decided.map((id) => `change@${id}`));
    return;
  }
  if (input.action === 'requestChange' && input.requestId) {
    await ensureTasks(trx, roster.school_id, [
      {
        ...base,
        stepId: `change@${input.requestId}`,
        stepName: 'Decide roster change request',
        assigneeRole: 'SCHOOL_ADMIN',
        title: `Decide a change request on the ${roster.teamName} roster for ${year}`,
      },
    ]);
    return;
  }
  if (!STATUS_CHANGES.has(input.action)) return;
  await close(null);
  if (roster.rollover_status === 'NOT_STARTED') {
    const coaches = await listTeamCoaches(trx, roster.school_id, roster.sport_team_id);
    await ensureTasks(
      trx,
      roster.school_id,
      coaches.map((userId) => ({
        ...base,
        stepId: `declare@${input.eventKey}`,
        stepName: 'Declare roster',
        assigneeUserId: userId,
        title: roster.review_comment
          ? `Make the requested changes to the ${roster.teamName} roster for ${year}`
          : `Roll over and submit the ${roster.teamName} roster for ${year}`,
      })),
    );
  } else if (roster.rollover_status === 'READY_FOR_REVIEW') {
    await ensureTasks(trx, roster.school_id, [
      {
        ...base,
        stepId: `review@${input.eventKey}`,
        stepName: 'Review roster',
        assigneeRole: 'SCHOOL_ADMIN',
        title: `Review the ${roster.teamName} roster for ${year}`,
      },
    ]);
  }
}
