import { ApplicationFailure } from '@temporalio/activity';
import type { Kysely } from 'kysely';
import type { AppConfig } from '../../api/config';
import type { Database } from '../../migrations/database';
import { deliverOutboxMail } from '../mail/mail.activities';
import type { Mailer } from '../mail/mailer';
import { renderRecruitingFormMail } from '../mail/templates';
import { currentSideEffectKey } from '../shared/idempotency';
import { buildRecruitingFormLink } from '../shared/links';

export interface RecruitingFormLinkRef {
  schoolId: string;
  sendId: string;
  /** Which of the send's links to mail; a newer one replaces it and this mail is skipped. */
  generation: number;
}

export type SendRecruitingFormLinkResult =
  { sent: true; outboxId: string } | { sent: false; reason: 'SUBMITTED' | 'REPLACED' | 'EXPIRED' };

export interface RecruitingFormActivityDeps {
  db: Kysely<Database>;
  config: Pick<AppConfig, 'publicUrl' | 'appSecret'>;
  mailer: Mailer;
}

export function createRecruitingFormActivities(deps: RecruitingFormActivityDeps) {
  const { db, config, mailer } = deps;
  return {
    /**
     * Mails one link of a recruiting form to its prospect. The link is rebuilt from the send's id and the app
     * secret (the raw token is never in workflow history); a link that no longer works is not mailed.
     */
    async sendRecruitingFormLink(ref: RecruitingFormLinkRef): Promise<SendRecruitingFormLinkResult> {
      const row = await db
        .selectFrom('recruiting_form_sends as r')
        .innerJoin('psas as p', 'p.id', 'r.psa_id')
        .innerJoin('forms as f', 'f.id', 'r.form_id')
        .innerJoin('schools as s', 's.id', 'r.school_id')
        .select([
          'r.email',
          'r.expires_at',
          'r.submitted_at',
          'r.link_generation',
          'p.first_name',
          'f.name as form_name',
          's.name as school_name',
          's.time_zone',
        ])
        .where('r.id', '=', ref.sendId)
        .where('r.school_id', '=', ref.schoolId)
        .executeTakeFirst();
      if (!row) {
        throw ApplicationFailure.nonRetryable(`Recruiting form ${ref.sendId} not found`, 'RECRUITING_FORM_NOT_FOUND');
      }
      if (row.submitted_at) return { sent: false, reason: 'SUBMITTED' };
      if (row.link_generation !== ref.generation) return { sent: false, reason: 'REPLACED' };
      if (row.expires_at.getTime() <= Date.now()) return { sent: false, reason: 'EXPIRED' };
      const mail = renderRecruitingFormMail({
        firstName: row.first_name,
        schoolName: row.school_name,
        formName: row.form_name,
        link: buildRecruitingFormLink(config, ref),
        expiresAt: row.expires_at,
        timeZone: row.time_zone,
        fresh: ref.generation > 1,
      });
      const { outboxId } = await deliverOutboxMail(db, mailer, {
        idempotencyKey: currentSideEffectKey('mail', 'recruiting-form-link'),
        schoolId: ref.schoolId,
        message: { to: row.email, ...mail },
      });
      return { sent: true, outboxId };
    },
  };
}

export type RecruitingFormActivities = ReturnType<typeof createRecruitingFormActivities>;
