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
    async listOpenSubmissionWorkflows(input: {
      schoolId: string;
      sentPacketId?: string;
      folderId?: string;
      packetId?: string;
    }): Promise<string[]> {
      let q = db
        .selectFrom('packet_submissions as s')
        .select('s.workflow_id')
        .where('s.school_id', '=', input.schoolId)
        .where('s.status', 'in', ['PENDING', 'SUBMITTED', 'RESUBMITTED', 'CHANGE_REQUESTED'])
        .where('s.expired_at', 'is', null);
      if (input.folderId) {
        // Every submission of every packet filed in the folder (the folder's packets are archived with it).
        q = q
          .innerJoin('sent_packets as sp', (j) =>
            j.onRef('sp.id', '=', 's.sent_packet_id').onRef('sp.school_id', '=', 's.school_id'),
          )
          .innerJoin('packets as p', (j) =>
            j.onRef('p.id', '=', 'sp.packet_id').onRef('p.school_id', '=', 'sp.school_id'),
          )
          .where('p.folder_id', '=', input.folderId);
      } else if (input.packetId) {
        // Every submission of every send of the archived packet.
        q = q
          .innerJoin('sent_packets as sp', (j) =>
            j.onRef('sp.id', '=', 's.sent_packet_id').onRef('sp.school_id', '=', 's.school_id'),
          )
          .where('sp.packet_id', '=', input.packetId);
      } else {
        q = q.where('s.sent_packet_id', '=', input.sentPacketId!);
      }
      const rows = await q.orderBy('s.id').execute();
      return rows.map((r) => r.workflow_id);
    },

    async mailBulkVoidConfirmation(input: {
      schoolId: string;
      sentPacketId?: string;
      folderId?: string;
      userId: string;
      total: number;
    }): Promise<void> {
      const user = await db
        .selectFrom('users')
        .select(['email', 'first_name'])
        .where('id', '=', input.userId)
        .where('school_id', '=', input.schoolId)
        .executeTakeFirst();
      if (!user) return;
      let name: string | undefined;
      if (input.folderId) {
        const folder = await db
          .selectFrom('packet_folders')
          .select('name')
          .where('id', '=', input.folderId)
          .where('school_id', '=', input.schoolId)
          .executeTakeFirst();
        name = folder ? `Folder ${folder.name}` : undefined;
      } else {
        const sent = await db
          .selectFrom('sent_packets as sp')
          .innerJoin('packet_versions as v', 'v.id', 'sp.packet_version_id')
          .select('v.name')
          .where('sp.id', '=', input.sentPacketId!)
          .where('sp.school_id', '=', input.schoolId)
          .executeTakeFirst();
        name = sent?.name;
      }
      if (!name) return;
      const count = `${input.total} submission${input.total === 1 ? '' : 's'} still in progress ${input.total === 1 ? 'was' : 'were'} voided.`;
      const frame: MailFrame = {
        heading: input.folderId ? 'Folder archived' : 'Bulk void complete',
        paragraphs: [`Hi ${user.first_name},`, `"${name}": ${count}`],
        action: input.folderId
          ? { label: 'Open archived folders', url: `${config.publicUrl}/archive/folder` }
          : { label: 'Open sent packets', url: `${config.publicUrl}/sent` },
        footer: ['Recipients and signers can no longer open the voided packets.'],
      };
      await deliverOutboxMail(db, mailer, {
        idempotencyKey: currentSideEffectKey('mail', 'bulk-void-confirmation'),
        schoolId: input.schoolId,
        message: {
          to: user.email,
          subject: `${input.folderId ? 'Folder archived' : 'Bulk void complete'}: ${name}`,
          text: renderText(frame),
          html: renderHtml(frame),
        },
      });
    },
  };
}

export type PacketBulkActivities = ReturnType<typeof createPacketBulkActivities>;
