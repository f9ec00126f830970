import type { Kysely } from 'kysely';
import { fillExternalSigners, type SendTiming, type SubmissionBase } from '../../domain/packet-send';
import { PACKET_LIMITS, REMINDER_INTERVAL_MS } from '../../domain/packets';
import type { Database } from '../../migrations/database';
import { SUBMISSION_GENERATION } from '../../domain/packets';
import { loadFormVersionsById } from './packets.repository';

/**
 * The stored send's plan: every submission's base input, read from the sent-packet row. The pure part (the types and
 * fillExternalSigners) lives in domain/packet-send.ts, where the packet-send workflow can name it too.
 */
export {
  fillExternalSigners,
  type ExternalSignersInput,
  type SendTiming,
  type SubmissionBase,
} from '../../domain/packet-send';

/** The base input of a stored send's submissions, or null when the sent packet is not (or no longer) there. */
export async function loadSubmissionBase(
  db: Kysely<Database>,
  schoolId: string,
  sentPacketId: string,
  timing: SendTiming = {},
): Promise<{ base: SubmissionBase; expiresAt: Date; recipientCount: number } | null> {
  const sent = await db
    .selectFrom('sent_packets as sp')
    .innerJoin('packet_versions as v', (j) =>
      j.onRef('v.id', '=', 'sp.packet_version_id').onRef('v.school_id', '=', 'sp.school_id'),
    )
    .select([
      'sp.reminder',
      'sp.expires_at',
      'sp.notify',
      'sp.external_signers',
      'sp.recipient_count',
      'v.name',
      'v.hipaa',
      'v.forms',
      'v.workflow',
    ])
    .where('sp.school_id', '=', schoolId)
    .where('sp.id', '=', sentPacketId)
    .executeTakeFirst();
  if (!sent) return null;
  const forms = await loadFormVersionsById(db, schoolId, sent.forms);
  const expiresAt = new Date(sent.expires_at);
  return {
    expiresAt,
    recipientCount: sent.recipient_count,
    base: {
      schoolId,
      sentPacketId,
      packetName: sent.name,
      hipaa: sent.hipaa,
      workflow: fillExternalSigners(sent.workflow, sent.external_signers),
      forms: forms.map((f) => ({ formId: f.formId, formVersionId: f.formVersionId, version: f.definition })),
      reminderEveryMs:
        timing.reminderEveryMs !== undefined ? timing.reminderEveryMs : REMINDER_INTERVAL_MS[sent.reminder],
      maxReminders: PACKET_LIMITS.maxAutoReminders,
      // The window left of the send's expiry, so every submission ends when the stored expiry says.
      expireAfterMs: Math.max(1, expiresAt.getTime() - Date.now()),
      expiresAt: expiresAt.toISOString(),
      notify: sent.notify,
      generation: SUBMISSION_GENERATION,
      ...(timing.activityTimeoutMs ? { activityTimeoutMs: timing.activityTimeoutMs } : {}),
    },
  };
}
