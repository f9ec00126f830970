import { ApplicationFailure } from '@temporalio/activity';
import type { Kysely } from 'kysely';
import type { AppConfig } from '../../api/config';
import type { Database } from '../../migrations/database';
import { deliverOutboxMail } from '../mail/mail.activities';
import type { Mailer } from '../mail/mailer';
import { renderPasswordResetMail } from '../mail/templates';
import { currentSideEffectKey } from '../shared/idempotency';
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
  const { db, config, mailer } = deps;
  return {
    /** Mails the single-use link; a link already used or past its expiry is not mailed (it would not work). */
    async sendPasswordResetEmail(ref: PasswordResetRef): Promise<SendPasswordResetEmailResult> {
      const row = await db
        .selectFrom('password_resets as r')
        .innerJoin('users as u', 'u.id', 'r.user_id')
        .innerJoin('schools as s', 's.id', 'r.school_id')
        .select([
          'r.id',
          'r.expires_at',
          'r.used_at',
          'u.email',
          'u.first_name',
          's.name as school_name',
          's.time_zone',
        ])
        .where('r.id', '=', ref.resetId)
        .where('r.school_id', '=', ref.schoolId)
        .executeTakeFirst();
      if (!row)
        throw ApplicationFailure.nonRetryable(`Password reset ${ref.resetId} not found`, 'PASSWORD_RESET_NOT_FOUND');
      if (row.used_at) return { sent: false, reason: 'USED' };
      if (row.expires_at.getTime() <= Date.now()) return { sent: false, reason: 'EXPIRED' };
      const mail = renderPasswordResetMail({
        firstName: row.first_name,
        schoolName: row.school_name,
        link: buildPasswordResetLink(config, row.id),
        expiresAt: row.expires_at,
        timeZone: row.time_zone,
      });
      const { outboxId } = await deliverOutboxMail(db, mailer, {
        idempotencyKey: currentSideEffectKey('mail', 'reset'),
        schoolId: ref.schoolId,
        message: { to: row.email, ...mail },
      });
      return { sent: true, outboxId };
    },
  };
}

export type PasswordResetActivities = ReturnType<typeof createPasswordResetActivities>;
