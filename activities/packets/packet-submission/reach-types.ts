import type { MailFrame } from '../../mail/templates/layout';

/**
 * What reaching a step's people hands back and takes: shared by reach.ts (accounts) and signer-links.ts (external
 * signers), kept apart so neither imports the other's module for a type.
 */

/** A mail decided inside the step's transaction, sent through the outbox once the rows are committed. */
export interface PendingMail {
  to: string;
  frame: MailFrame;
  subject: string;
  raw: string;
}

/** The step a slot is reached for, and the words of its mail. */
export interface ReachOptions {
  phaseKey: string;
  stepId: string;
  stepName: string;
  round: number;
  expiresAt: string | null;
  status: string;
  raw: string;
  heading: string;
  intro: string;
}
