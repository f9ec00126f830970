import type { Kysely } from 'kysely';
import type { AppConfig } from '../../api/config';
import type { Database } from '../../migrations/database';
import { deliverOutboxMail } from '../mail/mail.activities';
import type { Mailer } from '../mail/mailer';
import { renderHtml, renderText, type MailFrame } from '../mail/templates/layout';
import { currentSideEffectKey } from '../shared/idempotency';

/** Activities of the bulk void: the submissions still running, and the confirmation e-mail (sent once). */
export function createPacketBulkActivities(deps: {
  db: Kysely<Database>;
  config: Pick<AppConfig, 'publicUrl'>;
  mailer: Mailer;
}) {
  const { db, config, mailer } = deps;
  return {
    async listOpenSubmissionWorkflows(input: { schoolId: string; sentPacketId: string }): Promise<string[]> {
      const rows = await db
        .selectFrom('packet_submissions')
        .select('workflow_id')
        .where('school_id', '=', input.schoolId)
        .where('sent_packet_id', '=', input.sentPacketId)
        .where('status', 'in', ['PENDING', 'SUBMITTED', 'RESUBMITTED', 'CHANGE_REQUESTED'])
        .where('expired_at', 'is', null)
        .orderBy('id')
        .execute();
      return rows.map((r) => r.workflow_id);
    },

    async mailBulkVoidConfirmation(input: {
      schoolId: string;
      sentPacketId: string;
      userId: string;
      total: number;
    }): Promise<void> {
      const row = await db
        .selectFrom('sent_packets as sp')
        .innerJoin('packet_versions as v', 'v.id', 'sp.packet_version_id')
        .innerJoin('users as u', (j) => j.on('u.id', '=', input.userId).onRef('u.school_id', '=', 'sp.school_id'))
        .select(['v.name', 'u.email', 'u.first_name'])
        .where('sp.id', '=', input.sentPacketId)
        .where('sp.school_id', '=', input.schoolId)
        .executeTakeFirst();
      if (!row) return;
      const frame: MailFrame = {
        heading: 'Bulk void complete',
        paragraphs: [
          `Hi ${row.first_name},`,
          `"${row.name}": ${input.total} submission${input.total === 1 ? '' : 's'} still in progress ${input.total === 1 ? 'was' : 'were'} voided.`,
        ],
        action: { label: 'Open sent packets', url: `${config.publicUrl}/sprySign/sent` },
        footer: ['Recipients and signers can no longer open the voided packets.'],
      };
      await deliverOutboxMail(db, mailer, {
        idempotencyKey: currentSideEffectKey('mail', 'bulk-void-confirmation'),
        schoolId: input.schoolId,
        message: {
          to: row.email,
          subject: `Bulk void complete: ${row.name}`,
          text: renderText(frame),
          html: renderHtml(frame),
        },
      });
    },
  };
}

export type PacketBulkActivities = ReturnType<typeof createPacketBulkActivities>;
