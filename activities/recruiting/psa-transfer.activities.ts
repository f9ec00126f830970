import { ApplicationFailure, Context } from '@temporalio/activity';
import { sql, type Kysely, type Transaction } from 'kysely';
import { insertAthleteProfile } from '../../api/athletes/athletes.repository';
import { recordAudit } from '../../api/audit/audit.repository';
import { insertNotification, notifyEach } from '../../api/notifications/notifications.repository';
import { ensureRosterRow, listSchoolAdmins } from '../../api/rosters/rosters.repository';
import { findSchoolSettings } from '../../api/school/school.repository';
import { invitationTiming } from '../../api/school/school.service';
import { ensureTasks } from '../../api/tasks/tasks.repository';
import { replaceRoleGrants } from '../../api/users/role-grants.repository';
import { insertUser } from '../../api/users/users.repository';
import { writeInvitation, type InvitationStart } from '../../api/users/write-invitation';
import type { AppConfig } from '../../api/config';
import { ERRORS, type ErrorCode } from '../../domain/errors';
import { ACTIVITY_KINDS, psaTransferWorkflowId } from '../../domain/recruiting';
import { rosterWorkflowId } from '../../domain/rosters';
import type { Database } from '../../migrations/database';
import { currentSideEffectKey } from '../shared/idempotency';

export interface PsaTransferActivityDeps {
  db: Kysely<Database>;
  config: AppConfig;
}
type Trx = Transaction<Database>;

const stop = (code: ErrorCode) => ApplicationFailure.nonRetryable(ERRORS[code].message, code);

/**
 * The transfer's writes. Each runs in one transaction that first locks the transfer row and reads its status, so
 * a retry after a killed worker finds the work done and returns the same answer: one athlete, one roster entry,
 * one invitation, whatever happens.
 */
export function createPsaTransferActivities(deps: PsaTransferActivityDeps) {
  const { db } = deps;

  async function lockTransfer(trx: Trx, schoolId: string, transferId: string) {
    const t = await trx
      .selectFrom('psa_transfers')
      .selectAll()
      .where('id', '=', transferId)
      .where('school_id', '=', schoolId)
      .forUpdate()
      .executeTakeFirst();
    if (!t) throw stop('NOT_FOUND');
    return t;
  }

  async function invitationStart(trx: Trx, schoolId: string, invitationId: string | null) {
    if (!invitationId) return null;
    const inv = await trx
      .selectFrom('invitations')
      .select(['id', 'user_id', 'expires_at', 'created_at'])
      .where('id', '=', invitationId)
      .executeTakeFirst();
    if (!inv) return null;
    const timing = invitationTiming(await findSchoolSettings(trx, schoolId));
    return {
      invitationId: inv.id,
      schoolId,
      userId: inv.user_id,
      reminderAfterMs: timing.reminderAfterHours * 3_600_000,
      expireAfterMs: Math.max(1000, new Date(inv.expires_at).getTime() - new Date(inv.created_at).getTime()),
    } satisfies InvitationStart;
  }

  return {
    /** Puts the approval in the school admins' My Tasks and tells each of them (once per request). */
    async openPsaTransferTask(input: { schoolId: string; psaId: string; transferId: string; stepId: string }) {
      const row = await db
        .selectFrom('psa_transfers as x')
        .innerJoin('psas as p', 'p.id', 'x.psa_id')
        .innerJoin('sport_teams as t', 't.id', 'x.sport_team_id')
        .innerJoin('academic_years as y', 'y.id', 'x.academic_year_id')
        .where('x.id', '=', input.transferId)
        .where('x.school_id', '=', input.schoolId)
        .select([
          'x.status',
          'x.requested_by',
          'p.first_name',
          'p.last_name',
          't.name as team',
          'y.start_year',
          'y.end_year',
        ])
        .executeTakeFirst();
      if (!row || row.status !== 'PENDING') return;
      await ensureTasks(db, input.schoolId, [
        {
          workflowId: psaTransferWorkflowId(input.psaId),
          module: 'psa-transfer',
          entityId: input.psaId,
          stepId: input.stepId,
          stepName: 'Approve transfer to roster',
          assigneeRole: 'SCHOOL_ADMIN',
          title: `Approve ${row.first_name} ${row.last_name}'s transfer to the ${row.team} roster for ${row.start_year}-${row.end_year}`,
          url: `/psaProfile/${input.psaId}`,
        },
      ]);
      const requestRun = Context.current().info.workflowExecution?.runId ?? input.transferId;
      await notifyEach(db, {
        schoolId: input.schoolId,
        userIds: await listSchoolAdmins(db, input.schoolId),
        skip: row.requested_by,
        payload: {
          module: 'recruiting',
          status: 'init',
          title: 'Transfer requested',
          body: `${row.first_name} ${row.last_name} is waiting to join the ${row.team} roster for ${row.start_year}-${row.end_year}.`,
          sportTeamName: row.team,
          featureData: { psaId: input.psaId, isRecruitment: true },
        },
        // A rejected transfer may be requested again under the same workflow id and transfer row: each run is news.
        keyOf: (userId) => currentSideEffectKey('notification', `request:${requestRun}:${userId}`),
      });
    },

    async approvePsaTransfer(input: {
      schoolId: string;
      psaId: string;
      transferId: string;
      actorUserId: string;
    }): Promise<{ athleteUserId: string; invitation: InvitationStart | null }> {
      const auditKey = currentSideEffectKey('audit', 'approve');
      return db.transaction().execute(async (trx) => {
        const transfer = await lockTransfer(trx, input.schoolId, input.transferId);
        if (transfer.status === 'APPROVED' && transfer.athlete_user_id) {
          return {
            athleteUserId: transfer.athlete_user_id,
            invitation: await invitationStart(trx, input.schoolId, transfer.invitation_id),
          };
        }
        if (transfer.status !== 'PENDING') throw stop('ALREADY_DECIDED');
        const psa = await trx
          .selectFrom('psas')
          .selectAll()
          .where('id', '=', input.psaId)
          .where('school_id', '=', input.schoolId)
          .forUpdate()
          .executeTakeFirst();
        if (!psa) throw stop('NOT_FOUND');
        // The row decides, whatever signal the process has seen: an archived prospect never becomes an athlete.
        if (psa.state_status === 'ARCHIVED') throw stop('PSA_ARCHIVED');
        if (!psa.email) throw stop('PSA_TRANSFER_NEEDS_EMAIL');
        const rosterId = await ensureRosterRow(trx, input.schoolId, {
          teamId: transfer.sport_team_id,
          academicYearId: transfer.academic_year_id,
          sourceAcademicYearId: null,
          startedBy: input.actorUserId,
          workflowId: rosterWorkflowId(transfer.sport_team_id, transfer.academic_year_id),
        });
        const existing = await trx
          .selectFrom('users')
          .select(['id', 'school_id', 'status'])
          .where(sql<boolean>`lower(email) = ${psa.email.toLowerCase()}`)
          .executeTakeFirst();
        let userId: string;
        let status: string;
        if (existing) {
          const athlete = await trx
            .selectFrom('user_roles')
            .select('user_id')
            .where('user_id', '=', existing.id)
            .where('school_id', '=', input.schoolId)
            .where('role', '=', 'STUDENT_ATHLETE')
            .executeTakeFirst();
          if (existing.school_id !== input.schoolId || !athlete) throw stop('PSA_EMAIL_BELONGS_TO_ANOTHER_USER');
          const onRoster = await trx
            .selectFrom('roster_entries')
            .select('id')
            .where('roster_id', '=', rosterId)
            .where('athlete_user_id', '=', existing.id)
            .executeTakeFirst();
          if (onRoster) throw stop('PSA_ALREADY_ON_ROSTER');
          userId = existing.id;
          status = existing.status;
        } else {
          userId = await insertUser(trx, input.schoolId, {
            email: psa.email,
            firstName: psa.first_name,
            lastName: psa.last_name,
            middleName: null,
            phoneNumber: psa.mobile,
            status: 'NOT_INVITED',
          });
          status = 'NOT_INVITED';
          await replaceRoleGrants(trx, input.schoolId, userId, [{ role: 'STUDENT_ATHLETE' }]);
          await insertAthleteProfile(
            trx,
            input.schoolId,
            userId,
            {
              sport_team_id: transfer.sport_team_id,
              date_of_birth: psa.date_of_birth,
              position: psa.position,
              residency_status: psa.residency_status,
            },
            {},
          );
        }
        // The recruiting history travels with the athlete: the prospect's record and its activity log.
        const activities = await trx
          .selectFrom('psa_activities')
          .select(['kind', 'occurred_at', 'nights', 'location', 'summary'])
          .where('psa_id', '=', psa.id)
          .orderBy('occurred_at')
          .execute();
        const history = {
          psaId: psa.id,
          transferredAt: new Date().toISOString(),
          highSchool: psa.high_school_name,
          graduationYear: psa.graduation_year,
          commitmentStatus: psa.commitment_status,
          activities: activities.map((a) => ({
            kind: ACTIVITY_KINDS[a.kind as keyof typeof ACTIVITY_KINDS] ?? a.kind,
            at: new Date(a.occurred_at).toISOString(),
            nights: a.nights,
            location: a.location,
            summary: a.summary,
          })),
        };
        await trx
          .updateTable('athlete_profiles')
          .set({ data: sql`data || ${JSON.stringify({ recruitingHistory: history })}::jsonb` })
          .where('school_id', '=', input.schoolId)
          .where('user_id', '=', userId)
          .execute();
        const entry = await trx
          .insertInto('roster_entries')
          .values({
            school_id: input.schoolId,
            roster_id: rosterId,
            athlete_user_id: userId,
            is_new: true,
            added_by: transfer.requested_by,
          })
          .returning('id')
          .executeTakeFirstOrThrow();
        const invitation =
          status === 'NOT_INVITED'
            ? await writeInvitation(trx, deps.config.appSecret, {
                schoolId: input.schoolId,
                userId,
                email: psa.email,
                invitedBy: input.actorUserId,
              })
            : null;
        if (invitation) {
          await trx
            .updateTable('roster_entries')
            .set({ invitation_id: invitation.invitationId })
            .where('id', '=', entry.id)
            .execute();
        }
        await trx
          .updateTable('psa_transfers')
          .set({
            status: 'APPROVED',
            decided_by: input.actorUserId,
            decided_at: new Date(),
            athlete_user_id: userId,
            invitation_id: invitation?.invitationId ?? null,
          })
          .where('id', '=', transfer.id)
          .execute();
        await trx
          .updateTable('psas')
          .set({ commitment_status: 'ADDED_TO_ROSTER', athlete_user_id: userId, updated_at: new Date() })
          .where('id', '=', psa.id)
          .execute();
        await closeTasks(trx, input, 'DONE');
        await trx
          .insertInto('psa_events')
          .values({
            school_id: input.schoolId,
            psa_id: psa.id,
            actor_user_id: input.actorUserId,
            action: 'transferApproved',
            details: JSON.stringify({ athleteUserId: userId, rosterId }),
            idempotency_key: auditKey,
          })
          .execute();
        await recordAudit(trx, {
          schoolId: input.schoolId,
          actorUserId: input.actorUserId,
          action: 'psa.transferApproved',
          targetType: 'psa',
          targetId: psa.id,
          details: {
            athleteUserId: userId,
            rosterId,
            teamId: transfer.sport_team_id,
            academicYearId: transfer.academic_year_id,
          },
          idempotencyKey: auditKey,
        });
        if (transfer.requested_by && transfer.requested_by !== input.actorUserId) {
          await insertNotification(trx, {
            schoolId: input.schoolId,
            userId: transfer.requested_by,
            payload: {
              module: 'recruiting',
              status: 'acknowledge',
              title: 'Transfer approved',
              body: `${psa.first_name} ${psa.last_name} was added to the roster.`,
              featureData: { psaId: psa.id },
            },
            dedupeKey: currentSideEffectKey('notification', 'approve'),
          });
        }
        return { athleteUserId: userId, invitation };
      });
    },

    async rejectPsaTransfer(input: {
      schoolId: string;
      psaId: string;
      transferId: string;
      actorUserId: string;
      reason: string;
    }): Promise<void> {
      await db.transaction().execute(async (trx) => {
        const transfer = await lockTransfer(trx, input.schoolId, input.transferId);
        if (transfer.status === 'REJECTED') return;
        if (transfer.status !== 'PENDING') throw stop('ALREADY_DECIDED');
        await trx
          .updateTable('psa_transfers')
          .set({ status: 'REJECTED', decided_by: input.actorUserId, decided_at: new Date(), reason: input.reason })
          .where('id', '=', transfer.id)
          .execute();
        await closeTasks(trx, input, 'DONE');
        await trx
          .insertInto('psa_events')
          .values({
            school_id: input.schoolId,
            psa_id: input.psaId,
            actor_user_id: input.actorUserId,
            action: 'transferRejected',
            details: JSON.stringify({ reason: input.reason }),
          })
          .execute();
        await recordAudit(trx, {
          schoolId: input.schoolId,
          actorUserId: input.actorUserId,
          action: 'psa.transferRejected',
          targetType: 'psa',
          targetId: input.psaId,
          details: { reason: input.reason },
        });
        if (transfer.requested_by && transfer.requested_by !== input.actorUserId) {
          await insertNotification(trx, {
            schoolId: input.schoolId,
            userId: transfer.requested_by,
            payload: {
              module: 'recruiting',
              status: 'acknowledge',
              title: 'Transfer rejected',
              body: `An admin rejected the transfer: ${input.reason}`,
              featureData: { psaId: input.psaId },
            },
          });
        }
      });
    },
  };
}

async function closeTasks(trx: Trx, input: { schoolId: string; psaId: string; actorUserId: string }, status: 'DONE') {
  await trx
    .updateTable('tasks')
    .set({ status, completed_at: new Date(), completed_by: input.actorUserId })
    .where('school_id', '=', input.schoolId)
    .where('workflow_id', '=', psaTransferWorkflowId(input.psaId))
    .where('status', '=', 'OPEN')
    .execute();
}

export type PsaTransferActivities = ReturnType<typeof createPsaTransferActivities>;
