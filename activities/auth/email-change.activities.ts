import { ApplicationFailure } from '@temporalio/activity';
import type { Kysely } from 'kysely';
import type { AppConfig } from '../../api/config';
import { signLinkToken } from '../../domain/signed-links';
import type { Database } from '../../migrations/database';
import { deliverOutboxMail } from '../mail/mail.activities';
import type { Mailer } from '../mail/mailer';
import { formatExpiry, renderHtml, renderText, type MailFrame } from '../mail/templates/layout';
import { currentSideEffectKey } from '../shared/idempotency';

export interface EmailChangeRef {
  changeId: string;
  schoolId: string;
}

export type SendEmailChangeResult = { sent: true; outboxId: string } | { sent: false; reason: 'DONE' | 'EXPIRED' };

export interface EmailChangeActivityDeps {
  db: Kysely<Database>;
  config: Pick<AppConfig, 'publicUrl' | 'appSecret'>;
  mailer: Mailer;
}

/** The confirmation link: the change's id signed for its purpose; the database keeps the token's hash only. */
export function buildEmailChangeLink(config: Pick<AppConfig, 'publicUrl' | 'appSecret'>, changeId: string): string {
  const token = signLinkToken(config.appSecret, 'email-change', changeId);
  return `${config.publicUrl}/emailConfirmation?token=${encodeURIComponent(token)}`;
}

export function createEmailChangeActivities(deps: EmailChangeActivityDeps) {
  const { db, config, mailer } = deps;
  return {
    /** Mails the confirmation link to the NEW address; a change already confirmed or expired is not mailed. */
    async sendEmailChangeConfirmation(ref: EmailChangeRef): Promise<SendEmailChangeResult> {
      const row = await db
        .selectFrom('email_changes as c')
        .innerJoin('users as u', 'u.id', 'c.user_id')
        .innerJoin('schools as s', 's.id', 'c.school_id')
        .select(['c.id', 'c.new_email', 'c.expires_at', 'c.confirmed_at', 'u.first_name', 's.name', 's.time_zone'])
        .where('c.id', '=', ref.changeId)
        .where('c.school_id', '=', ref.schoolId)
        .executeTakeFirst();
      if (!row)
        throw ApplicationFailure.nonRetryable(`E-mail change ${ref.changeId} not found`, 'EMAIL_CHANGE_NOT_FOUND');
      if (row.confirmed_at) return { sent: false, reason: 'DONE' };
      if (row.expires_at.getTime() <= Date.now()) return { sent: false, reason: 'EXPIRED' };
      const frame: MailFrame = {
        heading: 'Confirm your new e-mail address',
        paragraphs: [
          `Hi ${row.first_name},`,
          `${row.name} changed the e-mail address of your account to this one. Confirm it to sign in and receive mail here.`,
        ],
        action: { label: 'Confirm this e-mail address', url: buildEmailChangeLink(config, row.id) },
        footer: [
          `This link is valid until ${formatExpiry(row.expires_at, row.time_zone)}.`,
          'If you do not know this school, you can ignore this e-mail; nothing changes.',
        ],
      };
      const { outboxId } = await deliverOutboxMail(db, mailer, {
        idempotencyKey: currentSideEffectKey('mail', 'confirm'),
        schoolId: ref.schoolId,
        message: {
          to: row.new_email,
          subject: `Confirm your new ${row.name} e-mail address`,
          text: renderText(frame),
          html: renderHtml(frame),
        },
      });
      return { sent: true, outboxId };
    },
  };
}

export type EmailChangeActivities = ReturnType<typeof createEmailChangeActivities>;
