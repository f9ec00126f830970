import type { Kysely } from 'kysely';
import { findPasswordResetMailing } from '../../api/auth/auth.repository';
import type { AppConfig } from '../../api/config';
import type { Database } from '../../migrations/database';
import type { Mailer } from '../mail/mailer';
import { sendSignedLinkMail } from '../mail/send-signed-link-mail';
import { renderPasswordResetMail } from '../mail/templates';
import { buildPasswordResetLink } from '../shared/links';

export interface PasswordResetRef {
  resetId: string;
  schoolId: string;
}

export type SendPasswordResetEmailResult =
  { sent: true; outboxId: string } | { sent: false; reason: 'USED' | 'EXPIRED' };

export interface PasswordResetActivityDeps {
  db: Kysely<Database>;
  config: Pick<AppConfig, 'publicUrl' | 'appSecret'>;
  mailer: Mailer;
}

export function createPasswordResetActivities(deps: PasswordResetActivityDeps) {
  const { config } = deps;
  return {
    /** Mails the single-use link; a link already used or past its expiry is not mailed (it would not work). */
    async sendPasswordResetEmail(ref: PasswordResetRef): Promise<SendPasswordResetEmailResult> {
      return sendSignedLinkMail(deps, {
        schoolId: ref.schoolId,
        load: (db) => findPasswordResetMailing(db, ref.schoolId, ref.resetId),
        notFound: { message: `Password reset ${ref.resetId} not found`, type: 'PASSWORD_RESET_NOT_FOUND' },
        skip: (row) => (row.usedAt ? 'USED' : null),
        eventKey: 'reset',
        compose: (row) =>
          renderPasswordResetMail({
            firstName: row.firstName,
            schoolName: row.schoolName,
            link: buildPasswordResetLink(config, row.id),
            expiresAt: row.expiresAt,
            timeZone: row.timeZone,
          }),
      });
    },
  };
}

export type PasswordResetActivities = ReturnType<typeof createPasswordResetActivities>;
