import type { Kysely } from 'kysely';
import type { AppConfig } from '../../api/config';
import { SIGNER_COPY_DAYS } from '../../domain/packets';
import type { Database } from '../../migrations/database';
import { deliverOutboxMail } from '../mail/mail.activities';
import type { Mailer } from '../mail/mailer';
import { renderHtml, renderText, type MailFrame } from '../mail/templates/layout';
import { signerToken } from './packet-submission.activities';

export interface SignerCopyDeps {
  db: Kysely<Database>;
  config: Pick<AppConfig, 'publicUrl' | 'appSecret'>;
  mailer: Mailer;
}

export interface SignerCopyInput {
  schoolId: string;
  linkId: string;
}

function formatDay(date: Date): string {
  return date.toLocaleDateString('en-US', { month: 'long', day: 'numeric', year: 'numeric', timeZone: 'UTC' });
}

/**
 * The external signer's copy by e-mail: once they have signed, a mail with their own link (rebuilt from the stored
 * nonce, never stored itself), which now opens the signed packet and its PDF. Sent once per link through the outbox.
 */
export function createSignerCopyActivities(deps: SignerCopyDeps) {
  const { db, config, mailer } = deps;
  return {
    /** Resolves to false when there is nothing to send (no such link, or it was never used to sign). */
    async mailSignerCopy(input: SignerCopyInput): Promise<boolean> {
      const link = await db
        .selectFrom('packet_signer_links as l')
        .innerJoin('packet_submissions as s', (j) =>
          j.onRef('s.id', '=', 'l.submission_id').onRef('s.school_id', '=', 'l.school_id'),
        )
        .innerJoin('sent_packets as sp', 'sp.id', 's.sent_packet_id')
        .innerJoin('packet_versions as v', 'v.id', 'sp.packet_version_id')
        .innerJoin('schools as sc', 'sc.id', 'l.school_id')
        .select([
          'l.id',
          'l.nonce',
          'l.email',
          'l.first_name',
          'l.used_at',
          'v.name as packet_name',
          'sc.name as school',
        ])
        .where('l.id', '=', input.linkId)
        .where('l.school_id', '=', input.schoolId)
        .executeTakeFirst();
      if (!link?.used_at) return false;
      const until = new Date(link.used_at.getTime() + SIGNER_COPY_DAYS * 86_400_000);
      const url = `${config.publicUrl}/spry-sign/submit/${encodeURIComponent(signerToken(config.appSecret, link))}`;
      const frame: MailFrame = {
        heading: 'Your signed copy',
        paragraphs: [
          `Hi ${link.first_name},`.replace(' ,', ','),
          `You signed "${link.packet_name}" for ${link.school}. Keep a copy: open the link below and choose ` +
            '"Download the signed PDF" to get every form, every signature and the signing certificate.',
          `The link gives you the signed PDF until ${formatDay(until)}.`,
        ],
        action: { label: 'Get the signed PDF', url },
        footer: ['This link is personal: do not forward it.'],
      };
      await deliverOutboxMail(db, mailer, {
        idempotencyKey: `mail:signer-copy:${link.id}`,
        schoolId: input.schoolId,
        message: {
          to: link.email,
          subject: `${link.packet_name}: your signed copy`,
          text: renderText(frame),
          html: renderHtml(frame),
        },
      });
      return true;
    },
  };
}

export type SignerCopyActivities = ReturnType<typeof createSignerCopyActivities>;
