import { ApplicationFailure } from '@temporalio/activity';
import type { Kysely } from 'kysely';
import type { AppConfig } from '../../api/config';
import { recordAudit } from '../../api/audit/audit.repository';
import { insertNotification } from '../../api/notifications/notifications.repository';
import type { Database } from '../../migrations/database';
import { deliverOutboxMail } from '../mail/mail.activities';
import type { Mailer } from '../mail/mailer';
import { renderInvitationMail, renderInvitationReminderMail } from '../mail/templates';
import { currentSideEffectKey } from '../shared/idempotency';
import { buildInvitationLink } from '../shared/links';
import { invitationNotFound, loadInvitation, type InvitationRef } from './invitation-record';

export type { InvitationRef } from './invitation-record';

export interface SendInvitationEmailInput extends InvitationRef {
  /** 'invite' for the first mail and every resend, 'reminder' for the nudge before expiry. */
  kind: 'invite' | 'reminder';
  /** Unique per mail within the workflow ('invite', 'reminder-1', 'resend-1'…). */
  eventKey: string;
}

export type SendInvitationEmailResult = { sent: true; outboxId: string } | { sent: false; reason: 'NOT_PENDING' };

export interface InvitationActivityDeps {
  db: Kysely<Database>;
  config: Pick<AppConfig, 'publicUrl' | 'appSecret'>;
  mailer: Mailer;
}

/** Every activity is idempotent: each one can run again after a crash and leaves the same rows behind. */
export function createInvitationActivities(deps: InvitationActivityDeps) {
  const { db, config, mailer } = deps;

  return {
    async sendInvitationEmail(input: SendInvitationEmailInput): Promise<SendInvitationEmailResult> {
      const invitation = await loadInvitation(db, input);
      // An invitation accepted or revoked while this task waited in the queue must not mail the person again.
      if (invitation.status !== 'PENDING') return { sent: false, reason: 'NOT_PENDING' };
      const content = {
        firstName: invitation.firstName,
        schoolName: invitation.schoolName,
        inviterName: invitation.inviterName,
        link: buildInvitationLink(config, invitation.id),
        expiresAt: invitation.expiresAt,
        timeZone: invitation.timeZone,
      };
      const mail = input.kind === 'reminder' ? renderInvitationReminderMail(content) : renderInvitationMail(content);
      const { outboxId } = await deliverOutboxMail(db, mailer, {
        idempotencyKey: currentSideEffectKey('mail', input.eventKey),
        schoolId: invitation.schoolId,
        message: { to: invitation.email, ...mail },
      });
      return { sent: true, outboxId };
    },

    async markInvitationReminded(ref: InvitationRef): Promise<void> {
      await db
        .updateTable('invitations')
        .set({ reminder_sent_at: new Date() })
        .where('id', '=', ref.invitationId)
        .where('school_id', '=', ref.schoolId)
        .where('status', '=', 'PENDING')
        .execute();
    },

    /** Records the acceptance; the API activates the user and sets the password after the Update returns. */
    async markInvitationAccepted(ref: InvitationRef): Promise<void> {
      const row = await db
        .updateTable('invitations')
        .set((eb) => ({ status: 'ACCEPTED', accepted_at: eb.fn.coalesce('accepted_at', eb.val(new Date())) }))
        .where('id', '=', ref.invitationId)
        .where('school_id', '=', ref.schoolId)
        .where('status', 'in', ['PENDING', 'ACCEPTED'])
        .returning('id')
        .executeTakeFirst();
      if (row) return;
      const exists = await db
        .selectFrom('invitations')
        .select('status')
        .where('id', '=', ref.invitationId)
        .where('school_id', '=', ref.schoolId)
        .executeTakeFirst();
      if (!exists) throw invitationNotFound(ref.invitationId);
      throw ApplicationFailure.nonRetryable(`Invitation is ${exists.status}`, 'INVITATION_INVALID');
    },

    /** A revoked invitation puts a still-invited user back to NOT_INVITED so they can be invited again. */
    async markInvitationRevoked(ref: InvitationRef): Promise<void> {
      await db.transaction().execute(async (trx) => {
        const row = await trx
          .updateTable('invitations')
          .set({ status: 'REVOKED' })
          .where('id', '=', ref.invitationId)
          .where('school_id', '=', ref.schoolId)
          .where('status', '=', 'PENDING')
          .returning('user_id')
          .executeTakeFirst();
        if (!row) return;
        await resetInvitedUser(trx, ref.schoolId, row.user_id);
      });
    },

    /**
     * Marks the invitation EXPIRED, puts a still-invited user back to NOT_INVITED, writes the audit event and tells
     * the inviter in-app. One transaction, and every write is keyed, so a retry after a crash repeats nothing.
     */
    async expireInvitation(ref: InvitationRef): Promise<{ expired: boolean }> {
      const invitation = await loadInvitation(db, ref);
      return db.transaction().execute(async (trx) => {
        // Locked re-read: an acceptance committed a moment ago wins over the expiry timer.
        const current = await trx
          .selectFrom('invitations')
          .select('status')
          .where('id', '=', invitation.id)
          .forUpdate()
          .executeTakeFirstOrThrow();
        if (current.status === 'ACCEPTED' || current.status === 'REVOKED') return { expired: false };
        await trx
          .updateTable('invitations')
          .set({ status: 'EXPIRED' })
          .where('id', '=', invitation.id)
          .where('school_id', '=', invitation.schoolId)
          .where('status', '=', 'PENDING')
          .execute();
        await resetInvitedUser(trx, invitation.schoolId, invitation.userId);
        await recordAudit(trx, {
          schoolId: invitation.schoolId,
          actorUserId: null,
          action: 'user.invitation_expired',
          targetType: 'user',
          targetId: invitation.userId,
          details: { invitationId: invitation.id, email: invitation.email },
          idempotencyKey: currentSideEffectKey('audit', 'expired'),
        });
        if (invitation.invitedBy) {
          await insertNotification(trx, {
            schoolId: invitation.schoolId,
            userId: invitation.invitedBy,
            payload: {
              module: 'account',
              status: 'invite',
              title: 'Invitation expired',
              body: `${invitation.firstName} ${invitation.lastName} (${invitation.email}) did not accept the invitation in time. You can invite them again.`,
            },
            dedupeKey: currentSideEffectKey('notification', `expired:${invitation.invitedBy}`),
          });
        }
        return { expired: true };
      });
    },
  };
}

async function resetInvitedUser(db: Kysely<Database>, schoolId: string, userId: string): Promise<void> {
  await db
    .updateTable('users')
    .set({ status: 'NOT_INVITED', updated_at: new Date() })
    .where('id', '=', userId)
    .where('school_id', '=', schoolId)
    .where('status', '=', 'INVITED')
    .execute();
}

export type InvitationActivities = ReturnType<typeof createInvitationActivities>;
