import type { Kysely } from 'kysely';
import { AppError } from '../../domain/errors';
import type { PacketWorkflowDefinition } from '../../domain/packet-workflow';
import { PACKET_LIMITS, REMINDER_INTERVAL_MS } from '../../domain/packets';
import type { Database } from '../../migrations/database';
import { SUBMISSION_GENERATION, type PacketSubmissionInput } from '../../domain/packets';
import { loadFormVersionsById } from './packets.repository';

/**
 * What every submission workflow of one send starts from: the frozen version's definition with the external signers
 * named at send time, the frozen forms and the send's settings. Built by the API to check a send and again by the
 * packet-send workflow's activity from the stored sent-packet row, so the workflow input never carries a copy per
 * recipient through the batch.
 */
export type ExternalSignersInput = Record<string, { email: string; firstName: string; lastName: string }>;

export type SubmissionBase = Omit<PacketSubmissionInput, 'submissionId' | 'recipientUserId' | 'firstPhaseOpened'>;

/** Test and benchmark hooks: override the option's interval / window (milliseconds) and the activities' limit. */
export interface SendTiming {
  reminderEveryMs?: number | null;
  expireAfterMs?: number;
  activityTimeoutMs?: number;
  /** Replaces `firstTaskDelayMs(recipients)` for the send's runs (tests). */
  firstTaskDelayMs?: number;
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** External signer steps left open in the designer take the signer named at send time. */
export function fillExternalSigners(
  workflow: PacketWorkflowDefinition,
  signers: ExternalSignersInput = {},
): PacketWorkflowDefinition {
  return {
    ...workflow,
    steps: workflow.steps.map((step) => {
      if (step.kind !== 'EXTERNAL_SIGNER') return step;
      const named = signers[step.id];
      if (step.actors.length > 0 && !named) return step;
      if (!named)
        throw new AppError('EXTERNAL_SIGNER_DETAILS', [{ field: step.id, message: 'Fill external signer details.' }]);
      const filled = [named.email, named.firstName, named.lastName].every((v) => v.trim() !== '');
      if (!filled || !EMAIL.test(named.email.trim())) {
        throw new AppError('EXTERNAL_SIGNER_DETAILS', [{ field: step.id, message: 'Fill external signer details.' }]);
      }
      return {
        ...step,
        actors: [
          {
            kind: 'EXTERNAL' as const,
            email: named.email.trim().toLowerCase(),
            firstName: named.firstName.trim(),
            lastName: named.lastName.trim(),
          },
        ],
      };
    }),
  };
}

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
