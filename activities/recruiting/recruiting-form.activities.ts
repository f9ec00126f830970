import type { Kysely } from 'kysely';
import type { AppConfig } from '../../api/config';
import { findRecruitingFormMailing } from '../../api/recruiting/recruiting-form-mailing.repository';
import type { Database } from '../../migrations/database';
import type { Mailer } from '../mail/mailer';
import { sendSignedLinkMail } from '../mail/send-signed-link-mail';
import { renderRecruitingFormMail } from '../mail/templates';
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
  const { config } = deps;
  return {
    /**
     * Mails one link of a recruiting form to its prospect. The link is rebuilt from the send's id and the app
     * secret (the raw token is never in workflow history); a link that no longer works is not mailed.
     */
    async sendRecruitingFormLink(ref: RecruitingFormLinkRef): Promise<SendRecruitingFormLinkResult> {
      return sendSignedLinkMail(deps, {
        schoolId: ref.schoolId,
        load: (db) => findRecruitingFormMailing(db, ref.schoolId, ref.sendId),
        notFound: { message: `Recruiting form ${ref.sendId} not found`, type: 'RECRUITING_FORM_NOT_FOUND' },
        skip: (row) => (row.submittedAt ? 'SUBMITTED' : row.linkGeneration !== ref.generation ? 'REPLACED' : null),
        eventKey: 'recruiting-form-link',
        compose: (row) =>
          renderRecruitingFormMail({
            firstName: row.firstName,
            schoolName: row.schoolName,
            formName: row.formName,
            link: buildRecruitingFormLink(config, ref),
            expiresAt: row.expiresAt,
            timeZone: row.timeZone,
            fresh: ref.generation > 1,
          }),
      });
    },
  };
}

export type RecruitingFormActivities = ReturnType<typeof createRecruitingFormActivities>;
