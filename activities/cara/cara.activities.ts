import { ApplicationFailure, Context } from '@temporalio/activity';
import type { Client } from '@temporalio/client';
import type { Kysely, Transaction } from 'kysely';
import { recordAudit } from '../../api/audit/audit.repository';
import { ensureCaraLogWorkflow } from '../../api/cara/cara-logs.service';
import { buildCaraSnapshot } from '../../api/cara/cara.snapshot';
import { AppError } from '../../domain/errors';
import { formatDayRange } from '../../domain/calendar';
import { notifyEach } from '../../api/notifications/notifications.repository';
import { ensureTasks } from '../../api/tasks/tasks.repository';
import {
  caraLogWorkflowId,
  caraNextStatus,
  dayNumber,
  dayString,
  type CaraLogStatus,
  type CaraNotificationStatus,
  type CaraTransitionInput,
  type CaraTransitionResult,
} from '../../domain/bylaw17';
import type { Database } from '../../migrations/database';

type Trx = Transaction<Database>;

/** The step id of the athletes' survey tasks (one per athlete who attended a countable event of the period). */
const SURVEY_STEP = 'survey';

/**
 * The CARA log's steps, each in one transaction keyed by the workflow's event key (a row in cara_log_events), so a
 * worker killed mid-way and retried writes each change, notification, audit event and task once. Tasks in My Tasks
 * follow the state: a log waiting for the coach waits on the team's submitters, one in review on its reviewers.
 */
export function createCaraActivities(deps: { db: Kysely<Database>; temporal?: Client }) {
  const { db } = deps;

  async function settingsOf(trx: Trx, schoolId: string, teamId: string) {
    const row = await trx
      .selectFrom('cara_settings')
      .select(['submitter_ids', 'reviewer_ids'])
      .where('school_id', '=', schoolId)
      .where('sport_team_id', '=', teamId)
      .executeTakeFirst();
    return { submitters: row?.submitter_ids ?? [], reviewers: row?.reviewer_ids ?? [] };
  }

  async function notify(
    trx: Trx,
    log: { id: string; school_id: string; sport_team_id: string; period_start: string; period_end: string },
    teamName: string,
    userIds: string[],
    status: CaraNotificationStatus,
    title: string,
    eventKey: string,
  ) {
    await notifyEach(trx, {
      schoolId: log.school_id,
      userIds,
      keyOf: (userId) => `cara:${log.id}:${eventKey}:${userId}`,
      payload: {
        module: 'compliance assistant',
        status,
        title,
        body: `${teamName}, ${formatDayRange(log.period_start, log.period_end)}`,
        sportTeamId: log.sport_team_id,
        sportTeamName: teamName,
        featureData: { caraLogsId: log.id, periodStartDate: log.period_start, periodEndDate: log.period_end },
      },
    });
  }

  return {
    async applyCaraTransition(input: CaraTransitionInput): Promise<CaraTransitionResult> {
      const workflowId = caraLogWorkflowId(input.teamId, input.periodStart);
      const now = new Date();
      return db.transaction().execute(async (trx) => {
        const team = await trx
          .selectFrom('sport_teams')
          .select('name')
          .where('school_id', '=', input.schoolId)
          .where('id', '=', input.teamId)
          .executeTakeFirst();
        if (!team) throw ApplicationFailure.nonRetryable('Team not found', 'NOT_FOUND');
        // The log row exists from generation on; generation creates it (once, by its unique period).
        let log = await trx
          .selectFrom('cara_logs')
          .selectAll()
          .where('school_id', '=', input.schoolId)
          .where('sport_team_id', '=', input.teamId)
          .where('period_start', '=', input.periodStart)
          .forUpdate()
          .executeTakeFirst();
        if (!log) {
          if (input.action !== 'generate') throw ApplicationFailure.nonRetryable('Log not found', 'NOT_FOUND');
          await trx
            .insertInto('cara_logs')
            .values({
              school_id: input.schoolId,
              sport_team_id: input.teamId,
              period_start: input.periodStart,
              period_end: input.periodEnd,
              due_at: new Date(input.dueAt),
              survey_expires_at: input.surveyExpiresAt ? new Date(input.surveyExpiresAt) : null,
              workflow_id: workflowId,
              snapshot: '{}',
            })
            .onConflict((oc) => oc.columns(['school_id', 'sport_team_id', 'period_start']).doNothing())
            .execute();
          log = await trx
            .selectFrom('cara_logs')
            .selectAll()
            .where('school_id', '=', input.schoolId)
            .where('sport_team_id', '=', input.teamId)
            .where('period_start', '=', input.periodStart)
            .forUpdate()
            .executeTakeFirstOrThrow();
        }
        const done = await trx
          .selectFrom('cara_log_events')
          .select('id')
          .where('cara_log_id', '=', log.id)
          .where('event_key', '=', input.eventKey)
          .executeTakeFirst();
        if (done) return { logId: log.id, status: log.status };

        const next = caraNextStatus(log.status, input.action);
        const status: CaraLogStatus = next ?? log.status;
        const { submitters, reviewers } = await settingsOf(trx, input.schoolId, input.teamId);
        const notes = input.notes?.trim() || null;
        const patch: Partial<{
          status: CaraLogStatus;
          snapshot: string;
          academic_year_id: string | null;
          coach_notes: string | null;
          review_notes: string | null;
          submitted_by: string | null;
          submitted_at: Date;
          reviewed_by: string | null;
          reviewed_at: Date;
          updated_at: Date;
        }> = { status, updated_at: now };

        let attended: string[] = [];
        if (input.action === 'generate' || input.action === 'submit') {
          const snapshot = await buildCaraSnapshot(
            trx,
            input.schoolId,
            input.teamId,
            { start: input.periodStart, end: input.periodEnd },
            now,
          );
          patch.snapshot = JSON.stringify(snapshot);
          patch.academic_year_id = snapshot.academicYearId;
          attended = [...new Set(snapshot.events.flatMap((e) => e.athleteIds))];
        }
        if (input.action === 'submit') {
          patch.submitted_by = input.actorUserId;
          patch.submitted_at = now;
          patch.coach_notes = notes;
        }
        if (input.action === 'approve' || input.action === 'reject') {
          patch.reviewed_by = input.actorUserId;
          patch.reviewed_at = now;
          patch.review_notes = notes;
        }
        if (input.action === 'survey') {
          for (const a of input.answers ?? [])
            await trx
              .insertInto('cara_survey_answers')
              .values({
                cara_log_id: log.id,
                school_id: input.schoolId,
                athlete_id: input.actorUserId!,
                event_key: a.eventKey,
                answer: a.answer,
                reason: a.answer === 'DISPUTED' ? (a.reason?.trim() ?? null) : null,
                answered_at: now,
              })
              .onConflict((oc) =>
                oc.columns(['cara_log_id', 'athlete_id', 'event_key']).doUpdateSet({
                  answer: a.answer,
                  reason: a.answer === 'DISPUTED' ? (a.reason?.trim() ?? null) : null,
                  answered_at: now,
                }),
              )
              .execute();
        }
        await trx.updateTable('cara_logs').set(patch).where('id', '=', log.id).execute();
        await trx
          .insertInto('cara_log_events')
          .values({
            school_id: input.schoolId,
            cara_log_id: log.id,
            action: input.action,
            event_key: input.eventKey,
            actor_id: input.actorUserId,
            notes: input.action === 'survey' ? `${input.answers?.length ?? 0} answers` : notes,
          })
          .execute();
        if (input.action !== 'survey' && input.action !== 'closeSurvey')
          await recordAudit(trx, {
            schoolId: input.schoolId,
            actorUserId: input.actorUserId,
            action: `cara-log.${input.action}`,
            targetType: 'cara_log',
            targetId: log.id,
            details: { status, notes, periodStart: input.periodStart },
          });

        const row = { ...log, status };
        const label = `${team.name} CARA log ${formatDayRange(log.period_start, log.period_end)}`;
        switch (input.action) {
          case 'generate':
          case 'reopen':
            await notify(trx, row, team.name, submitters, 'reminder', `${label} is ready to submit`, input.eventKey);
            break;
          case 'remind':
            await notify(trx, row, team.name, submitters, 'reminder', `${label} is due soon`, input.eventKey);
            break;
          case 'submit':
            await notify(
              trx,
              row,
              team.name,
              reviewers,
              status === 'RESUBMITTED' ? 'resubmitted' : 'submitted',
              `${label} was ${status === 'RESUBMITTED' ? 'resubmitted' : 'submitted'}`,
              input.eventKey,
            );
            await notify(
              trx,
              row,
              team.name,
              reviewers,
              'ready for review',
              `${label} is ready for review`,
              `${input.eventKey}-ready`,
            );
            break;
          case 'approve':
          case 'reject':
            await notify(
              trx,
              row,
              team.name,
              submitters,
              input.action === 'approve' ? 'approved' : 'rejected',
              `${label} was ${input.action === 'approve' ? 'approved' : 'rejected'}`,
              input.eventKey,
            );
            break;
        }

        // Athletes' survey tasks run beside the log's own steps: opened as the log is generated, each done when
        // its athlete answers, the rest cancelled when the survey closes.
        const base = { workflowId, module: 'cara-log', entityId: log.id, url: `/cara/details/${log.id}` };
        const surveyTasks = trx
          .updateTable('tasks')
          .where('school_id', '=', input.schoolId)
          .where('workflow_id', '=', workflowId)
          .where('step_id', '=', SURVEY_STEP)
          .where('status', '=', 'OPEN');
        if (input.action === 'generate' && log.survey_expires_at && log.survey_expires_at > now)
          await ensureTasks(
            trx,
            input.schoolId,
            attended.map((userId) => ({
              ...base,
              stepId: SURVEY_STEP,
              stepName: 'Confirm CARA hours',
              assigneeUserId: userId,
              title: `Confirm your hours in the ${label}`,
              dueAt: log.survey_expires_at,
            })),
          );
        if (input.action === 'survey')
          await surveyTasks
            .set({ status: 'DONE', completed_at: now, completed_by: input.actorUserId })
            .where('assignee_user_id', '=', input.actorUserId)
            .execute();
        if (input.action === 'closeSurvey') await surveyTasks.set({ status: 'CANCELLED', completed_at: now }).execute();

        if (next) {
          const workflowTasks = trx
            .updateTable('tasks')
            .set({ status: 'DONE', completed_at: now, completed_by: input.actorUserId })
            .where('school_id', '=', input.schoolId)
            .where('workflow_id', '=', workflowId)
            .where('step_id', '!=', SURVEY_STEP)
            .where('status', '=', 'OPEN');
          await workflowTasks.execute();
          if (status === 'READY' || status === 'REJECTED')
            await ensureTasks(
              trx,
              input.schoolId,
              submitters.map((userId) => ({
                ...base,
                stepId: `submit@${input.eventKey}`,
                stepName: 'Submit CARA log',
                assigneeUserId: userId,
                title: status === 'REJECTED' ? `Correct and resubmit the ${label}` : `Review and submit the ${label}`,
                dueAt: log.due_at,
              })),
            );
          if (status === 'SUBMITTED' || status === 'RESUBMITTED')
            await ensureTasks(
              trx,
              input.schoolId,
              reviewers.map((userId) => ({
                ...base,
                stepId: `review@${input.eventKey}`,
                stepName: 'Review CARA log',
                assigneeUserId: userId,
                title: `Review the ${label}`,
              })),
            );
        }
        return { logId: log.id, status };
      });
    },

    /**
     * Once a period's log is generated, the next period's process starts (or is joined: the id is the business
     * key), so a team's logs follow one another without anyone asking. It ends the chain, returning null, when
     * logging was turned off or no segment of the team holds the next day (the season is over).
     */
    async startNextCaraLog(input: {
      schoolId: string;
      teamId: string;
      periodEnd: string;
    }): Promise<{ workflowId: string; periodStart: string } | null> {
      if (!deps.temporal) return null;
      const nextDay = dayString(dayNumber(input.periodEnd) + 1);
      try {
        const next = await ensureCaraLogWorkflow(
          { taskQueue: Context.current().info.taskQueue, database: { db } },
          deps.temporal,
          input.schoolId,
          input.teamId,
          nextDay,
        );
        return { workflowId: next.workflowId, periodStart: next.periodStart };
      } catch (err) {
        if (err instanceof AppError) return null;
        throw err;
      }
    },
  };
}

export type CaraActivities = ReturnType<typeof createCaraActivities>;
