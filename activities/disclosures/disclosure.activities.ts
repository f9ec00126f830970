import { ApplicationFailure } from '@temporalio/activity';
import { sql, type Kysely, type Transaction } from 'kysely';
import { recordAudit } from '../../api/audit/audit.repository';
import { listConflictFlags, toConflictRule } from '../../api/disclosures/conflict-flags.repository';
import {
  findDisclosure,
  insertDisclosureComment,
  insertDisclosureEvent,
  listReviewers,
  payorYearTotalCents,
} from '../../api/disclosures/disclosures.repository';
import { insertNotification, notifyEach } from '../../api/notifications/notifications.repository';
import {
  checkConflicts,
  conflictTypesOf,
  DISCLOSURE_LIMITS,
  DISCLOSURE_NOTIFICATION,
  DISCLOSURE_TYPE_LABELS,
  stateConflictCategories,
  type DisclosureStatus,
  type DisclosureTransitionAction,
  type DisclosureTransitionInput,
  type DisclosureTransitionResult,
  type DisclosureType,
} from '../../domain/disclosures';
import type { Database } from '../../migrations/database';
import { currentSideEffectKey } from '../shared/idempotency';
import { syncDisclosureTasks } from './disclosure-tasks';

// The step inputs the workflow and these activities share live in domain/ (the workflow imports no activity code).
export type { DisclosureTransitionAction, DisclosureTransitionInput, DisclosureTransitionResult };

const TARGET: Record<DisclosureTransitionAction, DisclosureStatus | null> = {
  submit: 'PENDING',
  resubmit: 'PENDING',
  approve: 'APPROVED',
  reject: 'REJECTED',
  requestChange: 'CHANGE_REQUESTED',
  escalate: null,
  reopen: 'PENDING',
  archive: null,
  reassign: null,
};

export interface DisclosureActivityDeps {
  db: Kysely<Database>;
}

/** Every activity is idempotent: the event row's key says whether this transition was already written. */
export function createDisclosureActivities(deps: DisclosureActivityDeps) {
  const { db } = deps;

  return {
    async applyDisclosureTransition(input: DisclosureTransitionInput): Promise<DisclosureTransitionResult> {
      const eventKey = currentSideEffectKey('audit', input.eventKey);
      return db.transaction().execute(async (trx) => {
        const row = await trx
          .selectFrom('disclosures')
          .select(['id', 'status', 'archived_at', 'assigned_reviewer_id', 'revision'])
          .where('school_id', '=', input.schoolId)
          .where('id', '=', input.disclosureId)
          .forUpdate()
          .executeTakeFirst();
        if (!row) throw ApplicationFailure.nonRetryable('Disclosure not found', 'DISCLOSURE_NOT_FOUND');
        const done = await trx
          .selectFrom('disclosure_events')
          .select('id')
          .where('idempotency_key', '=', eventKey)
          .executeTakeFirst();
        if (done) {
          return {
            status: row.status,
            archived: row.archived_at !== null,
            assignedReviewerId: row.assigned_reviewer_id,
            revision: row.revision,
          };
        }
        const from = row.status;
        const to = TARGET[input.action] ?? from;
        const now = new Date();
        const changes: Record<string, unknown> = { status: to, updated_at: now };
        if (input.action === 'submit' || input.action === 'resubmit') {
          changes.submitted_at = input.action === 'submit' ? now : sql`coalesce(submitted_at, now())`;
          changes.revision = row.revision + 1;
          changes.change_reason = input.changeReason ?? null;
          changes.decision_reason = null;
          changes.decided_at = null;
        }
        // A note given with an approval is a comment to the athlete (it shows under Comments), not a decision reason.
        const approvalNote = input.action === 'approve' ? input.reason?.trim() || null : null;
        const reason = input.action === 'approve' ? null : (input.reason ?? null);
        if (input.action === 'approve' || input.action === 'reject' || input.action === 'requestChange') {
          changes.decided_at = now;
          changes.decision_reason = reason;
        }
        if (input.action === 'reopen') {
          changes.decided_at = null;
          changes.decision_reason = input.reason ?? null;
        }
        if (input.action === 'escalate' || input.action === 'reassign')
          changes.assigned_reviewer_id = input.reviewerUserId ?? null;
        if (input.action === 'archive') changes.archived_at = now;
        await trx
          .updateTable('disclosures')
          .set(changes)
          .where('school_id', '=', input.schoolId)
          .where('id', '=', input.disclosureId)
          .execute();
        if (input.action === 'submit' || input.action === 'resubmit') {
          await runChecks(trx, input.schoolId, input.disclosureId);
        }
        await insertDisclosureEvent(trx, input.schoolId, {
          disclosureId: input.disclosureId,
          actorUserId: input.actorUserId,
          action: input.action,
          fromStatus: from,
          toStatus: to,
          reason,
          details: {
            ...(input.changeReason ? { changeReason: input.changeReason } : {}),
            ...(input.reviewerUserId ? { reviewerUserId: input.reviewerUserId } : {}),
          },
          idempotencyKey: eventKey,
        });
        if (approvalNote) {
          await insertDisclosureComment(trx, input.schoolId, {
            disclosureId: input.disclosureId,
            authorUserId: input.actorUserId,
            body: approvalNote,
          });
        }
        await recordAudit(trx, {
          schoolId: input.schoolId,
          actorUserId: input.actorUserId,
          action: `disclosure.${input.action}`,
          targetType: 'disclosure',
          targetId: input.disclosureId,
          details: { from, to, ...(input.reason ? { reason: input.reason } : {}) },
          idempotencyKey: eventKey,
        });
        await notifyTransition(trx, input, from, to);
        await syncDisclosureTasks(trx, input);
        const after = await trx
          .selectFrom('disclosures')
          .select(['status', 'archived_at', 'assigned_reviewer_id', 'revision'])
          .where('id', '=', input.disclosureId)
          .executeTakeFirstOrThrow();
        return {
          status: after.status,
          archived: after.archived_at !== null,
          assignedReviewerId: after.assigned_reviewer_id,
          revision: after.revision,
        };
      });
    },

    /** Nudges the reviewers of a disclosure that has waited too long; one notification per reviewer per event key. */
    async remindDisclosureReviewers(input: { schoolId: string; disclosureId: string; eventKey: string }) {
      const d = await findDisclosure(db, input.schoolId, input.disclosureId);
      if (!d || d.status !== 'PENDING' || d.archived_at) return { reminded: 0 };
      const reviewers = d.assigned_reviewer_id
        ? [{ id: d.assigned_reviewer_id }]
        : await listReviewers(db, input.schoolId);
      const reminded = await notifyEach(db, {
        schoolId: input.schoolId,
        userIds: reviewers.map((r) => r.id),
        payload: {
          module: 'disclosure',
          status: DISCLOSURE_NOTIFICATION.other,
          title: 'Disclosure waiting for review',
          body: `${d.athleteFirstName} ${d.athleteLastName}'s ${label(d.type)} disclosure${d.company_name ? ` with ${d.company_name}` : ''} is still waiting for a decision.`,
          disclosureId: d.id,
          dealTypeName: d.deal_type,
          studentId: d.athlete_user_id,
        },
        keyOf: (userId) => currentSideEffectKey('notification', `${input.eventKey}:${userId}`),
      });
      return { reminded };
    },
  };
}

function label(type: string): string {
  return DISCLOSURE_TYPE_LABELS[type as DisclosureType]?.toLowerCase() ?? type.toLowerCase();
}

/** Conflict-of-interest check and the $600 payor-per-year total, stored on the row at each (re)submission. */
export async function runChecks(trx: Transaction<Database> | Kysely<Database>, schoolId: string, disclosureId: string) {
  const d = await findDisclosure(trx, schoolId, disclosureId);
  if (!d) return;
  const school = await trx
    .selectFrom('schools')
    .select(['state', 'settings'])
    .where('id', '=', schoolId)
    .executeTakeFirstOrThrow();
  const schoolList = (school.settings as { disclosureConflictCategories?: string[] }).disclosureConflictCategories;
  const flags = (await listConflictFlags(trx, schoolId)).map(toConflictRule);
  const hits = checkConflicts(
    {
      companyName: d.company_name,
      industry: d.industry,
      payorName: d.payor_name,
      agentName: d.agent?.name ?? null,
      amountCents: d.amount_cents ?? d.total_payment_cents ?? d.estimated_amount_cents,
      athleteTeamId: d.sport_team_id,
    },
    flags,
    stateConflictCategories(school.state, schoolList ?? null),
  );
  const payor = d.payor_name ?? d.company_name;
  const year = Number((d.start_date ?? new Date().toISOString()).slice(0, 4));
  const total = payor
    ? await payorYearTotalCents(trx, schoolId, { id: d.id, athleteUserId: d.athlete_user_id, payor, year })
    : null;
  const own = d.amount_cents ?? d.total_payment_cents ?? d.estimated_amount_cents ?? 0;
  await trx
    .updateTable('disclosures')
    .set({
      conflicts: JSON.stringify(hits),
      conflict_types: conflictTypesOf(hits),
      payor_year_total_cents: total,
      reporting_required:
        own >= DISCLOSURE_LIMITS.taxReportingThresholdCents ||
        (total ?? 0) >= DISCLOSURE_LIMITS.taxReportingThresholdCents,
    })
    .where('id', '=', disclosureId)
    .where('school_id', '=', schoolId)
    .execute();
}

async function notifyTransition(
  trx: Transaction<Database>,
  input: DisclosureTransitionInput,
  from: DisclosureStatus,
  to: DisclosureStatus,
): Promise<void> {
  const d = await findDisclosure(trx, input.schoolId, input.disclosureId);
  if (!d) return;
  const what = `${label(d.type)} disclosure${d.company_name ? ` with ${d.company_name}` : ''}`;
  const who = `${d.athleteFirstName} ${d.athleteLastName}`;
  const base = { module: 'disclosure', disclosureId: d.id, dealTypeName: d.deal_type, studentId: d.athlete_user_id };
  const send = async (userId: string, status: string, title: string, body: string) => {
    if (userId === input.actorUserId) return;
    await insertNotification(trx, {
      schoolId: input.schoolId,
      userId,
      payload: { ...base, status, title, body },
      dedupeKey: currentSideEffectKey('notification', `${input.eventKey}:${userId}`),
    });
  };
  const toReviewers = async (status: string, title: string, body: string) => {
    const reviewers = d.assigned_reviewer_id
      ? [{ id: d.assigned_reviewer_id }]
      : await listReviewers(trx, input.schoolId);
    for (const r of reviewers) await send(r.id, status, title, body);
  };
  const reason = input.reason ? ` Reason: ${input.reason}` : '';
  switch (input.action) {
    case 'submit':
      return toReviewers(DISCLOSURE_NOTIFICATION.submitted, 'New disclosure', `${who} submitted a ${what}.`);
    case 'resubmit':
      return toReviewers(
        DISCLOSURE_NOTIFICATION.resubmitted,
        'Disclosure resubmitted',
        `${who} resubmitted a ${what}.`,
      );
    case 'approve':
      return send(
        d.athlete_user_id,
        DISCLOSURE_NOTIFICATION.approved,
        'Disclosure approved',
        `Your ${what} was approved.${input.reason?.trim() ? ` Note: ${input.reason.trim()}` : ''}`,
      );
    case 'reject':
      return send(
        d.athlete_user_id,
        DISCLOSURE_NOTIFICATION.other,
        'Disclosure rejected',
        `Your ${what} was rejected.${reason}`,
      );
    case 'requestChange':
      return send(
        d.athlete_user_id,
        DISCLOSURE_NOTIFICATION.other,
        'Change requested on your disclosure',
        `A reviewer asked you to change your ${what}.${reason}`,
      );
    case 'escalate':
      if (input.reviewerUserId) {
        await send(
          input.reviewerUserId,
          DISCLOSURE_NOTIFICATION.other,
          'Disclosure escalated to you',
          `${who}'s ${what} needs your review.${reason}`,
        );
      }
      return;
    case 'reassign':
      if (input.reviewerUserId) {
        await send(
          input.reviewerUserId,
          DISCLOSURE_NOTIFICATION.other,
          'Disclosure assigned to you',
          `${who}'s ${what} was assigned to you for review.`,
        );
      }
      return;
    case 'reopen':
      await send(
        d.athlete_user_id,
        DISCLOSURE_NOTIFICATION.other,
        'Disclosure reopened',
        `Your ${what} was reopened for review.${reason}`,
      );
      return;
    case 'archive':
      void from;
      void to;
      return;
  }
}

export type DisclosureActivities = ReturnType<typeof createDisclosureActivities>;
