import type { Kysely } from 'kysely';
import type { AppConfig } from '../../api/config';
import { findEmailChangeMailing } from '../../api/users/email-changes.repository';
import { signLinkToken } from '../../domain/signed-links';
import type { Database } from '../../migrations/database';
import type { Mailer } from '../mail/mailer';
import { sendSignedLinkMail } from '../mail/send-signed-link-mail';
import { formatExpiry, renderHtml, renderText, type MailFrame } from '../mail/templates/layout';

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
  const { config } = deps;
  return {
    /** Mails the confirmation link to the NEW address; a change already confirmed or expired is not mailed. */
    async sendEmailChangeConfirmation(ref: EmailChangeRef): Promise<SendEmailChangeResult> {
      return sendSignedLinkMail(deps, {
        schoolId: ref.schoolId,
        load: (db) => findEmailChangeMailing(db, ref.schoolId, ref.changeId),
        notFound: { message: `E-mail change ${ref.changeId} not found`, type: 'EMAIL_CHANGE_NOT_FOUND' },
        skip: (row) => (row.confirmedAt ? 'DONE' : null),
        eventKey: 'confirm',
        compose: (row) => {
          const frame: MailFrame = {
            heading: 'Confirm your new e-mail address',
            paragraphs: [
              `Hi ${row.firstName},`,
              `${row.schoolName} changed the e-mail address of your account to this one. Confirm it to sign in and receive mail here.`,
            ],
            action: { label: 'Confirm this e-mail address', url: buildEmailChangeLink(config, row.id) },
            footer: [
              `This link is valid until ${formatExpiry(row.expiresAt, row.timeZone)}.`,
              'If you do not know this school, you can ignore this e-mail; nothing changes.',
            ],
          };
          return {
            subject: `Confirm your new ${row.schoolName} e-mail address`,
            text: renderText(frame),
            html: renderHtml(frame),
          };
        },
      });
    },
  };
}

export type EmailChangeActivities = ReturnType<typeof createEmailChangeActivities>;
