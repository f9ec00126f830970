import { ApplicationFailure } from '@temporalio/activity';
import { listTeamCoaches } from '../../api/staff/staff-teams.repository';
import { sql, type Kysely, type Transaction } from 'kysely';
import { recordAudit } from '../../api/audit/audit.repository';
import { notifyEach } from '../../api/notifications/notifications.repository';
import { findRoster, findSourceRoster, listSchoolAdmins, type RosterRow } from '../../api/rosters/rosters.repository';
import { writeInvitation, writeInvitations, type InvitationStart } from '../../api/users/write-invitation';
import type { AppConfig } from '../../api/config';
import { findSchoolSettings } from '../../api/school/school.repository';
import { invitationTiming } from '../../api/school/school.service';
import {
  isLeaving,
  rolloverTarget,
  ROSTER_NOTIFICATION,
  type RolloverStatus,
  type RosterTransitionInput,
  type RosterTransitionResult,
} from '../../domain/rosters';
import type { Database } from '../../migrations/database';
import { currentSideEffectKey } from '../shared/idempotency';
import { syncRosterTasks } from './roster-tasks';

export interface RosterActivityDeps {
  db: Kysely<Database>;
  config: AppConfig;
}

type Trx = Transaction<Database>;

/**
 * Every roster activity is idempotent: a transition is keyed by the workflow's event key (a row in roster_events),
 * so a worker killed mid-way and retried writes each change, notification, audit event and task once.
 */
export function createRosterActivities(deps: RosterActivityDeps) {
  const { db } = deps;

  async function lockRoster(trx: Trx, schoolId: string, rosterId: string): Promise<RosterRow> {
    await trx.selectFrom('rosters').select('id').where('id', '=', rosterId).forUpdate().execute();
    const roster = await findRoster(trx, schoolId, { rosterId });
    if (!roster) throw ApplicationFailure.nonRetryable('Roster not found', 'NOT_FOUND');
    return roster;
  }

  return {
    async applyRosterTransition(input: RosterTransitionInput): Promise<RosterTransitionResult> {
      const eventKey = currentSideEffectKey('audit', input.eventKey);
      return db.transaction().execute(async (trx) => {
        const before = await lockRoster(trx, input.schoolId, input.rosterId);
        const done = await trx
          .selectFrom('roster_events')
          .select('details')
          .where('idempotency_key', '=', eventKey)
          .executeTakeFirst();
        if (done) {
          const details = done.details as { decided?: string[]; requestId?: string; inviteBatchId?: string };
          return {
            status: before.rollover_status,
            pendingRequests: await pendingCount(trx, input.rosterId),
            decided: details.decided ?? [],
            requestId: details.requestId ?? null,
            inviteBatchId: details.inviteBatchId ?? null,
          };
        }
        const from = before.rollover_status;
        const to = rolloverTarget(input.action, from);
        const { decided, requestId, touched, invite } = await applyChange(trx, before, input, eventKey);
        // Approved additions of athletes who were never invited get their invitation now (spec: a roster
        // addition approved by an admin invites the athlete), started by the invitation-batch workflow.
        const inviteBatchId = invite.length
          ? await inviteAddedAthletes(trx, deps.config.appSecret, before, input, invite)
          : null;
        await trx
          .updateTable('rosters')
          .set({
            rollover_status: to,
            updated_at: new Date(),
            ...(input.action === 'submit' ? { submitted_at: new Date(), review_comment: null } : {}),
            ...(input.action === 'requestChanges' ? { review_comment: input.comment ?? null } : {}),
            ...(input.action === 'approve'
              ? { completed_at: new Date(), invite_new_athletes: input.inviteNewAthletes ?? false }
              : {}),
          })
          .where('id', '=', input.rosterId)
          .execute();
        const after = (await findRoster(trx, input.schoolId, { rosterId: input.rosterId }))!;
        if (after.rollover_status === 'COMPLETED' && after.isCurrent) {
          await syncProfiles(trx, after, input.action === 'approve' ? null : touched);
        }
        await trx
          .insertInto('roster_events')
          .values({
            school_id: input.schoolId,
            roster_id: input.rosterId,
            actor_user_id: input.actorUserId,
            action: input.action,
            from_status: from,
            to_status: to,
            comment: input.comment ?? null,
            details: JSON.stringify({
              decided,
              requestId: requestId ?? null,
              ...(inviteBatchId ? { inviteBatchId } : {}),
              ...(input.edit ? { edit: input.edit } : {}),
            }),
            idempotency_key: eventKey,
          })
          .execute();
        await recordAudit(trx, {
          schoolId: input.schoolId,
          actorUserId: input.actorUserId,
          action: `roster.${input.action}`,
          targetType: 'roster',
          targetId: input.rosterId,
          details: {
            from,
            to,
            ...(input.comment ? { comment: input.comment } : {}),
            ...(input.edit ? { edit: input.edit } : {}),
            ...(input.changeRequest ? { changeRequest: input.changeRequest } : {}),
            ...(input.decision ? { decision: input.decision, decided } : {}),
          },
          idempotencyKey: eventKey,
        });
        await notifyTransition(trx, after, input);
        await syncRosterTasks(trx, after, { ...input, decided, requestId });
        return {
          status: after.rollover_status,
          pendingRequests: await pendingCount(trx, input.rosterId),
          decided,
          requestId: requestId ?? null,
          inviteBatchId,
        };
      });
    },

    /** Where an adopted or continued roster process stands. */
    async loadRosterState(input: { schoolId: string; rosterId: string }) {
      const roster = await findRoster(db, input.schoolId, { rosterId: input.rosterId });
      if (!roster) throw ApplicationFailure.nonRetryable('Roster not found', 'NOT_FOUND');
      return db.transaction().execute(async (trx) => ({
        status: roster.rollover_status,
        pendingRequests: await pendingCount(trx, input.rosterId),
      }));
    },

    /** Nudges whoever the roster waits on (the coaches, or the school admins); once per person per event key. */
    async remindRoster(input: { schoolId: string; rosterId: string; eventKey: string }): Promise<{ reminded: number }> {
      const roster = await findRoster(db, input.schoolId, { rosterId: input.rosterId });
      if (!roster || roster.rollover_status === 'COMPLETED') return { reminded: 0 };
      const waiting = roster.rollover_status === 'NOT_STARTED';
      const people = waiting
        ? await listTeamCoaches(db, input.schoolId, roster.sport_team_id)
        : await listSchoolAdmins(db, input.schoolId);
      const reminded = await notifyEach(db, {
        schoolId: input.schoolId,
        userIds: people,
        payload: {
          ...payloadOf(roster, ROSTER_NOTIFICATION.init),
          title: waiting ? 'Roster waiting for you' : 'Roster waiting for review',
          body: waiting
            ? `The ${label(roster)} roster has not been submitted yet.`
            : `The ${label(roster)} roster is still waiting for an admin's review.`,
        },
        keyOf: (userId) => currentSideEffectKey('notification', `${input.eventKey}:${userId}`),
      });
      return { reminded };
    },

    /**
     * Writes one invitation per newly added athlete who has none yet and was never invited, and returns the
     * invitation processes to start (ids = the invitations' business keys). The invitation id is stored on the
     * roster entry in the same transaction, so a retry returns the same invitations and writes none twice.
     */
    async prepareRosterInvitations(input: { schoolId: string; rosterId: string }): Promise<InvitationStart[]> {
      return db.transaction().execute(async (trx) => {
        const roster = await lockRoster(trx, input.schoolId, input.rosterId);
        if (roster.rollover_status !== 'COMPLETED' || !roster.invite_new_athletes) return [];
        const entries = await trx
          .selectFrom('roster_entries as e')
          .innerJoin('users as u', 'u.id', 'e.athlete_user_id')
          .where('e.roster_id', '=', input.rosterId)
          .where('e.school_id', '=', input.schoolId)
          .where('e.is_new', '=', true)
          .select(['e.id', 'e.invitation_id', 'e.added_by', 'u.id as userId', 'u.email', 'u.status'])
          .execute();
        const starts: InvitationStart[] = [];
        for (const e of entries) {
          if (e.invitation_id) {
            const existing = await trx
              .selectFrom('invitations')
              .select(['id', 'expires_at', 'created_at'])
              .where('id', '=', e.invitation_id)
              .executeTakeFirst();
            if (existing) {
              starts.push(
                await startOf(trx, input.schoolId, e.userId, existing.id, existing.expires_at, existing.created_at),
              );
            }
            continue;
          }
          if (e.status !== 'NOT_INVITED') continue;
          const start = await writeInvitation(trx, deps.config.appSecret, {
            schoolId: input.schoolId,
            userId: e.userId,
            email: e.email,
            invitedBy: e.added_by,
          });
          await trx
            .updateTable('roster_entries')
            .set({ invitation_id: start.invitationId })
            .where('id', '=', e.id)
            .execute();
          starts.push(start);
        }
        return starts;
      });
    },
  };
}

/** The same invitation's workflow input again: its validity as written, the reminder from the school's settings. */
async function startOf(
  trx: Trx,
  schoolId: string,
  userId: string,
  invitationId: string,
  expiresAt: Date,
  createdAt: Date,
): Promise<InvitationStart> {
  const timing = invitationTiming(await findSchoolSettings(trx, schoolId));
  const expireAfterMs = Math.max(1000, new Date(expiresAt).getTime() - new Date(createdAt).getTime());
  return { invitationId, schoolId, userId, reminderAfterMs: timing.reminderAfterHours * 3_600_000, expireAfterMs };
}

async function pendingCount(trx: Trx | Kysely<Database>, rosterId: string): Promise<number> {
  const row = await trx
    .selectFrom('roster_change_requests')
    .where('roster_id', '=', rosterId)
    .where('status', '=', 'PENDING')
    .select(sql<number>`count(*)::int`.as('n'))
    .executeTakeFirstOrThrow();
  return row.n;
}

/** Applies the data part of a transition; returns the change requests decided and the athletes touched. */
async function applyChange(
  trx: Trx,
  roster: RosterRow,
  input: RosterTransitionInput,
  eventKey: string,
): Promise<{ decided: string[]; requestId?: string; touched: string[]; invite: string[] }> {
  if (input.action === 'rollover') {
    const existing = await trx
      .selectFrom('roster_entries')
      .select('id')
      .where('roster_id', '=', roster.id)
      .limit(1)
      .executeTakeFirst();
    if (existing) return { decided: [], touched: [], invite: [] };
    const source = await findSourceRoster(trx, roster.school_id, roster.sport_team_id, roster.academic_year_id);
    if (!source) return { decided: [], touched: [], invite: [] };
    const rows = await trx
      .selectFrom('roster_entries')
      .where('roster_id', '=', source.rosterId)
      .select(['athlete_user_id', 'roster_status', 'athlete_status'])
      .execute();
    const returning = rows.filter((r) => !isLeaving(r.athlete_status));
    if (returning.length) {
      await trx
        .insertInto('roster_entries')
        .values(
          returning.map((r) => ({
            school_id: roster.school_id,
            roster_id: roster.id,
            athlete_user_id: r.athlete_user_id,
            roster_status: r.roster_status,
            athlete_status: r.athlete_status,
            added_by: input.actorUserId,
          })),
        )
        .onConflict((oc) => oc.columns(['roster_id', 'athlete_user_id']).doNothing())
        .execute();
    }
    await trx
      .updateTable('rosters')
      .set({ source_academic_year_id: source.academicYearId })
      .where('id', '=', roster.id)
      .execute();
    return { decided: [], touched: [], invite: [] };
  }
  if (input.action === 'edit' && input.edit) {
    const edit = input.edit;
    if (edit.op === 'add') {
      const athletes = await schoolAthletes(trx, roster.school_id, edit.athleteUserIds);
      if (athletes.length) {
        await trx
          .insertInto('roster_entries')
          .values(
            athletes.map((id) => ({
              school_id: roster.school_id,
              roster_id: roster.id,
              athlete_user_id: id,
              is_new: true,
              added_by: input.actorUserId,
            })),
          )
          .onConflict((oc) => oc.columns(['roster_id', 'athlete_user_id']).doNothing())
          .execute();
      }
      return { decided: [], touched: athletes, invite: [] };
    }
    if (edit.athleteUserIds.length && (edit.athleteStatus || edit.rosterStatus)) {
      await trx
        .updateTable('roster_entries')
        .set({
          ...(edit.athleteStatus ? { athlete_status: edit.athleteStatus } : {}),
          ...(edit.rosterStatus ? { roster_status: edit.rosterStatus } : {}),
          updated_at: new Date(),
        })
        .where('roster_id', '=', roster.id)
        .where('athlete_user_id', 'in', edit.athleteUserIds)
        .execute();
    }
    return { decided: [], touched: edit.athleteUserIds, invite: [] };
  }
  if (input.action === 'requestChange' && input.changeRequest) {
    const c = input.changeRequest;
    const row = await trx
      .insertInto('roster_change_requests')
      .values({
        school_id: roster.school_id,
        roster_id: roster.id,
        kind: c.kind,
        athlete_user_id: c.athleteUserId,
        athlete_status: c.athleteStatus ?? null,
        roster_status: c.rosterStatus ?? null,
        requested_by: input.actorUserId,
        idempotency_key: eventKey,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return { decided: [], requestId: row.id, touched: [], invite: [] };
  }
  if (input.action === 'decideChanges' && input.decision) {
    const { requestIds, approve } = input.decision;
    if (!requestIds.length) return { decided: [], touched: [], invite: [] };
    const decidedRows = await trx
      .updateTable('roster_change_requests')
      .set({
        status: approve ? 'APPROVED' : 'DENIED',
        decided_by: input.actorUserId,
        decided_at: new Date(),
        comment: input.comment ?? null,
      })
      .where('roster_id', '=', roster.id)
      .where('id', 'in', requestIds)
      .where('status', '=', 'PENDING')
      .returning(['id', 'kind', 'athlete_user_id', 'athlete_status', 'roster_status', 'requested_by'])
      .execute();
    if (approve) {
      for (const c of decidedRows) {
        if (c.kind === 'ADD') {
          await trx
            .insertInto('roster_entries')
            .values({
              school_id: roster.school_id,
              roster_id: roster.id,
              athlete_user_id: c.athlete_user_id,
              is_new: true,
              added_by: c.requested_by,
              ...(c.roster_status ? { roster_status: c.roster_status } : {}),
            })
            .onConflict((oc) =>
              oc.columns(['roster_id', 'athlete_user_id']).doUpdateSet({ athlete_status: 'IN_PROGRAM' }),
            )
            .execute();
        } else {
          await trx
            .updateTable('roster_entries')
            .set({
              athlete_status: c.athlete_status ?? (c.kind === 'REMOVE' ? 'QUIT_TEAM' : sql`athlete_status`),
              ...(c.roster_status ? { roster_status: c.roster_status } : {}),
              updated_at: new Date(),
            })
            .where('roster_id', '=', roster.id)
            .where('athlete_user_id', '=', c.athlete_user_id)
            .execute();
        }
      }
    }
    return {
      decided: decidedRows.map((r) => r.id),
      touched: approve ? decidedRows.map((r) => r.athlete_user_id) : [],
      invite: approve ? decidedRows.filter((r) => r.kind === 'ADD').map((r) => r.athlete_user_id) : [],
    };
  }
  return { decided: [], touched: [], invite: [] };
}

/**
 * Writes an invitation for each of `athleteIds` who has no account yet (never invited) under one batch key, marks
 * them invited and records the invitation on their roster entry. Returns the batch key, or null when nobody needed
 * one. Runs in the transition's transaction, so a retried activity writes none twice.
 */
async function inviteAddedAthletes(
  trx: Trx,
  appSecret: string,
  roster: RosterRow,
  input: RosterTransitionInput,
  athleteIds: string[],
): Promise<string | null> {
  const users = await trx
    .selectFrom('users')
    .select(['id', 'email'])
    .where('id', 'in', athleteIds)
    .where('status', '=', 'NOT_INVITED')
    .execute();
  if (!users.length) return null;
  const batchId = `roster:${roster.id}:${input.eventKey}`;
  await trx
    .updateTable('users')
    .set({ status: 'INVITED' })
    .where(
      'id',
      'in',
      users.map((u) => u.id),
    )
    .execute();
  const starts = await writeInvitations(
    trx,
    appSecret,
    roster.school_id,
    input.actorUserId,
    users.map((u) => ({ userId: u.id, email: u.email })),
    batchId,
  );
  for (const start of starts) {
    await trx
      .updateTable('roster_entries')
      .set({ invitation_id: start.invitationId })
      .where('roster_id', '=', roster.id)
      .where('athlete_user_id', '=', start.userId)
      .execute();
  }
  await recordAudit(trx, {
    schoolId: roster.school_id,
    actorUserId: input.actorUserId,
    action: 'user.invited',
    targetType: 'roster',
    targetId: roster.id,
    details: { batchId, userIds: users.map((u) => u.id), reason: 'roster addition approved' },
    idempotencyKey: `${currentSideEffectKey('audit', input.eventKey)}:invite`,
  });
  return batchId;
}

async function schoolAthletes(trx: Trx, schoolId: string, ids: string[]): Promise<string[]> {
  if (!ids.length) return [];
  const rows = await trx
    .selectFrom('user_roles')
    .where('school_id', '=', schoolId)
    .where('role', '=', 'STUDENT_ATHLETE')
    .where('user_id', 'in', ids)
    .select('user_id')
    .distinct()
    .execute();
  return rows.map((r) => r.user_id);
}

/** The current year's completed roster is what the athlete list and profiles show: copy it onto the profiles. */
async function syncProfiles(trx: Trx, roster: RosterRow, athleteIds: string[] | null): Promise<void> {
  if (athleteIds && athleteIds.length === 0) return;
  let entries = trx
    .selectFrom('roster_entries')
    .where('roster_id', '=', roster.id)
    .select(['athlete_user_id', 'roster_status', 'athlete_status']);
  if (athleteIds) entries = entries.where('athlete_user_id', 'in', athleteIds);
  for (const e of await entries.execute()) {
    await trx
      .updateTable('athlete_profiles')
      .set({
        sport_team_id: roster.sport_team_id,
        roster_status: e.roster_status,
        athlete_status: e.athlete_status,
        updated_at: new Date(),
      })
      .where('school_id', '=', roster.school_id)
      .where('user_id', '=', e.athlete_user_id)
      .execute();
  }
}

function label(roster: RosterRow): string {
  return `${roster.teamName} ${roster.startYear}-${roster.endYear}`;
}

function payloadOf(roster: RosterRow, status: string) {
  return {
    module: 'roster',
    status,
    sportTeamId: roster.sport_team_id,
    sportTeamName: roster.teamName,
    featureData: {
      rosterStatus: roster.rollover_status,
      academicYearId: roster.academic_year_id,
      academicYearSelected: `${roster.startYear}-${roster.endYear}`,
    },
  };
}

async function notifyTransition(trx: Trx, roster: RosterRow, input: RosterTransitionInput): Promise<void> {
  const send = async (userIds: string[], status: string, title: string, body: string) => {
    await notifyEach(trx, {
      schoolId: roster.school_id,
      userIds,
      skip: input.actorUserId,
      payload: { ...payloadOf(roster, status), title, body },
      keyOf: (userId) => currentSideEffectKey('notification', `${input.eventKey}:${userId}`),
    });
  };
  const coaches = () => listTeamCoaches(trx, roster.school_id, roster.sport_team_id);
  const admins = () => listSchoolAdmins(trx, roster.school_id);
  const what = label(roster);
  switch (input.action) {
    case 'rollover':
      return send(
        await coaches(),
        ROSTER_NOTIFICATION.rollover,
        'Roster rolled over',
        `The ${what} roster was rolled over and is ready for you to declare.`,
      );
    case 'submit':
      return send(
        await admins(),
        ROSTER_NOTIFICATION.submitted,
        'Roster submitted',
        `The ${what} roster was submitted for review.`,
      );
    case 'requestChanges':
      return send(
        await coaches(),
        ROSTER_NOTIFICATION.init,
        'Changes requested on your roster',
        `An admin asked for changes to the ${what} roster: ${input.comment ?? ''}`,
      );
    case 'approve':
      return send(
        await coaches(),
        ROSTER_NOTIFICATION.completed,
        'Roster approved',
        `The ${what} roster was approved.`,
      );
    case 'requestChange':
      return send(
        await admins(),
        ROSTER_NOTIFICATION.init,
        'Roster change requested',
        `A coach requested a change to the ${what} roster.`,
      );
    case 'decideChanges':
      return send(
        await coaches(),
        ROSTER_NOTIFICATION.init,
        input.decision?.approve ? 'Roster changes approved' : 'Roster changes denied',
        `An admin decided change requests on the ${what} roster.`,
      );
    default:
      return;
  }
}

export type RosterActivities = ReturnType<typeof createRosterActivities>;
export type { RolloverStatus };
