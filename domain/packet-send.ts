import { AppError } from './errors';
import type { PacketWorkflowDefinition } from './packet-workflow';
import type { PacketSubmissionInput } from './packets';

/**
 * The pure part of a send's plan, shared by the API (which checks a send), the packet-send workflow (whose input
 * carries the timing) and its activity (which builds every submission's input from the stored sent packet,
 * api/packets/send-plan.ts), so the workflow input never carries a copy per recipient through the batch.
 */
export type ExternalSignersInput = Record<string, { email: string; firstName: string; lastName: string }>;

/** What every submission workflow of one send starts from: all of its input but the recipient's own part. */
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
